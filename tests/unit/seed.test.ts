import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readConfig } from '~/config.server'
import type { Database } from '~/models/db/db-schema'
import { migrateToLatest, openDatabase } from '~/models/db/db.server'
import { listingPhotoId } from '~/models/media/document-ids'
import { buildGeography, type Geography, isPointInCounty } from '~/models/places/geography.server'
import { brokerType, listingLevel, marketStatus, propertyType, saleType, upgradeLevel } from '~/models/listings/enumerations'
import { isDatabaseSeeded, seedDatabase } from '~/dev-data/seed.server'

const listingCount = 1500
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-test-'))
const openDatabases: Kysely<Database>[] = []

async function seededDatabase(name: string, seed: number) {
  const db = openDatabase({ ...readConfig(), databaseUrl: path.join(folder, `${name}.db`) })
  openDatabases.push(db)
  await migrateToLatest(db)
  await seedDatabase(db, { listings: listingCount, seed, demoUsers: true })
  return db
}

async function hashOfRows(db: Kysely<Database>) {
  const accounts = await db.selectFrom('accounts').selectAll().orderBy('id').execute()
  const listings = await db.selectFrom('listings').selectAll().orderBy('id').execute()
  return createHash('sha256').update(JSON.stringify({ accounts, listings })).digest('hex')
}

let geography: Geography
let db: Kysely<Database>

beforeAll(async () => {
  geography = buildGeography()
  db = await seededDatabase('main', 3)
})

afterAll(async () => {
  await Promise.all(openDatabases.map((database) => database.destroy()))
  fs.rmSync(folder, { recursive: true, force: true })
})

describe('geography', () => {
  test('places cover the 50 states and the District of Columbia, and no territory', () => {
    expect(geography.states).toHaveLength(51)
    const abbreviations = geography.states.map((state) => state.abbreviation)
    expect(abbreviations).toContain('DC')
    expect(abbreviations).not.toContain('PR')
    expect(geography.states.find((state) => state.abbreviation === 'NM')?.slug).toBe('New-Mexico')
  })

  test("Louisiana's counties are parishes, Alaska's are boroughs and the rest are counties", () => {
    const suffixesOf = (abbreviation: string) => {
      const state = geography.states.find((candidate) => candidate.abbreviation === abbreviation)
      return new Set(geography.counties.filter((county) => county.state_id === state?.id).map((county) => county.suffix))
    }
    expect(suffixesOf('LA')).toEqual(new Set(['Parish']))
    expect(suffixesOf('AK')).toEqual(new Set(['Borough']))
    expect(suffixesOf('TX')).toEqual(new Set(['County']))
    expect(geography.counties.some((county) => county.slug === 'St-Landry-Parish-LA')).toBe(true)
  })

  test('every place slug is unique, including independent cities named like a county', () => {
    const slugs = [...geography.states, ...geography.regions, ...geography.counties, ...geography.cities].map((place) => place.slug)
    expect(new Set(slugs).size).toBe(slugs.length)
    const richmonds = geography.counties.filter((county) => county.slug.startsWith('Richmond') && county.slug.endsWith('-VA'))
    expect(richmonds.map((county) => county.slug).sort()).toEqual(['Richmond-City-County-VA', 'Richmond-County-VA'])
  })

  test('Travis County, Texas sits around Austin', () => {
    const travis = geography.counties.find((county) => county.slug === 'Travis-County-TX')
    expect(travis?.latitude).toBeCloseTo(30.3, 0)
    expect(travis?.longitude).toBeCloseTo(-97.8, 0)
    expect(geography.cities.find((city) => city.slug === 'Austin-TX')?.county_id).toBe(travis?.id)
  })

  test('every county belongs to a region of its own state', () => {
    const regionStates = new Map(geography.regions.map((region) => [region.id, region.state_id]))
    for (const county of geography.counties) expect(regionStates.get(county.region_id ?? 0)).toBe(county.state_id)
  })
})

describe('generated listings and brokers', () => {
  test('a seeded database reports itself seeded and an empty one does not', async () => {
    const empty = openDatabase({ ...readConfig(), databaseUrl: path.join(folder, 'empty.db') })
    openDatabases.push(empty)
    await migrateToLatest(empty)
    expect(await isDatabaseSeeded(empty)).toBe(false)
    expect(await isDatabaseSeeded(db)).toBe(true)
  })

  test('the same seed gives identical rows and another seed gives different ones', async () => {
    const [same, other] = await Promise.all([seededDatabase('same', 3), seededDatabase('other', 4)])
    const hash = await hashOfRows(db)
    expect(await hashOfRows(same)).toBe(hash)
    expect(await hashOfRows(other)).not.toBe(hash)
  })

  test('every listing lies inside its county, checked on a sample of 200', async () => {
    const listings = await db
      .selectFrom('listings')
      .select(['id', 'county_id', 'latitude', 'longitude'])
      .where(sql<number>`id % 7`, '=', 0)
      .limit(200)
      .execute()
    expect(listings).toHaveLength(200)
    const outside = listings.filter((listing) => !isPointInCounty(geography, listing.county_id, listing))
    expect(outside).toEqual([])
  })

  test('every market status, upgrade tier, listing level, broker type and sale type occurs', async () => {
    const distinct = async (column: 'status' | 'upgrade_level' | 'listing_level' | 'sale_type') =>
      (await db.selectFrom('listings').select(column).distinct().execute()).map((row) => row[column]).sort()
    const sorted = (values: number[]) => [...values].sort()
    expect(await distinct('status')).toEqual(sorted(Object.values(marketStatus)))
    expect(await distinct('upgrade_level')).toEqual(sorted(Object.values(upgradeLevel)))
    expect(await distinct('listing_level')).toEqual(sorted(Object.values(listingLevel)))
    expect(await distinct('sale_type')).toEqual(sorted(Object.values(saleType)))
    const brokerTypes = await db.selectFrom('accounts').select('broker_type').distinct().execute()
    expect(brokerTypes.map((row) => row.broker_type).sort()).toEqual(sorted(Object.values(brokerType)))
  })

  test('sold listings have a sales price and date, and unsold ones have neither', async () => {
    const listings = await db.selectFrom('listings').select(['status', 'sales_price', 'sales_date', 'created_at']).execute()
    for (const listing of listings) {
      const isSold = listing.status === marketStatus.sold
      expect(listing.sales_price !== null).toBe(isSold)
      expect(listing.sales_date !== null).toBe(isSold)
      if (listing.sales_date) expect(listing.sales_date >= listing.created_at.slice(0, 10)).toBe(true)
    }
  })

  test('homes have beds, baths and square feet, and land without a house has none', async () => {
    const listings = await db.selectFrom('listings').select(['property_types', 'beds', 'baths', 'home_sqft']).execute()
    const homes = listings.filter((listing) => (listing.property_types & propertyType.house) !== 0)
    expect(homes.length / listings.length).toBeGreaterThan(0.1)
    for (const listing of listings) {
      const isHome = (listing.property_types & propertyType.house) !== 0
      expect([listing.beds !== null, listing.baths !== null, listing.home_sqft !== null]).toEqual([isHome, isHome, isHome])
    }
  })

  test("a listing's photos are its own document ids, and there are 3 to 30 of them", async () => {
    const listings = await db.selectFrom('listings').select(['id', 'image_ids']).limit(50).execute()
    for (const listing of listings) {
      const ids = JSON.parse(listing.image_ids) as number[]
      expect(ids.length).toBeGreaterThanOrEqual(3)
      expect(ids.length).toBeLessThanOrEqual(30)
      expect(ids).toEqual(ids.map((_id, index) => listingPhotoId(listing.id, index)))
    }
  })

  test('listings carry one to three property types and a title with text', async () => {
    const listings = await db.selectFrom('listings').select(['property_types', 'title', 'description']).execute()
    for (const listing of listings) {
      const bits = listing.property_types.toString(2).replace(/0/g, '').length
      expect(bits).toBeGreaterThanOrEqual(1)
      expect(bits).toBeLessThanOrEqual(3)
      expect(listing.title.length).toBeGreaterThan(10)
      expect(listing.description.split('. ').length).toBeGreaterThanOrEqual(3)
    }
  })
})
