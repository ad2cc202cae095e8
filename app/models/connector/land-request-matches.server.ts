import type { Kysely } from 'kysely'
import { saveSearch, searchToSave } from '~/models/accounts/saved-search.server'
import type { Database } from '~/models/db/db-schema'
import type { LinkedListing } from '~/models/listings/listing-detail'
import { resolveFreeText } from '~/models/places/autocomplete.server'
import { findState, loadGazetteer, resolveLocation } from '~/models/places/gazetteer.server'
import { placeNames, searchHeading } from '~/models/search/search-seo'
import { searchListings } from '~/models/search/search.server'
import { listingPath } from '~/models/listings/listing-path'
import { buildSearchPath } from '~/models/search/search-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import type { LandRequest, LandRequestPlace } from './land-request'
import { landRequestCriteria } from './land-request-searches'
import type { RequestOwner } from './land-requests.server'

/**
 * A request against the site's listings (issue 17 item 2): the places the form names, the
 * listings that match it now (the search engine, as its search pages show them), and its saved
 * searches, which mail new matches weekly through the saved-search updates.
 */

/** A place found, or what is wrong with it, and in which of its two fields. */
export type PlaceLookup = { ok: true; place: LandRequestPlace } | { ok: false; field: 'state' | 'place'; problem: string }

const placeKinds = new Set(['county', 'region', 'city'])

/**
 * A place of the form: a state from its list and, typed in it, a county ('Travis', 'Travis
 * County'), a region ('Central Texas') or a city, read as the search's location box reads it;
 * nothing typed is the whole state.
 */
export async function locateRequestPlace(db: Kysely<Database>, stateToken: string, typed: string | undefined): Promise<PlaceLookup> {
  const gazetteer = await loadGazetteer(db)
  const state = findState(gazetteer, stateToken)
  if (!state) return { ok: false, field: 'state', problem: 'Please choose a state from the list.' }
  if (!typed) return { ok: true, place: { state: state.token, place: null, label: state.name } }
  const resolution = await resolveFreeText(db, gazetteer, `${typed} ${state.abbreviation}`)
  const candidates = (resolution.kind === 'match' ? [resolution.suggestion] : resolution.kind === 'ambiguous' ? resolution.suggestions : []).filter(
    (suggestion) => placeKinds.has(suggestion.kind) && suggestion.stateToken === state.token && suggestion.placeToken,
  )
  const [only] = candidates
  if (candidates.length === 1 && only) return { ok: true, place: { state: state.token, place: only.placeToken!, label: only.label } }
  if (candidates.length === 0) return { ok: false, field: 'place', problem: `There is no county, region or city of that name in ${state.name}.` }
  const names = candidates.slice(0, 5).map((candidate) => candidate.label.replace(/, [A-Z]{2}$/, ''))
  return { ok: false, field: 'place', problem: `Several places in ${state.name} begin so: ${names.join('; ')}. Please type the whole name of one.` }
}

export interface RequestSearchMatches {
  /** The site's search page of the same search. */
  path: string
  /** 'Travis County, TX Land for Sale'. */
  heading: string
  totalCount: number
  listings: LinkedListing[]
}

/** The request's searches on the site, each with its number of matches now and its first `listingsPerSearch` listings. */
export async function findRequestMatches(
  db: Kysely<Database>,
  site: SiteProfile,
  request: LandRequest,
  { listingsPerSearch }: { listingsPerSearch: number },
): Promise<RequestSearchMatches[]> {
  const gazetteer = await loadGazetteer(db)
  const matches: RequestSearchMatches[] = []
  for (const criteria of landRequestCriteria(request)) {
    const resolved = resolveLocation(gazetteer, criteria)
    if (!resolved.ok) continue
    const { totalCount, listings } = await searchListings(db, {
      criteria,
      location: resolved.location,
      scopeBits: site.listingScopeBits,
      pageSize: listingsPerSearch,
    })
    matches.push({
      path: buildSearchPath(site, criteria),
      heading: searchHeading(criteria, placeNames(resolved.location)),
      totalCount,
      listings: listings.map((listing) => ({ ...listing, href: listingPath(site, listing) })),
    })
  }
  return matches
}

/**
 * Keeps the request's searches among the buyer's saved searches, with weekly e-mails of new
 * matches (spec §3 saved search 'notify'), and lets go of those an edit no longer asks. A search
 * the buyer had already saved stays theirs, with their own e-mail setting.
 */
export async function saveRequestSearches(db: Kysely<Database>, site: SiteProfile, owner: RequestOwner, request: LandRequest) {
  const paths: string[] = []
  for (const criteria of landRequestCriteria(request)) {
    const search = await searchToSave(db, site, buildSearchPath(site, criteria))
    if (!search) continue
    await saveSearch(db, { ...owner, search, notify: 'Weekly', landRequestId: request.id })
    paths.push(search.path)
  }
  await db
    .deleteFrom('saved_searches')
    .where('land_request_id', '=', request.id)
    .$if(paths.length > 0, (query) => query.where('path', 'not in', paths))
    .execute()
}
