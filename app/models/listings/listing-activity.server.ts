import type { Insertable, Kysely } from 'kysely'
import type { Database, LeadTable, ListingReportTable } from '~/models/db/db-schema'
import { preparedStatement } from '~/models/db/dialect.server'

const now = () => new Date().toISOString()

export async function createLead(db: Kysely<Database>, lead: Omit<Insertable<LeadTable>, 'created_at'>) {
  return db
    .insertInto('leads')
    .values({ ...lead, created_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow()
}

export async function createListingReport(db: Kysely<Database>, report: Omit<Insertable<ListingReportTable>, 'created_at'>) {
  return db
    .insertInto('listing_reports')
    .values({ ...report, created_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow()
}

/** Records one spec §3 listing event (`listingEventType` in enumerations.ts). */
export async function recordListingEvent(db: Kysely<Database>, event: { listingId: number; siteId: number; eventType: number }) {
  await recordListingEvents(db, { ...event, listingIds: [event.listingId] })
}

/** Records one event of a type for each of several listings (a page of search results) in one statement. */
export async function recordListingEvents(db: Kysely<Database>, { listingIds, siteId, eventType }: { listingIds: number[]; siteId: number; eventType: number }) {
  if (listingIds.length === 0) return
  const createdAt = now()
  await db
    .insertInto('listing_events')
    .values(listingIds.map((listingId) => ({ listing_id: listingId, site_id: siteId, event_type: eventType, created_at: createdAt })))
    .$call(preparedStatement)
    .execute()
}

/** Who receives messages about a listing: its broker or seller account. */
export async function findListingRecipient(db: Kysely<Database>, listingId: number) {
  return db
    .selectFrom('listings')
    .innerJoin('accounts', 'accounts.id', 'listings.account_id')
    .where('listings.id', '=', listingId)
    .select(['accounts.id as accountId', 'accounts.contact_name as contactName', 'accounts.email'])
    .executeTakeFirst()
}
