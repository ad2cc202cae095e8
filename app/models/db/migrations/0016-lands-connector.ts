import type { Kysely } from 'kysely'
import { dialectOf, identityPrimaryKey } from '~/models/db/dialect.server'

/**
 * The Lands Connector (spec §2 /lands-connector/, issue 17 item 2): a signed-in buyer's description
 * of the land they want. The leads it sent to land professionals and the saved searches that mail
 * its new matches point back to it, and go with it when the buyer deletes it.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('land_requests')
    .addColumn('id', 'integer', identityPrimaryKey(dialectOf(db)))
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (column) => column.notNull())
    .addColumn('places', 'text', (column) => column.notNull())
    .addColumn('acres_min', 'double precision')
    .addColumn('acres_max', 'double precision')
    .addColumn('price_min', 'bigint')
    .addColumn('price_max', 'bigint')
    .addColumn('property_types', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('activity_types', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('financing', 'text', (column) => column.notNull())
    .addColumn('timeline', 'text', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('phone', 'text')
    .addColumn('share_contact', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('land_requests_user').on('land_requests').columns(['user_id', 'site_id']).execute()

  for (const table of ['leads', 'saved_searches']) {
    await db.schema
      .alterTable(table)
      .addColumn('land_request_id', 'integer', (column) => column.references('land_requests.id').onDelete('cascade'))
      .execute()
    await db.schema.createIndex(`${table}_land_request`).on(table).column('land_request_id').execute()
  }
}

export async function down(db: Kysely<any>) {
  for (const table of ['saved_searches', 'leads']) {
    await db.schema.dropIndex(`${table}_land_request`).execute()
    await db.schema.alterTable(table).dropColumn('land_request_id').execute()
  }
  await db.schema.dropTable('land_requests').execute()
}
