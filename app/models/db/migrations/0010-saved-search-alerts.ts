import type { Kysely } from 'kysely'

/**
 * Saved-search e-mail updates ('Daily', 'Weekly'): when a search's last update went out, so each
 * update names only listings added since, and a restarted server neither repeats nor skips one.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('saved_searches').addColumn('notified_at', 'text').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('saved_searches').dropColumn('notified_at').execute()
}
