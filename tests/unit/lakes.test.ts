import fs from 'node:fs'
import fc from 'fast-check'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database, ListingRow } from '~/models/db/db-schema'
import { writeListing } from '~/models/listings/listing-writes.server'
import { resolveFreeText, suggestLocations } from '~/models/places/autocomplete.server'
import { type Gazetteer, type GazetteerLake, findState, loadGazetteer, resolveLocation } from '~/models/places/gazetteer.server'
import { createLakeLocator, lakeShape, lakeShoreMiles, milesToPolygons, type Polygons } from '~/models/places/lake-shores.server'
import { seedLakes } from '~/models/places/lakes.server'
import { normalizeCriteria, type SearchCriteria } from '~/models/search/search-criteria'
import { keysOf, propertyTypeOptions, sortOptions } from '~/models/search/search-options'
import { searchListings } from '~/models/search/search.server'
import { sites } from '~/sites/index'
import { buildSearchPath, parseSearchPath } from '~/models/search/search-path'
import { freshPostgresDatabase, freshSqliteDatabase, migrateAndSeed } from '../support/fresh-database'
import { byLakeOkeechobee, pastLakeOkeechobee, writeLakesideListing } from '../support/lakeside-listing'

/** The spec's Lake location type (issue 17): the data, the distance to a shore, lake places and their searches. */
let db: Kysely<Database>
let gazetteer: Gazetteer
let lakePolygons: Map<number, Polygons>

beforeAll(async () => {
  db = await migrateAndSeed(freshSqliteDatabase('lakes'), { listings: 3000, seed: 3 })
  gazetteer = await loadGazetteer(db)
  const rows = await db.selectFrom('lakes').select(['id', 'polygons']).execute()
  lakePolygons = new Map(rows.map((row) => [row.id, JSON.parse(row.polygons) as Polygons]))
})

afterAll(async () => {
  await db?.destroy()
})

const lakesNamed = (name: string) => gazetteer.lakes.filter((lake) => lake.name === name)
const statesOf = (lakes: GazetteerLake[]) => lakes.map((lake) => gazetteer.statesById.get(lake.stateId)!.abbreviation).sort()
const okeechobee = () => lakesNamed('Lake Okeechobee')[0]!

/** Every listing's lakes, measured the slow way: each listing against each lake. */
async function measuredListingLakes() {
  const listings = await db.selectFrom('listings').select(['id', 'latitude', 'longitude']).execute()
  const pairs: string[] = []
  for (const listing of listings) {
    for (const [lakeId, polygons] of lakePolygons) {
      if (milesToPolygons(polygons, listing) <= lakeShoreMiles) pairs.push(`${lakeId}:${listing.id}`)
    }
  }
  return pairs.sort()
}

/** A listing written by the lake, moved away, moved back and deleted: its lakes follow it. */
async function expectLakesFollowTheListing(database: Kysely<Database>) {
  const lakesOf = async (listingId: number) =>
    (await database.selectFrom('listing_lakes').select('lake_id').where('listing_id', '=', listingId).execute()).map((row) => row.lake_id)
  const id = await writeLakesideListing(database, 'Lakeside test tract')
  expect(await lakesOf(id)).toEqual([okeechobee().id])
  const { search_vector: _searchVector, ...row } = (await database
    .selectFrom('listings')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow()) as ListingRow & {
    search_vector?: unknown
  }
  await database.transaction().execute((transaction) => writeListing(transaction, id, { ...row, ...pastLakeOkeechobee }, row.updated_at))
  expect(await lakesOf(id)).toEqual([])
  await database.transaction().execute((transaction) => writeListing(transaction, id, row, row.updated_at))
  expect(await lakesOf(id)).toEqual([okeechobee().id])
  await database.deleteFrom('listings').where('id', '=', id).execute()
  expect(await lakesOf(id)).toEqual([])
}

async function storedListingLakes(database = db) {
  const rows = await database.selectFrom('listing_lakes').select(['lake_id', 'listing_id']).execute()
  return rows.map((row) => `${row.lake_id}:${row.listing_id}`).sort()
}

describe('the lake data', () => {
  test('named US lakes are places of each state whose land holds their shore', () => {
    expect(statesOf(lakesNamed('Lake Okeechobee'))).toEqual(['FL'])
    expect(statesOf(lakesNamed('Lake Tahoe'))).toEqual(['CA', 'NV'])
    expect(statesOf(lakesNamed('Lake Michigan'))).toEqual(['IL', 'IN', 'MI', 'WI'])
    expect(statesOf(lakesNamed('Lake of the Woods'))).toEqual(['MN'])
    expect(new Set(lakesNamed('Lake Tahoe').map((lake) => lake.id)).size).toBe(1)
    expect(gazetteer.lakes.length).toBeGreaterThan(350)
  })

  test('lakes wholly in Canada or Mexico, and bays and rivers, are left out', () => {
    for (const name of ['Lake Winnipeg', 'Lake Nipigon', 'Lago de Chapala', 'Saginaw Bay', 'Mississippi River']) expect(lakesNamed(name)).toEqual([])
  })

  test('two lakes of one name in one state are told apart by their county, and every token is unique in its state', () => {
    expect(lakesNamed('Eagle Lake (Aroostook County)').map((lake) => lake.token)).toEqual(['near-eagle-lake-aroostook-county'])
    const keys = gazetteer.lakes.map((lake) => `${lake.stateId}:${lake.token}`)
    expect(new Set(keys).size).toBe(keys.length)
    // No county, region or city token can be read as a lake's.
    expect(gazetteer.places.filter((place) => place.token.startsWith('near-'))).toEqual([])
  })

  test('the project keeps the source and terms of its lake data', () => {
    const readme = fs.readFileSync('app/data/README.md', 'utf8')
    expect(readme).toContain('Natural Earth')
    expect(readme).toContain('public domain')
  })
})

describe('the distance to a shore', () => {
  // A lake 0.2° square around (30, -90) with a small island in its middle.
  const square: Polygons = [
    [
      [
        [-90.1, 29.9],
        [-89.9, 29.9],
        [-89.9, 30.1],
        [-90.1, 30.1],
        [-90.1, 29.9],
      ],
      [
        [-90.01, 29.99],
        [-89.99, 29.99],
        [-89.99, 30.01],
        [-90.01, 30.01],
        [-90.01, 29.99],
      ],
    ],
  ]
  const milesNorthOfShore = (miles: number) => ({ latitude: 30.1 + miles / 69.09, longitude: -90 })

  test('is the distance to the nearest edge, 0 on the water and measured to an island from it', () => {
    expect(milesToPolygons(square, { latitude: 29.95, longitude: -90 })).toBe(0)
    expect(milesToPolygons(square, milesNorthOfShore(3))).toBeCloseTo(3, 5)
    // From the island's middle its east and west shores are nearest: 0.01° of longitude.
    expect(milesToPolygons(square, { latitude: 30, longitude: -90 })).toBeCloseTo(0.01 * 69.09 * Math.cos((30 * Math.PI) / 180), 3)
  })

  test('a point finds the lakes within five miles of their shore, and no others', () => {
    const lakesNear = createLakeLocator([lakeShape(7, square)])
    expect(lakesNear(milesNorthOfShore(4.9))).toEqual([7])
    expect(lakesNear(milesNorthOfShore(5.1))).toEqual([])
    expect(lakesNear({ latitude: 30, longitude: -90.1 - 4.9 / (69.09 * Math.cos((30 * Math.PI) / 180)) })).toEqual([7])
    expect(lakesNear({ latitude: 29.95, longitude: -90 })).toEqual([7])
  })

  test('Okeechobee, FL is 3.7 miles from the lake, and a point six miles further north is not near it', () => {
    const polygons = lakePolygons.get(okeechobee().id)!
    expect(milesToPolygons(polygons, byLakeOkeechobee)).toBeCloseTo(3.7, 1)
    expect(milesToPolygons(polygons, pastLakeOkeechobee)).toBeGreaterThan(lakeShoreMiles)
  })
})

describe('listings near lakes', () => {
  test('the seed records exactly the listings within five miles of each lake', async () => {
    const stored = await storedListingLakes()
    expect(stored.length).toBeGreaterThan(50)
    expect(stored).toEqual(await measuredListingLakes())
  })

  test('a written listing is near the lakes of its point, and no longer once moved away or deleted', async () => {
    await expectLakesFollowTheListing(db)
  })

  test('a database seeded before lakes gets them, and its listings near them, once', async () => {
    const before = await storedListingLakes()
    await db.deleteFrom('listing_lakes').execute()
    await db.deleteFrom('lake_states').execute()
    await db.deleteFrom('lakes').execute()
    await seedLakes(db)
    await seedLakes(db)
    expect(await storedListingLakes()).toEqual(before)
    expect(
      (
        await db
          .selectFrom('lake_states')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    ).toBe(gazetteer.lakes.length)
  })
})

describe('lake places', () => {
  const locate = (criteria: Partial<SearchCriteria>) => resolveLocation(gazetteer, normalizeCriteria(criteria))

  test('a lake token resolves within each of its states, to the lake, with a display name', () => {
    expect(locate({ state: 'florida', places: ['near-lake-okeechobee'] })).toMatchObject({
      ok: true,
      location: {
        lakes: [{ id: okeechobee().id, name: 'Lake Okeechobee', token: 'near-lake-okeechobee' }],
        displayName: 'Lake Okeechobee, FL',
        preposition: 'near',
      },
    })
    const tahoeIds = ['california', 'nevada'].map((state) => {
      const result = locate({ state, places: ['near-lake-tahoe'] })
      return result.ok ? result.location.lakes[0]?.id : undefined
    })
    expect(tahoeIds).toEqual([lakesNamed('Lake Tahoe')[0]!.id, lakesNamed('Lake Tahoe')[0]!.id])
    expect(locate({ state: 'texas', places: ['near-lake-okeechobee'] })).toEqual({ ok: false })
    expect(locate({ state: 'florida', places: ['lake-okeechobee'] })).toEqual({ ok: false })
  })

  test('a lake with a county is land in the county or near the lake', () => {
    const result = locate({ state: 'florida', places: ['glades-county', 'near-lake-okeechobee'] })
    expect(result.ok && [result.location.displayName, result.location.preposition]).toEqual(['Glades County and Lake Okeechobee, FL', 'in'])
  })

  test('the location box suggests lakes by name, in each of their states', async () => {
    const labels = async (query: string) => (await suggestLocations(db, gazetteer, query)).map((suggestion) => suggestion.label)
    expect(await labels('Lake Okeech')).toEqual(['Lake Okeechobee, FL'])
    expect(await labels('lake tahoe')).toEqual(['Lake Tahoe, CA', 'Lake Tahoe, NV'])
    expect(await suggestLocations(db, gazetteer, 'Lake Okeechobee')).toEqual([
      { kind: 'lake', label: 'Lake Okeechobee, FL', stateToken: 'florida', placeToken: 'near-lake-okeechobee' },
    ])
  })

  test('typed without scripts, a lake is a match, and a lake named like a town is one of two choices', async () => {
    expect(await resolveFreeText(db, gazetteer, 'Lake Okeechobee')).toMatchObject({
      kind: 'match',
      suggestion: { kind: 'lake', placeToken: 'near-lake-okeechobee' },
    })
    expect(await resolveFreeText(db, gazetteer, 'Lake Tahoe NV')).toMatchObject({ kind: 'match', suggestion: { label: 'Lake Tahoe, NV' } })
    const devils = await resolveFreeText(db, gazetteer, 'Devils Lake')
    expect(devils.kind === 'ambiguous' && devils.suggestions.map((suggestion) => [suggestion.kind, suggestion.label])).toEqual([
      ['lake', 'Devils Lake (lake), ND'],
      ['city', 'Devils Lake, ND'],
    ])
  })

  test('a lake search finds the listings of its state near the lake, and only those', async () => {
    const lakeSearch = async (state: string, token: string) => {
      const criteria = normalizeCriteria({ state, places: [token], marketStatuses: ['available', 'under-contract', 'off-market', 'sold'] })
      const resolved = resolveLocation(gazetteer, criteria)
      if (!resolved.ok) throw new Error(`${token} is no lake of ${state}`)
      const result = await searchListings(db, { criteria, location: resolved.location, scopeBits: 0, pageSize: 1000 })
      return result.listings.map((listing) => listing.id).sort((a, b) => a - b)
    }
    const listings = await db.selectFrom('listings').select(['id', 'state_id', 'latitude', 'longitude']).execute()
    const expected = (stateToken: string, lakeName: string) => {
      const stateId = findState(gazetteer, stateToken)!.id
      const polygons = lakePolygons.get(lakesNamed(lakeName)[0]!.id)!
      return listings
        .filter((listing) => listing.state_id === stateId && milesToPolygons(polygons, listing) <= lakeShoreMiles)
        .map((listing) => listing.id)
        .sort((a, b) => a - b)
    }
    for (const [state, token, name] of [
      ['michigan', 'near-lake-michigan', 'Lake Michigan'],
      ['wisconsin', 'near-lake-michigan', 'Lake Michigan'],
      ['texas', 'near-sam-rayburn-reservoir', 'Sam Rayburn Reservoir'],
    ] as const) {
      expect(await lakeSearch(state, token), `${name} in ${state}`).toEqual(expected(state, name))
    }
    expect((await lakeSearch('michigan', 'near-lake-michigan')).length).toBeGreaterThan(0)
  })
})

describe('lake search paths', () => {
  const grammarSites = [sites.land, sites.farm, sites.hunting]
  const filters = fc.record({
    propertyTypes: fc.subarray(keysOf(propertyTypeOptions), { maxLength: 2 }),
    priceMax: fc.option(fc.integer({ min: 1000, max: 5_000_000 }), { nil: undefined }),
    sortOrder: fc.constantFrom(...keysOf(sortOptions)),
    page: fc.integer({ min: 1, max: 40 }),
  })

  test('a lake (its lakeIdList) and any filters, built into a path and read back, are the same search of the same lakes', () => {
    const lakesOfState = (stateId: number) => gazetteer.lakes.filter((lake) => lake.stateId === stateId)
    const someLakesOfOneState = fc.constantFrom(...gazetteer.lakes).chain((lake) => {
      const candidates = lakesOfState(lake.stateId)
      return fc.subarray(candidates, { minLength: 1, maxLength: Math.min(3, candidates.length) }).map((lakes) => ({ stateId: lake.stateId, lakes }))
    })
    fc.assert(
      fc.property(fc.constantFrom(...grammarSites), someLakesOfOneState, filters, (site, { stateId, lakes }, filter) => {
        const lakeIdList = lakes.map((lake) => lake.id).sort((a, b) => a - b)
        const criteria = normalizeCriteria({ ...filter, state: gazetteer.statesById.get(stateId)!.token, places: lakes.map((lake) => lake.token) })
        const path = buildSearchPath(site, criteria)
        const parsed = parseSearchPath(site, path)!
        expect(parsed.criteria).toEqual(criteria)
        expect(parsed.normalPath).toBe(path)
        const resolved = resolveLocation(gazetteer, parsed.criteria)
        expect(resolved.ok && resolved.location.state?.id).toBe(stateId)
        expect(resolved.ok && resolved.location.lakes.map((lake) => lake.id).sort((a, b) => a - b)).toEqual(lakeIdList)
      }),
      { numRuns: 300 },
    )
  })
})

const postgresUrl = process.env.TEST_POSTGRES_URL

describe.skipIf(!postgresUrl)('lakes on PostgreSQL', () => {
  let postgres: Kysely<Database>

  beforeAll(async () => {
    postgres = await migrateAndSeed(await freshPostgresDatabase(postgresUrl!, 'lakes'), { listings: 3000, seed: 3 })
  }, 180_000)

  afterAll(async () => {
    await postgres?.destroy()
  })

  test('the seed records the same listings near the same lakes as on SQLite', async () => {
    expect(await storedListingLakes(postgres)).toEqual(await storedListingLakes())
  })

  test('a written listing is near the lakes of its point, and no longer once moved away or deleted', async () => {
    await expectLakesFollowTheListing(postgres)
  })
})
