import path from 'node:path'
import SQLite from 'better-sqlite3'
import { createKysely } from '~/models/db/dialect.server'
import { sites } from '~/sites/index'
import { listingPath } from '~/sites/listing-path'

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

/** How many listings search shows by default among those matching `condition`: for sale, and confirmed within 180 days (freshness above 0). */
export function countWhere(db: SQLite.Database, condition: string, ...parameters: unknown[]) {
  return (db.prepare(`select count(*) as count from listings where status in (1, 2) and freshness > 0 and (${condition})`).get(...parameters) as { count: number })
    .count
}

/** Listings of the seeded test database that match `condition` (SQL on `listings`), in id order, with their land-site paths. */
export function landListings(condition: string, { limit, offset }: { limit: number; offset: number }) {
  const db = openTestDatabase()
  try {
    const rows = db
      .prepare(
        `select listings.id, listings.title, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation
         from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
         where ${condition} order by listings.id limit ? offset ?`,
      )
      .all(limit, offset) as { id: number; title: string; acres: number; countyName: string; stateAbbreviation: string }[]
    return rows.map((row) => ({ ...row, path: listingPath(sites.land, row) }))
  } finally {
    db.close()
  }
}

/** An active paid listing of the seeded database (it takes messages, by the spec's rules), by offset, with its land-site path. */
export function contactableListing(offset: number) {
  return landListings('listings.status = 1 and listings.listing_level != 3 and listings.upgrade_level >= 0', { limit: 1, offset })[0]!
}
