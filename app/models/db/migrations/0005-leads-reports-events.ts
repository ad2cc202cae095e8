import type { Kysely } from 'kysely'
import { dialectOf, identityPrimaryKey } from '~/models/db/dialect.server'

/** Contact messages (leads), listing reports and listing events (spec §3 "Listing event types"). */
export async function up(db: Kysely<any>) {
  const identity = identityPrimaryKey(dialectOf(db))
  await db.schema
    .createTable('leads')
    .addColumn('id', 'integer', identity)
    .addColumn('listing_id', 'integer', (column) => column.references('listings.id'))
    .addColumn('account_id', 'integer', (column) => column.notNull().references('accounts.id'))
    .addColumn('site_id', 'integer', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('phone', 'text')
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('wants_financing', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('leads_account').on('leads').columns(['account_id', 'created_at']).execute()
  await db.schema.createIndex('leads_listing').on('leads').column('listing_id').execute()

  await db.schema
    .createTable('listing_reports')
    .addColumn('id', 'integer', identity)
    .addColumn('listing_id', 'integer', (column) => column.notNull().references('listings.id'))
    .addColumn('site_id', 'integer', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('details', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('reporter_email', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('listing_reports_listing').on('listing_reports').column('listing_id').execute()

  await db.schema
    .createTable('listing_events')
    .addColumn('id', 'integer', identity)
    .addColumn('listing_id', 'integer', (column) => column.notNull().references('listings.id'))
    .addColumn('site_id', 'integer', (column) => column.notNull())
    .addColumn('event_type', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('listing_events_listing').on('listing_events').columns(['listing_id', 'event_type', 'created_at']).execute()
}

export async function down(db: Kysely<any>) {
  for (const table of ['listing_events', 'listing_reports', 'leads']) await db.schema.dropTable(table).execute()
}
