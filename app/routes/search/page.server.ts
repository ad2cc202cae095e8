import { type FinanceLocation, recentFinanceCenterHref } from '~/models/finance/finance-centers.server'
import { redirect } from 'react-router'
import type { Kysely } from 'kysely'
import type { SiteProfile } from '~/models/sites/site-profile'
import { linkedListing } from '~/sites/listing-links'
import { requestIsForPath } from '~/http/requested-path.server'
import { savedSearchConfirmationParam } from '~/models/accounts/account-paths'
import { buildSearchPath, parseSearchPath } from '~/models/search/search-path'
import type { Database } from '~/models/db/db-schema'
import { type ResolvedLocation, loadGazetteer, placesOf, resolveLocation } from '~/models/places/gazetteer.server'
import { lakeShoreMiles } from '~/models/places/lake-shores.server'
import { searchPageMarketSection } from '~/routes/landing/page.server'
import { listingCardView } from '~/models/listings/listing-card'
import {
  type SearchCriteria,
  countActiveFilters,
  criteriaFromAreaForm,
  criteriaFromDrawnAreaForm,
  criteriaFromFilterForm,
  normalizeCriteria,
} from '~/models/search/search-criteria'
import { stateMapStates } from '~/models/places/map-shapes.server'
import { marketSnapshot } from '~/models/places/market-stats.server'
import { searchMapData } from '~/models/search/search-map.server'
import type { LocationTag } from './location-tags'
import { searchListings } from '~/models/search/search.server'
import { withPointName } from '~/models/places/point-location.server'
import { searchFilterTags } from '~/models/search/search-filter-tags'
import { likedListingIdsAmong } from '~/models/accounts/saved-property.server'
import { getViewerId } from '~/http/session.server'
import { isIndexableResultsPage, placeNames, searchDescription, searchHeading, searchTitle } from '~/models/search/search-seo'
import { pageCountOf, paginationOf, resultsPerPage } from '~/models/search/pagination'
import { sortOptions } from '~/models/search/search-options'
import { searchDownloadHref } from '~/models/search/search-download.server'
import { listingEventType } from '~/models/listings/enumerations'
import { recordVisitorEvent, recordVisitorSearch } from '~/routes/visitor-events.server'
import { findAdForPlace } from '~/models/ads/ads.server'

/** Spec §4: several locations are allowed for counties, cities and regions, not for a state or zip. */
/** A search of one place has that place's lender; several places, or none, fall back to the state's or the default. */
function financeLocation(location: ResolvedLocation): FinanceLocation {
  const single = <T>(places: T[]) => (places.length === 1 ? places[0] : undefined)
  return { stateId: location.state?.id, countyId: single(location.counties)?.id, regionId: single(location.regions)?.id }
}

function locationPlaceholder(location: ResolvedLocation) {
  if (location.counties.length > 0) return 'Enter another county'
  if (location.cities.length > 0) return 'Enter another city'
  if (location.regions.length > 0) return 'Enter another region'
  if (location.lakes.length > 0) return 'Enter another lake'
  return 'Enter new location'
}

/** What 'near' a lake means, said on its search (decision 0018). */
function lakeNote(location: ResolvedLocation) {
  if (location.lakes.length === 0) return null
  return `Land within ${lakeShoreMiles} miles of the shore of ${location.lakes.map((lake) => lake.name).join(' or ')}.`
}

/** A wider place, or the search without its drawn area, is searched as a whole, not within the map's box or drawn area. */
const beyondTheMap = { mapBounds: undefined, mapPolygon: undefined }

function locationTags(site: SiteProfile, criteria: SearchCriteria, location: ResolvedLocation): LocationTag[] {
  const places = placesOf(location)
  const tags = places.map((place) => ({
    label: place.name,
    removeHref: buildSearchPath(site, { ...criteria, places: criteria.places.filter((token) => token !== place.token), page: 1 }),
  }))
  if (location.zip) {
    tags.push({ label: `${location.zip.zip} – ${location.zip.cityName}`, removeHref: buildSearchPath(site, { ...criteria, zip: undefined, page: 1 }) })
  } else if (location.state && places.length === 0) {
    tags.push({ label: location.state.name, removeHref: buildSearchPath(site, { ...criteria, state: undefined, places: [], page: 1 }) })
  }
  // A point and radius ('within 30 miles of Austin TX', issue 40) is where the search is: removable like a place.
  if (criteria.latitude !== undefined && criteria.longitude !== undefined) {
    const point = location.pointName ?? `${criteria.latitude}, ${criteria.longitude}`
    tags.push({
      label: criteria.radius > 0 ? `Within ${criteria.radius} miles of ${point}` : `Near ${point}`,
      removeHref: buildSearchPath(site, { ...criteria, latitude: undefined, longitude: undefined, radius: 0, page: 1 }),
    })
  }
  // Spec §3 location type polygon: the drawn area is a location of its own, removed with its box.
  if (criteria.mapPolygon) tags.push({ label: 'Drawn area', removeHref: buildSearchPath(site, { ...criteria, ...beyondTheMap, page: 1 }) })
  return tags
}

function breadcrumbs(site: SiteProfile, criteria: SearchCriteria, location: ResolvedLocation) {
  const base = { ...normalizeCriteria({}), propertyTypes: criteria.propertyTypes, customSegment: criteria.customSegment }
  const crumbs = [{ name: 'United States', href: buildSearchPath(site, base) }]
  if (location.state) crumbs.push({ name: location.state.name, href: buildSearchPath(site, { ...base, state: location.state.token }) })
  const [onlyPlace] = placesOf(location)
  if (location.state && onlyPlace && criteria.places.length === 1) {
    crumbs.push({ name: onlyPlace.name, href: buildSearchPath(site, { ...base, state: location.state.token, places: [onlyPlace.token] }) })
  }
  return crumbs
}

function widerSearches(site: SiteProfile, criteria: SearchCriteria, location: ResolvedLocation) {
  const wider: { label: string; href: string }[] = []
  const unfiltered = normalizeCriteria({ state: criteria.state, places: criteria.places, zip: criteria.zip, brokerId: criteria.brokerId })
  if (countActiveFilters(criteria) > 0 || criteria.keywordQuery || criteria.customSegment || criteria.mapBounds) {
    wider.push({ label: `All land for sale ${location.preposition} ${location.displayName}`, href: buildSearchPath(site, unfiltered) })
  }
  if (location.state && (criteria.places.length > 0 || criteria.zip)) {
    wider.push({ label: `All of ${location.state.name}`, href: buildSearchPath(site, { ...criteria, ...beyondTheMap, places: [], zip: undefined, page: 1 }) })
  }
  if (location.state)
    wider.push({
      label: 'Anywhere in the United States',
      href: buildSearchPath(site, { ...criteria, ...beyondTheMap, state: undefined, places: [], zip: undefined, page: 1 }),
    })
  return wider
}

/** What the results page draws (its component's and its head's data). */
export type SearchPageData = Awaited<ReturnType<typeof loadSearchPage>>

/**
 * Everything the results page shows for a request. Throws a redirect to the normal URL (301 for
 * another spelling, 303 after the filter or sort form) or a 404.
 */
export async function loadSearchPage(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const url = new URL(request.url)
  const parsed = parseSearchPath(site, url.pathname, url.searchParams)
  if (!parsed) throw new Response('Not Found', { status: 404 })
  const { criteria, view } = parsed
  // The filter, sort and map-area forms are GET forms: their fields arrive as a query and leave as a path.
  const submitted = submittedCriteria(criteria, url.searchParams)
  if (submitted) throw redirect(buildSearchPath(site, submitted, { view }), 303)
  const gazetteer = await loadGazetteer(db)
  const resolved = resolveLocation(gazetteer, criteria)
  // Unknown places are a 404 before any redirect: never send a crawler through a 301 to nothing.
  if (!resolved.ok) throw new Response('Not Found', { status: 404 })
  if (!requestIsForPath(request, parsed.normalPath, { pageParams: [savedSearchConfirmationParam] })) throw redirect(parsed.normalPath, 301)
  const location = await withPointName(db, resolved.location, criteria)
  const result = await searchListings(db, { criteria, location, scopeBits: site.listingScopeBits, pageSize: resultsPerPage })
  const pageCount = pageCountOf(result.totalCount)
  if (criteria.page > pageCount) throw new Response('Not Found', { status: 404 })
  // Spec §3 'search results' ('seller results' for a broker's listings): each listing a person is
  // shown on this page, for its seller's statistics; and the search itself, counted once on its
  // first page (spec §7 logPopularSearch) for the footers' popular states and searches.
  const isBrokerSearch = criteria.brokerId !== undefined
  const eventType = isBrokerSearch ? listingEventType.sellerResults : listingEventType.searchResults
  recordVisitorEvent(db, request, { listingIds: result.listings.map((listing) => listing.id), siteId: site.siteId, eventType })
  if (!isBrokerSearch && criteria.page === 1) recordVisitorSearch(db, request, { siteId: site.siteId, stateId: location.state?.id, criteria })
  const [market, financeHref, ad] = await Promise.all([
    searchPageMarketSection(db, site, criteria, location),
    recentFinanceCenterHref(db, site, financeLocation(location)),
    // A broker's own results (/member/{id}/) carry no other advertiser's ad.
    criteria.brokerId === undefined ? findAdForPlace(db, site, financeLocation(location), { rotationKey: parsed.canonicalPath }) : null,
  ])

  const likedListingIds = await likedListingIdsAmong(
    db,
    await getViewerId(request),
    result.listings.map((listing) => listing.id),
  )
  const pageHref = (page: number) => buildSearchPath(site, { ...criteria, page }, { view })
  const names = placeNames(location)
  const listings = result.listings.map((listing) => linkedListing(site, listing))
  return {
    criteria,
    heading: searchHeading(criteria, names),
    /** A line under the heading saying how far from a lake's shore its search reaches; null for other places. */
    locationNote: lakeNote(location),
    title: searchTitle(criteria, names, result.totalCount),
    description: searchDescription(criteria, names, result.totalCount, result.priceRange),
    canonicalPath: parsed.canonicalPath,
    /**
     * The search as searched, first page, list view: what Save Search saves and recent searches
     * remember. Unlike the canonical path it keeps a map box or a drawn area.
     */
    searchPath: buildSearchPath(site, { ...criteria, page: 1 }),
    /** The search's path without its query: where the filter and sort forms submit. */
    formAction: parsed.normalPath.split('?')[0]!,
    /** The 'Download' button's link (shown to sellers only, spec §2): the results' CSV (spec §6: the main land site only); null on the other sites. */
    downloadHref: site.features.searchDownload ? searchDownloadHref(parsed.normalPath) : null,
    isIndexable: isIndexableResultsPage(criteria, result.totalCount),
    totalCount: result.totalCount,
    listings: listings.map(listingCardView),
    pagination: paginationOf(criteria.page, pageCount, pageHref),
    activeFilterCount: countActiveFilters(criteria),
    locationTags: locationTags(site, criteria, location),
    /** The filters a search sentence can say, as removable chips beside the location tags (issue 40). */
    filterTags: searchFilterTags(criteria).map((tag): LocationTag => ({ label: tag.label, removeHref: buildSearchPath(site, tag.without) })),
    /** Spec §2/§4 placeholder of the location box beside the tags. */
    locationPlaceholder: locationPlaceholder(location),
    /** Where the results would be without any filter, for the no-results view. */
    widerSearches: result.totalCount === 0 ? widerSearches(site, criteria, location) : [],
    breadcrumbs: breadcrumbs(site, criteria, location),
    /** The rural sites' landing content on a plain state, region or county search (issue 7); null elsewhere. */
    market,
    /** The finance center for the page's place (the header's 'Finance'), null when none lends there. */
    financeHref: financeHref ?? null,
    /** The page's ad (issue 17 §8); null when none fits the place, and on a broker's own results. */
    ad,
    /** Which of the listings the signed-in viewer likes (spec §4 "Like"). */
    likedListingIds,
    /** The search was just saved (`?saved=search` after Save Search without scripts): confirm it (spec §9). */
    isSavedSearch: url.searchParams.get(savedSearchConfirmationParam) === 'search',
    view,
    /** The List/Map toggle's two links (spec §2); null on a site without map search. */
    viewHrefs: site.features.mapSearch ? { list: buildSearchPath(site, criteria), map: buildSearchPath(site, criteria, { view: 'map' }) } : null,
    /** The map view's map; null in the list view. */
    map: view === 'map' ? searchMapData(site, criteria, location, listings) : null,
    /** The state map filter (spec §1) on the national search of a site with map search; null elsewhere. */
    stateMap:
      site.features.mapSearch && view === 'list' && isPlainNationalSearch(criteria)
        ? stateMapStates(site, gazetteer, await marketSnapshot(db, site.listingScopeBits))
        : null,
  }
}

/** The criteria a submitted GET form asks for (the filter panel, the sort control, 'Search this area', a drawn area); undefined for none. */
function submittedCriteria(criteria: SearchCriteria, query: URLSearchParams): SearchCriteria | undefined {
  if (query.has('filters')) return criteriaFromFilterForm(criteria, query)
  if (query.has('sort')) return normalizeCriteria({ ...criteria, sortOrder: sortOptions.find((option) => option.key === query.get('sort'))?.key, page: 1 })
  if (query.has('area')) return criteriaFromAreaForm(criteria, query)
  if (query.has('corners')) return criteriaFromDrawnAreaForm(criteria, query)
  return undefined
}

/** The first page of all land in the United States, in no narrower shape: where a buyer still has a state to choose. */
function isPlainNationalSearch(criteria: SearchCriteria) {
  return JSON.stringify(criteria) === JSON.stringify(normalizeCriteria({ sortOrder: criteria.sortOrder }))
}
