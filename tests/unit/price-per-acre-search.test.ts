import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { auctionWithoutPrice, saleType } from '~/models/listings/enumerations'
import { writeListing } from '~/models/listings/listing-writes.server'
import { loadGazetteer, resolveLocation } from '~/models/places/gazetteer.server'
import { normalizeCriteria, type SearchCriteria } from '~/models/search/search-criteria'
import { searchListings } from '~/models/search/search.server'
import { freshness } from '~/models/trust/listing-history'
import { freshPostgresDatabase, freshSqliteDatabase, migrateAndSeed } from '../support/fresh-database'
import { newTexasListingRow } from '../support/listing-writes'

/**
 * A price per acre range (issue 40, beyond the spec) on four listings of our own, placed in a box
 * out in the Gulf where no seeded listing lies: only a listing with a real price and acres has a
 * price per acre to fall in the range.
 */
const gulf = { south: 25.5, west: -90.5, north: 26.5, east: -89.5 }
const listings = {
  'Two thousand an acre': { price: 80_000, acres: 40, sale_type: saleType.sale },
  'Eight thousand an acre': { price: 320_000, acres: 40, sale_type: saleType.sale },
  'Auction without a price': { price: auctionWithoutPrice, acres: 40, sale_type: saleType.auction },
  'No acres given': { price: 50_000, acres: 0, sale_type: saleType.sale },
}

async function addListings(db: Kysely<Database>) {
  for (const [title, facts] of Object.entries(listings)) {
    const row = { ...(await newTexasListingRow(db, title)), ...facts, latitude: 26, longitude: -90, status: 1, freshness: freshness.confirmed }
    await db.transaction().execute((transaction) => writeListing(transaction, null, row, row.created_at))
  }
}

async function titlesFound(db: Kysely<Database>, input: Partial<SearchCriteria>) {
  const criteria = normalizeCriteria({ mapBounds: gulf, sortOrder: 'price-asc', ...input })
  const resolved = resolveLocation(await loadGazetteer(db), criteria)
  if (!resolved.ok) throw new Error('unknown place in a test criteria')
  const result = await searchListings(db, { criteria, location: resolved.location, scopeBits: 0 })
  expect(result.totalCount).toBe(result.listings.length)
  return result.listings.map((listing) => listing.title)
}

const postgresUrl = process.env.TEST_POSTGRES_URL
const databases = [
  { name: 'SQLite', open: async () => freshSqliteDatabase('price-per-acre'), skip: false },
  { name: 'PostgreSQL', open: () => freshPostgresDatabase(postgresUrl!, 'price-per-acre'), skip: !postgresUrl },
]

describe.each(databases)('a price per acre range on $name', ({ open, skip }) => {
  let db: Kysely<Database>

  beforeAll(async () => {
    if (skip) return
    db = await migrateAndSeed(await open(), { listings: 50, seed: 9 })
    await addListings(db)
  }, 180_000)

  afterAll(async () => {
    await db?.destroy()
  })

  test.skipIf(skip)('under $5,000 an acre finds the $2,000 acre alone, not the auction without a price nor the listing without acres', async () => {
    expect(await titlesFound(db, {})).toEqual(['No acres given', 'Two thousand an acre', 'Eight thousand an acre', 'Auction without a price'])
    expect(await titlesFound(db, { pricePerAcreMax: 5_000 })).toEqual(['Two thousand an acre'])
  })

  test.skipIf(skip)('over $5,000 an acre, and a range around both, read the bounds inclusively', async () => {
    expect(await titlesFound(db, { pricePerAcreMin: 5_000 })).toEqual(['Eight thousand an acre'])
    expect(await titlesFound(db, { pricePerAcreMin: 2_000, pricePerAcreMax: 8_000, sortOrder: 'price-per-acre-desc' })).toEqual([
      'Eight thousand an acre',
      'Two thousand an acre',
    ])
  })
})
