import { type Insertable, type Kysely, sql } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { dialectOf, settleBulkLoad, syncIdentity, withIndexesDeferred } from '~/models/db/dialect.server'
import { buildGeography } from '~/models/places/geography.server'
import { seedLakes } from '~/models/places/lakes.server'
import { noteListingsChanged } from '~/models/listings/listing-changes.server'
import { marketStatus } from '~/models/listings/enumerations'
import { sites } from '~/sites/index'
import { accountCountFor, createSellerPool, generateAccounts, type Seller } from './accounts'
import { seedAds } from './ads'
import { seedFinanceCenters } from './finance-centers'
import { seedDemoSellerAccount, seedDemoUsers } from './demo-users'
import { createLandMarket } from './land-market'
import { generateListing } from './listings'
import { seedConfirmation } from './listing-confirmations'
import { insertPastListingHistory } from '~/models/trust/past-listing-history.server'
import { demoActivityListingCount, demoLeadsOf, generateListingEvents } from './listing-events'
import { refreshReplyTimes } from '~/models/sellers/reply-times.server'
import { createPlaceIndex } from './place-index'
import type { StressVariant } from './stress-variants'

/**
 * Fills an empty database with real places and generated brokers and listings
 * (architecture "Data"). Deterministic: the same seed and listing count give the same rows.
 */
export interface SeedOptions {
  listings: number
  seed: number
  onProgress?: (progress: SeedProgress) => void
  /** The day listings were last confirmed is counted back from (listing-confirmations.ts); today if not given. */
  now?: Date
  /** Whether to add the demo accounts, whose passwords are published (config `seedDemoUsers`, decision 0050). */
  demoUsers: boolean
  /** A harsher world for the valuation's stress tests (stress-variants.ts); only the benchmark seeds one. */
  stress?: StressVariant
}

export interface SeedProgress {
  phase: 'places' | 'accounts' | 'listings' | 'indexes'
  done: number
  total: number
}

// PostgreSQL allows 65,535 bind parameters per statement and SQLite 32,766; stay under both.
const parametersPerStatement = 30_000
const rowsPerStatement = 500
// Committing every few thousand rows keeps a million-listing seed from one giant transaction.
const rowsPerTransaction = 10_000
const jsonRowsPerStatement = 2_000

type TableName = keyof Database

async function insertRows<T extends TableName>(db: Kysely<Database>, table: T, rows: Insertable<Database[T]>[]) {
  const columns = Object.keys(rows[0] ?? { column: 0 }).length
  const size = Math.min(rowsPerStatement, Math.floor(parametersPerStatement / columns))
  await db.transaction().execute(async (transaction) => {
    for (let start = 0; start < rows.length; start += size) {
      // A generic table name defeats Kysely's per-table inference; the row type already matches the table.
      await transaction
        .insertInto(table)
        .values(rows.slice(start, start + size) as never)
        .execute()
    }
  })
}

/**
 * On PostgreSQL, rows of plain values (numbers, strings, null; every row the same columns) go in as
 * one JSON parameter a statement, which the server reads in C, instead of thousands of bind
 * parameters that this process compiles and sends one by one: the listings of a 100,000 seed went
 * in 31 s instead of 47 s, for the same server CPU.
 */
async function insertJsonRows<T extends TableName>(db: Kysely<Database>, table: T, rows: Insertable<Database[T]>[]) {
  const columns = sql.join(Object.keys(rows[0] ?? {}).map((column) => sql.ref(column)))
  await db.transaction().execute(async (transaction) => {
    for (let start = 0; start < rows.length; start += jsonRowsPerStatement) {
      const json = JSON.stringify(rows.slice(start, start + jsonRowsPerStatement))
      await sql`insert into ${sql.table(table)} (${columns}) select ${columns} from json_populate_recordset(null::${sql.table(table)}, ${json}::json)`.execute(
        transaction,
      )
    }
  })
}

/**
 * Inserts a stream of rows (plain values, the same columns in each) in transactions of
 * `rowsPerTransaction`, reporting after each. One
 * transaction is in flight while the next rows are generated, and generation pauses after each
 * statement's worth of rows so the driver can send the next statement: on PostgreSQL the server
 * inserts while this process generates.
 */
async function insertStream<T extends TableName>(db: Kysely<Database>, table: T, rows: Iterable<Insertable<Database[T]>>, onCommit: (count: number) => void) {
  let pending: Insertable<Database[T]>[] = []
  let count = 0
  let inFlight: Promise<void> = Promise.resolve()
  const insert = dialectOf(db) === 'postgres' ? insertJsonRows : insertRows
  const commit = async () => {
    await inFlight
    const batch = pending
    pending = []
    inFlight = insert(db, table, batch).then(() => onCommit((count += batch.length)))
    // Awaited before the next commit and at the end; until then a failure must not count as unhandled.
    inFlight.catch(() => {})
  }
  for (const row of rows) {
    pending.push(row)
    if (pending.length % rowsPerStatement === 0) await new Promise((resolve) => setImmediate(resolve))
    if (pending.length >= rowsPerTransaction) await commit()
  }
  if (pending.length > 0) await commit()
  await inFlight
  if (count === 0) onCommit(0)
}

/** Past buyer activity on some of the demo seller's listings for sale, and its e-mail leads in the inbox (listing-events.ts). */
async function seedDemoListingEvents(db: Kysely<Database>, accountId: number, seed: number) {
  const listings = await db
    .selectFrom('listings')
    .select(['id', 'created_at'])
    .where('account_id', '=', accountId)
    .where('status', 'in', [marketStatus.available, marketStatus.underContract])
    .orderBy('id')
    .limit(demoActivityListingCount)
    .execute()
  const now = new Date()
  const events = [...generateListingEvents(listings, { seed, siteId: sites.land.siteId, now })]
  if (events.length > 0) await insertRows(db, 'listing_events', events)
  const leads = demoLeadsOf(events, { seed, accountId, now })
  if (leads.length > 0) await insertRows(db, 'leads', leads)
  await refreshReplyTimes(db, now)
}

/** What `npm start` seeds on first start (README): the data the README's examples are written for. */
export const defaultSeed = { listings: 20_000, seed: 1 } as const

export async function isDatabaseSeeded(db: Kysely<Database>) {
  const state = await db.selectFrom('states').select('id').limit(1).executeTakeFirst()
  return state !== undefined
}

export async function seedDatabase(db: Kysely<Database>, { listings, seed, onProgress, now = new Date(), demoUsers, stress }: SeedOptions) {
  const geography = buildGeography()
  const { states, regions, counties, cities, zips } = geography
  const placeTotal = states.length + regions.length + counties.length + cities.length + zips.length
  await insertRows(db, 'states', states)
  await insertRows(db, 'regions', regions)
  await insertRows(db, 'counties', counties)
  await insertRows(db, 'cities', cities)
  await insertRows(db, 'zips', zips)
  onProgress?.({ phase: 'places', done: placeTotal, total: placeTotal })
  await seedFinanceCenters(db, geography)

  const places = createPlaceIndex(geography)
  const accountTotal = accountCountFor(listings)
  const sellers: Seller[] = []
  function* accountRows() {
    for (const { row, seller } of generateAccounts(accountTotal, seed, places)) {
      sellers.push(seller)
      yield row
    }
  }
  await insertStream(db, 'accounts', accountRows(), (done) => onProgress?.({ phase: 'accounts', done, total: accountTotal }))

  const context = { seed, geography, places, market: createLandMarket(geography), pickSeller: createSellerPool(sellers), stress }
  function* listingRows() {
    for (let id = 1; id <= listings; id++) {
      const row = generateListing(id, context)
      yield { ...row, ...seedConfirmation(row, { seed, now }) }
    }
  }
  await withIndexesDeferred(db, 'listings', () => insertStream(db, 'listings', listingRows(), (done) => onProgress?.({ phase: 'listings', done, total: listings })))
  onProgress?.({ phase: 'indexes', done: listings, total: listings })
  await insertPastListingHistory(db)
  // The demo seller's account is the first (demo-users.ts).
  if (sellers[0]) await seedDemoListingEvents(db, sellers[0].id, seed)

  await seedLakes(db)
  await syncIdentity(db, 'accounts')
  await syncIdentity(db, 'listings')
  await seedDemoSellerAccount(db)
  if (demoUsers) await seedDemoUsers(db)
  await seedAds(db, { demoSiteId: sites.land.siteId })
  await settleBulkLoad(db)
  await noteListingsChanged(db)
  // The geography goes back too: the demo feed (demo-feed.server.ts) is made of the same places.
  return { places: placeTotal, accounts: accountTotal, listings, geography }
}

/** `--fresh` on PostgreSQL: drop every table so the migrations build them again. */
export async function dropPostgresSchema(db: Kysely<Database>) {
  if (dialectOf(db) !== 'postgres') throw new Error('dropPostgresSchema is for PostgreSQL; delete the SQLite file instead')
  await sql`drop schema public cascade`.execute(db)
  await sql`create schema public`.execute(db)
}

export async function postgresDatabaseBytes(db: Kysely<Database>) {
  const result = await sql<{ bytes: number }>`select pg_database_size(current_database()) as bytes`.execute(db)
  return Number(result.rows[0]?.bytes ?? 0)
}
