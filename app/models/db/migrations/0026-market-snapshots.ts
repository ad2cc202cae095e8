import type { Kysely } from 'kysely'

/**
 * Issue 18 item 6 (decision 0028): every place's market per site scope, worked out by the minute
 * jobs when listings have changed and read by the pages, so no page reads every active listing of
 * the country to find a median.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('market_snapshots')
    .addColumn('scope_bits', 'integer', (column) => column.primaryKey())
    // The 'listings' change generation the snapshot was read at (change_generations, migration 0025).
    .addColumn('listings_generation', 'integer', (column) => column.notNull())
    .addColumn('refreshed_at', 'text', (column) => column.notNull())
    // Every place's figures as JSON (market-stats.server.ts): pages read the whole snapshot at once.
    .addColumn('markets', 'text', (column) => column.notNull())
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('market_snapshots').execute()
}
