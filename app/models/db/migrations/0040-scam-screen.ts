import type { Kysely } from 'kysely'
import { dialectOf, identityPrimaryKey } from '~/models/db/dialect.server'

/**
 * The scam screen (issue 38 item 1, decision 0068): each listing's photo fingerprints (a
 * difference hash and its four 16-bit quarters, each indexed, so a lookup reads a few index
 * entries among millions) and text fingerprint (MinHash signature, and its 16 band keys indexed),
 * with the account or partner that owns the listing (a copy counts only from another owner), and
 * the reviews of held listings: why each was held, and what an administrator decided; and who
 * reported a listing (a hash of the address), so a scam report counts once per reporter.
 */
export async function up(db: Kysely<any>) {
  const dialect = dialectOf(db)
  await db.schema
    .createTable('listing_photo_fingerprints')
    .addColumn('id', 'integer', identityPrimaryKey(dialect))
    .addColumn('listing_id', 'integer', (column) => column.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('partner_id', 'integer')
    // The 64-bit hash as two signed 32-bit halves, what an integer column holds in both databases.
    .addColumn('hash_high', 'integer', (column) => column.notNull())
    .addColumn('hash_low', 'integer', (column) => column.notNull())
    .addColumn('quarter_1', 'integer', (column) => column.notNull())
    .addColumn('quarter_2', 'integer', (column) => column.notNull())
    .addColumn('quarter_3', 'integer', (column) => column.notNull())
    .addColumn('quarter_4', 'integer', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('listing_photo_fingerprints_listing').on('listing_photo_fingerprints').column('listing_id').execute()
  for (const quarter of [1, 2, 3, 4])
    await db.schema.createIndex(`listing_photo_fingerprints_quarter_${quarter}`).on('listing_photo_fingerprints').column(`quarter_${quarter}`).execute()

  await db.schema
    .createTable('listing_text_fingerprints')
    .addColumn('listing_id', 'integer', (column) => column.primaryKey())
    .addColumn('account_id', 'integer')
    .addColumn('partner_id', 'integer')
    // 64 MinHash values, 8 hex digits each.
    .addColumn('min_hash', 'text', (column) => column.notNull())
    .execute()
  await db.schema
    .createTable('listing_text_bands')
    .addColumn('listing_id', 'integer', (column) => column.notNull())
    .addColumn('band_key', 'integer', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('listing_text_bands_key').on('listing_text_bands').columns(['band_key', 'listing_id']).execute()
  await db.schema.createIndex('listing_text_bands_listing').on('listing_text_bands').column('listing_id').execute()

  await db.schema
    .createTable('scam_reviews')
    .addColumn('id', 'integer', identityPrimaryKey(dialect))
    .addColumn('listing_id', 'integer', (column) => column.notNull())
    // 'screen' (held when published) or 'reports' (reported as a scam by buyers)
    .addColumn('cause', 'text', (column) => column.notNull())
    // The signal codes, comma-separated; administrators read them, sellers never do.
    .addColumn('signals', 'text', (column) => column.notNull())
    .addColumn('score', 'integer', (column) => column.notNull())
    // The market status the listing had, given back when it is approved.
    .addColumn('status_before', 'integer', (column) => column.notNull())
    // Whether the listing was taken off the sites while it waits.
    .addColumn('is_held', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('decided_at', 'text')
    // 'approved' or 'removed'
    .addColumn('decision', 'text')
    .addColumn('decided_by_user_id', 'integer')
    .execute()
  await db.schema.createIndex('scam_reviews_listing').on('scam_reviews').columns(['listing_id', 'decided_at']).execute()
  await db.schema.createIndex('scam_reviews_open').on('scam_reviews').columns(['decided_at', 'created_at']).execute()

  // Who reported a listing, as a hash of the client's address: one reporter counts once among the scam reports.
  await db.schema.alterTable('listing_reports').addColumn('reporter_key', 'text').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('listing_reports').dropColumn('reporter_key').execute()
  for (const table of ['scam_reviews', 'listing_text_bands', 'listing_text_fingerprints', 'listing_photo_fingerprints']) await db.schema.dropTable(table).execute()
}
