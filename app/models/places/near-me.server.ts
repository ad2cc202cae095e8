import { type Kysely, sql } from 'kysely'
import { buildSearchPath } from '~/models/search/search-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import type { Database } from '~/models/db/db-schema'
import { type Gazetteer, findStateById, findZip, loadGazetteer } from './gazetteer.server'
import { activeStatuses } from '~/models/listings/listing.server'
import { normalizeCriteria } from '~/models/search/search-criteria'
import { hasAnyBit } from '~/models/search/search-filters.server'

export interface NearMeLink {
  href: string
  /** Whether the link already goes to the visitor's zip; if not, the browser may be asked where it is. */
  knowsZip: boolean
}

/** Where the CDN says a visitor is: the raw values of its zip and state headers, when sent. */
export interface VisitorLocation {
  zip: string | null
  state: string | null
}

/**
 * 'Land for Sale Near Me' (spec §2): the visitor's zip search when the CDN names a zip we know,
 * else their state's search, else the whole country's.
 */
export function nearMeLink(site: SiteProfile, gazetteer: Gazetteer, visitor: VisitorLocation): NearMeLink {
  const zipCode = visitor.zip?.trim().match(/^(\d{5})(?:-\d{4})?$/)?.[1]
  const zip = zipCode === undefined ? undefined : findZip(gazetteer, zipCode)
  const zipState = zip && findStateById(gazetteer, zip.stateId)
  if (zip && zipState) return { href: buildSearchPath(site, normalizeCriteria({ state: zipState.token, zip: zip.zip })), knowsZip: true }
  const abbreviation = visitor.state?.trim().toUpperCase().replace(/^US-/, '')
  const state = gazetteer.states.find((candidate) => candidate.abbreviation === abbreviation)
  return { href: buildSearchPath(site, normalizeCriteria({ state: state?.token })), knowsZip: false }
}

/** A point from the browser's geolocation, as '30.3,-97.7'; spec §7 rounds it to one decimal. */
export function parseNearPoint(value: string | null) {
  const match = value?.match(/^(-?\d{1,2}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)$/)
  if (!match) return undefined
  const [latitude, longitude] = [Number(match[1]), Number(match[2])].map((coordinate) => Math.round(coordinate * 10) / 10) as [number, number]
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : undefined
}

// Boxes of growing half-width in degrees: a town, a region, a few states.
const searchSpans = [0.5, 2, 8]

/**
 * The zip search around a point: the zip of the nearest active listing the site shows, so
 * the page a visitor lands on is never empty when there is land anywhere near. The box
 * reads the coordinates index; a point far from any listing gets the country's search.
 */
export async function nearPointSearchPath(db: Kysely<Database>, site: SiteProfile, point: { latitude: number; longitude: number }) {
  const { latitude, longitude } = point
  const gazetteer = await loadGazetteer(db)
  // Degrees of longitude shrink towards the poles; weigh them so 'nearest' means nearest on the ground.
  const longitudeWeight = Math.cos((latitude * Math.PI) / 180) ** 2
  for (const span of searchSpans) {
    const nearest = await db
      .selectFrom('listings')
      .where((eb) => eb.between('latitude', latitude - span, latitude + span))
      .where((eb) => eb.between('longitude', longitude - span * 2, longitude + span * 2))
      .where('status', 'in', activeStatuses)
      .where('zip', 'is not', null)
      .$if(site.listingScopeBits !== 0, (query) => query.where((eb) => hasAnyBit(eb, 'property_types', site.listingScopeBits)))
      .orderBy(sql`(latitude - ${latitude}) * (latitude - ${latitude}) + (longitude - ${longitude}) * (longitude - ${longitude}) * ${longitudeWeight}`)
      .select(['zip', 'state_id'])
      .limit(1)
      .executeTakeFirst()
    if (!nearest?.zip) continue
    const state = findStateById(gazetteer, nearest.state_id)
    const zip = findZip(gazetteer, nearest.zip)
    if (state && zip?.stateId === state.id) return buildSearchPath(site, normalizeCriteria({ state: state.token, zip: zip.zip }))
    if (state) return buildSearchPath(site, normalizeCriteria({ state: state.token }))
  }
  return buildSearchPath(site, normalizeCriteria({}))
}
