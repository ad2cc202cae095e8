import type { Kysely } from 'kysely'
import { findAdvertiserAdStatistics } from '~/models/ads/ads.server'
import type { Database } from '~/models/db/db-schema'
import { sellerListingPath } from '~/models/sellers/listing-draft'
import { parseStatisticsPeriod } from '~/models/sellers/listing-stats'
import { findListingStatistics, findMostViewedListings } from '~/models/sellers/listing-stats.server'
import type { SiteProfile } from '~/models/sites/site-profile'
import { requireSellerScope } from '~/routes/account/listings/seller-access.server'

// Formatted here, so the page reads the same in every time zone: run dates are UTC days.
const runDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/**
 * /account/listings/statistics/ (issue 15 §6, spec §6): what buyers did with all of a seller's
 * listings over `?days=` 7, 30 or 90 (30 for anything else), the most viewed of them, and how the
 * seller's ads did over the same days (issue 17 §8). A visitor logs in first; a buyer is told the
 * page is for sellers (403).
 */
export async function loadSellerStatistics(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const scope = await requireSellerScope(db, request, site, 'Listing statistics')
  const days = parseStatisticsPeriod(new URL(request.url).searchParams.get('days'))
  const now = new Date()
  const [statistics, mostViewed] = await Promise.all([findListingStatistics(db, { scope, days, now }), findMostViewedListings(db, { scope, days, now })])
  return {
    statistics,
    mostViewed: mostViewed.map((listing) => ({ ...listing, href: sellerListingPath(listing.id) })),
    ads: (await findAdvertiserAdStatistics(db, { accountIds: scope.accountIds, sinceDay: statistics.dates[0]! })).map(({ startsOn, endsOn, ...ad }) => ({
      ...ad,
      runs: `${runDate.format(new Date(startsOn))} – ${runDate.format(new Date(endsOn))}`,
    })),
  }
}
