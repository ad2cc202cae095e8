import booleanPointInPolygon from '@turf/boolean-point-in-polygon'
import type { MultiPolygon, Polygon, Position } from 'geojson'

/** Planar polygon helpers over longitude/latitude, precise enough for placing synthetic listings. */

type Box = [west: number, south: number, east: number, north: number]

interface ShapePart {
  polygon: Polygon
  box: Box
  squareKilometres: number
  centroid: [longitude: number, latitude: number]
}

export interface Shape {
  parts: ShapePart[]
  box: Box
  squareKilometres: number
  latitude: number
  longitude: number
}

export interface Point {
  latitude: number
  longitude: number
}

const kilometresPerDegree = 111.32

// The Aleutians cross the antimeridian; moving their eastern longitudes below -180 keeps
// every US shape contiguous, so centroids and bounding boxes stay meaningful.
function unwrapLongitude(longitude: number) {
  return longitude > 0 ? longitude - 360 : longitude
}

function wrapLongitude(longitude: number) {
  return longitude < -180 ? longitude + 360 : longitude
}

function ringAreaAndCentroid(ring: Position[]) {
  let twiceArea = 0
  let x = 0
  let y = 0
  for (let index = 0; index < ring.length - 1; index++) {
    const [x0 = 0, y0 = 0] = ring[index] ?? []
    const [x1 = 0, y1 = 0] = ring[index + 1] ?? []
    const cross = x0 * y1 - x1 * y0
    twiceArea += cross
    x += (x0 + x1) * cross
    y += (y0 + y1) * cross
  }
  const area = Math.abs(twiceArea / 2)
  return twiceArea === 0 ? { area, x: ring[0]?.[0] ?? 0, y: ring[0]?.[1] ?? 0 } : { area, x: x / (3 * twiceArea), y: y / (3 * twiceArea) }
}

function buildPart(rings: Position[][]): ShapePart {
  const unwrapped = rings.map((ring) => ring.map(([longitude = 0, latitude = 0]) => [unwrapLongitude(longitude), latitude]))
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity]
  for (const [longitude = 0, latitude = 0] of unwrapped[0] ?? []) {
    box[0] = Math.min(box[0], longitude)
    box[1] = Math.min(box[1], latitude)
    box[2] = Math.max(box[2], longitude)
    box[3] = Math.max(box[3], latitude)
  }
  // The first ring is the outline; later rings are holes and subtract from it.
  let degreeArea = 0
  let x = 0
  let y = 0
  unwrapped.forEach((ring, index) => {
    const part = ringAreaAndCentroid(ring)
    const sign = index === 0 ? 1 : -1
    degreeArea += sign * part.area
    x += sign * part.area * part.x
    y += sign * part.area * part.y
  })
  // Some tiny places (Falls Church, VA) collapse to a zero-area sliver at this map scale.
  const centroid: [number, number] = degreeArea > 0 ? [x / degreeArea, y / degreeArea] : [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2]
  const squareKilometres = degreeArea * kilometresPerDegree ** 2 * Math.cos((centroid[1] * Math.PI) / 180)
  return { polygon: { type: 'Polygon', coordinates: unwrapped }, box, squareKilometres, centroid }
}

export function shapeFromGeometry(geometry: Polygon | MultiPolygon): Shape {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
  const parts = polygons.map(buildPart)
  const squareKilometres = parts.reduce((sum, part) => sum + part.squareKilometres, 0)
  const weighted = (axis: 0 | 1) =>
    squareKilometres > 0
      ? parts.reduce((sum, part) => sum + part.centroid[axis] * part.squareKilometres, 0) / squareKilometres
      : parts.reduce((sum, part) => sum + part.centroid[axis], 0) / parts.length
  return {
    parts,
    squareKilometres,
    box: [
      Math.min(...parts.map((part) => part.box[0])),
      Math.min(...parts.map((part) => part.box[1])),
      Math.max(...parts.map((part) => part.box[2])),
      Math.max(...parts.map((part) => part.box[3])),
    ],
    latitude: weighted(1),
    longitude: wrapLongitude(weighted(0)),
  }
}

function isInBox(box: Box, longitude: number, latitude: number) {
  return longitude >= box[0] && longitude <= box[2] && latitude >= box[1] && latitude <= box[3]
}

export function isPointInShape(shape: Shape, point: Point) {
  const longitude = unwrapLongitude(point.longitude)
  if (!isInBox(shape.box, longitude, point.latitude)) return false
  return shape.parts.some((part) => isInBox(part.box, longitude, point.latitude) && booleanPointInPolygon([longitude, point.latitude], part.polygon))
}

/** Distance in kilometres on an equirectangular projection; fine at the scale of a state. */
export function distanceKilometres(from: Point, to: Point) {
  const meanLatitude = ((from.latitude + to.latitude) / 2) * (Math.PI / 180)
  const east = (unwrapLongitude(to.longitude) - unwrapLongitude(from.longitude)) * Math.cos(meanLatitude)
  const north = to.latitude - from.latitude
  return Math.hypot(east, north) * kilometresPerDegree
}

const samplingAttempts = 200

/**
 * A uniformly random point inside the shape: choose a part by area, then draw from its
 * bounding box until a draw lands inside (rejection sampling); the centroid if none does.
 */
export function randomPointInShape(shape: Shape, random: () => number): Point {
  let target = random() * shape.squareKilometres
  const part = shape.parts.find((candidate) => (target -= candidate.squareKilometres) <= 0) ?? shape.parts[0]
  if (!part) return { latitude: shape.latitude, longitude: shape.longitude }
  const [west, south, east, north] = part.box
  for (let attempt = 0; attempt < samplingAttempts; attempt++) {
    const longitude = west + random() * (east - west)
    const latitude = south + random() * (north - south)
    if (booleanPointInPolygon([longitude, latitude], part.polygon)) {
      return { latitude, longitude: wrapLongitude(longitude) }
    }
  }
  return { latitude: shape.latitude, longitude: shape.longitude }
}
