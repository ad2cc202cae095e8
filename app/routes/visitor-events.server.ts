import { isbot } from 'isbot'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { recordListingEvents } from '~/models/listings/listing-activity.server'

/**
 * Records a spec §3 listing event for each of `listingIds` when a person (not a crawler) opens a
 * page: sellers' statistics count people. Not awaited, so the page never waits for it; a failure
 * is logged, never shown.
 */
export function recordVisitorEvent(db: Kysely<Database>, request: Request, event: { listingIds: number[]; siteId: number; eventType: number }) {
  if (isbot(request.headers.get('user-agent'))) return
  recordListingEvents(db, event).catch((error) => console.error(`[event] type ${event.eventType} for ${event.listingIds.join(', ')}`, error))
}
