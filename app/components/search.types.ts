import type { PlaceMarketSection } from '~/models/places/market-stats'
import type { ListingCardView } from '~/models/listings/listing-card'
import type { Pagination } from '~/models/search/pagination'
import type { SearchCriteria } from '~/models/search/search-criteria'
import type { SearchMapData, StateMapState } from '~/models/search/search-map'
import type { SearchView } from '~/models/search/search-path'
import type { AdView } from '~/models/ads/ad'

/** A chosen location shown as a removable tag (spec §2 "Search bar"). */
export interface LocationTag {
  label: string
  removeHref: string
}

export interface SearchPageData {
  criteria: SearchCriteria
  heading: string
  /** A line under the heading saying how far from a lake's shore its search reaches; null for other places. */
  locationNote: string | null
  title: string
  description: string
  canonicalPath: string
  /**
   * The search as searched, first page, list view: what Save Search saves and recent searches
   * remember. Unlike the canonical path it keeps a map box or a drawn area.
   */
  searchPath: string
  /** The search's path without its query: where the filter and sort forms submit. */
  formAction: string
  /** The 'Download' button's link (shown to sellers only, spec §2): the results' CSV (spec §6: the main land site only); null on the other sites. */
  downloadHref: string | null
  isIndexable: boolean
  totalCount: number
  listings: ListingCardView[]
  pagination: Pagination
  activeFilterCount: number
  locationTags: LocationTag[]
  /** Spec §2/§4 placeholder of the location box beside the tags. */
  locationPlaceholder: string
  /** Where the results would be without any filter, for the no-results view. */
  widerSearches: { label: string; href: string }[]
  breadcrumbs: { name: string; href: string }[]
  /** The finance center for the page's place (the header's 'Finance'), null when none lends there. */
  financeHref: string | null
  /** The page's ad (issue 17 §8); null when none fits the place, and on a broker's own results. */
  ad: AdView | null
  /** The rural sites' landing content on a plain state, region or county search (issue 7); null elsewhere. */
  market: PlaceMarketSection | null
  /** Which of the listings the signed-in viewer likes (spec §4 "Like"). */
  likedListingIds: number[]
  view: SearchView
  /** The List/Map toggle's two links (spec §2); null on a site without map search. */
  viewHrefs: { list: string; map: string } | null
  /** The map view's map; null in the list view. */
  map: SearchMapData | null
  /** The state map filter (spec §1) on the national search of a site with map search; null elsewhere. */
  stateMap: StateMapState[] | null
  /** The search was just saved (`?saved=search` after Save Search without scripts): confirm it (spec §9). */
  isSavedSearch: boolean
}
