import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { findSavedProperties } from '~/models/accounts/saved-property.server'
import { type OfflineListing, offlineListing } from '~/models/listings/offline-copy'
import { listingPath } from '~/models/listings/listing-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { getViewerId } from '~/http/session.server'

/**
 * How many favourites a browser keeps for reading offline: the most recently liked page of them
 * (a copy is about 200 KB with its photos; a data cap counts every one).
 */
export const offlineListingLimit = 24

/**
 * The favourites the service worker keeps for this browser (decision 0034): the signed-in
 * viewer's on this site, most recently liked first; none for a visitor, so that a logout (or an
 * expired session on a shared computer) drops the copies. With Low data, lighter copies (offline-copy.ts).
 */
export async function loadOfflineListings(db: Kysely<Database>, site: SiteProfile, request: Request, isLowData: boolean): Promise<OfflineListing[]> {
  const userId = await getViewerId(request)
  if (userId === null || !site.searchGrammar) return []
  const { listings } = await findSavedProperties(db, { userId, scopeBits: site.listingScopeBits, page: 1, pageSize: offlineListingLimit })
  return listings.map((listing) => offlineListing(listing, listingPath(site, listing), { isLowData }))
}
