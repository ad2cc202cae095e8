import type { Kysely } from 'kysely'
import { listingPath } from '~/models/listings/listing-path'
import { buildSearchPath, parseSearchPath } from '~/models/search/search-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import type { Suggestion } from './autocomplete.server'
import type { Database } from '~/models/db/db-schema'
import { type Gazetteer, findState, resolveSearchPlaceToken } from './gazetteer.server'
import { findListingPathFields } from '~/models/listings/listing.server'
import { type SearchCriteria, emptyCriteria, normalizeCriteria } from '~/models/search/search-criteria'

/** The search a location box was used on (its `from` path), or a fresh national search. */
export function searchCriteriaFrom(site: SiteProfile, fromPath: string | null): SearchCriteria {
  if (!fromPath?.startsWith('/')) return emptyCriteria
  const [pathname, query] = fromPath.split('?')
  return parseSearchPath(site, pathname!, new URLSearchParams(query))?.criteria ?? emptyCriteria
}

function placeKind(gazetteer: Gazetteer, stateToken: string, token: string) {
  const state = findState(gazetteer, stateToken)
  return state && resolveSearchPlaceToken(gazetteer, state.id, token)?.kind
}

/**
 * Where choosing a suggestion leads: a listing's page, or the current search with the place
 * added (another county, city, lake or region of the same kind in the same state, spec §4) or
 * swapped in, keeping every filter.
 */
export async function suggestionHref(db: Kysely<Database>, site: SiteProfile, gazetteer: Gazetteer, from: SearchCriteria, suggestion: Suggestion) {
  if (suggestion.kind === 'listing' && suggestion.listingId !== undefined) {
    const listing = await findListingPathFields(db, suggestion.listingId)
    return listing ? listingPath(site, listing) : undefined
  }
  const kind = suggestion.placeToken ? placeKind(gazetteer, suggestion.stateToken, suggestion.placeToken) : undefined
  const addsToPlaces =
    kind !== undefined &&
    from.state === suggestion.stateToken &&
    from.places.length > 0 &&
    from.places.every((token) => placeKind(gazetteer, suggestion.stateToken, token) === kind)
  const places = suggestion.placeToken ? (addsToPlaces ? [...from.places, suggestion.placeToken] : [suggestion.placeToken]) : []
  return buildSearchPath(site, normalizeCriteria({ ...from, brokerId: undefined, state: suggestion.stateToken, places, zip: suggestion.zip, page: 1 }))
}
