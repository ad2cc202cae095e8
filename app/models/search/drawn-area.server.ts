import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon'
import type { Polygon } from 'geojson'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { type AreaVertex, areaBounds, encodeArea } from './drawn-area'
import type { SearchRequest } from './search-filters.server'
import { searchAreasCacheFor } from './search-totals-cache.server'

/**
 * Whether a point is in a drawn area: turf's point in polygon, so a point on an edge or a corner is
 * inside, and where the edges of a figure-eight cross, each loop is inside (the even-odd rule).
 */
export function areaContains(vertices: readonly AreaVertex[]): (latitude: number, longitude: number) => boolean {
  const polygon: Polygon = { type: 'Polygon', coordinates: [[...vertices, vertices[0]!].map(([latitude, longitude]) => [longitude, latitude])] }
  return (latitude, longitude) => booleanPointInPolygon([longitude, latitude], polygon)
}

/**
 * Which listings lie in a drawn area (spec §3 "map corners with an optional encoded polygon"):
 * those in its box, read from the coordinates index, then each point tested against the polygon.
 * Every listing in the area, whatever its status or kind: the search's other criteria are SQL,
 * as for any search.
 */
async function readListingIdsInArea(db: Kysely<Database>, vertices: readonly AreaVertex[]): Promise<number[]> {
  const box = areaBounds(vertices)
  const contains = areaContains(vertices)
  const candidates = await db
    .selectFrom('listings')
    .select(['listings.id', 'listings.latitude', 'listings.longitude'])
    .where('listings.latitude', '>=', box.south)
    .where('listings.latitude', '<=', box.north)
    .where('listings.longitude', '>=', box.west)
    .where('listings.longitude', '<=', box.east)
    .execute()
  return candidates.filter((listing) => contains(listing.latitude, listing.longitude)).map((listing) => listing.id)
}

/**
 * The request with its drawn area's listings (from the search caches: one read of the area serves
 * its pages, sorts and map for a minute, or until listings change); the request itself without one.
 */
export async function withDrawnArea<Request extends SearchRequest>(db: Kysely<Database>, request: Request): Promise<Request> {
  const vertices = request.criteria.mapPolygon
  if (!vertices || request.areaListingIds) return request
  const areaListingIds = await searchAreasCacheFor(db).answerFor(encodeArea(vertices), () => readListingIdsInArea(db, vertices))
  return { ...request, areaListingIds }
}
