import { type Expression, type Kysely, type OrderByInterface, sql } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { auctionWithoutPrice } from '~/models/listings/enumerations'
import type { ListingSummary } from '~/models/listings/listing-summary'
import { selectListingSummaries, toListingSummary } from '~/models/listings/listing-summary.server'
import { resultsPerPage } from './pagination'
import { withDrawnArea } from './drawn-area.server'
import { countryFacetTotals } from '~/models/places/market-stats.server'
import { emptyCriteria, type SearchCriteria } from './search-criteria'
import { isCountryWide, matchesSearch, pricePerAcre, type SearchRequest } from './search-filters.server'
import { propertyTypeOptions } from './search-options'
import { type SearchTotals, searchPagesCacheFor, searchTotalsCacheFor } from './search-totals-cache.server'
import type { SortOrder } from './search-options'

export interface SearchResults {
  totalCount: number
  listings: ListingSummary[]
  /** Lowest and highest real price among all matches (for the page description); null when none has one. */
  priceRange: { min: number; max: number } | null
}

type Direction = 'asc' | 'desc'
type Ordering = [Expression<unknown>, Direction][]

const column = (name: 'id' | 'acres' | 'created_at' | 'updated_at' | 'freshness' | 'upgrade_level' | 'listing_level' | 'price' | 'title' | 'account_id') =>
  sql.ref(`listings.${name}`)
// How many active listings the listing's seller has: the broker directory's 'most listings' (spec §3) for a listing search.
const sellerListingCount = sql`(select count(*) from listings as seller_listings where seller_listings.account_id = listings.account_id and seller_listings.status in (1, 2))`
// Spec §5: 2 is an auction without a price and below that 'Contact for Price'; neither has a
// place among real prices, so they sort last both ways. The literal keeps the expression
// identical to the one the sort indexes of migration 0003 are built on.
const isUnpriced = sql`listings.price <= ${sql.lit(auctionWithoutPrice)}`
// A listing's price per acre over its comparables' median (decision 0029); one without a ratio (an auction, no price, too few comparables) sorts last.
const medianRatio = sql`coalesce((select listing_price_contexts.price_per_acre_ratio from listing_price_contexts where listing_price_contexts.listing_id = listings.id), ${sql.lit(1e9)})`

/**
 * Spec §2 sort options. Each ends on the id, in the direction of the sort, so a page is always
 * the same rows and an index on the sort columns (which carries the id) can serve it.
 */
const orderings: Record<SortOrder, Ordering> = {
  // Spec §2 "Listing card": diamond, platinum, gold, then showcase (signature, the highest
  // listing level), then by listing level; newest first within a tier.
  default: [
    // Listings nobody has confirmed for 90 days drop below the rest (issue 19; the rank indexes lead with it).
    [column('freshness'), 'desc'],
    [column('upgrade_level'), 'desc'],
    [column('listing_level'), 'desc'],
    [column('created_at'), 'desc'],
    [column('id'), 'desc'],
  ],
  'acres-asc': [
    [column('acres'), 'asc'],
    [column('id'), 'asc'],
  ],
  'acres-desc': [
    [column('acres'), 'desc'],
    [column('id'), 'desc'],
  ],
  newest: [
    [column('created_at'), 'desc'],
    [column('id'), 'desc'],
  ],
  'price-asc': [
    [isUnpriced, 'asc'],
    [column('price'), 'asc'],
    [column('id'), 'asc'],
  ],
  'price-desc': [
    [isUnpriced, 'asc'],
    [column('price'), 'desc'],
    [column('id'), 'desc'],
  ],
  'price-per-acre-asc': [
    [isUnpriced, 'asc'],
    [pricePerAcre, 'asc'],
    [column('id'), 'asc'],
  ],
  'price-per-acre-desc': [
    [isUnpriced, 'asc'],
    [pricePerAcre, 'desc'],
    [column('id'), 'desc'],
  ],
  'recently-changed': [
    [column('updated_at'), 'desc'],
    [column('id'), 'desc'],
  ],
  'price-per-acre-below-median': [
    [medianRatio, 'asc'],
    [column('id'), 'asc'],
  ],
  'title-asc': [
    [column('title'), 'asc'],
    [column('id'), 'asc'],
  ],
  'title-desc': [
    [column('title'), 'desc'],
    [column('id'), 'desc'],
  ],
  'seller-listings-desc': [
    [sellerListingCount, 'desc'],
    [column('account_id'), 'asc'],
    [column('created_at'), 'desc'],
    [column('id'), 'desc'],
  ],
}

function matchingListings(db: Kysely<Database>, request: SearchRequest, orderedBy: SortOrder | null) {
  return db.selectFrom('listings').where((eb) => matchesSearch(db, eb, request, orderedBy))
}

/**
 * The number of matches and their lowest and highest real price, in one pass over the matches.
 * (An ordered subquery per bound reads a few price-index entries when most listings match, but
 * when few do, as with a site's scope and a property type, it walks the price index through
 * almost every row: 240 ms, against 10 ms for the pass.) It reads rows in no order, so its SQL
 * is the same for every sort and page of a search, and one cached answer serves them all.
 */
function totalsQuery(db: Kysely<Database>, request: SearchRequest) {
  return matchingListings(db, request, null).select((eb) => [
    eb.fn.countAll<number>().as('total'),
    eb.fn.min<number | null>('listings.price').filterWhere('listings.price', '>', auctionWithoutPrice).as('min_price'),
    eb.fn.max<number | null>('listings.price').filterWhere('listings.price', '>', auctionWithoutPrice).as('max_price'),
  ])
}

function ordered<Query extends OrderByInterface<Database, 'listings', object>>(query: Query, sortOrder: SortOrder): Query {
  let result = query
  for (const [expression, direction] of orderings[sortOrder]) result = result.orderBy(expression, direction) as Query
  return result
}

/**
 * The page's ids first, from listings alone, so the sort reads an index (or sorts narrow rows)
 * and stops at the page; only those rows are then joined to their places and broker.
 */
function pageQuery(db: Kysely<Database>, request: SearchRequest, pageSize: number) {
  const { sortOrder } = request.criteria
  const pageIds = ordered(matchingListings(db, request, sortOrder).select('listings.id'), sortOrder)
    .limit(pageSize)
    .offset((request.criteria.page - 1) * pageSize)
  const query = selectListingSummaries(db).where('listings.id', 'in', pageIds)
  return ordered(query, request.criteria.sortOrder)
}

/**
 * What decides a search's SQL, as a cache key: the (normalized) criteria, the site's scope and the
 * moment relative dates count from. The location is not in it: it is the criteria's places read
 * from the gazetteer. A key, unlike the compiled SQL, costs no query building on a cache hit.
 */
function searchKey({ criteria, scopeBits, now }: SearchRequest, pageSize?: number) {
  return JSON.stringify([criteria, scopeBits, now?.toISOString() ?? null, pageSize ?? null])
}

/** A page of listings, from the cache when the same page was read within the last minute (see search-totals-cache). */
function searchPage(db: Kysely<Database>, request: SearchRequest, pageSize: number): Promise<ListingSummary[]> {
  return searchPagesCacheFor(db).answerFor(searchKey(request, pageSize), async () => (await pageQuery(db, request, pageSize).execute()).map(toListingSummary))
}

/** Whether the criteria filter on nothing but at most one property type (any sort, any page). */
function isFacetOnly(criteria: SearchCriteria) {
  if (criteria.propertyTypes.length > 1) return false
  const facet: Partial<SearchCriteria> = { ...criteria, propertyTypes: [], sortOrder: emptyCriteria.sortOrder, page: emptyCriteria.page }
  const keys = new Set([...Object.keys(facet), ...Object.keys(emptyCriteria)] as (keyof SearchCriteria)[])
  return [...keys].every((key) => JSON.stringify(facet[key]) === JSON.stringify(emptyCriteria[key]))
}

/**
 * The totals, from the cache when the same search ran within the last minute (see
 * search-totals-cache); its sort and page do not change them. A site's whole country, or one
 * property type of it, comes from the stored market snapshot when that is current (decision 0028).
 */
function searchTotals(db: Kysely<Database>, request: SearchRequest): Promise<SearchTotals> {
  const anyPage = { ...request, criteria: { ...request.criteria, sortOrder: 'default' as const, page: 1 } }
  return searchTotalsCacheFor(db).answerFor(searchKey(anyPage), async () => {
    if (isCountryWide(request) && isFacetOnly(request.criteria)) {
      const [propertyType] = request.criteria.propertyTypes
      const typeIndex = propertyType === undefined ? undefined : propertyTypeOptions.findIndex((option) => option.key === propertyType)
      const totals = await countryFacetTotals(db, request.scopeBits, typeIndex)
      if (totals) return totals
    }
    const {
      rows: [row],
    } = await db.executeQuery(totalsQuery(db, request).compile())
    if (!row) throw new Error('The totals query returned no row')
    return { total: Number(row.total), minPrice: row.min_price, maxPrice: row.max_price }
  })
}

/** How many listings match a search (its sort and page aside). */
export async function countSearchMatches(db: Kysely<Database>, search: SearchRequest) {
  return (await searchTotals(db, await withDrawnArea(db, search))).total
}

/** Which of `listingIds` match a search (its sort and page aside): the instant alerts' test of a few changed listings against a saved search. */
export async function listingIdsMatching(db: Kysely<Database>, search: SearchRequest, listingIds: readonly number[]): Promise<number[]> {
  if (listingIds.length === 0) return []
  const request = await withDrawnArea(db, search)
  const rows = await matchingListings(db, request, null).select('listings.id').where('listings.id', 'in', listingIds).execute()
  return rows.map((row) => row.id)
}

/**
 * One page of listings matching a search, the number of matches and their price range. The
 * totals come first (usually from the cache): a page past the last match is known to be empty
 * without walking a sort index to its end looking for matches, as a search with none would.
 */
export async function searchListings(db: Kysely<Database>, { pageSize = resultsPerPage, ...search }: SearchRequest & { pageSize?: number }): Promise<SearchResults> {
  const request = await withDrawnArea(db, search)
  const { total, minPrice: min, maxPrice: max } = await searchTotals(db, request)
  const isPastLastMatch = (request.criteria.page - 1) * pageSize >= total
  return {
    totalCount: total,
    listings: isPastLastMatch ? [] : await searchPage(db, request, pageSize),
    priceRange: min === null || max === null ? null : { min, max },
  }
}

export interface MapPoint {
  id: number
  title: string
  price: number
  acres: number
  latitude: number
  longitude: number
  /** With its suffix, as a listing's URL spells it: 'Travis County'. */
  countyName: string
  stateAbbreviation: string
}

/**
 * Where the matches of a search are, for the map view: up to `limit` of them, the first in the
 * default order (the upgraded listings a buyer sees first), each with what its map popup and
 * URL need, and no more.
 */
export async function findMapPoints(db: Kysely<Database>, search: SearchRequest, limit: number): Promise<MapPoint[]> {
  const request = await withDrawnArea(db, search)
  const ids = ordered(matchingListings(db, request, 'default').select('listings.id'), 'default').limit(limit)
  const rows = await db
    .selectFrom('listings')
    .innerJoin('counties', 'counties.id', 'listings.county_id')
    .innerJoin('states', 'states.id', 'listings.state_id')
    .where('listings.id', 'in', ids)
    .select([
      'listings.id',
      'listings.title',
      'listings.price',
      'listings.acres',
      'listings.latitude',
      'listings.longitude',
      'counties.name as county_name',
      'counties.suffix as county_suffix',
      'states.abbreviation as state_abbreviation',
    ])
    .execute()
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    price: row.price,
    acres: row.acres,
    latitude: row.latitude,
    longitude: row.longitude,
    countyName: `${row.county_name} ${row.county_suffix}`,
    stateAbbreviation: row.state_abbreviation,
  }))
}
