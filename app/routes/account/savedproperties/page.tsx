import { AccountPage } from '~/components/account-page'
import { ListingCard } from '~/components/listing-card'
import { listingCardView } from '~/models/listings/listing-card'
import { Pagination } from '~/components/pagination'
import type { Route } from './+types/route'
import { FavoriteAlertsForm } from './favorite-alerts-form'

export function Favorites({ loaderData: page }: Route.ComponentProps) {
  return (
    <AccountPage current="Favorites" heading="Favorites">
      <p className="font-medium">{`${page.totalCount.toLocaleString('en-US')} saved ${page.totalCount === 1 ? 'property' : 'properties'}`}</p>
      {page.hasFavoriteAlerts === null ? null : <FavoriteAlertsForm isOn={page.hasFavoriteAlerts} isChanged={page.isFavoriteAlertsChanged} />}
      {page.listings.length > 0 ? (
        <ol className="mt-4 grid grid-cols-1 gap-5 small:grid-cols-2 tablet:grid-cols-3">
          {page.listings.map((listing, index) => (
            <li key={listing.id}>
              <ListingCard card={listingCardView(listing)} headingLevel={2} priority={index === 0} isLiked />
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4 rounded-lg border border-ink/15 bg-white p-6">Tap the heart on any property to save it here.</p>
      )}
      <Pagination page={page.page} pageCount={page.pageCount} previousHref={page.previousHref} nextHref={page.nextHref} pageLinks={page.pageLinks} />
    </AccountPage>
  )
}
