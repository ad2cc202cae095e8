import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { refreshIndexStatistics } from '~/models/db/dialect.server'
import { latitudeBand } from '~/models/listings/latitude-bands'

/**
 * One million listings (issue 18 item 6, decision 0028):
 * - every place's market per site scope, worked out by the minute jobs when listings have changed
 *   and read by the pages, so no page reads every active listing of a state to find a median;
 * - place and price indexes that carry what a count filters on, so counting a region, county or
 *   city, or a price range over the country, reads index entries alone (a region's count read
 *   60,000 table rows, 0.6–2 s from a cold cache);
 * - a latitude band index for 'similar listings nearby': a box is a few bands, each read over the
 *   box's longitudes, where the coordinates index read the box's whole latitude band across the
 *   country (35,000 entries for a quarter degree); it carries what the box filters and sorts on,
 *   so the nearest ids come from the index alone.
 */
const carried = ['status', 'property_types', 'state_id', 'price', 'acres', 'sale_type', 'mineral_rights', 'owner_financing']
const columns = (names: string[]) => sql.join(names.map((name) => sql.ref(name)))
const carriedBut = (...leading: string[]) => carried.filter((name) => !leading.includes(name))

const indexes: Record<string, { elements: RawBuilder<unknown>; previous?: RawBuilder<unknown> }> = {
  listings_price: { elements: columns(['price', ...carriedBut('price')]), previous: columns(['price']) },
  listings_region_status: { elements: columns(['region_id', ...carriedBut('state_id')]), previous: columns(['region_id', 'status']) },
  listings_county_status: {
    elements: columns(['county_id', 'status', 'upgrade_level', 'created_at', ...carriedBut('status', 'state_id')]),
    previous: columns(['county_id', 'status', 'upgrade_level', 'created_at']),
  },
  listings_city_status: { elements: columns(['city_id', ...carriedBut('state_id')]), previous: columns(['city_id', 'status']) },
  listings_latitude_band: {
    elements: sql`(${latitudeBand('latitude')}), longitude, latitude, status, property_types, acres, price, county_id, id`,
  },
}

async function replaceIndexes(db: Kysely<any>, pick: (index: (typeof indexes)[string]) => RawBuilder<unknown> | undefined) {
  for (const [name, index] of Object.entries(indexes)) {
    await db.schema.dropIndex(name).ifExists().execute()
    const elements = pick(index)
    if (elements) await sql`create index ${sql.raw(name)} on listings (${elements})`.execute(db)
  }
}

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('market_snapshots')
    .addColumn('scope_bits', 'integer', (column) => column.primaryKey())
    // The 'listings' change generation the snapshot was read at (change_generations, migration 0025).
    .addColumn('listings_generation', 'integer', (column) => column.notNull())
    .addColumn('refreshed_at', 'text', (column) => column.notNull())
    // Every place's figures as JSON (market-stats.server.ts): pages read the whole snapshot at once.
    .addColumn('markets', 'text', (column) => column.notNull())
    .execute()
  await replaceIndexes(db, (index) => index.elements)
  await refreshIndexStatistics(db as Kysely<Database>, 'listings', Object.keys(indexes))
}

export async function down(db: Kysely<any>) {
  await replaceIndexes(db, (index) => index.previous)
  await db.schema.dropTable('market_snapshots').execute()
}
