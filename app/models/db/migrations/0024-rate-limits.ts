import type { Kysely } from 'kysely'

/**
 * Request counting shared by every process and server (issue 18 item 5): one row per key and
 * fixed window, counted with an atomic upsert (rate-limit.server.ts).
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('rate_limit_windows')
    .addColumn('key', 'text', (column) => column.primaryKey())
    // Milliseconds since the epoch: `bigint` because PostgreSQL's integer stops in 1970 + 25 days.
    .addColumn('window_started_at', 'bigint', (column) => column.notNull())
    .addColumn('count', 'integer', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('rate_limit_windows_started').on('rate_limit_windows').column('window_started_at').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('rate_limit_windows').execute()
}
