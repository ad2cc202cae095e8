import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { type Gazetteer, type GazetteerState, type SearchPlaceKind, findPlaceById, findStateById, findZip } from './gazetteer.server'

/** One choice of the location box (spec §2 "Search bar"): a place, a lake, a zip or a property id. */
export interface Suggestion {
  kind: 'state' | SearchPlaceKind | 'zip' | 'listing'
  /** 'Travis County, TX', 'Austin, TX', 'Lake Okeechobee, FL', 'Texas', '78701 – Austin, TX', 'Property #12345'. */
  label: string
  stateToken: string
  placeToken?: string
  zip?: string
  listingId?: number
}

export type FreeTextResolution = { kind: 'match'; suggestion: Suggestion } | { kind: 'ambiguous'; suggestions: Suggestion[] } | { kind: 'none' }

interface NamedPlace {
  kind: SearchPlaceKind
  token: string
  state: GazetteerState
  /** Lowercase words of the display name, as `normalize` makes them. */
  name: string
  /** 'Travis County, TX'; a lake named like a town of its state says so: 'Devils Lake (lake), ND'. */
  label: string
}

interface NameIndex {
  states: { state: GazetteerState; name: string }[]
  places: NamedPlace[]
  /** Whole names: 'travis county', 'central texas', 'central texas region', 'austin'. */
  exact: Map<string, NamedPlace[]>
  /** A county's name without its suffix ('travis'): matched only when nothing matches a whole name. */
  countyWithoutSuffix: Map<string, NamedPlace[]>
}

// More candidates than this would not be a choice but a list to scroll.
const candidateLimit = 30

/** Lowercase words: 'St. Landry Parish' → 'st landry parish', 'Doña Ana' → 'dona ana'. */
function normalize(text: string) {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f.'’]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

function addTo(map: Map<string, NamedPlace[]>, key: string, entry: NamedPlace) {
  map.set(key, [...(map.get(key) ?? []), entry])
}

const indexes = new WeakMap<Gazetteer, NameIndex>()

function namedPlace(gazetteer: Gazetteer, place: { kind: SearchPlaceKind; stateId: number; name: string; token: string }, labelName = place.name): NamedPlace {
  const state = findStateById(gazetteer, place.stateId)!
  return { kind: place.kind, token: place.token, state, name: normalize(place.name), label: `${labelName}, ${state.abbreviation}` }
}

/** Counties, regions, lakes, then cities: a lake's name ('Lake Mead') begins more town names than lake names. */
function namedPlaces(gazetteer: Gazetteer): NamedPlace[] {
  const places = gazetteer.places.map((place) => namedPlace(gazetteer, place))
  const placeNames = new Set(places.map((entry) => `${entry.state.id}|${entry.name}`))
  const lakes = gazetteer.lakes.map((lake) => {
    const isNamesake = placeNames.has(`${lake.stateId}|${normalize(lake.name)}`)
    return namedPlace(gazetteer, { kind: 'lake', ...lake }, isNamesake ? `${lake.name} (lake)` : lake.name)
  })
  return [...places.filter((entry) => entry.kind !== 'city'), ...lakes, ...places.filter((entry) => entry.kind === 'city')]
}

export function nameIndexOf(gazetteer: Gazetteer): NameIndex {
  const cached = indexes.get(gazetteer)
  if (cached) return cached
  const index: NameIndex = { states: [], places: [], exact: new Map(), countyWithoutSuffix: new Map() }
  for (const state of gazetteer.states) index.states.push({ state, name: normalize(state.name) })
  for (const entry of namedPlaces(gazetteer)) {
    index.places.push(entry)
    addTo(index.exact, entry.name, entry)
    if (entry.kind === 'region') addTo(index.exact, `${entry.name} region`, entry)
    if (entry.kind === 'county') addTo(index.countyWithoutSuffix, entry.name.replace(/ (county|parish|borough)$/, ''), entry)
  }
  indexes.set(gazetteer, index)
  return index
}

function stateSuggestion(state: GazetteerState): Suggestion {
  return { kind: 'state', label: state.name, stateToken: state.token }
}

function placeSuggestion({ kind, label, state, token }: NamedPlace): Suggestion {
  return { kind, label, stateToken: state.token, placeToken: token }
}

/** Two places of one name in one state (zip data has a few) would read the same: keep the first, larger one. */
function distinctLabels(suggestions: Suggestion[]) {
  const seen = new Set<string>()
  return suggestions.filter((suggestion) => !seen.has(suggestion.label) && seen.add(suggestion.label))
}

/**
 * The ways to read `text` as a name plus an optional trailing state: 'austin tx' is Austin
 * within Texas, and also (unqualified) anything named 'austin tx'.
 */
function readings(index: NameIndex, text: string): { name: string; state?: GazetteerState }[] {
  const result: { name: string; state?: GazetteerState }[] = [{ name: text }]
  for (const { state, name } of index.states) {
    for (const suffix of [name, state.abbreviation.toLowerCase()]) {
      if (text.endsWith(` ${suffix}`)) result.push({ name: text.slice(0, -suffix.length - 1).trim(), state })
    }
  }
  return result
}

function placesNamed(map: Map<string, NamedPlace[]>, index: NameIndex, text: string) {
  return readings(index, text).flatMap(({ name, state }) => (map.get(name) ?? []).filter((entry) => !state || entry.state.id === state.id))
}

function nameSuggestions(gazetteer: Gazetteer, text: string, limit: number): Suggestion[] {
  const index = nameIndexOf(gazetteer)
  const states = index.states
    .filter(({ state, name }) => name.startsWith(text) || state.abbreviation.toLowerCase() === text)
    .map(({ state }) => stateSuggestion(state))
  const wholeNames = new Set<NamedPlace>()
  const prefixes = new Set<NamedPlace>()
  for (const { name, state } of readings(index, text)) {
    if (!name) continue
    for (const entry of index.places) {
      if (!entry.name.startsWith(name) || (state && entry.state.id !== state.id)) continue
      ;(entry.name === name ? wholeNames : prefixes).add(entry)
    }
  }
  // Places that are exactly what was typed, then those it begins; each group keeps the index's order (counties, regions, lakes, cities).
  const ranked = [...wholeNames, ...[...prefixes].filter((entry) => !wholeNames.has(entry))]
  return distinctLabels([...states, ...ranked.map(placeSuggestion)]).slice(0, limit)
}

export function zipSuggestion(gazetteer: Gazetteer, zip: string): Suggestion | undefined {
  const found = findZip(gazetteer, zip)
  const state = found && findStateById(gazetteer, found.stateId)
  if (!found || !state) return undefined
  const cityName = findPlaceById(gazetteer, 'city', found.cityId)?.name ?? ''
  return { kind: 'zip', label: `${zip} – ${cityName}, ${state.abbreviation}`, stateToken: state.token, zip }
}

async function listingSuggestion(db: Kysely<Database>, gazetteer: Gazetteer, digits: string): Promise<Suggestion | undefined> {
  const id = Number(digits)
  if (!Number.isSafeInteger(id) || id <= 0) return undefined
  const listing = await db.selectFrom('listings').select(['id', 'state_id']).where('id', '=', id).executeTakeFirst()
  const state = listing && findStateById(gazetteer, listing.state_id)
  if (!listing || !state) return undefined
  return { kind: 'listing', label: `Property #${listing.id}`, stateToken: state.token, listingId: listing.id }
}

/** 'Property #12345', '#12345' and '12345' all mean the number. */
function digitsOf(text: string) {
  const digits = text.trim().replace(/^(property\s*)?#\s*/i, '')
  return /^\d{1,12}$/.test(digits) ? digits : undefined
}

/**
 * Location-box suggestions for what has been typed (spec §2 "Search bar"): states, then
 * counties, regions, lakes and cities whose name starts with it; for digits, zips and a property id.
 */
export async function suggestLocations(db: Kysely<Database>, gazetteer: Gazetteer, query: string, { limit = 8 } = {}): Promise<Suggestion[]> {
  const digits = digitsOf(query)
  if (digits) {
    const zips =
      digits.length >= 3 && digits.length <= 5
        ? [...gazetteer.zips.keys()]
            .filter((zip) => zip.startsWith(digits))
            .sort()
            .slice(0, limit)
        : []
    const listing = await listingSuggestion(db, gazetteer, digits)
    const suggestions = zips.map((zip) => zipSuggestion(gazetteer, zip)!)
    return (listing ? [...suggestions.slice(0, limit - 1), listing] : suggestions).slice(0, limit)
  }
  const text = normalize(query)
  return text ? nameSuggestions(gazetteer, text, limit) : []
}

function resolved(suggestions: Suggestion[]): FreeTextResolution {
  const distinct = distinctLabels(suggestions).slice(0, candidateLimit)
  if (distinct.length === 0) return { kind: 'none' }
  return distinct.length === 1 ? { kind: 'match', suggestion: distinct[0]! } : { kind: 'ambiguous', suggestions: distinct }
}

/**
 * What the location box means when submitted without JavaScript: a state or its
 * abbreviation, a whole place name, a zip or a property id wins outright; a name several
 * places share ('Springfield') is ambiguous; otherwise the names it begins.
 */
export async function resolveFreeText(db: Kysely<Database>, gazetteer: Gazetteer, text: string): Promise<FreeTextResolution> {
  const digits = digitsOf(text)
  if (digits) {
    // Five digits can be both a zip and a property id; then the visitor chooses.
    const zip = digits.length === 5 ? zipSuggestion(gazetteer, digits) : undefined
    const listing = await listingSuggestion(db, gazetteer, digits)
    return resolved([zip, listing].filter((suggestion) => suggestion !== undefined))
  }
  const normalized = normalize(text)
  if (!normalized) return { kind: 'none' }
  const index = nameIndexOf(gazetteer)
  const state = index.states.find(({ state, name }) => name === normalized || state.abbreviation.toLowerCase() === normalized)
  if (state) return { kind: 'match', suggestion: stateSuggestion(state.state) }
  for (const map of [index.exact, index.countyWithoutSuffix]) {
    const places = placesNamed(map, index, normalized)
    if (places.length > 0) return resolved(places.map(placeSuggestion))
  }
  return resolved(nameSuggestions(gazetteer, normalized, candidateLimit))
}
