import { type SearchCriteria, normalizeCriteria } from '~/models/search/search-criteria'
import type { LandRequest, LandRequestPlace } from './land-request'

/**
 * A request's places and ranges as searches of the site (issue 17 item 2): what matches it now,
 * what its saved searches mail, and where its land professionals work. A search lies within one
 * state (spec §3 criteria: one stateId with its county, region and city lists), so a request
 * over several states is one search per state.
 */

/**
 * The places in the order given, each once; a whole state takes the place of its counties,
 * regions and cities, which it already holds.
 */
export function mergeRequestPlaces(places: readonly LandRequestPlace[]): LandRequestPlace[] {
  const wholeStates = new Set(places.filter((place) => place.place === null).map((place) => place.state))
  const seen = new Set<string>()
  return places.filter((place) => {
    const key = `${place.state}/${place.place ?? ''}`
    if (seen.has(key) || (place.place !== null && wholeStates.has(place.state))) return false
    seen.add(key)
    return true
  })
}

/** The request's searches, one per state in the order its places name them, with its ranges, kinds of land and activities. */
export function landRequestCriteria(
  request: Pick<LandRequest, 'places' | 'acresMin' | 'acresMax' | 'priceMin' | 'priceMax' | 'propertyTypes' | 'activityTypes'>,
): SearchCriteria[] {
  const placesByState = new Map<string, string[]>()
  for (const place of mergeRequestPlaces(request.places)) {
    const tokens = placesByState.get(place.state) ?? []
    if (place.place !== null) tokens.push(place.place)
    placesByState.set(place.state, tokens)
  }
  return [...placesByState].map(([state, places]) =>
    normalizeCriteria({
      state,
      places,
      acresMin: request.acresMin ?? undefined,
      acresMax: request.acresMax ?? undefined,
      priceMin: request.priceMin ?? undefined,
      priceMax: request.priceMax ?? undefined,
      propertyTypes: request.propertyTypes,
      activityTypes: request.activityTypes,
    }),
  )
}

/** Where the request is and nothing else: the searches whose listings tell which land professionals work there. */
export function landRequestPlaceCriteria(request: Pick<LandRequest, 'places'>): SearchCriteria[] {
  return landRequestCriteria({ places: request.places, acresMin: null, acresMax: null, priceMin: null, priceMax: null, propertyTypes: [], activityTypes: [] })
}
