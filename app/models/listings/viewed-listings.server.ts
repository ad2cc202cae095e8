import type { Kysely } from 'kysely'
import { listingPath } from '~/models/listings/listing-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import type { Database } from '~/models/db/db-schema'
import { marketStatusLabel } from '~/models/search/search-options'
import { formatAcres, formatAddress, formatPrice } from '~/utils/format'
import { marketStatus } from './enumerations'
import { inSiteScope } from './listing-detail.server'
import { selectListingSummaries, toListingSummary } from './listing-summary.server'
import type { ViewedListing } from './viewed-listing'

/** The listings of `ids` the site shows (spec §7 getviewedlistings), in the order asked (most recently viewed first); unknown ids are left out. */
export async function findViewedListings(db: Kysely<Database>, site: SiteProfile, ids: readonly number[]): Promise<ViewedListing[]> {
  if (ids.length === 0) return []
  const rows = await selectListingSummaries(db).where('listings.id', 'in', ids).where(inSiteScope(site.listingScopeBits)).execute()
  const byId = new Map(rows.map((row) => [row.id, toListingSummary(row)]))
  return ids.flatMap((id) => {
    const listing = byId.get(id)
    if (!listing) return []
    return [
      {
        id: listing.id,
        title: listing.title,
        relativeUrl: listingPath(site, listing),
        priceDisplay: formatPrice(listing.price),
        acresDisplay: formatAcres(listing.acres),
        address: formatAddress(listing),
        statusDisplay: listing.status === marketStatus.available ? '' : marketStatusLabel(listing.status),
        thumbnailDocumentId: listing.imageIds[0] ?? null,
      },
    ]
  })
}
