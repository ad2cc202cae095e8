import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import type { SearchCriteria } from '~/models/search/search-criteria'

/**
 * Every state, region, county, city, lake and zip, held in memory (about 75,000 small objects),
 * so URL tokens, autocomplete and page titles resolve without a query (architecture "URL grammar").
 */
export interface GazetteerState {
  id: number
  name: string
  abbreviation: string
  /** URL token: the lowercased slug, 'new-mexico'. */
  token: string
  /** The stored slug, as landing pages spell it: 'New-Mexico'. */
  slug: string
}

export type PlaceKind = 'county' | 'region' | 'city'

export interface GazetteerPlace {
  kind: PlaceKind
  id: number
  stateId: number
  /** Display name: 'Travis County', 'Central Texas', 'Austin'. */
  name: string
  /** URL token within the state: 'travis-county', 'central-texas-region', 'austin'. */
  token: string
  /** How many zips the place covers: the bigger place wins a tie in autocomplete. */
  zipCount: number
  /** The stored slug, as landing pages spell it: 'Travis-County-TX', 'Central-Texas', 'Austin-TX'. */
  slug: string
  /** The region a county lies in; null for regions, cities and counties outside any region. */
  regionId: number | null
  /** The county a city lies in (its landing page's trail and cities list); null for counties and regions. */
  countyId: number | null
}

/** A lake as a place of one of its states (Lake Tahoe is one in California and one in Nevada). */
export interface GazetteerLake {
  id: number
  stateId: number
  /** 'Lake Okeechobee'. */
  name: string
  /** URL token within the state: 'near-lake-okeechobee' (decision 0018). */
  token: string
}

export interface GazetteerZip {
  zip: string
  cityId: number
  stateId: number
}

export interface Gazetteer {
  states: GazetteerState[]
  /** Counties, regions and cities, each kind in descending zip count. */
  places: GazetteerPlace[]
  statesByToken: Map<string, GazetteerState>
  statesById: Map<number, GazetteerState>
  placesByToken: Map<string, GazetteerPlace>
  placesById: Map<string, GazetteerPlace>
  /** Each lake once for each of its states, by name. */
  lakes: GazetteerLake[]
  lakesByToken: Map<string, GazetteerLake>
  zips: Map<string, GazetteerZip>
}

export interface LocatedPlace {
  id: number
  name: string
  token: string
}

export interface ResolvedLocation {
  state?: GazetteerState
  counties: LocatedPlace[]
  regions: LocatedPlace[]
  cities: LocatedPlace[]
  lakes: LocatedPlace[]
  zip?: { zip: string; cityName: string; stateId: number }
  /** 'Travis County, TX', 'Austin, TX', 'Lake Okeechobee, FL', 'Texas', 'United States'. */
  displayName: string
  /** How a sentence says where the land is: 'near' a lake (listings by its shore) or a point, 'within 30 miles of' a point, 'in' any other place. */
  preposition: 'in' | 'near' | `within ${number} miles of`
  /** A search around a point: the point's name, its nearest town (point-location.server.ts). */
  pointName?: string
}

/** The places of a location, in the order the search path names their kinds. */
export function placesOf(location: Pick<ResolvedLocation, 'counties' | 'regions' | 'cities' | 'lakes'>): LocatedPlace[] {
  return [...location.counties, ...location.regions, ...location.cities, ...location.lakes]
}

/** A location with no place: the whole country, as a search without a state reads it. */
export const nationwide: ResolvedLocation = { counties: [], regions: [], cities: [], lakes: [], displayName: 'United States', preposition: 'in' }

const tokenKey = (kind: PlaceKind, stateId: number, token: string) => `${kind}:${stateId}:${token}`
const idKey = (kind: PlaceKind, id: number) => `${kind}:${id}`
// County and city slugs end in the state's abbreviation ('Travis-County-TX'); tokens live inside a state and drop it.
const withoutStateSuffix = (slug: string) => slug.replace(/-[A-Z]{2}$/, '').toLowerCase()
// A lake's token says what its search finds, land near it, and cannot be read as a city's (Devils Lake, ND is both).
const lakeToken = (slug: string) => `near-${slug.toLowerCase()}`
const lakeKey = (stateId: number, token: string) => `${stateId}:${token}`

async function readGazetteer(db: Kysely<Database>): Promise<Gazetteer> {
  const [stateRows, regionRows, countyRows, cityRows, zipRows, lakeRows] = await Promise.all([
    db.selectFrom('states').select(['id', 'name', 'abbreviation', 'slug']).orderBy('name').execute(),
    db.selectFrom('regions').select(['id', 'state_id', 'name', 'slug']).execute(),
    db.selectFrom('counties').select(['id', 'state_id', 'region_id', 'name', 'suffix', 'slug']).execute(),
    db.selectFrom('cities').select(['id', 'state_id', 'county_id', 'name', 'slug']).execute(),
    db.selectFrom('zips').select(['zip', 'city_id', 'county_id', 'state_id']).execute(),
    db
      .selectFrom('lake_states')
      .innerJoin('lakes', 'lakes.id', 'lake_states.lake_id')
      .select(['lakes.id', 'lake_states.state_id', 'lakes.name', 'lakes.slug'])
      .orderBy('lakes.name')
      .orderBy('lake_states.state_id')
      .execute(),
  ])
  const zipCounts = new Map<string, number>()
  const countZip = (key: string) => zipCounts.set(key, (zipCounts.get(key) ?? 0) + 1)
  const regionOfCounty = new Map(countyRows.map((county) => [county.id, county.region_id]))
  for (const zip of zipRows) {
    countZip(idKey('city', zip.city_id))
    if (zip.county_id === null) continue
    countZip(idKey('county', zip.county_id))
    const regionId = regionOfCounty.get(zip.county_id)
    if (regionId) countZip(idKey('region', regionId))
  }
  const place = (
    kind: PlaceKind,
    id: number,
    stateId: number,
    name: string,
    token: string,
    slug: string,
    { regionId = null, countyId = null }: { regionId?: number | null; countyId?: number | null } = {},
  ): GazetteerPlace => ({
    kind,
    id,
    stateId,
    name,
    token,
    zipCount: zipCounts.get(idKey(kind, id)) ?? 0,
    slug,
    regionId,
    countyId,
  })
  const byZipCount = (a: GazetteerPlace, b: GazetteerPlace) => b.zipCount - a.zipCount || a.name.localeCompare(b.name)
  const counties = countyRows.map((row) =>
    place('county', row.id, row.state_id, `${row.name} ${row.suffix}`, withoutStateSuffix(row.slug), row.slug, { regionId: row.region_id }),
  )
  const regions = regionRows.map((row) => place('region', row.id, row.state_id, row.name, `${row.slug.toLowerCase()}-region`, row.slug))
  const cities = cityRows.map((row) => place('city', row.id, row.state_id, row.name, withoutStateSuffix(row.slug), row.slug, { countyId: row.county_id }))
  const places = [...counties.sort(byZipCount), ...regions.sort(byZipCount), ...cities.sort(byZipCount)]
  const states = stateRows.map(({ id, name, abbreviation, slug }) => ({ id, name, abbreviation, token: slug.toLowerCase(), slug }))
  const lakes = lakeRows.map((row) => ({ id: row.id, stateId: row.state_id, name: row.name, token: lakeToken(row.slug) }))
  return {
    states,
    places,
    statesByToken: new Map(states.map((state) => [state.token, state])),
    statesById: new Map(states.map((state) => [state.id, state])),
    placesByToken: new Map(places.map((entry) => [tokenKey(entry.kind, entry.stateId, entry.token), entry])),
    placesById: new Map(places.map((entry) => [idKey(entry.kind, entry.id), entry])),
    lakes,
    lakesByToken: new Map(lakes.map((lake) => [lakeKey(lake.stateId, lake.token), lake])),
    zips: new Map(zipRows.map((row) => [row.zip, { zip: row.zip, cityId: row.city_id, stateId: row.state_id }])),
  }
}

// Places change only with a new seed or import, which restarts the process; a WeakMap lets a test's database go.
const loaded = new WeakMap<Kysely<Database>, Promise<Gazetteer>>()

/** The gazetteer of `db`, read on first use and shared by every later call with the same `db`. */
export function loadGazetteer(db: Kysely<Database>): Promise<Gazetteer> {
  let gazetteer = loaded.get(db)
  if (!gazetteer) {
    gazetteer = readGazetteer(db)
    loaded.set(db, gazetteer)
    gazetteer.catch(() => loaded.delete(db))
  }
  return gazetteer
}

export function findState(gazetteer: Gazetteer, token: string) {
  return gazetteer.statesByToken.get(token)
}

export function findStateById(gazetteer: Gazetteer, stateId: number) {
  return gazetteer.statesById.get(stateId)
}

export function findZip(gazetteer: Gazetteer, zip: string) {
  return gazetteer.zips.get(zip)
}

export function findPlaceById(gazetteer: Gazetteer, kind: PlaceKind, id: number) {
  return gazetteer.placesById.get(idKey(kind, id))
}

/** A place token within a state; a county wins over a region, and a region over a city, of the same token. */
export function resolvePlaceToken(gazetteer: Gazetteer, stateId: number, token: string) {
  for (const kind of ['county', 'region', 'city'] as const) {
    const found = gazetteer.placesByToken.get(tokenKey(kind, stateId, token))
    if (found) return { kind, id: found.id, name: found.name, token: found.token }
  }
  return undefined
}

export type SearchPlaceKind = PlaceKind | 'lake'

/** A place token of a search path within a state: a county, region or city (see resolvePlaceToken), or a lake. */
export function resolveSearchPlaceToken(gazetteer: Gazetteer, stateId: number, token: string): ({ kind: SearchPlaceKind } & LocatedPlace) | undefined {
  const lake = gazetteer.lakesByToken.get(lakeKey(stateId, token))
  return lake ? { kind: 'lake', id: lake.id, name: lake.name, token: lake.token } : resolvePlaceToken(gazetteer, stateId, token)
}

const locationListOf = { county: 'counties', region: 'regions', city: 'cities', lake: 'lakes' } as const

/** 'A', 'A and B', 'A, B and C'. */
function joinNames(names: string[]) {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/**
 * The places a criteria names, as ids and display names; `{ ok: false }` (a 404) for an
 * unknown state, place or zip, a place without a state, or a zip outside the given state.
 */
export function resolveLocation(gazetteer: Gazetteer, criteria: SearchCriteria): { ok: true; location: ResolvedLocation } | { ok: false } {
  const state = criteria.state === undefined ? undefined : findState(gazetteer, criteria.state)
  if (criteria.state !== undefined && !state) return { ok: false }
  if (criteria.places.length > 0 && !state) return { ok: false }
  const location: ResolvedLocation = {
    ...(state && { state }),
    counties: [],
    regions: [],
    cities: [],
    lakes: [],
    displayName: state?.name ?? 'United States',
    preposition: 'in',
  }
  for (const token of criteria.places) {
    const place = resolveSearchPlaceToken(gazetteer, state!.id, token)
    if (!place) return { ok: false }
    const { kind, ...located } = place
    location[locationListOf[kind]].push(located)
  }
  if (criteria.zip !== undefined) {
    const zip = findZip(gazetteer, criteria.zip)
    if (!zip || (state && zip.stateId !== state.id)) return { ok: false }
    const cityName = findPlaceById(gazetteer, 'city', zip.cityId)?.name ?? ''
    location.zip = { zip: zip.zip, cityName, stateId: zip.stateId }
    location.displayName = `${cityName}, ${findStateById(gazetteer, zip.stateId)?.abbreviation ?? ''} ${zip.zip}`
  }
  const placeNames = placesOf(location).map((place) => place.name)
  if (placeNames.length > 0) location.displayName = `${joinNames(placeNames)}, ${state!.abbreviation}`
  if (location.lakes.length > 0 && location.lakes.length === placeNames.length) location.preposition = 'near'
  return { ok: true, location }
}
