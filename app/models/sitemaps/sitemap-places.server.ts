import type { ExpressionBuilder, Kysely } from 'kysely'
import { timedCache } from '~/utils/timed-cache.server'
import type { Database } from '~/models/db/db-schema'
import { nationwide } from '~/models/places/gazetteer.server'
import { customSegmentKeys, normalizeCriteria, type SearchCriteria } from '~/models/search/search-criteria'
import { hasAnyBit, matchesSearch } from '~/models/search/search-filters.server'
import { propertyTypeOptions } from '~/models/search/search-options'

/**
 * What the sitemaps know about places: their stored slugs, and for each place how many listings
 * a site has there and which of its search pages would find something. Both HTML and XML
 * sitemaps list only places and searches with listings: an empty results page is no page to send
 * a crawler or a person to.
 */
export type PlaceLevel = 'national' | 'state' | 'region' | 'county' | 'city' | 'lake'

/** A search a sitemap may list for a place: the place plus at most one facet (all `isIndexableSearch`). */
export interface SearchFacet {
  key: string
  criteria: Partial<SearchCriteria>
  /** The place levels it is listed for: narrow places get the broad facets only. */
  levels: readonly PlaceLevel[]
}

const everyLevel: PlaceLevel[] = ['national', 'state', 'region', 'county', 'city', 'lake']
const wideLevels: PlaceLevel[] = ['national', 'state', 'region', 'county']
const broadLevels: PlaceLevel[] = ['national', 'state']

// Spec §2 "Landing paths": auctions of these three property types have landing URLs of their own.
const auctionTypes = ['hunting-land', 'farms', 'residential-land'] as const

export const allListingsFacet: SearchFacet = { key: 'all', criteria: {}, levels: everyLevel }

export const searchFacets: SearchFacet[] = [
  allListingsFacet,
  ...propertyTypeOptions.map((option) => ({ key: option.key, criteria: { propertyTypes: [option.key] }, levels: wideLevels })),
  { key: 'auctions', criteria: { transactionTypes: ['auction'] }, levels: wideLevels },
  ...auctionTypes.map((type): SearchFacet => ({ key: `${type}-auctions`, criteria: { propertyTypes: [type], transactionTypes: ['auction'] }, levels: broadLevels })),
  ...customSegmentKeys.map((key) => ({ key, criteria: { customSegment: key }, levels: broadLevels })),
  // Spec §2 Explore Land: owner financing has its landing like the property types.
  { key: 'owner-financing', criteria: { ownerFinancing: true }, levels: broadLevels },
]

export interface PlaceActivity {
  /** The site's listings in the place, whatever their status (sold and off-market ones have pages too). */
  listings: number
  /** Newest `updated_at` among them. */
  lastmod: string
  /** By facet key, the newest `updated_at` among the active listings the facet's search finds; absent when it finds none. */
  facetLastmods: Map<string, string>
}

export interface SiteActivity {
  national: PlaceActivity
  states: Map<number, PlaceActivity>
  regions: Map<number, PlaceActivity>
  counties: Map<number, PlaceActivity>
  cities: Map<number, PlaceActivity>
  /** By `lakeActivityKey`: a lake is a place of each of its states. */
  lakes: Map<string, PlaceActivity>
}

export const lakeActivityKey = (stateId: number, lakeId: number) => `${stateId}:${lakeId}`

function newerOf(a: string | undefined, b: string) {
  return a === undefined || b > a ? b : a
}

function addTo<Key>(places: Map<Key, PlaceActivity>, id: Key | null, row: PlaceActivity) {
  if (id === null) return
  let place = places.get(id)
  if (!place) places.set(id, (place = { listings: 0, lastmod: row.lastmod, facetLastmods: new Map() }))
  place.listings += row.listings
  place.lastmod = newerOf(place.lastmod, row.lastmod)
  for (const [key, lastmod] of row.facetLastmods) place.facetLastmods.set(key, newerOf(place.facetLastmods.get(key), lastmod))
}

type ListingExpressions = ExpressionBuilder<Database, 'listings'>

/** A listing count, its newest update and, per facet, the newest update among the listings the facet's search finds. */
function activityColumns(db: Kysely<Database>, eb: ListingExpressions) {
  return [
    eb.fn.countAll<number>().as('listings'),
    eb.fn.max('listings.updated_at').as('lastmod'),
    ...searchFacets.map((facet, index) => {
      const request = { criteria: normalizeCriteria(facet.criteria), location: nationwide, scopeBits: 0 }
      const updatedWhenFound = eb
        .case()
        .when(matchesSearch(db, eb, request, null))
        .then(eb.ref('listings.updated_at'))
        .end()
      return eb.fn.max<string | null>(updatedWhenFound).as(`facet_${index}`)
    }),
  ] as const
}

function activityOf(row: { listings: number | string; lastmod: string } & Record<string, unknown>): PlaceActivity {
  const facetLastmods = new Map<string, string>()
  searchFacets.forEach((facet, index) => {
    const lastmod = row[`facet_${index}`]
    if (typeof lastmod === 'string') facetLastmods.set(facet.key, lastmod)
  })
  return { listings: Number(row.listings), lastmod: row.lastmod, facetLastmods }
}

/**
 * One pass over the site's listings, grouped by state, region, county and city, with the newest
 * update each facet's search finds (the search engine's own conditions, so a listed search is
 * never empty), rolled up to every level in memory; and one over the listings near lakes.
 */
async function readSiteActivity(db: Kysely<Database>, scopeBits: number): Promise<SiteActivity> {
  const siteListings = () => db.selectFrom('listings').$if(scopeBits !== 0, (query) => query.where((eb) => hasAnyBit(eb, 'property_types', scopeBits)))
  const [rows, lakeRows] = await Promise.all([
    siteListings()
      .groupBy(['listings.state_id', 'listings.region_id', 'listings.county_id', 'listings.city_id'])
      .select((eb) => ['listings.state_id', 'listings.region_id', 'listings.county_id', 'listings.city_id', ...activityColumns(db, eb)])
      .execute(),
    siteListings()
      .innerJoin('listing_lakes', 'listing_lakes.listing_id', 'listings.id')
      .groupBy(['listings.state_id', 'listing_lakes.lake_id'])
      .select((eb) => ['listings.state_id', 'listing_lakes.lake_id', ...activityColumns(db, eb)])
      .execute(),
  ])
  const activity: SiteActivity = {
    national: { listings: 0, lastmod: '', facetLastmods: new Map() },
    states: new Map(),
    regions: new Map(),
    counties: new Map(),
    cities: new Map(),
    lakes: new Map(),
  }
  const national = new Map<number, PlaceActivity>()
  for (const row of rows) {
    const place = activityOf(row)
    addTo(national, 0, place)
    addTo(activity.states, row.state_id, place)
    addTo(activity.regions, row.region_id, place)
    addTo(activity.counties, row.county_id, place)
    addTo(activity.cities, row.city_id, place)
  }
  for (const row of lakeRows) activity.lakes.set(lakeActivityKey(row.state_id, row.lake_id), activityOf(row))
  activity.national = national.get(0) ?? activity.national
  return activity
}

/**
 * The site's activity by place for its property-type scope (`SiteProfile.listingScopeBits`),
 * kept ten minutes: sitemaps are read by crawlers in bursts, and a new listing can wait that long.
 */
export const siteActivity = timedCache(10 * 60_000, readSiteActivity)

export interface SitemapState {
  id: number
  name: string
  abbreviation: string
  slug: string
}

export interface SitemapCounty {
  id: number
  stateId: number
  /** 'Travis County', 'Orleans Parish'. */
  name: string
  slug: string
}

export interface SitemapRegion {
  id: number
  stateId: number
  slug: string
}

export interface SitemapPlaces {
  /** By name. */
  states: SitemapState[]
  /** By state, then name. */
  counties: SitemapCounty[]
  regions: SitemapRegion[]
  /** Lower-cased slug or abbreviation to place: sitemap paths are found whatever their case. */
  stateBySlug: Map<string, SitemapState>
  stateByAbbreviation: Map<string, SitemapState>
  countyBySlug: Map<string, SitemapCounty>
}

async function readSitemapPlaces(db: Kysely<Database>): Promise<SitemapPlaces> {
  const [states, counties, regions] = await Promise.all([
    db.selectFrom('states').select(['id', 'name', 'abbreviation', 'slug']).orderBy('name').execute(),
    db.selectFrom('counties').select(['id', 'state_id', 'name', 'suffix', 'slug']).orderBy('state_id').orderBy('name').execute(),
    db.selectFrom('regions').select(['id', 'state_id as stateId', 'slug']).orderBy('state_id').orderBy('name').execute(),
  ])
  const countyList = counties.map((county) => ({ id: county.id, stateId: county.state_id, name: `${county.name} ${county.suffix}`, slug: county.slug }))
  return {
    states,
    counties: countyList,
    regions,
    stateBySlug: new Map(states.map((state) => [state.slug.toLowerCase(), state])),
    stateByAbbreviation: new Map(states.map((state) => [state.abbreviation.toLowerCase(), state])),
    countyBySlug: new Map(countyList.map((county) => [county.slug.toLowerCase(), county])),
  }
}

// Places change only with a new seed or import, which restarts the process: read once per database.
const cachedPlaces = timedCache(Number.POSITIVE_INFINITY, (db: Kysely<Database>, _key: 'places') => readSitemapPlaces(db))

export function sitemapPlaces(db: Kysely<Database>) {
  return cachedPlaces(db, 'places')
}
