import type { Kysely } from 'kysely'

/**
 * Lakes, the spec's Lake location type (§3 lakeIdList, issue 17): each lake with its water's
 * outline, the states whose land holds its shore, and which listings lie near its shore (filled
 * when a listing is written, so a lake search is an indexed join rather than geometry per row).
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('lakes')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('slug', 'text', (column) => column.notNull())
    .addColumn('west', 'double precision', (column) => column.notNull())
    .addColumn('south', 'double precision', (column) => column.notNull())
    .addColumn('east', 'double precision', (column) => column.notNull())
    .addColumn('north', 'double precision', (column) => column.notNull())
    .addColumn('polygons', 'text', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('lake_states')
    .addColumn('state_id', 'integer', (column) => column.notNull().references('states.id'))
    .addColumn('lake_id', 'integer', (column) => column.notNull().references('lakes.id'))
    .addPrimaryKeyConstraint('lake_states_pk', ['state_id', 'lake_id'])
    .execute()

  await db.schema
    .createTable('listing_lakes')
    .addColumn('lake_id', 'integer', (column) => column.notNull().references('lakes.id'))
    .addColumn('listing_id', 'integer', (column) => column.notNull().references('listings.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('listing_lakes_pk', ['lake_id', 'listing_id'])
    .execute()
  // A listing's rewrite replaces its rows, and a deleted listing's go with it.
  await db.schema.createIndex('listing_lakes_listing').on('listing_lakes').column('listing_id').execute()
}

export async function down(db: Kysely<any>) {
  for (const table of ['listing_lakes', 'lake_states', 'lakes']) {
    await db.schema.dropTable(table).execute()
  }
}
