import type { Kysely } from 'kysely'
import { dialectOf, identityPrimaryKey } from '~/models/db/dialect.server'

/**
 * First-party analytics (issue 17 §7): the data layer's events as the browser sent them, kept a
 * few days; each finished day rolled up into one row per site and page type; and each day's claim
 * by a roll-up run (which keeps the work to one process, and says which days are done).
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'integer', identityPrimaryKey(dialectOf(db)))
    .addColumn('site_id', 'integer', (column) => column.notNull())
    .addColumn('page_type', 'text', (column) => column.notNull())
    .addColumn('event', 'text', (column) => column.notNull())
    .addColumn('listing_id', 'integer')
    .addColumn('metric', 'text')
    .addColumn('value', 'double precision')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('analytics_events_created_at').on('analytics_events').column('created_at').execute()
  // A day's 75th percentile of one metric on one site and page type reads this index in value order.
  await db.schema.createIndex('analytics_events_vitals').on('analytics_events').columns(['metric', 'site_id', 'page_type', 'value']).execute()

  await db.schema
    .createTable('analytics_daily')
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('site_id', 'integer', (column) => column.notNull())
    .addColumn('page_type', 'text', (column) => column.notNull())
    .addColumn('page_views', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('listing_views', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('searches', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('file_downloads', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('lcp_samples', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('lcp_p75', 'double precision')
    .addColumn('cls_samples', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('cls_p75', 'double precision')
    .addColumn('fcp_samples', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('fcp_p75', 'double precision')
    .addPrimaryKeyConstraint('analytics_daily_pk', ['site_id', 'day', 'page_type'])
    .execute()

  await db.schema
    .createTable('analytics_rollups')
    .addColumn('day', 'text', (column) => column.primaryKey())
    .addColumn('claimed_at', 'text', (column) => column.notNull())
    .addColumn('finished_at', 'text')
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('analytics_rollups').execute()
  await db.schema.dropTable('analytics_daily').execute()
  await db.schema.dropTable('analytics_events').execute()
}
