import type { Kysely } from 'kysely'

/**
 * Sellers' reply times (issue 38 item 2, decision 0069): when a lead was answered and the reply
 * sent from the inbox, the reminders and buyer e-mails already sent for it, each account's stored
 * reply-time figure, and the quiet hours its reminders wait out.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('leads').addColumn('answered_at', 'text').execute()
  await db.schema.alterTable('leads').addColumn('reply', 'text').execute()
  await db.schema
    .alterTable('leads')
    .addColumn('reminders_sent', 'integer', (column) => column.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('leads').addColumn('buyer_follow_up_at', 'text').execute()
  await db.schema.alterTable('accounts').addColumn('reply_within_hours', 'integer').execute()
  await db.schema.alterTable('accounts').addColumn('quiet_hours_from', 'integer').execute()
  await db.schema.alterTable('accounts').addColumn('quiet_hours_until', 'integer').execute()
  await db.schema.alterTable('accounts').addColumn('quiet_hours_time_zone', 'text').execute()
}

export async function down(db: Kysely<any>) {
  for (const name of ['quiet_hours_time_zone', 'quiet_hours_until', 'quiet_hours_from', 'reply_within_hours'])
    await db.schema.alterTable('accounts').dropColumn(name).execute()
  for (const name of ['buyer_follow_up_at', 'reminders_sent', 'reply', 'answered_at']) await db.schema.alterTable('leads').dropColumn(name).execute()
}
