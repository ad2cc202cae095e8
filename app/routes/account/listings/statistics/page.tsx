import { AccountPage } from '~/components/account-page'
import { FigureTable, ListingStatistics } from './listing-stats-chart'
import { sellerPaths } from '~/models/sellers/listing-draft'
import type { Route } from './+types/route'

export function SellerStatistics({ loaderData: { statistics, mostViewed, ads } }: Route.ComponentProps) {
  return (
    <AccountPage current="Statistics" heading="Listing statistics">
      <ListingStatistics statistics={statistics} basePath={sellerPaths.statistics} />
      <section className="mt-8">
        <h2 id="most-viewed-heading" className="text-xl font-semibold">
          Most viewed listings
        </h2>
        {mostViewed.length === 0 ? (
          <p className="mt-2">{`None of your listings was viewed in the last ${statistics.days} days.`}</p>
        ) : (
          <FigureTable
            label="Most viewed listings"
            headings={['Listing', 'Details viewed']}
            rows={mostViewed.map((listing) => ({
              key: listing.id,
              name: (
                <a href={listing.href} className="text-brand underline">
                  {listing.title}
                </a>
              ),
              figures: [listing.views],
            }))}
            className="mt-3 max-w-3xl"
          />
        )}
      </section>
      {ads.length > 0 ? (
        <section aria-labelledby="ads-heading" className="mt-8">
          <h2 id="ads-heading" className="text-xl font-semibold">
            Your ads
          </h2>
          <p className="mt-1 text-ink/80">{`Last ${statistics.days} days, on every site. An impression is your ad half in view for a second.`}</p>
          <FigureTable
            label="Impressions and clicks of your ads"
            headings={['Ad', 'Impressions', 'Clicks']}
            rows={ads.map((ad) => ({
              key: ad.id,
              name: (
                <>
                  {ad.headline}
                  <span className="block font-normal text-ink/80">{`Runs ${ad.runs}`}</span>
                </>
              ),
              figures: [ad.impressions, ad.clicks],
            }))}
            className="mt-3 max-w-3xl"
          />
        </section>
      ) : null}
    </AccountPage>
  )
}
