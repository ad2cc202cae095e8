import { sql, type Kysely } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { noteListingsChanged } from '~/models/listings/listing-changes.server'
import { loadGazetteer, resolveLocation } from '~/models/places/gazetteer.server'
import { marketOf, marketSnapshot, refreshMarketSnapshots } from '~/models/places/market-stats.server'
import { normalizeCriteria, type SearchCriteria } from '~/models/search/search-criteria'
import { clearSearchCaches } from '~/models/search/search-totals-cache.server'
import { searchListings } from '~/models/search/search.server'
import { siteListingScopes, sites } from '~/sites/index'
import { propertyType } from '~/models/listings/enumerations'
import { freshSqliteDatabase, migrateAndSeed } from '../support/fresh-database'

let db: Kysely<Database>

beforeAll(async () => {
  db = await migrateAndSeed(freshSqliteDatabase('market-stats'), { listings: 400, seed: 7 })
}, 60_000)

afterAll(async () => {
  await db.destroy()
})

afterEach(() => {
  vi.restoreAllMocks()
})

async function activeListings(condition = sql`1 = 1`) {
  const { rows } = await sql<{ count: number }>`select count(*) as count from listings where status in (1, 2) and ${condition}`.execute(db)
  return Number(rows[0]!.count)
}

describe('market snapshot', () => {
  test('counts the active listings of the country, a state and a county', async () => {
    const snapshot = await marketSnapshot(db, 0)
    expect(snapshot.national.listings).toBe(await activeListings())
    const { rows } = await sql<{ county_id: number; state_id: number }>`select county_id, state_id from listings where status = 1 limit 1`.execute(db)
    const { county_id: countyId, state_id: stateId } = rows[0]!
    expect(marketOf(snapshot, { kind: 'state', id: stateId }).listings).toBe(await activeListings(sql`state_id = ${stateId}`))
    expect(marketOf(snapshot, { kind: 'county', id: countyId }).listings).toBe(await activeListings(sql`county_id = ${countyId}`))
  })

  test('a place without listings has an empty market', async () => {
    const market = marketOf(await marketSnapshot(db, 0), { kind: 'county', id: -1 })
    expect(market).toMatchObject({ listings: 0, medianPrice: null, medianPricePerAcre: null })
  })

  test('a listing write reaches the snapshot once the minute jobs read it again, and pages within the next minute', async () => {
    const scope = sites.farm.listingScopeBits // a scope of its own, so no other test has read it
    const first = await marketSnapshot(db, scope)
    await sql`update listings set status = 4 where id = (select min(id) from listings where status = 1 and property_types & ${scope} != 0)`.execute(db)
    await noteListingsChanged(db)
    expect(await refreshMarketSnapshots(db, siteListingScopes)).toBeGreaterThan(0)
    expect(await refreshMarketSnapshots(db, siteListingScopes)).toBe(0)
    const secondMinute = Date.now() + 61_000
    vi.spyOn(Date, 'now').mockReturnValue(secondMinute)
    expect(await marketSnapshot(db, scope)).toBe(first)
    await vi.waitFor(async () => expect((await marketSnapshot(db, scope)).national.listings).toBe(first.national.listings - 1))
  })

  test("a country-wide search's totals match a count of the listings, before and after a listing is written", async () => {
    const scope = sites.hunting.listingScopeBits
    const search = async (input: Partial<SearchCriteria>) => {
      const criteria = normalizeCriteria(input)
      const resolved = resolveLocation(await loadGazetteer(db), criteria)
      if (!resolved.ok) throw new Error('The whole country always resolves')
      return searchListings(db, { criteria, location: resolved.location, scopeBits: scope })
    }
    const counted = async (condition = sql`1 = 1`) => {
      const { rows } = await sql<{ count: number; min: number | null; max: number | null }>`
        select count(*) as count, min(price) filter (where price > 2) as min, max(price) filter (where price > 2) as max
        from listings where status in (1, 2) and property_types & ${scope} != 0 and ${condition}`.execute(db)
      const { count, min, max } = rows[0]!
      return { totalCount: Number(count), priceRange: min === null || max === null ? null : { min, max } }
    }
    const lakefront = sql`property_types & ${propertyType.lakefront} != 0`
    await refreshMarketSnapshots(db, siteListingScopes)
    expect(await search({})).toMatchObject(await counted())
    expect(await search({ propertyTypes: ['lakefront'], sortOrder: 'price-asc' })).toMatchObject(await counted(lakefront))
    await sql`update listings set status = 3 where id = (select max(id) from listings where status = 1 and property_types & ${propertyType.lakefront} != 0)`.execute(
      db,
    )
    await noteListingsChanged(db)
    clearSearchCaches()
    expect(await search({})).toMatchObject(await counted())
    expect(await search({ propertyTypes: ['lakefront'] })).toMatchObject(await counted(lakefront))
  })
})
