import type { Kysely } from 'kysely'
import { dialectOf, identityPrimaryKey } from '~/models/db/dialect.server'

/**
 * Each scheduled job under its own lease and schedule (issue 37 item 3, decision 0066): a row per
 * run, written when it starts and completed when it ends, says when the job is next due (every
 * scheduler reads it) and what the administrators' Scheduled Jobs page and /metrics show.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('job_runs')
    .addColumn('id', 'integer', identityPrimaryKey(dialectOf(db)))
    .addColumn('name', 'text', (column) => column.notNull())
    // Milliseconds since the epoch, as job_leases: `bigint` since PostgreSQL's integer stops in 1970.
    .addColumn('started_at', 'bigint', (column) => column.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('next_due_at', 'bigint', (column) => column.notNull())
    // running, ok or failed
    .addColumn('outcome', 'text', (column) => column.notNull())
    .addColumn('summary', 'text')
    .addColumn('error', 'text')
    .execute()
  await db.schema.createIndex('job_runs_by_name').on('job_runs').columns(['name', 'started_at']).execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('job_runs').execute()
}
