import type { Kysely } from 'kysely'
import { brokerCanonicalPath, brokerDirectoryPath } from '~/models/brokers/broker-path'
import { landValuesPath } from '~/models/valuation/land-values-path'
import { hasLandingPages, type LandingPlace, landingPath } from '~/models/places/landing-path'
import { listingPath } from '~/models/listings/listing-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { type SitemapFile, sitemapFilePath, sitemapPath } from '~/models/sitemaps/sitemap-path'
import { timedCache } from '~/utils/timed-cache.server'
import type { Database } from '~/models/db/db-schema'
import { type Gazetteer, findPlaceById, findStateById, loadGazetteer } from '~/models/places/gazetteer.server'
import { activeStatuses } from '~/models/listings/listing.server'
import { hasAnyBit } from '~/models/search/search-filters.server'
import { hasTooFewSalesToIndex } from '~/models/valuation/price-trends'
import { type PriceTrends, priceTrends, trendOf } from '~/models/valuation/price-trends.server'
import { allListingsFacet, type PlaceActivity, type SiteActivity, type SitemapPlaces, siteActivity, sitemapPlaces } from './sitemap-places.server'
import { everySearch } from './sitemap-searches.server'
import { maxUrlsPerFile, newestOf, type PendingEntry, type SitemapEntry } from './sitemap-xml'

/**
 * What the XML sitemaps of a site hold (issue 7 §6): its listings split by state, its landing
 * pages, its other indexable search pages, its broker pages and a few plain pages. Only
 * canonical, indexable URLs that answer 200 go in, each with its own builder's path.
 */
export interface SitemapOptions {
  /** The protocol's 50,000; tests lower it to see files split. */
  urlsPerFile?: number
}

/** The land site's landing pages: national, and the states, regions, counties and cities with listings (the others are noindex, decision 0062). */
function landingPageEntries(places: SitemapPlaces, gazetteer: Gazetteer, activity: SiteActivity): PendingEntry[] {
  const hasListings = (placeActivity: PlaceActivity | undefined) => placeActivity?.facetLastmods.has(allListingsFacet.key) === true
  const landing = (place: LandingPlace, placeActivity: PlaceActivity | undefined) => ({ path: () => landingPath(place), lastmod: placeActivity?.lastmod })
  return [
    landing({ kind: 'national' }, activity.national),
    ...places.states
      .filter((state) => hasListings(activity.states.get(state.id)))
      .map((state) => landing({ kind: 'state', slug: state.slug }, activity.states.get(state.id))),
    ...places.regions
      .filter((region) => hasListings(activity.regions.get(region.id)))
      .map((region) => landing({ kind: 'region', slug: region.slug }, activity.regions.get(region.id))),
    ...places.counties
      .filter((county) => hasListings(activity.counties.get(county.id)))
      .map((county) => landing({ kind: 'county', slug: county.slug }, activity.counties.get(county.id))),
    ...[...activity.cities].flatMap(([cityId, cityActivity]) => {
      const city = hasListings(cityActivity) ? findPlaceById(gazetteer, 'city', cityId) : undefined
      return city ? [landing({ kind: 'city', slug: city.slug }, cityActivity)] : []
    }),
  ]
}

/** AcreWorth's land value pages: the country, every state, and each county and region with sales enough to be indexed. */
function landValuePageEntries(gazetteer: Gazetteer, trends: PriceTrends): PendingEntry[] {
  return [
    { path: () => landValuesPath() },
    ...gazetteer.states.map((state) => ({ path: () => landValuesPath(state.token) })),
    ...gazetteer.places.flatMap((place) =>
      place.kind !== 'city' && !hasTooFewSalesToIndex(trendOf(trends, { kind: place.kind, id: place.id }))
        ? [{ path: () => landValuesPath(findStateById(gazetteer, place.stateId)!.token, place.token) }]
        : [],
    ),
  ]
}

interface SiteSitemaps {
  activity: SiteActivity
  places: SitemapPlaces
  landings: PendingEntry[]
  searches: PendingEntry[]
  brokers: PendingEntry[]
  pages: PendingEntry[]
}

async function readSiteSitemaps(db: Kysely<Database>, site: SiteProfile): Promise<SiteSitemaps> {
  const [activity, places, gazetteer, brokers] = await Promise.all([
    siteActivity(db, site.listingScopeBits),
    sitemapPlaces(db),
    loadGazetteer(db),
    site.searchGrammar ? brokersWithListings(db, site.listingScopeBits) : [],
  ])
  const directory = site.searchGrammar ? brokerDirectoryPath(site) : undefined
  const pages = ['/', sitemapPath(site, { kind: 'home' }), ...(directory ? [directory] : [])].map((path) => ({ path: () => path }))
  if (!site.searchGrammar) {
    // The valuation site has no searches: its land value pages are its landings.
    const landings = site.features.valuation ? landValuePageEntries(gazetteer, await priceTrends(db)) : []
    return { activity, places, landings, searches: [], brokers: [], pages }
  }
  const { landings, searches } = everySearch(site, places, gazetteer, activity)
  return {
    activity,
    places,
    landings: hasLandingPages(site) ? landingPageEntries(places, gazetteer, activity) : landings,
    searches,
    brokers: brokers.flatMap((broker) => {
      const path = brokerCanonicalPath(site, broker)
      return path ? [{ path: () => path, lastmod: broker.lastmod }] : []
    }),
    pages,
  }
}

/** Built from the cached activity, and kept as long: a crawler reads the index and then every file. */
const siteSitemaps = timedCache(10 * 60_000, readSiteSitemaps)

/**
 * Brokers with a page on the site: every account with an active listing within the site's
 * scope (spec §2: a paid broker's page, otherwise the seller details page), by id.
 */
const brokersWithListings = timedCache(10 * 60_000, async (db: Kysely<Database>, scopeBits: number) => {
  const rows = await db
    .selectFrom('listings')
    .innerJoin('accounts', 'accounts.id', 'listings.account_id')
    .where('listings.status', 'in', activeStatuses)
    .$if(scopeBits !== 0, (query) => query.where((eb) => hasAnyBit(eb, 'property_types', scopeBits)))
    .groupBy(['accounts.id', 'accounts.contact_name', 'accounts.company_name', 'accounts.is_free'])
    .select((eb) => ['accounts.id', 'accounts.contact_name', 'accounts.company_name', 'accounts.is_free', eb.fn.max('listings.updated_at').as('lastmod')])
    .orderBy('accounts.id')
    .execute()
  return rows.map((row) => ({ id: row.id, contactName: row.contact_name, companyName: row.company_name, isFree: row.is_free === 1, lastmod: row.lastmod }))
})

function partCount(urls: number, urlsPerFile: number) {
  return Math.ceil(urls / urlsPerFile)
}

function partOf<Item>(items: readonly Item[], part: number, urlsPerFile: number) {
  return items.slice((part - 1) * urlsPerFile, part * urlsPerFile)
}

function listingsOfState(db: Kysely<Database>, site: SiteProfile, stateId: number) {
  return db
    .selectFrom('listings')
    .where('listings.state_id', '=', stateId)
    .$if(site.listingScopeBits !== 0, (query) => query.where((eb) => hasAnyBit(eb, 'property_types', site.listingScopeBits)))
    .orderBy('listings.id')
}

/** The newest update within each part of a state's listings, for a state past the per-file limit. */
async function listingPartLastmods(db: Kysely<Database>, site: SiteProfile, stateId: number, urlsPerFile: number) {
  const rows = await listingsOfState(db, site, stateId).select('listings.updated_at').execute()
  const updates = rows.map((row) => row.updated_at)
  return Array.from({ length: partCount(updates.length, urlsPerFile) }, (_, index) => newestOf(partOf(updates, index + 1, urlsPerFile)))
}

export interface IndexedFile {
  file: SitemapFile
  path: string
  lastmod?: string
}

/** The files of the site's `/sitemap.xml`: listings by state (in parts past the limit), then landings, searches, brokers and pages. */
export async function sitemapIndexFiles(db: Kysely<Database>, site: SiteProfile, { urlsPerFile = maxUrlsPerFile }: SitemapOptions = {}): Promise<IndexedFile[]> {
  const sitemaps = await siteSitemaps(db, site)
  const files: IndexedFile[] = []
  const add = (file: SitemapFile, lastmod: string | undefined) => files.push({ file, path: sitemapFilePath(file), lastmod })
  const statesByCode = [...sitemaps.places.states].sort((a, b) => a.abbreviation.localeCompare(b.abbreviation))
  for (const state of site.searchGrammar ? statesByCode : []) {
    const activity = sitemaps.activity.states.get(state.id)
    if (!activity) continue
    const kind = { listingsOf: state.abbreviation }
    if (activity.listings <= urlsPerFile) add({ kind, part: 1 }, activity.lastmod)
    else (await listingPartLastmods(db, site, state.id, urlsPerFile)).forEach((lastmod, index) => add({ kind, part: index + 1 }, lastmod))
  }
  for (const kind of ['landings', 'searches', 'brokers', 'pages'] as const) {
    const entries = sitemaps[kind]
    for (let part = 1; part <= partCount(entries.length, urlsPerFile); part += 1) {
      add({ kind, part }, newestOf(partOf(entries, part, urlsPerFile).map((entry) => entry.lastmod)))
    }
  }
  return files
}

/** The URLs of one sitemap file, or undefined (a 404) for a file the site's index does not name. */
export async function sitemapFileEntries(
  db: Kysely<Database>,
  site: SiteProfile,
  file: SitemapFile,
  { urlsPerFile = maxUrlsPerFile }: SitemapOptions = {},
): Promise<SitemapEntry[] | undefined> {
  if (typeof file.kind === 'string') {
    const entries = partOf((await siteSitemaps(db, site))[file.kind], file.part, urlsPerFile)
    return entries.length > 0 ? entries.map((entry) => ({ path: entry.path(), lastmod: entry.lastmod })) : undefined
  }
  // A listings file reads its state's listings alone: it need not wait for the site's activity.
  const state = (await sitemapPlaces(db)).stateByAbbreviation.get(file.kind.listingsOf.toLowerCase())
  if (!state || !site.searchGrammar) return undefined
  const [rows, gazetteer] = await Promise.all([
    listingsOfState(db, site, state.id)
      .select(['listings.id', 'listings.acres', 'listings.county_id', 'listings.updated_at'])
      .limit(urlsPerFile)
      .offset((file.part - 1) * urlsPerFile)
      .execute(),
    loadGazetteer(db),
  ])
  if (rows.length === 0) return undefined
  return rows.map((row) => ({
    path: listingPath(site, {
      id: row.id,
      acres: row.acres,
      countyName: findPlaceById(gazetteer, 'county', row.county_id)?.name ?? '',
      stateAbbreviation: state.abbreviation,
    }),
    lastmod: row.updated_at,
  }))
}
