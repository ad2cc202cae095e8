import path from 'node:path'
import SQLite from 'better-sqlite3'
import { createKysely } from '~/models/db/dialect.server'
import { sites } from '~/sites/index'
import { listingPath } from '~/models/listings/listing-path'
import { brokerType, propertyType } from '~/models/listings/enumerations'
import { dwellingAmenities } from '~/models/listings/listing-rules'

export const testDatabaseFile = () => path.join(process.env.TEST_DATA_DIR ?? process.env.DATA_DIR ?? '.test-data', 'marketplace.db')

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

/**
 * Deletes the leads a test file sent through the contact forms, so the next run finds the inbox as
 * this one did: the inbox lists the unanswered leads of the last 48 hours first, the oldest first
 * (decision 0069), so leads left by earlier runs would push a new one off its first page.
 */
export async function deleteLeads(ids: readonly number[]) {
  if (ids.length === 0) return
  const db = openWritableTestDatabase()
  try {
    await db.deleteFrom('leads').where('id', 'in', ids).execute()
  } finally {
    await db.destroy()
  }
}

/**
 * Forgets which TOTP step the account's last code used (decision 0052: a code works once), so the
 * next code is accepted. For the demo administrator, whom several test files sign in with its
 * published secret, perhaps within one 30-second step; the refusal of a replayed code is tested on
 * accounts of its own (tests/integration/second-factor.test.ts).
 */
export function forgetUsedTotpStep(email: string, databaseFile = testDatabaseFile()) {
  const db = new SQLite(databaseFile)
  try {
    db.prepare('update second_factors set last_used_step = null where user_id = (select id from users where email = ?)').run(email)
  } finally {
    db.close()
  }
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

/**
 * An active paid listing in `siteKey`'s scope, by offset, with its path on that site: owner-listed
 * vacant land (a property owner's, naming no house or home), or a licensed broker's listing of any land.
 */
export function contactableListingOnSite(siteKey: 'land' | 'farm' | 'hunting', seller: 'owner of vacant land' | 'broker', offset: number) {
  const sellerCondition =
    seller === 'broker'
      ? `accounts.broker_type = ${brokerType.broker}`
      : `accounts.broker_type = ${brokerType.propertyOwner} and (listings.property_types & ${propertyType.house}) = 0 and (listings.amenities & ${dwellingAmenities}) = 0`
  const scopeBits = sites[siteKey].listingScopeBits
  const [row] = landListings(
    `listings.status = 1 and listings.listing_level != 3 and listings.upgrade_level >= 0 and ${scopeBits === 0 ? '1 = 1' : `(listings.property_types & ${scopeBits}) <> 0`}
     and listings.account_id in (select id from accounts where is_free = 0 and ${sellerCondition})`,
    { limit: 1, offset },
  )
  return { ...row!, path: listingPath(sites[siteKey], row!) }
}

/** A county landing page of the land site whose only county ad is a broker's (or a lender's), and that ad. */
export function countyWithOnlyAd(kind: 'broker' | 'finance') {
  const db = openTestDatabase()
  try {
    return db
      .prepare(
        `select counties.slug, ads.id as adId, accounts.contact_name as contactName, accounts.company_name as companyName,
                finance_centers.name as lenderName
         from ad_places join ads on ads.id = ad_places.ad_id join counties on counties.id = ad_places.place_id
         left join accounts on accounts.id = ads.account_id left join finance_centers on finance_centers.id = ads.finance_center_id
         where ad_places.place_kind = 'county' and ads.${kind === 'broker' ? 'account_id' : 'finance_center_id'} is not null
           and date('now') between ads.starts_on and ads.ends_on
           and (select count(*) from ad_places as other where other.place_kind = 'county' and other.place_id = ad_places.place_id) = 1
         order by counties.id limit 1`,
      )
      .get() as { slug: string; adId: number; contactName: string | null; companyName: string | null; lenderName: string | null }
  } finally {
    db.close()
  }
}
