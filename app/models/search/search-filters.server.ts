import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { filteredColumn, isAmongIds, listingMatchesKeywords } from '~/models/db/dialect.server'
import { amenity, auctionWithoutPrice, propertyType, saleType } from '~/models/listings/enumerations'
import { freshness } from '~/models/trust/listing-history'
import type { ResolvedLocation } from '~/models/places/gazetteer.server'
import { activityOptions, amenityOptions, dateListedOptions, marketStatusOptions, propertyTypeOptions, type SortOrder } from './search-options'
import type { CustomSegmentKey, SearchCriteria } from './search-criteria'

/** What a search asks, with its places already resolved to ids. */
export interface SearchRequest {
  criteria: SearchCriteria
  location: ResolvedLocation
  /** The site's property-type scope (`SiteProfile.listingScopeBits`); 0 shows every listing. */
  scopeBits: number
  now?: Date
  /** The listings inside the criteria's drawn area, if it has one (`withDrawnArea`, drawn-area.server.ts). */
  areaListingIds?: readonly number[]
}

type ListingExpressions = ExpressionBuilder<Database, 'listings'>
type Condition = Expression<SqlBool>

const milesPerDegreeOfLatitude = 69.09
/** A point without a radius means its surroundings (spec §3: radius defaults to 0). */
const defaultRadiusMiles = 25
const cheapLandMaxPrice = 50_000
const dayMilliseconds = 86_400_000

const saleTypeValues = { sale: saleType.sale, auction: saleType.auction }

/** Landing segments of spec §2 that narrow the search by a fact of the listing. */
const customSegmentConditions: Record<CustomSegmentKey, (eb: ListingExpressions, range: RangeColumn) => Condition> = {
  'present-use-orchard-vineyards': (eb) => hasAnyBit(eb, 'amenities', amenity.orchard | amenity.vineyard),
  'log-cabins': (eb) => hasAnyBit(eb, 'amenities', amenity.cabin),
  'cheap-land': (eb, range) => eb.between(range('price'), auctionWithoutPrice + 1, cheapLandMaxPrice),
  'off-grid-land': (eb) => hasAnyBit(eb, 'amenities', amenity.offGrid),
  'land-with-mineral-rights': (eb) => eb('listings.mineral_rights', '=', 1),
}

type BitColumn = 'property_types' | 'activities' | 'amenities'

function bitsOf(eb: ListingExpressions, column: BitColumn, mask: number) {
  return eb.parens(eb(`listings.${column}`, '&', mask))
}

export function hasAnyBit(eb: ListingExpressions, column: BitColumn, mask: number) {
  return eb(bitsOf(eb, column, mask), '!=', 0)
}

function hasAllBits(eb: ListingExpressions, column: BitColumn, mask: number) {
  return eb(bitsOf(eb, column, mask), '=', mask)
}

function maskOf<Key extends string>(options: readonly { key: Key; bits: number }[], keys: readonly Key[]) {
  return options.filter((option) => keys.includes(option.key)).reduce((mask, option) => mask | option.bits, 0)
}

function daysBefore(now: Date, days: number) {
  return new Date(now.getTime() - days * dayMilliseconds).toISOString()
}

function locationConditions(db: Kysely<Database>, eb: ListingExpressions, { criteria, location, areaListingIds }: SearchRequest): Condition[] {
  const conditions: Condition[] = []
  const placeConditions = [
    location.counties.length > 0 &&
      eb(
        'listings.county_id',
        'in',
        location.counties.map((county) => county.id),
      ),
    location.regions.length > 0 &&
      eb(
        'listings.region_id',
        'in',
        location.regions.map((region) => region.id),
      ),
    location.cities.length > 0 &&
      eb(
        'listings.city_id',
        'in',
        location.cities.map((city) => city.id),
      ),
    location.lakes.length > 0 && location.state !== undefined && nearLakes(eb, location.state.id, location.lakes),
  ].filter((condition) => condition !== false)
  if (placeConditions.length > 0) conditions.push(eb.or(placeConditions))
  else if (location.state) conditions.push(eb('listings.state_id', '=', location.state.id))
  if (location.zip) conditions.push(eb('listings.zip', '=', location.zip.zip))
  if (criteria.brokerId !== undefined) conditions.push(eb('listings.account_id', '=', criteria.brokerId))
  if (criteria.latitude !== undefined && criteria.longitude !== undefined) {
    conditions.push(...withinRadius(eb, criteria.latitude, criteria.longitude, criteria.radius || defaultRadiusMiles))
  }
  const bounds = criteria.mapBounds
  if (bounds) {
    conditions.push(eb.between('listings.latitude', bounds.south, bounds.north))
    // A box across the antimeridian (west > east) wraps around it.
    conditions.push(
      bounds.west <= bounds.east
        ? eb.between('listings.longitude', bounds.west, bounds.east)
        : eb.or([eb('listings.longitude', '>=', bounds.west), eb('listings.longitude', '<=', bounds.east)]),
    )
  }
  if (criteria.mapPolygon) {
    if (!areaListingIds) throw new Error('A drawn-area search needs its listings: see withDrawnArea')
    conditions.push(isAmongIds(db, 'listings.id', areaListingIds))
  }
  return conditions
}

/**
 * Listings of the state near any of the lakes (spec §3 lakeIdList): which listings lie near which
 * lake is worked out when a listing is written (lakes.server.ts), so this is an indexed lookup.
 */
function nearLakes(eb: ListingExpressions, stateId: number, lakes: readonly { id: number }[]): Condition {
  const nearby = eb
    .selectFrom('listing_lakes')
    .select('listing_lakes.listing_id')
    .where(
      'listing_lakes.lake_id',
      'in',
      lakes.map((lake) => lake.id),
    )
  return eb.and([eb('listings.state_id', '=', stateId), eb('listings.id', 'in', nearby)])
}

/**
 * A bounding box the coordinates index can answer, then the equirectangular distance at the
 * mean latitude of the two points. Its cosine is a Taylor polynomial around the centre, so the
 * SQL is arithmetic alone and runs alike on SQLite and PostgreSQL; within 500 miles it stays
 * within 1% of the great-circle distance.
 */
function withinRadius(eb: ListingExpressions, latitude: number, longitude: number, radius: number): Condition[] {
  const radiansPerDegree = Math.PI / 180
  const cosine = Math.cos(latitude * radiansPerDegree)
  const sine = Math.sin(latitude * radiansPerDegree)
  const latitudeSpan = radius / milesPerDegreeOfLatitude
  // The box must hold the circle where meridians are closest: at the poleward mean latitude (1% to spare).
  const polewardMean = Math.min(Math.abs(latitude) + latitudeSpan / 2, 89)
  const longitudeSpan = (1.01 * latitudeSpan) / Math.cos(polewardMean * radiansPerDegree)
  const halfDifference = sql`((listings.latitude - ${latitude}) * ${radiansPerDegree / 2})`
  const meanCosine = sql`(${cosine} - ${sine} * ${halfDifference} - ${cosine / 2} * ${halfDifference} * ${halfDifference})`
  const north = sql`((listings.latitude - ${latitude}) * ${milesPerDegreeOfLatitude})`
  const east = sql`((listings.longitude - ${longitude}) * ${milesPerDegreeOfLatitude} * ${meanCosine})`
  return [
    eb.between('listings.latitude', latitude - latitudeSpan, latitude + latitudeSpan),
    eb.between('listings.longitude', longitude - longitudeSpan, longitude + longitudeSpan),
    sql<SqlBool>`${north} * ${north} + ${east} * ${east} <= ${radius * radius}`,
  ]
}

/** The sort orders that read their order from an index on the column (migration 0003). */
const sortsByColumn: Record<'price' | 'acres', readonly SortOrder[]> = {
  price: ['price-asc', 'price-desc', 'price-per-acre-asc', 'price-per-acre-desc'],
  acres: ['acres-asc', 'acres-desc'],
}

/** Whether a search names no place, broker, point, box or drawn area: it looks at the whole country. */
export function isCountryWide({ criteria, location }: SearchRequest) {
  const { state, counties, regions, cities, lakes, zip } = location
  return (
    !state &&
    counties.length + regions.length + cities.length + lakes.length === 0 &&
    !zip &&
    criteria.brokerId === undefined &&
    criteria.latitude === undefined &&
    !criteria.mapBounds &&
    !criteria.mapPolygon
  )
}

type RangeColumn = (column: 'price' | 'acres') => Expression<number>

/**
 * A listing's price over its acreage: null without acres, so such a listing matches no bound. It
 * reads exactly as the price-per-acre sort indexes do (migrations 0003 and 0011), for them to serve
 * the sort; a range over it is checked row by row, from what those and the other covering indexes carry
 * (decision 0073).
 */
export const pricePerAcre = sql<number>`cast(listings.price as double precision) / nullif(listings.acres, 0)`

/**
 * A price or acreage range matches a large share of listings as a rule, yet SQLite guesses any
 * two-sided range to be narrow and reads it from the column's index, fetching every row in it
 * and then sorting them all (65 ms for 'under $250,000, over 40 acres, largest first'). So the
 * range is left to be checked row by row (`filteredColumn`), and the sort index, or the rank
 * indexes that carry price and acres, serve the page. A range on the column the page is sorted by
 * stays indexable: one index walk serves both. So does a count of the whole country (read in no
 * order, `orderedBy` null): the price and acres indexes carry what a count filters on (migrations
 * 0011 and 0026), so it reads the range's entries alone, never more than the whole rank index a
 * place's count would rather read (cheap land: 60,000 entries of a million, not all of them).
 */
function rangeColumns(db: Kysely<Database>, request: SearchRequest, orderedBy: SortOrder | null): RangeColumn {
  const isCountryCount = orderedBy === null && isCountryWide(request)
  return (column) => {
    if (isCountryCount || (orderedBy && sortsByColumn[column].includes(orderedBy))) return sql.ref<number>(`listings.${column}`)
    return filteredColumn(db, `listings.${column}`)
  }
}

function rangeConditions(db: Kysely<Database>, eb: ListingExpressions, criteria: SearchCriteria, range: RangeColumn, orderedBy: SortOrder | null): Condition[] {
  const conditions: Condition[] = []
  const bound = (value: Expression<number>, min: number | undefined, max: number | undefined) => {
    if (min !== undefined) conditions.push(eb(value, '>=', min))
    if (max !== undefined) conditions.push(eb(value, '<=', max))
  }
  // An auction without a price (2) or 'Contact for Price' (0) has no price, nor price per acre, to fall in a range.
  const priceBounds = [criteria.priceMin, criteria.priceMax, criteria.pricePerAcreMin, criteria.pricePerAcreMax]
  if (priceBounds.some((value) => value !== undefined)) conditions.push(eb(range('price'), '>', auctionWithoutPrice))
  bound(range('price'), criteria.priceMin, criteria.priceMax)
  bound(pricePerAcre, criteria.pricePerAcreMin, criteria.pricePerAcreMax)
  bound(range('acres'), criteria.acresMin, criteria.acresMax)
  bound(sql.ref<number>('listings.home_sqft'), criteria.sqftMin, criteria.sqftMax)
  // Only sold listings carry a sale price and date; normalised criteria with either bound ask for
  // the Sold status alone (see normalizeCriteria), and an unsold row's nulls never match a bound.
  // A count reads a sale price range from its index (migration 0009: 16 ms, not a 350 ms table
  // scan, for 100,000 listings); a page leaves it to be checked row by row (`filteredColumn`, as in
  // `rangeColumns`), since a typical range holds half the sold listings and the sort index finds
  // 25 of them sooner than the range can be read and sorted (0.5 ms against 21 ms).
  const salesPrice = orderedBy ? filteredColumn(db, 'listings.sales_price') : sql.ref<number>('listings.sales_price')
  bound(salesPrice, criteria.salesPriceMin, criteria.salesPriceMax)
  // Sale dates are ISO days ('2024-01-31'), so text order is date order on both databases.
  if (criteria.soldDateMin !== undefined) conditions.push(eb('listings.sales_date', '>=', criteria.soldDateMin))
  if (criteria.soldDateMax !== undefined) conditions.push(eb('listings.sales_date', '<=', criteria.soldDateMax))
  if (criteria.bedMin !== undefined) conditions.push(eb('listings.beds', '>=', criteria.bedMin))
  if (criteria.bathMin !== undefined) conditions.push(eb('listings.baths', '>=', criteria.bathMin))
  return conditions
}

function featureConditions(eb: ListingExpressions, { criteria, scopeBits }: SearchRequest, range: RangeColumn): Condition[] {
  const conditions: Condition[] = []
  if (scopeBits !== 0) conditions.push(hasAnyBit(eb, 'property_types', scopeBits))
  // Property types are kinds of land a buyer widens the net with ('farms or ranches'), and a
  // composite option (waterfront) means any of its members, so any selected type matches.
  const typeMask = maskOf(propertyTypeOptions, criteria.propertyTypes)
  if (typeMask !== 0) conditions.push(hasAnyBit(eb, 'property_types', typeMask))
  // Activities and amenities are features a buyer requires: each one ticked narrows the search.
  const activityMask = maskOf(activityOptions, criteria.activityTypes)
  if (activityMask !== 0) conditions.push(hasAllBits(eb, 'activities', activityMask))
  const amenityMask = maskOf(amenityOptions, criteria.amenityTypes)
  if (amenityMask !== 0) conditions.push(hasAllBits(eb, 'amenities', amenityMask))
  if (criteria.hasHouse !== null) {
    conditions.push(eb(bitsOf(eb, 'property_types', propertyType.house), criteria.hasHouse ? '!=' : '=', 0))
  }
  const flags = [
    [criteria.hasVideo, 'has_video'],
    [criteria.hasVirtualTour, 'has_virtual_tour'],
    [criteria.hasCustomMap, 'has_custom_map'],
    [criteria.mineralRights, 'mineral_rights'],
    [criteria.ownerFinancing, 'owner_financing'],
  ] as const
  for (const [isWanted, column] of flags) if (isWanted) conditions.push(eb(`listings.${column}`, '=', 1))
  if (criteria.customSegment) conditions.push(customSegmentConditions[criteria.customSegment](eb, range))
  if (criteria.belowMedianPricePerAcre) conditions.push(isBelowMedianPricePerAcre(eb))
  return conditions
}

/**
 * A price per acre below the median of comparable land (issue 19, decision 0029): the listing's
 * stored context, looked up by its key for each candidate row. Auctions and listings without a
 * price have no ratio, so they never match.
 */
function isBelowMedianPricePerAcre(eb: ListingExpressions): Condition {
  return eb.exists(
    eb
      .selectFrom('listing_price_contexts')
      .select('listing_price_contexts.listing_id')
      .whereRef('listing_price_contexts.listing_id', '=', 'listings.id')
      .where('listing_price_contexts.price_per_acre_ratio', '<', 1),
  )
}

function marketConditions(db: Kysely<Database>, eb: ListingExpressions, { criteria, now = new Date() }: SearchRequest): Condition[] {
  // Most listings are active, so a status index narrows little, and a range over two statuses
  // would keep SQLite from reading the sort order from an index: status is checked row by row.
  const status = filteredColumn(db, 'listings.status')
  const statuses = marketStatusOptions.filter((option) => criteria.marketStatuses.includes(option.key)).map((option) => option.value)
  // Issue 19: a listing for sale that nobody confirmed for 180 days leaves search (its page stays).
  const conditions: Condition[] = [eb(status, 'in', statuses), eb(filteredColumn(db, 'listings.freshness'), '>', freshness.hidden)]
  // Both transaction types, like none, is every listing.
  if (criteria.transactionTypes.length === 1) conditions.push(eb('listings.sale_type', '=', saleTypeValues[criteria.transactionTypes[0]!]))
  const listedDays = dateListedOptions.find((option) => option.key === criteria.dateListed)?.days ?? 0
  if (listedDays > 0) conditions.push(eb('listings.created_at', '>=', daysBefore(now, listedDays)))
  if (criteria.priceChangeLookback > 0 && criteria.priceChangeType !== 'none') {
    conditions.push(eb('listings.price_changed_at', '>=', daysBefore(now, criteria.priceChangeLookback)))
    conditions.push(eb('listings.price_change_amount', criteria.priceChangeType === 'reduction' ? '<' : '!=', 0))
  }
  return conditions
}

/**
 * The where-condition of a search: every criteria field the listing data carries (spec §3
 * "Search criteria"). `orderedBy` is the sort the query reads its rows in, or null for a count,
 * which reads them in no order (see `rangeColumns`).
 */
export function matchesSearch(db: Kysely<Database>, eb: ListingExpressions, request: SearchRequest, orderedBy: SortOrder | null): Condition {
  const range = rangeColumns(db, request, orderedBy)
  const conditions = [
    ...locationConditions(db, eb, request),
    ...marketConditions(db, eb, request),
    ...rangeConditions(db, eb, request.criteria, range, orderedBy),
    ...featureConditions(eb, request, range),
  ]
  if (request.criteria.keywordQuery) conditions.push(listingMatchesKeywords(db, request.criteria.keywordQuery))
  return eb.and(conditions)
}
