import type { Kysely } from 'kysely'
import { dialectOf, identityPrimaryKey } from '~/models/db/dialect.server'

/**
 * The sellers' listing tool (issue 15): a listing being written or edited is a draft, saved step
 * by step, until the seller publishes it; photos keep their captions; a lead has been read or not;
 * a seller may ask for a daily digest of new leads.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('listing_drafts')
    .addColumn('id', 'integer', identityPrimaryKey(dialectOf(db)))
    .addColumn('account_id', 'integer', (column) => column.notNull().references('accounts.id'))
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('listing_id', 'integer')
    .addColumn('data', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('listing_drafts_account').on('listing_drafts').columns(['account_id', 'updated_at']).execute()
  await db.schema.createIndex('listing_drafts_listing').on('listing_drafts').column('listing_id').execute()

  await db.schema
    .alterTable('listings')
    .addColumn('photo_captions', 'text', (column) => column.notNull().defaultTo('{}'))
    .execute()
  await db.schema.alterTable('leads').addColumn('read_at', 'text').execute()
  await db.schema
    .alterTable('users')
    .addColumn('lead_digest', 'integer', (column) => column.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('users').addColumn('lead_digest_sent_at', 'text').execute()
  await db.schema.createIndex('listings_account_updated').on('listings').columns(['account_id', 'updated_at']).execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('listings_account_updated').execute()
  for (const column of ['lead_digest_sent_at', 'lead_digest']) await db.schema.alterTable('users').dropColumn(column).execute()
  await db.schema.alterTable('leads').dropColumn('read_at').execute()
  await db.schema.alterTable('listings').dropColumn('photo_captions').execute()
  await db.schema.dropTable('listing_drafts').execute()
}
