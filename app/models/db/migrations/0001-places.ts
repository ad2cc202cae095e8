import type { Kysely } from 'kysely'

// Migrations take Kysely<any>: they describe the schema as it was at their number, not today's types.
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('states')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('abbreviation', 'text', (column) => column.notNull().unique())
    .addColumn('slug', 'text', (column) => column.notNull().unique())
    .addColumn('latitude', 'double precision', (column) => column.notNull())
    .addColumn('longitude', 'double precision', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('regions')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('state_id', 'integer', (column) => column.notNull().references('states.id'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('slug', 'text', (column) => column.notNull().unique())
    .execute()
  await db.schema.createIndex('regions_state').on('regions').column('state_id').execute()

  await db.schema
    .createTable('counties')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('state_id', 'integer', (column) => column.notNull().references('states.id'))
    .addColumn('region_id', 'integer', (column) => column.references('regions.id'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('suffix', 'text', (column) => column.notNull())
    .addColumn('slug', 'text', (column) => column.notNull().unique())
    .addColumn('latitude', 'double precision', (column) => column.notNull())
    .addColumn('longitude', 'double precision', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('counties_state').on('counties').column('state_id').execute()
  await db.schema.createIndex('counties_region').on('counties').column('region_id').execute()

  await db.schema
    .createTable('cities')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('state_id', 'integer', (column) => column.notNull().references('states.id'))
    .addColumn('county_id', 'integer', (column) => column.references('counties.id'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('slug', 'text', (column) => column.notNull().unique())
    .addColumn('latitude', 'double precision', (column) => column.notNull())
    .addColumn('longitude', 'double precision', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('cities_state').on('cities').column('state_id').execute()
  await db.schema.createIndex('cities_county').on('cities').column('county_id').execute()

  await db.schema
    .createTable('zips')
    .addColumn('zip', 'text', (column) => column.primaryKey())
    .addColumn('city_id', 'integer', (column) => column.notNull().references('cities.id'))
    .addColumn('county_id', 'integer', (column) => column.references('counties.id'))
    .addColumn('state_id', 'integer', (column) => column.notNull().references('states.id'))
    .addColumn('latitude', 'double precision', (column) => column.notNull())
    .addColumn('longitude', 'double precision', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('zips_city').on('zips').column('city_id').execute()
}

export async function down(db: Kysely<any>) {
  for (const table of ['zips', 'cities', 'counties', 'regions', 'states']) {
    await db.schema.dropTable(table).execute()
  }
}
