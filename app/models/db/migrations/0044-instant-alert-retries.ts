import type { Kysely } from 'kysely'
import { dialectOf, identityPrimaryKey } from '~/models/db/dialect.server'

/**
 * Instant alerts that failed to send (decision 0071, amended): one row per account's e-mail, with
 * what it was about (the listings, their changes, the saved searches and favourites that matched,
 * as JSON), the failed attempts so far and when the alerts job tries again. A row goes once the
 * e-mail is sent, given up or no longer wanted.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('instant_alert_retries')
    .addColumn('id', 'integer', identityPrimaryKey(dialectOf(db)))
    .addColumn('user_id', 'integer', (column) => column.notNull())
    .addColumn('items', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull())
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('instant_alert_retries_due').on('instant_alert_retries').column('next_attempt_at').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('instant_alert_retries').execute()
}
