import { type Kysely, type RawBuilder, sql } from 'kysely'
import { refreshPlannerStatistics } from '~/models/db/dialect.server'

/**
 * The sort indexes (acres, newest, recently changed, price, price per acre) also carry what a
 * search filters on most: status, property types, state, price, acres, sale type and the two
 * yes/no facts. A page of a sorted search walks its sort index until it has 25 matches; without
 * those columns every entry on the way was checked against its table row. A national farms search
 * by acres, smallest first, passed some 30,000 small lots that way (about 60 ms for 100,000
 * listings); reading the index alone it takes about 2 ms. Each sort index keeps the id right after
 * its sort columns, so the engine's `order by …, id` still reads it in order.
 */
const filterColumns = ['status', 'property_types', 'state_id', 'price', 'acres', 'sale_type', 'mineral_rights', 'owner_financing']

const columns = (names: string[]) => sql.join(names.map((name) => sql.ref(name)))
const carried = (...sortColumns: string[]) => columns(filterColumns.filter((name) => !sortColumns.includes(name)))

// Each expression reads exactly as the engine's `order by` does (migration 0003), for the index to serve it.
const pricePerAcre = sql`(cast(price as double precision) / nullif(acres, 0))`

const indexes: Record<string, { elements: RawBuilder<unknown>; previous: RawBuilder<unknown> }> = {
  listings_acres: { elements: sql`acres, id, ${carried('acres')}`, previous: sql`acres` },
  listings_created: { elements: sql`created_at, id, ${carried()}`, previous: sql`created_at` },
  listings_updated: { elements: sql`updated_at, id, ${carried()}`, previous: sql`updated_at` },
  listings_price_ascending: { elements: sql`(price <= 2), price, id, ${carried('price')}`, previous: sql`(price <= 2), price, id` },
  listings_price_descending: { elements: sql`(price <= 2), price desc, id desc, ${carried('price')}`, previous: sql`(price <= 2), price desc, id desc` },
  listings_price_per_acre_ascending: { elements: sql`(price <= 2), ${pricePerAcre}, id, ${carried()}`, previous: sql`(price <= 2), ${pricePerAcre}, id` },
  listings_price_per_acre_descending: {
    elements: sql`(price <= 2), ${pricePerAcre} desc, id desc, ${carried()}`,
    previous: sql`(price <= 2), ${pricePerAcre} desc, id desc`,
  },
}

async function replaceIndexes(db: Kysely<any>, pick: (index: (typeof indexes)[string]) => RawBuilder<unknown>) {
  for (const [name, index] of Object.entries(indexes)) {
    await db.schema.dropIndex(name).execute()
    await sql`create index ${sql.raw(name)} on listings (${pick(index)})`.execute(db)
  }
  await refreshPlannerStatistics(db)
}

export async function up(db: Kysely<any>) {
  await replaceIndexes(db, (index) => index.elements)
}

export async function down(db: Kysely<any>) {
  await replaceIndexes(db, (index) => index.previous)
}
