import type { Kysely } from 'kysely'
import { dialectOf, identityPrimaryKey } from '~/models/db/dialect.server'

/**
 * Partner feeds (issue 14): the partners and where their feeds are pulled from, each import run
 * with its counts, each partner record's last state (keyed by the partner's own id, so a re-import
 * updates instead of adding), the records a run did not simply accept, with their reasons, and
 * the photo URLs already downloaded.
 */
export async function up(db: Kysely<any>) {
  const identity = identityPrimaryKey(dialectOf(db))
  await db.schema
    .createTable('feed_partners')
    .addColumn('id', 'integer', identity)
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('account_id', 'integer', (column) => column.notNull().references('accounts.id'))
    .addColumn('finance_center_id', 'integer', (column) => column.references('finance_centers.id'))
    .addColumn('feed_url', 'text')
    .addColumn('feed_format', 'text', (column) => column.notNull().defaultTo('xml'))
    .addColumn('pull_interval_minutes', 'integer', (column) => column.notNull().defaultTo(1440))
    .addColumn('grace_hours', 'integer', (column) => column.notNull().defaultTo(24))
    .addColumn('next_pull_at', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('feed_runs')
    .addColumn('id', 'integer', identity)
    .addColumn('partner_id', 'integer', (column) => column.notNull().references('feed_partners.id'))
    .addColumn('source', 'text', (column) => column.notNull())
    .addColumn('feed_kind', 'text', (column) => column.notNull().defaultTo('full'))
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('running'))
    .addColumn('error_code', 'text')
    .addColumn('error_detail', 'text')
    .addColumn('started_at', 'text', (column) => column.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('received', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('accepted', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('fixed', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('held', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('rejected', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('unchanged', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('retired', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('photos_failed', 'integer', (column) => column.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('feed_runs_partner').on('feed_runs').columns(['partner_id', 'started_at']).execute()

  await db.schema
    .createTable('feed_records')
    .addColumn('partner_id', 'integer', (column) => column.notNull().references('feed_partners.id'))
    .addColumn('partner_listing_id', 'text', (column) => column.notNull())
    .addColumn('listing_id', 'integer', (column) => column.references('listings.id'))
    .addColumn('duplicate_of_listing_id', 'integer', (column) => column.references('listings.id'))
    .addColumn('content_hash', 'text', (column) => column.notNull())
    .addColumn('outcome', 'text', (column) => column.notNull())
    .addColumn('reasons', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('payload', 'text')
    .addColumn('last_run_id', 'integer', (column) => column.notNull())
    .addColumn('missing_since', 'text')
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('feed_records_key', ['partner_id', 'partner_listing_id'])
    .execute()
  await db.schema.createIndex('feed_records_run').on('feed_records').columns(['partner_id', 'last_run_id']).execute()
  await db.schema.createIndex('feed_records_outcome').on('feed_records').columns(['outcome', 'updated_at']).execute()

  await db.schema
    .createTable('feed_run_records')
    .addColumn('id', 'integer', identity)
    .addColumn('run_id', 'integer', (column) => column.notNull().references('feed_runs.id'))
    .addColumn('partner_listing_id', 'text', (column) => column.notNull())
    .addColumn('line', 'integer', (column) => column.notNull())
    .addColumn('outcome', 'text', (column) => column.notNull())
    .addColumn('reasons', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('feed_run_records_run').on('feed_run_records').columns(['run_id', 'outcome']).execute()

  // A photo URL once downloaded is not downloaded again: the next record naming it reuses the stored upload.
  await db.schema
    .createTable('feed_photos')
    .addColumn('partner_id', 'integer', (column) => column.notNull().references('feed_partners.id'))
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('document_id', 'bigint', (column) => column.notNull())
    .addColumn('fetched_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('feed_photos_key', ['partner_id', 'url'])
    .execute()

  for (const column of ['contact_name', 'contact_phone', 'contact_email']) await db.schema.alterTable('listings').addColumn(column, 'text').execute()
}

export async function down(db: Kysely<any>) {
  for (const column of ['contact_email', 'contact_phone', 'contact_name']) await db.schema.alterTable('listings').dropColumn(column).execute()
  for (const table of ['feed_photos', 'feed_run_records', 'feed_records', 'feed_runs', 'feed_partners']) await db.schema.dropTable(table).execute()
}
