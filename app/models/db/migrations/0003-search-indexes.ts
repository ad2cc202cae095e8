import { type Kysely, sql } from 'kysely'

/**
 * Indexes that hand the search engine its sort orders (issue 5): with them, a page of a big
 * result (the whole country, a large state) reads a few index entries instead of sorting
 * every match, and the rank indexes carry status, price, property types and acres so a count over
 * a state or the country, with a site's property-type scope, never reads the table.
 */
const columnIndexes: Record<string, string[]> = {
  // Default sort, spec §2: upgrade tier, listing level, newest.
  listings_rank: ['upgrade_level', 'listing_level', 'created_at', 'status', 'price', 'property_types', 'acres'],
  listings_state_rank: ['state_id', 'upgrade_level', 'listing_level', 'created_at', 'status', 'price', 'property_types', 'acres'],
  listings_updated: ['updated_at'],
}

// Listings without a real price (2 or less) sort after the priced ones in both directions; each
// expression must read exactly as the engine's `order by` does for the index to serve it.
const pricePerAcre = sql`(cast(price as double precision) / nullif(acres, 0))`
const expressionIndexes = {
  listings_price_ascending: sql`(price <= 2), price, id`,
  listings_price_descending: sql`(price <= 2), price desc, id desc`,
  listings_price_per_acre_ascending: sql`(price <= 2), ${pricePerAcre}, id`,
  listings_price_per_acre_descending: sql`(price <= 2), ${pricePerAcre} desc, id desc`,
}

export async function up(db: Kysely<any>) {
  for (const [name, columns] of Object.entries(columnIndexes)) {
    await db.schema.createIndex(name).on('listings').columns(columns).execute()
  }
  for (const [name, elements] of Object.entries(expressionIndexes)) {
    await sql`create index ${sql.raw(name)} on listings (${elements})`.execute(db)
  }
}

export async function down(db: Kysely<any>) {
  for (const name of [...Object.keys(columnIndexes), ...Object.keys(expressionIndexes)]) {
    await db.schema.dropIndex(name).execute()
  }
}
