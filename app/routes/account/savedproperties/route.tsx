import { AccountPage, accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { ListingCard } from '~/components/listing-card'
import { listingCardView } from '~/models/listings/listing-card'
import { Pagination } from '~/components/pagination'
import { handleLikePost, loadFavorites } from './page.server'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import type { Route } from './+types/route'

/**
 * Favorites (spec §2 /account/savedproperties/ and /account/savedproperties/{siteId}/page-{n},
 * login required): the liked listings as cards, each heart ready to unlike. The like forms of
 * every card and detail page post here (spec §4).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadFavorites(context.get(databaseContext), siteFromRequest(request), request, params)
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleLikePost(context.get(databaseContext), siteFromRequest(request), request)
}

export const headers = privatePageHeaders

export const handle: AnalyticsHandle = { analytics: 'account' }

export const meta: Route.MetaFunction = ({ data, matches }) =>
  accountPageMeta(matches, {
    title: data && data.page > 1 ? `Favorites – Page ${data.page}` : 'Favorites',
    description: 'The properties you saved.',
    canonicalPath: data?.canonicalPath ?? '/account/savedproperties/',
  })

export default function Favorites({ loaderData: page }: Route.ComponentProps) {
  return (
    <AccountPage current="Favorites" heading="Favorites">
      <p className="font-medium">{`${page.totalCount.toLocaleString('en-US')} saved ${page.totalCount === 1 ? 'property' : 'properties'}`}</p>
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
