import path from 'node:path'
import SQLite from 'better-sqlite3'
import { createKysely } from '~/models/db/dialect.server'

const testDatabaseFile = () => path.join(process.env.TEST_DATA_DIR ?? process.env.DATA_DIR ?? '.test-data', 'marketplace.db')

/**
 * Read-only access to the seeded test database, for tests that work out what a page must
 * show independently of the code under test (plain SQL, not the search engine).
 */
export function openTestDatabase() {
  return new SQLite(testDatabaseFile(), { readonly: true })
}

/**
 * The seeded test database through the app's data layer, writable: for a test that makes what the
 * pages then read (a login token, a blocked account) and deletes it after.
 */
export function openWritableTestDatabase() {
  return createKysely({ sqliteFile: testDatabaseFile() })
}

export function countWhere(db: SQLite.Database, condition: string, ...parameters: unknown[]) {
  return (db.prepare(`select count(*) as count from listings where status in (1, 2) and (${condition})`).get(...parameters) as { count: number }).count
}
