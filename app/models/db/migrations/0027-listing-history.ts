import { type Kysely, sql } from 'kysely'
import { dialectOf, identityPrimaryKey, refreshPlannerStatistics } from '~/models/db/dialect.server'
import { insertPastListingHistory } from '~/models/trust/past-listing-history.server'

/**
 * Listing history and freshness (issue 19 items 2 and 3, decision 0030): one row per thing that
 * happened to a listing (listed, a price change, a status change, a relist), and when its feed or
 * seller last confirmed it is still for sale, with the freshness that follows (2 confirmed within
 * 90 days, 1 not for 90 days, 0 not for 180 days), kept by a job so that search can filter and
 * sort on it from an index. The rank indexes lead with freshness: the default sort puts listings
 * nobody has confirmed last and still reads its page from an index.
 */
const rankColumns = ['upgrade_level', 'listing_level', 'created_at', 'status', 'price', 'property_types', 'acres', 'sale_type', 'mineral_rights', 'owner_financing']

const rankIndexes: Record<string, { columns: string[]; previous: string[] }> = {
  listings_rank: { columns: ['freshness', ...rankColumns], previous: rankColumns },
  listings_state_rank: { columns: ['state_id', 'freshness', ...rankColumns], previous: ['state_id', ...rankColumns] },
}

async function replaceRankIndexes(db: Kysely<any>, pick: (index: { columns: string[]; previous: string[] }) => string[]) {
  for (const [name, index] of Object.entries(rankIndexes)) {
    await db.schema.dropIndex(name).execute()
    await db.schema.createIndex(name).on('listings').columns(pick(index)).execute()
  }
}

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('listing_history')
    .addColumn('id', 'integer', identityPrimaryKey(dialectOf(db)))
    .addColumn('listing_id', 'integer', (column) => column.notNull())
    .addColumn('kind', 'integer', (column) => column.notNull())
    .addColumn('happened_at', 'text', (column) => column.notNull())
    .addColumn('price', 'integer')
    .addColumn('previous_price', 'integer')
    .addColumn('related_listing_id', 'integer')
    .execute()
  await db.schema.createIndex('listing_history_listing').on('listing_history').columns(['listing_id', 'happened_at']).execute()
  await db.schema.alterTable('listings').addColumn('confirmed_at', 'text').execute()
  await db.schema
    .alterTable('listings')
    .addColumn('freshness', 'integer', (column) => column.notNull().defaultTo(2))
    .execute()
  // What a database already holds: its listings for sale were confirmed when last written.
  await sql`update listings set confirmed_at = updated_at where status in (1, 2)`.execute(db)
  await insertPastListingHistory(db)
  await db.schema.createIndex('listings_confirmed').on('listings').columns(['freshness', 'confirmed_at']).execute()
  await replaceRankIndexes(db, (index) => index.columns)
  await refreshPlannerStatistics(db)
}

export async function down(db: Kysely<any>) {
  await replaceRankIndexes(db, (index) => index.previous)
  await db.schema.dropIndex('listings_confirmed').execute()
  await db.schema.alterTable('listings').dropColumn('freshness').execute()
  await db.schema.alterTable('listings').dropColumn('confirmed_at').execute()
  await db.schema.dropTable('listing_history').execute()
}
