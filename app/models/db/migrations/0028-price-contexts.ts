import type { Kysely } from 'kysely'

/**
 * Price context (issue 19 item 1, decision 0029): each listing's price per acre beside the median
 * of comparable land (same use, same size band) in its county, else its region, else its state,
 * and each such group's distribution for the page's scale. Both are worked out together by a
 * scheduled job (price-context.server.ts), so the listing page reads two rows and search filters
 * and sorts by an indexed ratio. Its 'price-contexts' generation says which state of the listings
 * they were worked out from.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('listing_price_contexts')
    .addColumn('listing_id', 'integer', (column) => column.primaryKey().references('listings.id').onDelete('cascade'))
    .addColumn('area_kind', 'text', (column) => column.notNull())
    .addColumn('area_id', 'integer', (column) => column.notNull())
    .addColumn('land_use', 'integer', (column) => column.notNull())
    .addColumn('size_band', 'integer', (column) => column.notNull())
    .addColumn('comparables', 'integer', (column) => column.notNull())
    .addColumn('median_price_per_acre', 'double precision', (column) => column.notNull())
    // Null when the listing is not compared: an auction, or no price ('Contact for Price').
    .addColumn('price_per_acre', 'double precision')
    .addColumn('cheaper_comparables', 'integer')
    .addColumn('price_per_acre_ratio', 'double precision')
    .execute()
  // 'Below the median' and its sort read the ratio in order.
  await db.schema.createIndex('listing_price_contexts_ratio').on('listing_price_contexts').columns(['price_per_acre_ratio', 'listing_id']).execute()

  await db.schema
    .createTable('price_context_groups')
    .addColumn('area_kind', 'text', (column) => column.notNull())
    .addColumn('area_id', 'integer', (column) => column.notNull())
    .addColumn('land_use', 'integer', (column) => column.notNull())
    .addColumn('size_band', 'integer', (column) => column.notNull())
    .addColumn('for_sale', 'integer', (column) => column.notNull())
    .addColumn('sold', 'integer', (column) => column.notNull())
    .addColumn('median_price_per_acre', 'double precision', (column) => column.notNull())
    // JSON arrays of prices per acre at evenly spaced ranks, for the scale (a sample, not every listing).
    .addColumn('for_sale_sample', 'text', (column) => column.notNull())
    .addColumn('sold_sample', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('price_context_groups_pk', ['area_kind', 'area_id', 'land_use', 'size_band'])
    .execute()

  await db.insertInto('change_generations').values({ name: 'price-contexts', generation: -1 }).execute()
}

export async function down(db: Kysely<any>) {
  await db.deleteFrom('change_generations').where('name', '=', 'price-contexts').execute()
  await db.schema.dropTable('price_context_groups').execute()
  await db.schema.dropTable('listing_price_contexts').execute()
}
