import { hasLandingPages } from '~/models/places/landing-path'
import { buildSearchPath } from '~/models/search/search-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { type Gazetteer, findPlaceById, findStateById } from '~/models/places/gazetteer.server'
import { emptyCriteria, type SearchCriteria } from '~/models/search/search-criteria'
import {
  allListingsFacet,
  type PlaceActivity,
  type PlaceLevel,
  type SearchFacet,
  type SiteActivity,
  type SitemapPlaces,
  lakeActivityKey,
  searchFacets,
} from './sitemap-places.server'
import { type PendingEntry, pendingPath } from './sitemap-xml'

/*
 * The search pages the sitemaps list: for each place, its searches by facet (sitemap-places)
 * that find something, built into paths by the site's own search grammar.
 */

export interface PlaceSearch {
  facet: SearchFacet
  criteria: SearchCriteria
  lastmod: string
}

type SearchPlace = Pick<SearchCriteria, 'state' | 'places'>

// Every facet is indexable at every level it is listed for (tests/unit/sitemaps.test.ts), so the
// criteria need no normalising or checking one by one: a site has tens of thousands of them.
function placeCriteria(place: SearchPlace, facet: SearchFacet): SearchCriteria {
  return { ...emptyCriteria, ...place, ...facet.criteria }
}

const facetsByLevel = new Map<PlaceLevel, SearchFacet[]>()
for (const facet of searchFacets) for (const level of facet.levels) facetsByLevel.set(level, [...(facetsByLevel.get(level) ?? []), facet])

/** The facets of a place's searches that find something, with the newest update each finds, in facet order. */
function foundFacets(level: PlaceLevel, activity: PlaceActivity | undefined) {
  if (!activity) return []
  return (facetsByLevel.get(level) ?? []).flatMap((facet) => {
    const lastmod = activity.facetLastmods.get(facet.key)
    return lastmod === undefined ? [] : [{ facet, lastmod }]
  })
}

/** The searches of one place that find something, in facet order. */
export function searchesOfPlace(level: PlaceLevel, place: SearchPlace, activity: PlaceActivity | undefined): PlaceSearch[] {
  return foundFacets(level, activity).map(({ facet, lastmod }) => ({ facet, criteria: placeCriteria(place, facet), lastmod }))
}

/** The rural sites land on their national, state and county searches (architecture "URL grammar"). */
const ruralLandingLevels: PlaceLevel[] = ['national', 'state', 'county']

/** Every search the site's sitemaps list, split into the rural sites' landings (national, state and county) and the rest. */
export function everySearch(site: SiteProfile, places: SitemapPlaces, gazetteer: Gazetteer, activity: SiteActivity) {
  const landings: PendingEntry[] = []
  const searches: PendingEntry[] = []
  const add = (level: PlaceLevel, place: SearchPlace, placeActivity: PlaceActivity | undefined) => {
    for (const { facet, lastmod } of foundFacets(level, placeActivity)) {
      const isLanding = !hasLandingPages(site) && facet === allListingsFacet && ruralLandingLevels.includes(level)
      ;(isLanding ? landings : searches).push({ path: pendingPath(() => buildSearchPath(site, placeCriteria(place, facet))), lastmod })
    }
  }
  add('national', { places: [] }, activity.national)
  const stateToken = (stateId: number) => findStateById(gazetteer, stateId)?.token
  for (const state of places.states) add('state', { state: stateToken(state.id), places: [] }, activity.states.get(state.id))
  const within = (level: 'region' | 'county' | 'city', ids: Iterable<number>, activities: Map<number, PlaceActivity>) => {
    for (const id of ids) {
      const place = findPlaceById(gazetteer, level, id)
      if (place) add(level, { state: stateToken(place.stateId), places: [place.token] }, activities.get(id))
    }
  }
  within(
    'region',
    places.regions.map((region) => region.id),
    activity.regions,
  )
  within(
    'county',
    places.counties.map((county) => county.id),
    activity.counties,
  )
  within(
    'city',
    [...activity.cities.keys()].sort((a, b) => a - b),
    activity.cities,
  )
  for (const lake of gazetteer.lakes) {
    add('lake', { state: stateToken(lake.stateId), places: [lake.token] }, activity.lakes.get(lakeActivityKey(lake.stateId, lake.id)))
  }
  return { landings, searches }
}
