import type { Kysely } from 'kysely'
import { dialectOf, identityPrimaryKey } from '~/models/db/dialect.server'

/**
 * Login states and feedback (issue 17 items 4 and 5): single-use login tokens for the links in
 * e-mails (only their hashes), blocked accounts, the sellers' welcome popover shown once, and the
 * visitors' feedback to a site's team.
 */
export async function up(db: Kysely<any>) {
  const identity = identityPrimaryKey(dialectOf(db))
  await db.schema
    .createTable('login_tokens')
    .addColumn('id', 'integer', identity)
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (column) => column.notNull().unique())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('login_tokens_user').on('login_tokens').column('user_id').execute()
  await db.schema.createIndex('login_tokens_expires').on('login_tokens').column('expires_at').execute()

  await db.schema
    .alterTable('users')
    .addColumn('is_blocked', 'integer', (column) => column.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('users').addColumn('seller_welcome_shown_at', 'text').execute()

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'integer', identity)
    .addColumn('site_id', 'integer', (column) => column.notNull())
    .addColumn('user_id', 'integer', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('email', 'text')
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('page_url', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('feedback_site_created').on('feedback').columns(['site_id', 'created_at']).execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('feedback').execute()
  for (const column of ['seller_welcome_shown_at', 'is_blocked']) await db.schema.alterTable('users').dropColumn(column).execute()
  await db.schema.dropTable('login_tokens').execute()
}
