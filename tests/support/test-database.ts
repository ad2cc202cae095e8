import path from 'node:path'
import SQLite from 'better-sqlite3'

/**
 * Read-only access to the seeded test database, for tests that work out what a page must
 * show independently of the code under test (plain SQL, not the search engine).
 */
export function openTestDatabase() {
  const dataDir = process.env.TEST_DATA_DIR ?? process.env.DATA_DIR ?? '.test-data'
  return new SQLite(path.join(dataDir, 'marketplace.db'), { readonly: true })
}

export function countWhere(db: SQLite.Database, condition: string, ...parameters: unknown[]) {
  return (db.prepare(`select count(*) as count from listings where status in (1, 2) and (${condition})`).get(...parameters) as { count: number }).count
}
