import type { Kysely } from 'kysely'
import { dialectOf, identityPrimaryKey } from '~/models/db/dialect.server'

/**
 * Visits booked from a listing page (issue 38 item 3, decision 0070): the listings whose seller
 * takes bookings, a buyer's request with the times they proposed, and where the request stands.
 * Times are ISO instants in UTC; the request keeps the listing's time zone they were typed in.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('visit_booking_listings')
    .addColumn('listing_id', 'integer', (column) => column.primaryKey())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema
    .createTable('visit_requests')
    .addColumn('id', 'integer', identityPrimaryKey(dialectOf(db)))
    .addColumn('listing_id', 'integer', (column) => column.notNull())
    // The seller's account when the request was made: the inbox and its permissions go by it.
    .addColumn('account_id', 'integer', (column) => column.notNull())
    .addColumn('site_id', 'integer', (column) => column.notNull())
    .addColumn('buyer_user_id', 'integer')
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('phone', 'text')
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('time_zone', 'text', (column) => column.notNull())
    // requested → agreed, or requested → countered → agreed; any of them → cancelled.
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('counter_starts_at', 'text')
    .addColumn('agreed_starts_at', 'text')
    .addColumn('agreed_at', 'text')
    // The calendar files' SEQUENCE: bumped by each change a calendar already holds.
    .addColumn('sequence', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('cancelled_by', 'text')
    .addColumn('reminder_sent_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('visit_requests_account').on('visit_requests').columns(['account_id', 'created_at']).execute()
  await db.schema.createIndex('visit_requests_agreed').on('visit_requests').columns(['status', 'agreed_starts_at']).execute()
  await db.schema
    .createTable('visit_request_times')
    .addColumn('id', 'integer', identityPrimaryKey(dialectOf(db)))
    .addColumn('visit_request_id', 'integer', (column) => column.notNull())
    .addColumn('starts_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('visit_request_times_request').on('visit_request_times').column('visit_request_id').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('visit_request_times').execute()
  await db.schema.dropTable('visit_requests').execute()
  await db.schema.dropTable('visit_booking_listings').execute()
}
