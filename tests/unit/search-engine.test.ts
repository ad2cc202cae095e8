import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database, ListingRow } from '~/models/db/db-schema'
import { listingMatchesKeywords } from '~/models/db/dialect.server'
import { amenity, propertyType } from '~/models/listings/enumerations'
import { type Gazetteer, findPlaceById, findStateById, loadGazetteer, resolveLocation } from '~/models/places/gazetteer.server'
import { normalizeCriteria, type SearchCriteria } from '~/models/search/search-criteria'
import { activityOptions, allSortOptions, amenityOptions, dateListedOptions, propertyTypeOptions, type SortOrder } from '~/models/search/search-options'
import { searchListings } from '~/models/search/search.server'
import { refreshPriceContexts } from '~/models/trust/price-context.server'
import { freshPostgresDatabase, freshSqliteDatabase, migrateAndSeed } from '../support/fresh-database'
import { isInsideArea } from '../support/ray-casting'

/**
 * The engine against a plain JavaScript reading of the same rules over every row: for each
 * criteria, page 1's ids, the total and the price range must be the ones the reference computes.
 */
let db: Kysely<Database>
let gazetteer: Gazetteer
let rows: ListingRow[]
let now: Date
/** Each listing's price per acre over its comparables' median (decision 0029), where it has one. */
let medianRatios: Map<number, number>
const hunting = propertyType.hunting | propertyType.recreational | propertyType.timberland

beforeAll(async () => {
  db = await migrateAndSeed(freshSqliteDatabase('search-engine'), { listings: 3000, seed: 3 })
  gazetteer = await loadGazetteer(db)
  rows = await db.selectFrom('listings').selectAll().execute()
  await refreshPriceContexts(db, { force: true })
  const contexts = await db.selectFrom('listing_price_contexts').select(['listing_id', 'price_per_acre_ratio']).execute()
  medianRatios = new Map(contexts.flatMap((context) => (context.price_per_acre_ratio === null ? [] : [[context.listing_id, context.price_per_acre_ratio]])))
  now = new Date(
    Date.parse(
      rows
        .map((row) => row.created_at)
        .sort()
        .at(-1)!,
    ) + 3_600_000,
  )
})

afterAll(async () => {
  await db?.destroy()
})

const mostCommon = <Value>(values: Value[]) => {
  const counts = new Map<Value, number>()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0]
}
const stateToken = (stateId: number) => findStateById(gazetteer, stateId)!.token
const busiestState = () => stateToken(mostCommon(rows.map((row) => row.state_id)))
const placeToken = (kind: 'county' | 'region' | 'city', id: number) => findPlaceById(gazetteer, kind, id)!.token

// The reference: each rule of the engine, written the obvious way.
const statusValue = { available: 1, 'under-contract': 2, 'off-market': 3, sold: 4 } as const
const maskOf = (options: readonly { key: string; bits: number }[], keys: readonly string[]) =>
  options.filter((option) => keys.includes(option.key)).reduce((mask, option) => mask | option.bits, 0)
const daysBefore = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString()

/** The engine's distance: equirectangular at the mean latitude, its cosine by a second-order Taylor polynomial. */
function approximateMiles(latitude: number, longitude: number, point: { latitude: number; longitude: number }) {
  const radians = Math.PI / 180
  const half = ((point.latitude - latitude) * radians) / 2
  const meanCosine = Math.cos(latitude * radians) - Math.sin(latitude * radians) * half - (Math.cos(latitude * radians) / 2) * half * half
  return Math.hypot((point.latitude - latitude) * 69.09, (point.longitude - longitude) * 69.09 * meanCosine)
}

function greatCircleMiles(latitude: number, longitude: number, point: { latitude: number; longitude: number }) {
  const radians = Math.PI / 180
  const haversine =
    Math.sin(((point.latitude - latitude) * radians) / 2) ** 2 +
    Math.cos(latitude * radians) * Math.cos(point.latitude * radians) * Math.sin(((point.longitude - longitude) * radians) / 2) ** 2
  return 2 * 3958.8 * Math.asin(Math.sqrt(haversine))
}

function matches(row: ListingRow, criteria: SearchCriteria, scopeBits: number, keywordIds: Set<number> | undefined) {
  const resolved = resolveLocation(gazetteer, criteria)
  if (!resolved.ok) throw new Error('unknown place in a test criteria')
  const { location } = resolved
  const places = [...location.counties, ...location.regions, ...location.cities]
  if (places.length > 0) {
    const inPlace =
      location.counties.some((county) => county.id === row.county_id) ||
      location.regions.some((region) => region.id === row.region_id) ||
      location.cities.some((city) => city.id === row.city_id)
    if (!inPlace) return false
  } else if (location.state && row.state_id !== location.state.id) return false
  if (location.zip && row.zip !== location.zip.zip) return false
  if (criteria.brokerId !== undefined && row.account_id !== criteria.brokerId) return false
  if (criteria.latitude !== undefined && criteria.longitude !== undefined) {
    if (approximateMiles(criteria.latitude, criteria.longitude, row) > (criteria.radius || 25)) return false
  }
  const bounds = criteria.mapBounds
  if (bounds && !(row.latitude >= bounds.south && row.latitude <= bounds.north && row.longitude >= bounds.west && row.longitude <= bounds.east)) return false
  if (criteria.mapPolygon && !isInsideArea(criteria.mapPolygon, row.latitude, row.longitude)) return false
  if (!criteria.marketStatuses.some((key) => statusValue[key] === row.status)) return false
  // Issue 19: unconfirmed for 180 days, out of search.
  if (row.freshness === 0) return false
  if (criteria.transactionTypes.length === 1 && row.sale_type !== (criteria.transactionTypes[0] === 'sale' ? 1 : 2)) return false
  const hasPriceBound = criteria.priceMin !== undefined || criteria.priceMax !== undefined
  if (hasPriceBound && row.price <= 2) return false
  if (criteria.priceMin !== undefined && row.price < criteria.priceMin) return false
  if (criteria.priceMax !== undefined && row.price > criteria.priceMax) return false
  if (criteria.pricePerAcreMin !== undefined || criteria.pricePerAcreMax !== undefined) {
    if (row.price <= 2 || !(row.acres > 0)) return false
    const pricePerAcre = row.price / row.acres
    if (criteria.pricePerAcreMin !== undefined && pricePerAcre < criteria.pricePerAcreMin) return false
    if (criteria.pricePerAcreMax !== undefined && pricePerAcre > criteria.pricePerAcreMax) return false
  }
  if (criteria.salesPriceMin !== undefined && (row.sales_price === null || row.sales_price < criteria.salesPriceMin)) return false
  if (criteria.salesPriceMax !== undefined && (row.sales_price === null || row.sales_price > criteria.salesPriceMax)) return false
  if (criteria.soldDateMin !== undefined && (row.sales_date === null || row.sales_date < criteria.soldDateMin)) return false
  if (criteria.soldDateMax !== undefined && (row.sales_date === null || row.sales_date > criteria.soldDateMax)) return false
  if (criteria.acresMin !== undefined && row.acres < criteria.acresMin) return false
  if (criteria.acresMax !== undefined && row.acres > criteria.acresMax) return false
  if (criteria.sqftMin !== undefined && (row.home_sqft ?? -1) < criteria.sqftMin) return false
  if (criteria.sqftMax !== undefined && (row.home_sqft === null || row.home_sqft > criteria.sqftMax)) return false
  if (criteria.bedMin !== undefined && (row.beds ?? -1) < criteria.bedMin) return false
  if (criteria.bathMin !== undefined && (row.baths ?? -1) < criteria.bathMin) return false
  if (scopeBits !== 0 && (row.property_types & scopeBits) === 0) return false
  const typeMask = maskOf(propertyTypeOptions, criteria.propertyTypes)
  if (typeMask !== 0 && (row.property_types & typeMask) === 0) return false
  const activityMask = maskOf(activityOptions, criteria.activityTypes)
  if ((row.activities & activityMask) !== activityMask) return false
  const amenityMask = maskOf(amenityOptions, criteria.amenityTypes)
  if ((row.amenities & amenityMask) !== amenityMask) return false
  if (criteria.hasHouse !== null && ((row.property_types & propertyType.house) !== 0) !== criteria.hasHouse) return false
  if (criteria.hasVideo && row.has_video !== 1) return false
  if (criteria.hasVirtualTour && row.has_virtual_tour !== 1) return false
  if (criteria.hasCustomMap && row.has_custom_map !== 1) return false
  if (criteria.mineralRights && row.mineral_rights !== 1) return false
  if (criteria.ownerFinancing && row.owner_financing !== 1) return false
  if (criteria.belowMedianPricePerAcre && !((medianRatios.get(row.id) ?? 1) < 1)) return false
  const listedDays = dateListedOptions.find((option) => option.key === criteria.dateListed)!.days
  if (listedDays > 0 && row.created_at < daysBefore(listedDays)) return false
  if (criteria.priceChangeType !== 'none') {
    if (row.price_changed_at === null || row.price_changed_at < daysBefore(criteria.priceChangeLookback)) return false
    const amount = row.price_change_amount ?? 0
    if (criteria.priceChangeType === 'reduction' ? amount >= 0 : amount === 0) return false
  }
  const segment = criteria.customSegment
  if (segment === 'present-use-orchard-vineyards' && (row.amenities & (amenity.orchard | amenity.vineyard)) === 0) return false
  if (segment === 'log-cabins' && (row.amenities & amenity.cabin) === 0) return false
  if (segment === 'off-grid-land' && (row.amenities & amenity.offGrid) === 0) return false
  if (segment === 'cheap-land' && !(row.price >= 3 && row.price <= 50_000)) return false
  if (segment === 'land-with-mineral-rights' && row.mineral_rights !== 1) return false
  if (keywordIds && !keywordIds.has(row.id)) return false
  return true
}

type Comparator = (a: ListingRow, b: ListingRow) => number
const ascending =
  (value: (row: ListingRow) => number | string): Comparator =>
  (a, b) =>
    value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : 0
const descending =
  (value: (row: ListingRow) => number | string): Comparator =>
  (a, b) =>
    ascending(value)(b, a)
const unpricedLast = ascending((row) => (row.price <= 2 ? 1 : 0))
const chain =
  (...comparators: Comparator[]): Comparator =>
  (a, b) =>
    comparators.reduce((result, compare) => result || compare(a, b), 0)
/** Active listings per seller, for the sellers-with-most-listings sort (counted once the rows are read). */
let sellerCounts: Map<number, number> | undefined
const sellerListingCount = (row: ListingRow) => {
  sellerCounts ??= rows.reduce(
    (counts, listing) => (listing.status <= 2 ? counts.set(listing.account_id, (counts.get(listing.account_id) ?? 0) + 1) : counts),
    new Map<number, number>(),
  )
  return sellerCounts.get(row.account_id) ?? 0
}
const referenceOrder: Record<SortOrder, Comparator> = {
  'title-asc': chain(
    ascending((row) => row.title),
    ascending((row) => row.id),
  ),
  'title-desc': chain(
    descending((row) => row.title),
    descending((row) => row.id),
  ),
  'seller-listings-desc': chain(
    descending(sellerListingCount),
    ascending((row) => row.account_id),
    descending((row) => row.created_at),
    descending((row) => row.id),
  ),
  default: chain(
    descending((row) => row.freshness),
    descending((row) => row.upgrade_level),
    descending((row) => row.listing_level),
    descending((row) => row.created_at),
    descending((row) => row.id),
  ),
  'acres-asc': chain(
    ascending((row) => row.acres),
    ascending((row) => row.id),
  ),
  'acres-desc': chain(
    descending((row) => row.acres),
    descending((row) => row.id),
  ),
  newest: chain(
    descending((row) => row.created_at),
    descending((row) => row.id),
  ),
  'price-asc': chain(
    unpricedLast,
    ascending((row) => row.price),
    ascending((row) => row.id),
  ),
  'price-desc': chain(
    unpricedLast,
    descending((row) => row.price),
    descending((row) => row.id),
  ),
  'price-per-acre-asc': chain(
    unpricedLast,
    ascending((row) => row.price / row.acres),
    ascending((row) => row.id),
  ),
  'price-per-acre-desc': chain(
    unpricedLast,
    descending((row) => row.price / row.acres),
    descending((row) => row.id),
  ),
  'recently-changed': chain(
    descending((row) => row.updated_at),
    descending((row) => row.id),
  ),
  'price-per-acre-below-median': chain(
    ascending((row) => medianRatios.get(row.id) ?? 1e9),
    ascending((row) => row.id),
  ),
}

async function keywordIdsFor(database: Kysely<Database>, query: string | undefined) {
  if (!query) return undefined
  const found = await database.selectFrom('listings').where(listingMatchesKeywords(database, query)).select('id').execute()
  return new Set(found.map((row) => row.id))
}

async function expected(input: Partial<SearchCriteria>, scopeBits = 0) {
  const criteria = normalizeCriteria(input)
  const keywordIds = await keywordIdsFor(db, criteria.keywordQuery)
  const matching = rows.filter((row) => matches(row, criteria, scopeBits, keywordIds)).sort(referenceOrder[criteria.sortOrder])
  const prices = matching.map((row) => row.price).filter((price) => price > 2)
  return {
    totalCount: matching.length,
    ids: matching.slice((criteria.page - 1) * 25, criteria.page * 25).map((row) => row.id),
    priceRange: prices.length > 0 ? { min: Math.min(...prices), max: Math.max(...prices) } : null,
  }
}

async function search(input: Partial<SearchCriteria>, scopeBits = 0, database = db) {
  const criteria = normalizeCriteria(input)
  const resolved = resolveLocation(gazetteer, criteria)
  if (!resolved.ok) throw new Error('unknown place in a test criteria')
  return searchListings(database, { criteria, location: resolved.location, scopeBits, now })
}

async function expectSameAsReference(input: Partial<SearchCriteria>, scopeBits = 0) {
  const [actual, reference] = await Promise.all([search(input, scopeBits), expected(input, scopeBits)])
  expect({ totalCount: actual.totalCount, ids: actual.listings.map((listing) => listing.id), priceRange: actual.priceRange }).toEqual(reference)
  return reference
}

describe('the search engine agrees with the reference', () => {
  test.each(allSortOptions.map((option) => option.key))('national search sorted %s', async (sortOrder) => {
    const reference = await expectSameAsReference({ sortOrder })
    expect(reference.totalCount).toBeGreaterThan(1900)
  })

  test.each(allSortOptions.map((option) => option.key))('state search with a price range and a property type, sorted %s', async (sortOrder) => {
    const reference = await expectSameAsReference({ state: busiestState(), priceMin: 50_000, priceMax: 900_000, propertyTypes: ['hunting-land'], sortOrder })
    expect(reference.totalCount).toBeGreaterThan(25)
  })

  test('places: a county, a region, a city, and several at once', async () => {
    const row = rows.find((candidate) => candidate.city_id !== null && candidate.region_id !== null)!
    const state = stateToken(row.state_id)
    const county = placeToken('county', row.county_id)
    const region = placeToken('region', row.region_id!)
    const city = placeToken('city', row.city_id!)
    for (const places of [[county], [region], [city], [county, city], [region, city]]) {
      const reference = await expectSameAsReference({ state, places })
      expect(reference.ids).toContain(row.id)
    }
  })

  test('a zip, a broker, a point with and without a radius, and a map box', async () => {
    const row = rows.find((candidate) => candidate.zip !== null && candidate.status === 1 && candidate.freshness === 2)!
    expect((await expectSameAsReference({ state: stateToken(row.state_id), zip: row.zip! })).ids).toContain(row.id)
    const broker = mostCommon(rows.map((candidate) => candidate.account_id))
    expect((await expectSameAsReference({ brokerId: broker })).totalCount).toBeGreaterThan(1)
    for (const radius of [0, 10, 100]) {
      expect((await expectSameAsReference({ latitude: row.latitude, longitude: row.longitude, radius })).ids).toContain(row.id)
    }
    const box = { south: row.latitude - 2, north: row.latitude + 2, west: row.longitude - 3, east: row.longitude + 3 }
    expect((await expectSameAsReference({ mapBounds: box })).totalCount).toBeGreaterThan(1)
  })

  test('a drawn area: a triangle and a concave area, with other criteria, sorted and paged', async () => {
    const row = rows.find((candidate) => candidate.state_id === mostCommon(rows.map((listing) => listing.state_id)) && candidate.status === 1)!
    const [latitude, longitude] = [row.latitude, row.longitude]
    const triangle: [number, number][] = [
      [latitude - 3, longitude - 4],
      [latitude - 3, longitude + 4],
      [latitude + 3, longitude],
    ]
    const inTriangle = await expectSameAsReference({ mapPolygon: triangle })
    expect(inTriangle.ids).toContain(row.id)
    const inBox = await expectSameAsReference({ mapBounds: { south: latitude - 3, west: longitude - 4, north: latitude + 3, east: longitude + 4 } })
    expect(inTriangle.totalCount).toBeLessThan(inBox.totalCount)
    // A 'U' open to the north: the notch between its arms is outside.
    const concave: [number, number][] = [
      [latitude - 4, longitude - 5],
      [latitude - 4, longitude + 5],
      [latitude + 4, longitude + 5],
      [latitude + 4, longitude + 2],
      [latitude - 1, longitude + 2],
      [latitude - 1, longitude - 2],
      [latitude + 4, longitude - 2],
      [latitude + 4, longitude - 5],
    ]
    for (const sortOrder of ['price-asc', 'acres-desc', 'default'] as const) {
      expect((await expectSameAsReference({ mapPolygon: concave, sortOrder, page: 2 })).ids).toHaveLength(25)
    }
    await expectSameAsReference({ mapPolygon: concave, propertyTypes: ['hunting-land'], priceMax: 500_000, marketStatuses: ['available', 'sold'] }, hunting)
  })

  test.each(propertyTypeOptions.map((option) => option.key))('property type %s', async (key) => {
    await expectSameAsReference({ propertyTypes: [key] })
  })

  test('ranges: acres, square feet, bedrooms, bathrooms, and a price bound alone', async () => {
    await expectSameAsReference({ acresMin: 20, acresMax: 200, sortOrder: 'acres-asc' })
    await expectSameAsReference({ sqftMin: 1500, sqftMax: 3000 })
    await expectSameAsReference({ bedMin: 3, bathMin: 2 })
    await expectSameAsReference({ priceMax: 150_000, sortOrder: 'price-desc' })
  })

  test('a price per acre range, each bound alone and both, in sorts that read an index and one that does not', async () => {
    const both = await expectSameAsReference({ pricePerAcreMin: 1_000, pricePerAcreMax: 5_000 })
    expect(both.totalCount).toBeGreaterThan(25)
    for (const sortOrder of ['price-per-acre-asc', 'price-per-acre-desc', 'price-asc', 'acres-desc', 'default'] as const) {
      const under = await expectSameAsReference({ pricePerAcreMax: 5_000, sortOrder })
      const over = await expectSameAsReference({ pricePerAcreMin: 5_000, sortOrder, page: 2 })
      expect(under.totalCount).toBeGreaterThan(both.totalCount)
      expect(over.ids).toHaveLength(25)
    }
    await expectSameAsReference({ state: busiestState(), pricePerAcreMax: 3_000, priceMax: 400_000, propertyTypes: ['farms'], sortOrder: 'acres-asc' }, hunting)
  })

  test('activities and amenities, one and several', async () => {
    await expectSameAsReference({ activityTypes: ['hunting'] })
    await expectSameAsReference({ activityTypes: ['hunting', 'fishing', 'camping'] })
    await expectSameAsReference({ amenityTypes: ['pasture'] })
    await expectSameAsReference({ amenityTypes: ['pasture', 'rural'], sortOrder: 'newest' })
  })

  test('transaction types, market statuses and the date listed', async () => {
    await expectSameAsReference({ transactionTypes: ['auction'] })
    await expectSameAsReference({ transactionTypes: ['sale'] })
    await expectSameAsReference({ transactionTypes: ['sale', 'auction'] })
    await expectSameAsReference({ marketStatuses: ['sold'] })
    await expectSameAsReference({ marketStatuses: ['off-market', 'sold'], sortOrder: 'recently-changed' })
    for (const dateListed of ['24-hours', '7-days', '30-days', '60-days'] as const) await expectSameAsReference({ dateListed })
    expect((await expected({ dateListed: '60-days' })).totalCount).toBeGreaterThan(0)
  })

  test('sold listings by sale price and sold date, each bound alone and together', async () => {
    const sold = rows.filter((row) => row.sales_price !== null && row.sales_date !== null)
    const prices = sold.map((row) => row.sales_price!).sort((a, b) => a - b)
    const dates = sold.map((row) => row.sales_date!).sort()
    const [lowPrice, highPrice] = [prices[Math.floor(prices.length / 4)]!, prices[Math.floor((prices.length * 3) / 4)]!]
    const [earlyDate, lateDate] = [dates[Math.floor(dates.length / 4)]!, dates[Math.floor((dates.length * 3) / 4)]!]
    const both = await expectSameAsReference({ salesPriceMin: lowPrice, salesPriceMax: highPrice, soldDateMin: earlyDate, soldDateMax: lateDate })
    expect(both.totalCount).toBeGreaterThan(10)
    for (const bounds of [{ salesPriceMin: lowPrice }, { salesPriceMax: highPrice }, { soldDateMin: earlyDate }, { soldDateMax: lateDate }]) {
      const reference = await expectSameAsReference({ ...bounds, sortOrder: 'price-desc' })
      expect(reference.totalCount).toBeGreaterThan(both.totalCount)
    }
    // The bounds include their ends: a listing sold on the first day, or for the lowest price, is found.
    const onEdge = sold.find((row) => row.sales_date === earlyDate)!
    expect((await expected({ soldDateMin: earlyDate, soldDateMax: earlyDate, sortOrder: 'newest' })).ids).toContain(onEdge.id)
    await expectSameAsReference({
      state: stateToken(onEdge.state_id),
      salesPriceMin: onEdge.sales_price!,
      salesPriceMax: onEdge.sales_price!,
      sortOrder: 'acres-asc',
    })
    await expectSameAsReference({ state: busiestState(), soldDateMin: earlyDate, propertyTypes: ['farms'] }, hunting)
  })

  test('a sold bound searches sold listings only, even with other statuses asked for', async () => {
    const reference = await expectSameAsReference({ salesPriceMin: 1, marketStatuses: ['available', 'under-contract'] })
    expect(reference.totalCount).toBe(rows.filter((row) => row.status === 4 && row.sales_price !== null && row.sales_price >= 1).length)
  })

  test('price changes: reductions and any change within the lookback', async () => {
    const reduced = await expectSameAsReference({ priceChangeLookback: 90, priceChangeType: 'reduction' })
    expect(reduced.totalCount).toBeGreaterThan(0)
    await expectSameAsReference({ priceChangeLookback: 30, priceChangeType: 'change' })
  })

  test('house, media and rights flags', async () => {
    await expectSameAsReference({ hasHouse: true })
    await expectSameAsReference({ hasHouse: false })
    for (const flag of ['hasVideo', 'hasVirtualTour', 'hasCustomMap', 'mineralRights', 'ownerFinancing', 'belowMedianPricePerAcre'] as const) {
      const reference = await expectSameAsReference({ [flag]: true })
      expect(reference.totalCount).toBeGreaterThan(0)
    }
  })

  test.each(['present-use-orchard-vineyards', 'log-cabins', 'cheap-land', 'off-grid-land', 'land-with-mineral-rights'] as const)(
    'landing segment %s',
    async (customSegment) => {
      const reference = await expectSameAsReference({ customSegment })
      expect(reference.totalCount).toBeGreaterThan(0)
    },
  )

  test('keywords, alone and with a state', async () => {
    const word = mostCommon(rows.flatMap((row) => row.title.toLowerCase().match(/[a-z]{6,}/g) ?? []))
    const reference = await expectSameAsReference({ keywordQuery: word })
    expect(reference.totalCount).toBeGreaterThan(25)
    await expectSameAsReference({ keywordQuery: `${word} pond`, state: busiestState(), sortOrder: 'price-asc' })
  })

  test('a site scope keeps only its property types', async () => {
    await expectSameAsReference({}, hunting)
    await expectSameAsReference({ state: busiestState(), propertyTypes: ['farms'], sortOrder: 'acres-desc' }, hunting)
  })

  test('many filters at once', async () => {
    await expectSameAsReference({
      state: busiestState(),
      propertyTypes: ['farms', 'ranches', 'horse-property'],
      acresMin: 5,
      priceMin: 20_000,
      marketStatuses: ['available', 'under-contract', 'sold'],
      hasHouse: true,
      sortOrder: 'price-per-acre-desc',
    })
  })
})

describe('the meaning of each filter', () => {
  test('a radius finds the listings within that great-circle distance, to 1%', async () => {
    const center = rows.find((row) => row.state_id === 48) ?? rows[0]!
    for (const radius of [30, 300]) {
      const criteria = { latitude: center.latitude, longitude: center.longitude, radius, sortOrder: 'newest' as const }
      const total = (await search(criteria)).totalCount
      const pages = await Promise.all(Array.from({ length: Math.ceil(total / 25) }, (_value, index) => search({ ...criteria, page: index + 1 })))
      const found = pages.flatMap((page) => page.listings)
      const distances = found.map((listing) => greatCircleMiles(center.latitude, center.longitude, listing))
      expect(Math.max(...distances)).toBeLessThanOrEqual(radius * 1.01)
      const surelyInside = rows.filter((row) => row.status <= 2 && row.freshness > 0 && greatCircleMiles(center.latitude, center.longitude, row) <= radius * 0.99)
      const foundIds = new Set(found.map((listing) => listing.id))
      expect(surelyInside.every((row) => foundIds.has(row.id))).toBe(true)
    }
  })

  test('a composite type matches listings with any one of its members', async () => {
    const waterfrontBits = propertyType.lakefront | propertyType.beachfront | propertyType.riverfront
    const result = await search({ propertyTypes: ['waterfront'], sortOrder: 'newest' })
    const found = await Promise.all([2, 3, 4].map((page) => search({ propertyTypes: ['waterfront'], sortOrder: 'newest', page })))
    const types = [result, ...found].flatMap((page) => page.listings.map((listing) => listing.propertyTypes))
    expect(types.every((bits) => (bits & waterfrontBits) !== 0)).toBe(true)
    expect(types.some((bits) => (bits & waterfrontBits) === propertyType.lakefront)).toBe(true)
    expect(types.some((bits) => (bits & waterfrontBits) === propertyType.riverfront)).toBe(true)
    const farmsAndRanches = await search({ propertyTypes: ['farms-and-ranches'] })
    const farms = await search({ propertyTypes: ['farms'] })
    expect(farmsAndRanches.totalCount).toBeGreaterThan(farms.totalCount)
  })

  test('several activities narrow the search: each one is required', async () => {
    const hunting = await search({ activityTypes: ['hunting'] })
    const huntingAndFishing = await search({ activityTypes: ['hunting', 'fishing'] })
    expect(huntingAndFishing.totalCount).toBeGreaterThan(0)
    expect(huntingAndFishing.totalCount).toBeLessThan(hunting.totalCount)
  })

  test('unpriced listings sort last in both price directions', async () => {
    const unpriced = rows.filter((row) => row.price <= 2 && row.status <= 2).length
    expect(unpriced).toBeGreaterThan(0)
    for (const sortOrder of ['price-asc', 'price-desc', 'price-per-acre-asc'] as const) {
      const total = (await search({ sortOrder })).totalCount
      const lastPage = await search({ sortOrder, page: Math.ceil(total / 25) })
      expect(lastPage.listings.at(-1)!.price).toBeLessThanOrEqual(2)
      expect((await search({ sortOrder })).listings[0]!.price).toBeGreaterThan(2)
    }
  })
})

describe('pages', () => {
  test('page 2 continues page 1 without overlap, and a page past the end is empty', async () => {
    const criteria = { state: busiestState(), sortOrder: 'price-asc' as const }
    const [first, second] = await Promise.all([search({ ...criteria, page: 1 }), search({ ...criteria, page: 2 })])
    const reference = await expected({ ...criteria, page: 2 })
    expect(second.listings.map((listing) => listing.id)).toEqual(reference.ids)
    const firstIds = new Set(first.listings.map((listing) => listing.id))
    expect(second.listings.some((listing) => firstIds.has(listing.id))).toBe(false)
    expect(first.listings).toHaveLength(25)
    const beyond = await search({ ...criteria, page: Math.ceil(first.totalCount / 25) + 1 })
    expect(beyond.listings).toEqual([])
    expect(beyond.totalCount).toBe(first.totalCount)
  })

  test('the last page holds the remainder', async () => {
    const total = (await search({})).totalCount
    const last = await search({ page: Math.ceil(total / 25) })
    expect(last.listings).toHaveLength(total % 25 || 25)
    await expectSameAsReference({ page: Math.ceil(total / 25) })
  })

  test('a search that matches nothing has no price range', async () => {
    const result = await search({ priceMin: 9_000_000_000 })
    expect(result).toEqual({ totalCount: 0, listings: [], priceRange: null })
  })
})

describe('the card summaries', () => {
  test('carry place names, photos, an excerpt and the broker of paid listings only', async () => {
    const result = await search({ state: busiestState(), sortOrder: 'newest' })
    const accounts = new Map((await db.selectFrom('accounts').selectAll().execute()).map((account) => [account.id, account]))
    for (const listing of result.listings) {
      const row = rows.find((candidate) => candidate.id === listing.id)!
      const imageIds = JSON.parse(row.image_ids) as number[]
      expect(listing).toMatchObject({ title: row.title, price: row.price, acres: row.acres, zip: row.zip, createdAt: row.created_at })
      expect(listing.countyName).toBe(findPlaceById(gazetteer, 'county', row.county_id)!.name)
      expect(listing.stateAbbreviation).toBe(findStateById(gazetteer, row.state_id)!.abbreviation)
      expect(listing.imageIds).toEqual(imageIds.slice(0, 5))
      expect(listing.imageCount).toBe(imageIds.length)
      expect(listing.descriptionExcerpt.length).toBeLessThanOrEqual(221)
      expect(row.description.startsWith(listing.descriptionExcerpt.replace(/…$/, ''))).toBe(true)
      expect(listing.descriptionExcerpt.endsWith('…')).toBe(row.description.length > 220)
      const isPaid = row.listing_level !== 3 && row.upgrade_level !== -10
      const account = accounts.get(row.account_id)!
      expect(listing.broker).toEqual(
        isPaid
          ? {
              accountId: account.id,
              contactName: account.contact_name,
              companyName: account.company_name,
              phone: account.preferred_phone ?? account.office_phone,
              portraitDocumentId: account.portrait_document_id,
              logoDocumentId: account.logo_document_id,
              isFree: account.is_free === 1,
              replyWithinHours: account.reply_within_hours,
            }
          : null,
      )
    }
    expect(result.listings.some((listing) => listing.broker === null)).toBe(true)
    expect(result.listings.some((listing) => listing.broker !== null)).toBe(true)
  })
})

const postgresUrl = process.env.TEST_POSTGRES_URL

describe.skipIf(!postgresUrl)('the same searches on PostgreSQL', () => {
  let postgres: Kysely<Database>

  beforeAll(async () => {
    postgres = await migrateAndSeed(await freshPostgresDatabase(postgresUrl!, 'search-engine'), { listings: 3000, seed: 3 })
    await refreshPriceContexts(postgres, { force: true })
  }, 180_000)

  afterAll(async () => {
    await postgres?.destroy()
  })

  const criteriaList: [string, Partial<SearchCriteria>, number][] = [
    ['national default', {}, 0],
    ['state, price range, type, price sort', { priceMin: 50_000, priceMax: 900_000, propertyTypes: ['hunting-land'], sortOrder: 'price-asc' }, 0],
    ['price per acre, descending, page 2', { sortOrder: 'price-per-acre-desc', page: 2 }, 0],
    ['radius and scope', { latitude: 31, longitude: -97, radius: 150, sortOrder: 'acres-desc' }, hunting],
    ['activities, house and date listed', { activityTypes: ['hunting', 'fishing'], hasHouse: false, dateListed: '60-days', sortOrder: 'newest' }, 0],
    ['keyword', { keywordQuery: 'creek', sortOrder: 'recently-changed' }, 0],
    ['sold price and date', { salesPriceMin: 50_000, soldDateMin: '2025-06-01', sortOrder: 'price-asc' }, 0],
    ['land near a lake', { state: 'michigan', places: ['near-lake-michigan'], marketStatuses: ['available', 'sold'] }, 0],
    ['below the county median, furthest below first', { belowMedianPricePerAcre: true, sortOrder: 'price-per-acre-below-median' }, 0],
    ['a price per acre range, cheapest per acre first', { pricePerAcreMin: 1_000, pricePerAcreMax: 5_000, sortOrder: 'price-per-acre-asc' }, 0],
    ['under a price per acre, newest first, page 2', { pricePerAcreMax: 3_000, sortOrder: 'newest', page: 2 }, 0],
    [
      'a drawn area',
      {
        mapPolygon: [
          [29, -104],
          [36, -100],
          [30, -94],
        ],
        sortOrder: 'price-desc',
      },
      0,
    ],
  ]

  test.each(criteriaList)('%s gives the same page as SQLite', async (_name, input, scopeBits) => {
    const withState = input.priceMin ? { ...input, state: busiestState() } : input
    const [onSqlite, onPostgres] = await Promise.all([search(withState, scopeBits), search(withState, scopeBits, postgres)])
    expect(onPostgres).toEqual(onSqlite)
  })
})
