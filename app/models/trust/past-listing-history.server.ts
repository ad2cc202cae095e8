import { type Kysely, sql } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { marketStatus } from '~/models/listings/enumerations'
import { listingHistoryKind } from './listing-history'

/**
 * The history a listing row already tells (for listings written before there was a history, and
 * the seed's): listed on its first date at the price before its one remembered change, that
 * change, and how it came to its status now (under contract or off market when last updated,
 * sold on its sale date). Set-based, so a million seeded listings take one statement per kind.
 */
export async function insertPastListingHistory(db: Kysely<Database>) {
  const kind = (value: number) => sql.lit(value)
  await sql`insert into listing_history (listing_id, kind, happened_at, price)
    select id, ${kind(listingHistoryKind.listed)}, created_at, price - coalesce(price_change_amount, 0) from listings`.execute(db)
  await sql`insert into listing_history (listing_id, kind, happened_at, price, previous_price)
    select id, ${kind(listingHistoryKind.priceChange)}, price_changed_at, price, price - price_change_amount from listings
    where price_changed_at is not null and price_change_amount is not null`.execute(db)
  const statusEvents = [
    [marketStatus.underContract, listingHistoryKind.underContract, sql`updated_at`],
    [marketStatus.offMarket, listingHistoryKind.offMarket, sql`updated_at`],
    [marketStatus.sold, listingHistoryKind.sold, sql`coalesce(sales_date || 'T12:00:00.000Z', updated_at)`],
  ] as const
  for (const [status, eventKind, happenedAt] of statusEvents) {
    await sql`insert into listing_history (listing_id, kind, happened_at, price)
      select id, ${kind(eventKind)}, ${happenedAt}, price from listings where status = ${sql.lit(status)}`.execute(db)
  }
}
