import type { Kysely } from 'kysely'

/**
 * Every listing page asks which feed records name it, as their listing or as the listing they
 * duplicate ('Also listed by …', issue 19 item 3), and deleting a listing unlinks its duplicates:
 * without these indexes each read scanned all feed records, one per listing a partner sends.
 */
export async function up(db: Kysely<any>) {
  await db.schema.createIndex('feed_records_listing').on('feed_records').column('listing_id').execute()
  await db.schema.createIndex('feed_records_duplicate_of').on('feed_records').column('duplicate_of_listing_id').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('feed_records_duplicate_of').execute()
  await db.schema.dropIndex('feed_records_listing').execute()
}
