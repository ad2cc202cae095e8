import type { Kysely } from 'kysely'
import { dialectOf, identityPrimaryKey } from '~/models/db/dialect.server'

/**
 * Finance-lead webhooks (issue 14): a lender may give a URL and a signing secret to receive its
 * leads as signed JSON besides the e-mail; each attempt to post a lead is a row of the delivery
 * log, and a failed one schedules the next. A lead keeps the page it was sent from, so every
 * attempt posts the same lead.
 */
export async function up(db: Kysely<any>) {
  for (const column of ['lead_webhook_url', 'lead_webhook_secret']) await db.schema.alterTable('finance_centers').addColumn(column, 'text').execute()
  await db.schema.alterTable('finance_leads').addColumn('page_url', 'text').execute()

  await db.schema
    .createTable('finance_lead_deliveries')
    .addColumn('id', 'integer', identityPrimaryKey(dialectOf(db)))
    .addColumn('finance_lead_id', 'integer', (column) => column.notNull().references('finance_leads.id'))
    .addColumn('finance_center_id', 'integer', (column) => column.notNull())
    .addColumn('attempt', 'integer', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('error', 'text')
    .addColumn('next_attempt_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('delivered_at', 'text')
    .execute()
  await db.schema.createIndex('finance_lead_deliveries_due').on('finance_lead_deliveries').columns(['status', 'next_attempt_at']).execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('finance_lead_deliveries').execute()
  await db.schema.alterTable('finance_leads').dropColumn('page_url').execute()
  for (const column of ['lead_webhook_secret', 'lead_webhook_url']) await db.schema.alterTable('finance_centers').dropColumn(column).execute()
}
