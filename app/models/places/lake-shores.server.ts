import booleanPointInPolygon from '@turf/boolean-point-in-polygon'
import type { Position } from 'geojson'
import type { Point } from '~/models/geo/shapes'
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

/** How far, and which way, the nearest point of a shape lies from a point. */
export interface PointOffset {
  miles: number
  east: number
  north: number
}

/**
 * The offset from the point to the nearest edge of the polygons (a shore, or an island's), all
 * zero when the point is inside them; it stops early once an edge is within `enough` miles.
 * Distances are on a plane tangent at the point (true to well under 1 % within a few miles). It
 * runs over every edge of a park or lake on each listing page, so it keeps to numbers: no object
 * per edge.
 */
export function offsetToPolygons(polygons: Polygons, point: Point, enough = 0): PointOffset {
  if (isOnTheWater(polygons, point)) return { miles: 0, east: 0, north: 0 }
  const milesPerDegreeOfLongitude = milesPerDegreeOfLatitude * Math.cos(point.latitude * radiansPerDegree)
  const enoughSquared = enough * enough
  let nearestSquared = Number.POSITIVE_INFINITY
  let nearestEast = 0
  let nearestNorth = 0
  for (const rings of polygons) {
    for (const ring of rings) {
      for (let index = 1; index < ring.length; index++) {
        const a = ring[index - 1]!
        const b = ring[index]!
        const ax = ((a[0] ?? 0) - point.longitude) * milesPerDegreeOfLongitude
        const ay = ((a[1] ?? 0) - point.latitude) * milesPerDegreeOfLatitude
        const dx = ((b[0] ?? 0) - point.longitude) * milesPerDegreeOfLongitude - ax
        const dy = ((b[1] ?? 0) - point.latitude) * milesPerDegreeOfLatitude - ay
        const lengthSquared = dx * dx + dy * dy
        // The nearest point of segment a–b: a, b or the foot of the perpendicular between them.
        const along = lengthSquared === 0 ? 0 : Math.min(1, Math.max(0, -(ax * dx + ay * dy) / lengthSquared))
        const east = ax + along * dx
        const north = ay + along * dy
        const squared = east * east + north * north
        if (squared < nearestSquared) {
          nearestSquared = squared
          nearestEast = east
          nearestNorth = north
          if (squared <= enoughSquared) return { miles: Math.sqrt(squared), east, north }
        }
      }
    }
  }
  return { miles: Math.sqrt(nearestSquared), east: nearestEast, north: nearestNorth }
}

/**
 * Miles from the point to the nearest point of the frame, measured as `offsetToPolygons` measures:
 * no edge of a shape inside the frame can be nearer, so a shape whose frame is further off than
 * the nearest shape found so far need not be measured.
 */
export function milesToFrame(frame: Frame, point: Point): number {
  const east = Math.max(0, frame.west - point.longitude, point.longitude - frame.east) * milesPerDegreeOfLatitude * Math.cos(point.latitude * radiansPerDegree)
  const north = Math.max(0, frame.south - point.latitude, point.latitude - frame.north) * milesPerDegreeOfLatitude
  return Math.hypot(east, north)
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
