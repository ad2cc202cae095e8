import type { Kysely } from 'kysely'

/**
 * How many e-mails each scheduled job's run sent and failed to send (issue 37 item 5, decision
 * 0066): the jobs run beside the web server, not in it, so /metrics reads their mails from here.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('job_runs')
    .addColumn('mails_sent', 'integer', (column) => column.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('job_runs')
    .addColumn('mails_failed', 'integer', (column) => column.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('job_runs').dropColumn('mails_failed').execute()
  await db.schema.alterTable('job_runs').dropColumn('mails_sent').execute()
}
