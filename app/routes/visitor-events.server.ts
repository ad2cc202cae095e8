import { isbot } from 'isbot'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { recordListingEvents } from '~/models/listings/listing-activity.server'
import { countSearch } from '~/models/search/search-counts.server'

/** Statistics count people: not crawlers. */
function isCrawler(request: Request) {
  return isbot(request.headers.get('user-agent'))
}

/**
 * Records a spec §3 listing event for each of `listingIds` when a person (not a crawler) opens a
 * page: sellers' statistics count people. Not awaited, so the page never waits for it; a failure
 * is logged, never shown.
 */
export function recordVisitorEvent(db: Kysely<Database>, request: Request, event: { listingIds: number[]; siteId: number; eventType: number }) {
  if (isCrawler(request)) return
  recordListingEvents(db, event).catch((error) => console.error(`[event] type ${event.eventType} for ${event.listingIds.join(', ')}`, error))
}

/**
 * Counts a search a person made (spec §7 logPopularSearch, search-counts.server.ts), in the
 * background as events are. Only a browser's: a request without a User-Agent is a script (a
 * monitor, a test), whose searches would rank the footers.
 */
export function recordVisitorSearch(db: Kysely<Database>, request: Request, search: Parameters<typeof countSearch>[1]) {
  if (!request.headers.get('user-agent') || isCrawler(request)) return
  countSearch(db, search).catch((error) => console.error(`[search count] site ${search.siteId}`, error))
}
