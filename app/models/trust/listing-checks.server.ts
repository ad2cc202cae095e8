import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { preparedStatement } from '~/models/db/dialect.server'
import type { RecordReason } from '~/models/feeds/feed-reasons'

/**
 * The quality gate's reason codes for a listing that came from a partner feed (its record as last
 * imported), or null for a listing written otherwise. Read through the record's key, the
 * listing's partner and its id in the feed.
 */
export async function findListingFeedReasons(db: Kysely<Database>, listingId: number): Promise<string[] | null> {
  const row = await db
    .selectFrom('listings')
    .innerJoin('feed_records', (join) =>
      join.onRef('feed_records.partner_id', '=', 'listings.partner_id').onRef('feed_records.partner_listing_id', '=', 'listings.external_source_id'),
    )
    .select('feed_records.reasons')
    .where('listings.id', '=', listingId)
    .$call(preparedStatement)
    .executeTakeFirst()
  return row ? (JSON.parse(row.reasons) as RecordReason[]).map((reason) => reason.code) : null
}
