import type { Kysely } from 'kysely'

/**
 * Many processes and servers (issue 18 item 5, decision 0026): a lease row per scheduled job, so
 * one process at a time runs it (job-leases.server.ts), and a generation number per kind of
 * cached data, bumped by each write, so every worker learns its caches are stale (change-generations.server.ts).
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('holder', 'text', (column) => column.notNull())
    // Milliseconds since the epoch: `bigint` because PostgreSQL's integer stops in 1970 + 25 days.
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .execute()
  await db.schema
    .createTable('change_generations')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('generation', 'integer', (column) => column.notNull())
    .execute()
  await db.insertInto('change_generations').values({ name: 'listings', generation: 0 }).execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('change_generations').execute()
  await db.schema.dropTable('job_leases').execute()
}
