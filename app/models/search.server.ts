import { type Expression, type InferResult, type Kysely, type OrderByInterface, sql } from 'kysely'
import type { Database } from './db-schema'
import { auctionWithoutPrice, listingLevel, upgradeLevel } from './enumerations'
import type { ListingSummary } from './listing-summary'
import { matchesSearch, type SearchRequest } from './search-filters.server'
import type { SortOrder } from './search-options'

export interface SearchResults {
  totalCount: number
  listings: ListingSummary[]
  /** Lowest and highest real price among all matches (for the page description); null when none has one. */
  priceRange: { min: number; max: number } | null
}

const searchPageSize = 25
const excerptLength = 220
const cardImageCount = 5

type Direction = 'asc' | 'desc'
type Ordering = [Expression<unknown>, Direction][]

const column = (name: 'id' | 'acres' | 'created_at' | 'updated_at' | 'upgrade_level' | 'listing_level' | 'price') => sql.ref(`listings.${name}`)
// Spec §5: 2 is an auction without a price and below that 'Contact for Price'; neither has a
// place among real prices, so they sort last both ways. The literal keeps the expression
// identical to the one the sort indexes of migration 0003 are built on.
const isUnpriced = sql`listings.price <= ${sql.lit(auctionWithoutPrice)}`
const pricePerAcre = sql`cast(listings.price as double precision) / nullif(listings.acres, 0)`

/**
 * Spec §2 sort options. Each ends on the id, in the direction of the sort, so a page is always
 * the same rows and an index on the sort columns (which carries the id) can serve it.
 */
const orderings: Record<SortOrder, Ordering> = {
  // Spec §2 "Listing card": diamond, platinum, gold, then showcase (signature, the highest
  // listing level), then by listing level; newest first within a tier.
  default: [[column('upgrade_level'), 'desc'], [column('listing_level'), 'desc'], [column('created_at'), 'desc'], [column('id'), 'desc']],
  'acres-asc': [[column('acres'), 'asc'], [column('id'), 'asc']],
  'acres-desc': [[column('acres'), 'desc'], [column('id'), 'desc']],
  newest: [[column('created_at'), 'desc'], [column('id'), 'desc']],
  'price-asc': [[isUnpriced, 'asc'], [column('price'), 'asc'], [column('id'), 'asc']],
  'price-desc': [[isUnpriced, 'asc'], [column('price'), 'desc'], [column('id'), 'desc']],
  'price-per-acre-asc': [[isUnpriced, 'asc'], [pricePerAcre, 'asc'], [column('id'), 'asc']],
  'price-per-acre-desc': [[isUnpriced, 'asc'], [pricePerAcre, 'desc'], [column('id'), 'desc']],
  'recently-changed': [[column('updated_at'), 'desc'], [column('id'), 'desc']],
}

function matchingListings(db: Kysely<Database>, request: SearchRequest) {
  return db.selectFrom('listings').where((eb) => matchesSearch(db, eb, request))
}

/**
 * The number of matches and their lowest and highest real price, in one statement: each bound
 * is its own ordered subquery, which the price indexes answer by reading a few entries.
 */
function totalsQuery(db: Kysely<Database>, request: SearchRequest) {
  const pricedBound = (direction: Direction) =>
    matchingListings(db, request)
      .where('listings.price', '>', auctionWithoutPrice)
      .select('listings.price')
      .orderBy('listings.price', direction)
      .limit(1)
  return matchingListings(db, request).select((eb) => [
    eb.fn.countAll<number>().as('total'),
    pricedBound('asc').as('min_price'),
    pricedBound('desc').as('max_price'),
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
  const pageIds = ordered(matchingListings(db, request).select('listings.id'), request.criteria.sortOrder)
    .limit(pageSize)
    .offset((request.criteria.page - 1) * pageSize)
  const query = db
    .selectFrom('listings')
    .innerJoin('counties', 'counties.id', 'listings.county_id')
    .innerJoin('states', 'states.id', 'listings.state_id')
    .leftJoin('cities', 'cities.id', 'listings.city_id')
    .leftJoin('accounts', 'accounts.id', 'listings.account_id')
    .where('listings.id', 'in', pageIds)
    .select([
      'listings.id', 'listings.title', 'listings.price', 'listings.acres', 'listings.status', 'listings.sale_type',
      'listings.listing_level', 'listings.upgrade_level', 'listings.sales_price', 'listings.sales_date',
      'listings.property_types', 'listings.beds', 'listings.baths', 'listings.home_sqft', 'listings.address1',
      'listings.zip', 'listings.image_ids', 'listings.created_at', 'listings.price_change_amount',
      'listings.latitude', 'listings.longitude', 'listings.account_id',
      // A little more than the excerpt, so the cut finds a word boundary without reading the whole text.
      sql<string>`substr(listings.description, 1, ${excerptLength + 20})`.as('description_start'),
      'counties.name as county_name', 'counties.suffix as county_suffix',
      'states.name as state_name', 'states.abbreviation as state_abbreviation', 'cities.name as city_name',
      'accounts.contact_name', 'accounts.company_name', 'accounts.office_phone', 'accounts.preferred_phone',
      'accounts.portrait_document_id', 'accounts.logo_document_id',
    ])
  return ordered(query, request.criteria.sortOrder)
}

type PageRow = InferResult<ReturnType<typeof pageQuery>>[number]

/**
 * One page of listings matching a search, the number of matches and their price range, read
 * in one round of queries (architecture "Data").
 */
export async function searchListings(
  db: Kysely<Database>,
  { pageSize = searchPageSize, ...request }: SearchRequest & { pageSize?: number },
): Promise<SearchResults> {
  const [totals, rows] = await Promise.all([
    totalsQuery(db, request).executeTakeFirstOrThrow(),
    pageQuery(db, request, pageSize).execute(),
  ])
  const { total, min_price: min, max_price: max } = totals
  return {
    totalCount: total,
    listings: rows.map(toListingSummary),
    priceRange: min === null || max === null ? null : { min, max },
  }
}

/** The first words of a description, cut at a word boundary. */
function excerptOf(text: string, length = excerptLength) {
  if (text.length <= length) return text
  const cut = text.slice(0, length + 1).replace(/\s+\S*$/, '')
  return `${(cut || text.slice(0, length)).replace(/[\s,;:.–-]+$/, '')}…`
}

/** Snake-case columns to the card's camelCase summary: the only place a search row is mapped. */
function toListingSummary(row: PageRow): ListingSummary {
  const imageIds = JSON.parse(row.image_ids) as number[]
  // Spec §2: paid listings (not free, not courtesy) show the broker block.
  const isPaid = row.listing_level !== listingLevel.free && row.upgrade_level !== upgradeLevel.courtesy
  return {
    id: row.id,
    title: row.title,
    price: row.price,
    acres: row.acres,
    status: row.status,
    saleType: row.sale_type,
    listingLevel: row.listing_level,
    upgradeLevel: row.upgrade_level,
    salesPrice: row.sales_price,
    salesDate: row.sales_date,
    propertyTypes: row.property_types,
    beds: row.beds,
    baths: row.baths,
    homeSqft: row.home_sqft,
    address1: row.address1,
    cityName: row.city_name,
    countyName: `${row.county_name} ${row.county_suffix}`,
    stateName: row.state_name,
    stateAbbreviation: row.state_abbreviation,
    zip: row.zip,
    descriptionExcerpt: excerptOf(row.description_start),
    imageIds: imageIds.slice(0, cardImageCount),
    imageCount: imageIds.length,
    createdAt: row.created_at,
    priceChangeAmount: row.price_change_amount,
    latitude: row.latitude,
    longitude: row.longitude,
    broker: isPaid && row.contact_name !== null
      ? {
          accountId: row.account_id,
          contactName: row.contact_name,
          companyName: row.company_name ?? '',
          phone: row.preferred_phone ?? row.office_phone,
          portraitDocumentId: row.portrait_document_id,
          logoDocumentId: row.logo_document_id,
        }
      : null,
  }
}
