import type { Kysely } from 'kysely'
import { dialectOf, identityPrimaryKey } from '~/models/db/dialect.server'

/**
 * AcreWorth's saved valuations (issue 16 §2): a signed-in user keeps a valuation (its address and
 * what it said then) and may ask to hear when comparable land sells near it.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('saved_valuations')
    .addColumn('id', 'integer', identityPrimaryKey(dialectOf(db)))
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('path', 'text', (column) => column.notNull())
    .addColumn('label', 'text', (column) => column.notNull())
    .addColumn('value', 'integer', (column) => column.notNull())
    .addColumn('low', 'integer', (column) => column.notNull())
    .addColumn('high', 'integer', (column) => column.notNull())
    .addColumn('alert', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('alerted_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('saved_valuations_user_path').unique().on('saved_valuations').columns(['user_id', 'path']).execute()
  await db.schema.createIndex('saved_valuations_alert').on('saved_valuations').columns(['alert', 'alerted_at']).execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('saved_valuations').execute()
}
