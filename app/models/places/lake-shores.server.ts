import booleanPointInPolygon from '@turf/boolean-point-in-polygon'
import type { Position } from 'geojson'
import type { Point } from '~/models/seed/shapes'
import { type Frame, frameOf } from './us-atlas.server'

/**
 * Which lakes a point is near (spec §3 lakeIdList): a listing matches a lake's search when it
 * lies within `lakeShoreMiles` of the lake's shore, or on the lake itself (a 1:10m shore can be
 * a few hundred metres off, so a lakeside point may fall just inside the water).
 */

/** Polygons of rings of [longitude, latitude]: each polygon's first ring is a shore, the others its islands. */
export type Polygons = Position[][][]

export interface LakeShape {
  id: number
  polygons: Polygons
  frame: Frame
}

/** How near a lake's shore land must be to be 'near the lake' (decision 0018). */
export const lakeShoreMiles = 5

const milesPerDegreeOfLatitude = 69.09
const radiansPerDegree = Math.PI / 180

export function lakeShape(id: number, polygons: Polygons): LakeShape {
  return { id, polygons, frame: frameOf(polygons.map((polygon) => polygon[0] ?? [])) }
}

function isOnTheWater(polygons: Polygons, point: Point) {
  return polygons.some((rings) => booleanPointInPolygon([point.longitude, point.latitude], { type: 'Polygon', coordinates: rings }))
}

/** Miles east and north from the point to the nearest point of segment a–b, on a plane tangent at the point (true to well under 1 % within a few miles). */
function segmentOffset(a: Position, b: Position, point: Point, milesPerDegreeOfLongitude: number): PointOffset {
  const ax = ((a[0] ?? 0) - point.longitude) * milesPerDegreeOfLongitude
  const ay = ((a[1] ?? 0) - point.latitude) * milesPerDegreeOfLatitude
  const bx = ((b[0] ?? 0) - point.longitude) * milesPerDegreeOfLongitude
  const by = ((b[1] ?? 0) - point.latitude) * milesPerDegreeOfLatitude
  const dx = bx - ax
  const dy = by - ay
  const lengthSquared = dx * dx + dy * dy
  const along = lengthSquared === 0 ? 0 : Math.min(1, Math.max(0, -(ax * dx + ay * dy) / lengthSquared))
  const east = ax + along * dx
  const north = ay + along * dy
  return { miles: Math.hypot(east, north), east, north }
}

/** How far, and which way, the nearest point of a shape lies from a point. */
export interface PointOffset {
  miles: number
  east: number
  north: number
}

/**
 * The offset from the point to the nearest edge of the polygons (a shore, or an island's), all
 * zero when the point is inside them; it stops early once an edge is within `enough` miles.
 */
export function offsetToPolygons(polygons: Polygons, point: Point, enough = 0): PointOffset {
  if (isOnTheWater(polygons, point)) return { miles: 0, east: 0, north: 0 }
  const milesPerDegreeOfLongitude = milesPerDegreeOfLatitude * Math.cos(point.latitude * radiansPerDegree)
  let nearest: PointOffset = { miles: Number.POSITIVE_INFINITY, east: 0, north: 0 }
  for (const rings of polygons) {
    for (const ring of rings) {
      for (let index = 1; index < ring.length; index++) {
        const offset = segmentOffset(ring[index - 1]!, ring[index]!, point, milesPerDegreeOfLongitude)
        if (offset.miles < nearest.miles) nearest = offset
        if (nearest.miles <= enough) return nearest
      }
    }
  }
  return nearest
}

/** Miles from the point to the nearest edge of the polygons, 0 inside them (see `offsetToPolygons`). */
export function milesToPolygons(polygons: Polygons, point: Point, enough = 0): number {
  return offsetToPolygons(polygons, point, enough).miles
}

/** The frame grown by `miles` on every side. */
export function grownFrame(frame: Frame, miles: number): Frame {
  const latitudeSpan = miles / milesPerDegreeOfLatitude
  // Meridians are closest on the poleward edge: the span there holds the whole frame.
  const poleward = Math.min(89, Math.max(Math.abs(frame.north), Math.abs(frame.south)) + latitudeSpan)
  const longitudeSpan = latitudeSpan / Math.cos(poleward * radiansPerDegree)
  return { west: frame.west - longitudeSpan, south: frame.south - latitudeSpan, east: frame.east + longitudeSpan, north: frame.north + latitudeSpan }
}

function isInFrame(frame: Frame, point: Point) {
  return point.longitude >= frame.west && point.longitude <= frame.east && point.latitude >= frame.south && point.latitude <= frame.north
}

const cellKey = (longitude: number, latitude: number) => `${Math.floor(longitude)}:${Math.floor(latitude)}`

/**
 * The lakes near a point, among many points: a one-degree grid of the lakes' grown frames keeps
 * each point to the few lakes around it (a 100,000-listing seed tests each against about one lake).
 */
export function createLakeLocator(lakes: readonly LakeShape[], miles = lakeShoreMiles) {
  const cells = new Map<string, { lake: LakeShape; frame: Frame }[]>()
  for (const lake of lakes) {
    const frame = grownFrame(lake.frame, miles)
    for (let longitude = Math.floor(frame.west); longitude <= frame.east; longitude++) {
      for (let latitude = Math.floor(frame.south); latitude <= frame.north; latitude++) {
        const key = cellKey(longitude, latitude)
        cells.set(key, [...(cells.get(key) ?? []), { lake, frame }])
      }
    }
  }
  return (point: Point): number[] =>
    (cells.get(cellKey(point.longitude, point.latitude)) ?? []).flatMap(({ lake, frame }) =>
      isInFrame(frame, point) && milesToPolygons(lake.polygons, point, miles) <= miles ? [lake.id] : [],
    )
}
