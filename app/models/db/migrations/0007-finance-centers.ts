import type { Kysely } from 'kysely'
import { dialectOf, identityPrimaryKey } from '~/models/db/dialect.server'

/**
 * Finance centers (spec §3 "Finance center settings"): lenders shown on the finance page and
 * offered beside listings, the places each serves (spec §3 finance location scale), and the
 * contact messages people send them.
 */
export async function up(db: Kysely<any>) {
  const identity = identityPrimaryKey(dialectOf(db))
  await db.schema
    .createTable('finance_centers')
    .addColumn('id', 'integer', identity)
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('representative_name', 'text', (column) => column.notNull().defaultTo('A representative'))
    .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('phone', 'text')
    .addColumn('website', 'text')
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('active', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('checkbox_default_state', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('checkbox_label', 'text', (column) => column.notNull().defaultTo('Contact me with financing info about this property.'))
    .addColumn('show_on_lw', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('show_on_laf', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('show_on_loa', 'integer', (column) => column.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('finance_center_locations')
    .addColumn('finance_center_id', 'integer', (column) => column.notNull().references('finance_centers.id'))
    .addColumn('location_type', 'integer', (column) => column.notNull())
    // The state, region or county id; 0 for the default (national) location.
    .addColumn('location_id', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('finance_center_locations_pk', ['location_type', 'location_id', 'finance_center_id'])
    .execute()

  await db.schema
    .createTable('finance_leads')
    .addColumn('id', 'integer', identity)
    .addColumn('finance_center_id', 'integer', (column) => column.notNull().references('finance_centers.id'))
    .addColumn('site_id', 'integer', (column) => column.notNull())
    .addColumn('listing_id', 'integer', (column) => column.references('listings.id'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('phone', 'text')
    .addColumn('message', 'text', (column) => column.notNull())
    // The finance checkbox (spec §3 checkboxLabel): whether the person asked for financing information.
    .addColumn('wants_financing', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('finance_leads_center').on('finance_leads').columns(['finance_center_id', 'created_at']).execute()
}

export async function down(db: Kysely<any>) {
  for (const table of ['finance_leads', 'finance_center_locations', 'finance_centers']) await db.schema.dropTable(table).execute()
}
