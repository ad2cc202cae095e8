import type { Kysely } from 'kysely'

/**
 * Instant alerts (issue 38 item 4, decision 0071): where the alerts job has read the listings'
 * history up to (one row per job, so every scheduler on every server reads the same position), and
 * each account's switch for e-mails about its favourites' price drops and returns to the market,
 * on until the buyer turns it off. A saved search's 'Instant' is a new value of its `notify` text.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('job_cursors')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('position', 'integer', (column) => column.notNull())
    .execute()
  await db.schema
    .alterTable('users')
    .addColumn('favorite_alerts', 'integer', (column) => column.notNull().defaultTo(1))
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('users').dropColumn('favorite_alerts').execute()
  await db.schema.dropTable('job_cursors').execute()
}
