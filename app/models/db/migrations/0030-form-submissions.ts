import type { Kysely } from 'kysely'

/**
 * Forms sent once (issue 20 item 4, decision 0035): one row per form submission that did its
 * work, keyed by its idempotency key, with where its answer sent the browser, so the same
 * submission posted again (a double click, a retry after a dropped connection, another worker)
 * is answered the same way and does nothing twice.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('form_submissions')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('kind', 'text', (column) => column.notNull())
    // Milliseconds since the epoch: `bigint` because PostgreSQL's integer stops in 1970 + 25 days.
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    // The address the first answer redirected to; null while that first submission is being done.
    .addColumn('result', 'text')
    .execute()
  await db.schema.createIndex('form_submissions_created').on('form_submissions').column('created_at').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('form_submissions').execute()
}
