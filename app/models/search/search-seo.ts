import { type CustomSegmentKey, type SearchCriteria, countActiveFilters } from './search-criteria'
import { type PropertyTypeKey, propertyTypeOptions } from './search-options'
import { type ResolvedLocation, placesOf } from '~/models/places/gazetteer.server'
import { formatCompactCurrency } from '~/utils/format'

/** What the head of a results page needs to know about where the search is. */
export interface SearchPlaceNames {
  /** 'Travis County, TX', 'Lake Okeechobee, FL', 'Texas', 'United States'. */
  displayName: string
  /** 'near' for lakes (the land is by the water, not in it), else 'in'. */
  preposition: ResolvedLocation['preposition']
  state?: { name: string; token: string }
  places: { name: string; token: string }[]
  /** A search around a point: its nearest town ('Austin, TX'), which is then the display name. */
  pointName?: string
}

export function placeNames(location: ResolvedLocation): SearchPlaceNames {
  return {
    displayName: location.displayName,
    preposition: location.preposition,
    state: location.state && { name: location.state.name, token: location.state.token },
    places: placesOf(location),
    ...(location.pointName && { pointName: location.pointName }),
  }
}

const customSegmentWords = {
  'present-use-orchard-vineyards': 'Orchards and Vineyards',
  'log-cabins': 'Log Cabins',
  'cheap-land': 'Cheap Land',
  'off-grid-land': 'Off-Grid Land',
  'land-with-mineral-rights': 'Land with Mineral Rights',
} as const

/** 'Hunting Land', 'Cheap Land': what a property type or landing segment is called. */
export function searchTypeWords(searchType: PropertyTypeKey | CustomSegmentKey) {
  return (customSegmentWords as Record<string, string>)[searchType] ?? propertyTypeOptions.find((option) => option.key === searchType)!.label
}

/** 'Hunting Land', 'Farms', 'Land': the kind of property the search is about. */
function kindWords(criteria: SearchCriteria) {
  if (criteria.customSegment) return searchTypeWords(criteria.customSegment)
  const [onlyType] = criteria.propertyTypes
  if (criteria.propertyTypes.length === 1 && onlyType) return searchTypeWords(onlyType)
  return 'Land'
}

/** The kind of property, owner financed when the search asks for it (spec §2 Explore Land: 'owner financing'). */
function propertyWords(criteria: SearchCriteria) {
  return criteria.ownerFinancing ? `Owner Financed ${kindWords(criteria)}` : kindWords(criteria)
}

/** A search of sold listings alone (a sold price or date implies it) shows what sold, not what is for sale. */
function isSoldOnly(criteria: SearchCriteria) {
  return criteria.marketStatuses.length === 1 && criteria.marketStatuses[0] === 'sold'
}

/** A drawn area has no name: it is said as one, within the search's place if it has one ('a drawn area of Texas'). */
function drawnAreaWords(place: SearchPlaceNames, area: 'a drawn area' | 'a Drawn Area') {
  return place.state ? `${area} of ${place.displayName}` : area
}

export function searchHeading(criteria: SearchCriteria, place: SearchPlaceNames) {
  const auctions = criteria.transactionTypes.length === 1 && criteria.transactionTypes[0] === 'auction'
  const what = `${propertyWords(criteria)} ${auctions ? 'Auctions' : isSoldOnly(criteria) ? 'Sold' : 'for Sale'}`
  if (criteria.mapPolygon) return `${what} in ${drawnAreaWords(place, 'a Drawn Area')}`
  // 'Land for Sale Within 30 Miles of Austin, TX': a point is no place to put before the land.
  if (place.pointName)
    return `${what} ${`${place.preposition} ${place.displayName}`.replace(/\b(near|within|miles|point)\b/g, (word) => word[0]!.toUpperCase() + word.slice(1))}`
  return `${place.displayName} ${what}`
}

/** Spec-style page title, e.g. 'Travis County, TX Land for Sale – 412 Listings', 'Land for Sale in a Drawn Area – 37 Listings'. */
export function searchTitle(criteria: SearchCriteria, place: SearchPlaceNames, totalCount: number) {
  const page = criteria.page > 1 ? ` – Page ${criteria.page}` : ''
  return `${searchHeading(criteria, place)} – ${totalCount.toLocaleString('en-US')} ${totalCount === 1 ? 'Listing' : 'Listings'}${page}`
}

export function searchDescription(criteria: SearchCriteria, place: SearchPlaceNames, totalCount: number, priceRange: { min: number; max: number } | null) {
  const what = propertyWords(criteria).toLowerCase()
  const forSale = isSoldOnly(criteria) ? 'sold' : 'for sale'
  const where = criteria.mapPolygon ? `in ${drawnAreaWords(place, 'a drawn area')}` : `${place.preposition} ${place.displayName}`
  if (totalCount === 0) return `No ${what} listings ${forSale} ${where} match this search right now. Widen the search to see nearby properties.`
  const prices = priceRange
    ? `, ${isSoldOnly(criteria) ? 'listed' : 'priced'} from ${formatCompactCurrency(priceRange.min)} to ${formatCompactCurrency(priceRange.max)}`
    : ''
  return `${totalCount.toLocaleString('en-US')} ${what} ${totalCount === 1 ? 'listing' : 'listings'} ${forSale} ${where}${prices}. Compare acreage, prices and photos, and contact sellers directly.`
}

/**
 * Which results pages search engines should index: a place (at most one within the state) by
 * at most one property type or landing segment (owner financing is one: the menus' Explore Land
 * links to it), optionally as auctions, in default order. Sorted, filtered (a sold price or date
 * included), keyword, map and multi-facet pages are `noindex, follow`; so is a search that finds
 * nothing (see `isIndexableResultsPage`).
 */
export function isIndexableSearch(criteria: SearchCriteria) {
  const ownerFinancing = criteria.ownerFinancing ? 1 : 0
  const typeFacets = criteria.propertyTypes.length + (criteria.customSegment ? 1 : 0) + ownerFinancing
  const otherFilters = countActiveFilters(criteria) - criteria.propertyTypes.length - criteria.transactionTypes.length - ownerFinancing
  const onlyAuctions = criteria.transactionTypes.length === 0 || (criteria.transactionTypes.length === 1 && criteria.transactionTypes[0] === 'auction')
  return (
    criteria.sortOrder === 'default' &&
    criteria.places.length <= 1 &&
    typeFacets <= 1 &&
    onlyAuctions &&
    otherFilters === 0 &&
    !criteria.keywordQuery &&
    !criteria.zip &&
    criteria.latitude === undefined &&
    !criteria.mapBounds
  )
}

/** An empty results page is no page to send a searcher to: indexable searches that find nothing are `noindex` too. */
export function isIndexableResultsPage(criteria: SearchCriteria, totalCount: number) {
  return totalCount > 0 && isIndexableSearch(criteria)
}
