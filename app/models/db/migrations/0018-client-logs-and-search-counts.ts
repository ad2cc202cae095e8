import type { Kysely } from 'kysely'
import { dialectOf, identityPrimaryKey } from '~/models/db/dialect.server'

/**
 * Spec §7 (issue 17 item 6): the browsers' log messages and client errors (POST /logging/log/),
 * kept to a bounded number of the newest; and searches counted per site, state and search type
 * per day (POST /api/Popular/logPopularSearch/ and the search page), which rank the footers'
 * popular states and searches.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('client_logs')
    .addColumn('id', 'integer', identityPrimaryKey(dialectOf(db)))
    .addColumn('site_id', 'integer', (column) => column.notNull())
    .addColumn('severity', 'text', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('page_url', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('referring_url', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('component_stack', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('search_counts')
    .addColumn('site_id', 'integer', (column) => column.notNull())
    .addColumn('day', 'text', (column) => column.notNull())
    // 0: a search of the whole country.
    .addColumn('state_id', 'integer', (column) => column.notNull())
    // A property type key or landing segment ('hunting-land', 'cheap-land'); '' for none.
    .addColumn('search_type', 'text', (column) => column.notNull())
    .addColumn('searches', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('search_counts_key', ['site_id', 'day', 'state_id', 'search_type'])
    .execute()
}

export async function down(db: Kysely<any>) {
  for (const table of ['search_counts', 'client_logs']) await db.schema.dropTable(table).execute()
}
