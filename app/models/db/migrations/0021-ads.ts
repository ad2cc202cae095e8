import { type Kysely, sql } from 'kysely'
import { dialectOf, identityPrimaryKey } from '~/models/db/dialect.server'

/**
 * First-party ads (spec §1 "Ads appear on home, landing, search and detail pages", issue 17 §8):
 * a broker's or a finance center's ad with its run dates, the states and counties it targets
 * (none: national), and its impressions and clicks counted per site and day.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('ads')
    .addColumn('id', 'integer', identityPrimaryKey(dialectOf(db)))
    .addColumn('account_id', 'integer', (column) => column.references('accounts.id'))
    .addColumn('finance_center_id', 'integer', (column) => column.references('finance_centers.id'))
    .addColumn('headline', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('call_to_action', 'text', (column) => column.notNull())
    .addColumn('image_document_id', 'bigint')
    // Inclusive 'YYYY-MM-DD' dates (UTC), compared as text on both databases.
    .addColumn('starts_on', 'text', (column) => column.notNull())
    .addColumn('ends_on', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    // An ad is a broker's or a finance center's, never both or neither: its link goes to that advertiser's contact form.
    .addCheckConstraint('ads_one_advertiser', sql`(account_id is null) <> (finance_center_id is null)`)
    .execute()
  await db.schema.createIndex('ads_account').on('ads').column('account_id').execute()

  await db.schema
    .createTable('ad_places')
    .addColumn('ad_id', 'integer', (column) => column.notNull().references('ads.id').onDelete('cascade'))
    .addColumn('place_kind', 'text', (column) => column.notNull())
    // The state's or county's FIPS id.
    .addColumn('place_id', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('ad_places_pk', ['place_kind', 'place_id', 'ad_id'])
    .execute()
  await db.schema.createIndex('ad_places_ad').on('ad_places').column('ad_id').execute()

  await db.schema
    .createTable('ad_daily_stats')
    .addColumn('ad_id', 'integer', (column) => column.notNull().references('ads.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (column) => column.notNull())
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('impressions', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('clicks', 'integer', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('ad_daily_stats_pk', ['ad_id', 'site_id', 'day'])
    .execute()
}

export async function down(db: Kysely<any>) {
  for (const table of ['ad_daily_stats', 'ad_places', 'ads']) await db.schema.dropTable(table).execute()
}
