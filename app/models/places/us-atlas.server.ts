import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'

/**
 * US state and county shapes from us-atlas (Census cartographic boundaries, 1:10m), and the
 * drawing helpers every map we draw ourselves shares: the listing page's static maps, the search
 * page's map (SVG without scripts, GeoJSON for maplibre) and the state map filter.
 */

export type Ring = Position[]

export interface AtlasShapes {
  counties: Map<number, Ring[]>
  countyFrames: Map<number, Frame>
  states: Map<number, Ring[]>
  stateFrames: Map<number, Frame>
  countyIdsByState: Map<number, number[]>
}

/** A longitude/latitude box (or, for shapes already projected, an x/y box). */
export interface Frame {
  west: number
  south: number
  east: number
  north: number
}

const require = createRequire(import.meta.url)
let atlas: AtlasShapes | undefined

type Named = GeometryCollection<{ name: string }>

function readTopology<Objects extends Record<string, Named>>(file: string) {
  return JSON.parse(fs.readFileSync(require.resolve(`us-atlas/${file}`), 'utf8')) as Topology<Objects>
}

function outerRings(geometry: Polygon | MultiPolygon): Ring[] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
  return polygons.map((polygon) => polygon[0] ?? [])
}

/** Outer rings of each shape by its FIPS id: lakes and holes inside a place do not help anyone find land. */
function shapesOf(topology: Topology, collection: Named, toPosition: (position: Position) => Position) {
  const shapes = new Map<number, Ring[]>()
  for (const geometry of collection.geometries) {
    const shape = (feature(topology, geometry) as Feature).geometry
    if (shape.type === 'Polygon' || shape.type === 'MultiPolygon')
      shapes.set(
        Number(geometry.id),
        outerRings(shape).map((ring) => ring.map(toPosition)),
      )
  }
  return shapes
}

/** The Aleutians cross the antimeridian; eastern longitudes move below -180 to stay contiguous. */
export function contiguousLongitude(longitude: number) {
  return longitude > 0 ? longitude - 360 : longitude
}

const contiguous = ([longitude = 0, latitude = 0]: Position): Position => [contiguousLongitude(longitude), latitude]

/** County and state outlines in longitude/latitude, parsed once per process (about 40 ms) on the first map asked for. */
export function loadAtlas(): AtlasShapes {
  if (atlas) return atlas
  const topology = readTopology<{ counties: Named; states: Named }>('counties-10m.json')
  const counties = shapesOf(topology, topology.objects.counties, contiguous)
  const states = shapesOf(topology, topology.objects.states, contiguous)
  const countyIdsByState = new Map<number, number[]>()
  for (const countyId of counties.keys()) {
    const stateId = Math.floor(countyId / 1000)
    countyIdsByState.set(stateId, [...(countyIdsByState.get(stateId) ?? []), countyId])
  }
  const framesOf = (shapes: Map<number, Ring[]>) => new Map([...shapes].map(([id, rings]) => [id, frameOf(rings)]))
  atlas = { counties, countyFrames: framesOf(counties), states, stateFrames: framesOf(states), countyIdsByState }
  return atlas
}

/**
 * The states already projected by us-atlas (Albers USA, Alaska and Hawaii inset, 975 × 610):
 * the shape of the country everyone recognises, for the state map filter.
 */
export function loadAlbersStates(): { width: number; height: number; states: Map<number, Ring[]> } {
  const topology = readTopology<{ states: Named }>('states-albers-10m.json')
  return { width: 975, height: 610, states: shapesOf(topology, topology.objects.states, (position) => position) }
}

export function frameOf(rings: Ring[], point?: { longitude: number; latitude: number }): Frame {
  const frame = point
    ? { west: point.longitude, south: point.latitude, east: point.longitude, north: point.latitude }
    : { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity }
  for (const ring of rings) {
    for (const [longitude = 0, latitude = 0] of ring) {
      frame.west = Math.min(frame.west, longitude)
      frame.east = Math.max(frame.east, longitude)
      frame.south = Math.min(frame.south, latitude)
      frame.north = Math.max(frame.north, latitude)
    }
  }
  return frame
}

export function overlaps(a: Frame, b: Frame) {
  return a.west <= b.east && b.west <= a.east && a.south <= b.north && b.south <= a.north
}

export interface Canvas {
  width: number
  height: number
  /** The share of each side left around the frame. */
  padding: number
}

export type Projection = (position: Position) => [number, number]

/** An equirectangular projection scaled by the cosine of the middle latitude: true enough shapes at county and state scale. */
export function projection(frame: Frame, { width, height, padding }: Canvas): Projection {
  const xScale = Math.cos((((frame.north + frame.south) / 2) * Math.PI) / 180)
  const spanX = Math.max((frame.east - frame.west) * xScale, 1e-3)
  const spanY = Math.max(frame.north - frame.south, 1e-3)
  const scale = Math.min((width * (1 - 2 * padding)) / spanX, (height * (1 - 2 * padding)) / spanY)
  const offsetX = (width - spanX * scale) / 2
  const offsetY = (height - spanY * scale) / 2
  return ([longitude = 0, latitude = 0]) =>
    [offsetX + (longitude - frame.west) * xScale * scale, offsetY + (frame.north - latitude) * scale].map((value) => Math.round(value * 10) / 10) as [number, number]
}

/** The longitude/latitude box a projection shows on its whole canvas (the frame plus the room around it). */
export function visibleFrame(frame: Frame, canvas: Canvas): Frame {
  const project = projection(frame, canvas)
  const [left, top] = project([frame.west, frame.north])
  const [right, bottom] = project([frame.east, frame.south])
  const degreesPerX = (frame.east - frame.west) / Math.max(right - left, 1e-6)
  const degreesPerY = (frame.north - frame.south) / Math.max(bottom - top, 1e-6)
  return {
    west: frame.west - left * degreesPerX,
    east: frame.east + (canvas.width - right) * degreesPerX,
    north: frame.north + top * degreesPerY,
    south: frame.south - (canvas.height - bottom) * degreesPerY,
  }
}

/**
 * Douglas–Peucker: the fewest points that stay within `tolerance` of the line. At the size a map
 * is drawn, most of the atlas's points are closer together than a pixel.
 */
export function simplifyRing(ring: Ring, tolerance: number): Ring {
  if (tolerance <= 0 || ring.length < 3) return ring
  const keep = new Uint8Array(ring.length)
  keep[0] = keep[ring.length - 1] = 1
  const stack: [number, number][] = [[0, ring.length - 1]]
  while (stack.length > 0) {
    const [first, last] = stack.pop()!
    const [ax = 0, ay = 0] = ring[first]!
    const [bx = 0, by = 0] = ring[last]!
    const length = Math.hypot(bx - ax, by - ay)
    let farthest = -1
    let farthestDistance = tolerance
    for (let index = first + 1; index < last; index++) {
      const [px = 0, py = 0] = ring[index]!
      const distance = length === 0 ? Math.hypot(px - ax, py - ay) : Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length
      if (distance > farthestDistance) [farthest, farthestDistance] = [index, distance]
    }
    if (farthest > 0) {
      keep[farthest] = 1
      stack.push([first, farthest], [farthest, last])
    }
  }
  return ring.filter((_, index) => keep[index] === 1)
}

/**
 * SVG path data of shapes: each ring projected, then (with a tolerance, in pixels) simplified and
 * written with relative whole-pixel steps, which take about a third of the characters.
 */
export function pathOf(rings: Ring[], project: Projection, { tolerance = 0 }: { tolerance?: number } = {}) {
  if (tolerance <= 0) return rings.map((ring) => `M${ring.map((position) => project(position).join(' ')).join('L')}Z`).join('')
  return rings
    .map((ring) => {
      const points = simplifyRing(ring.map(project), tolerance).map(([x = 0, y = 0]) => [Math.round(x), Math.round(y)] as const)
      if (points.length < 3) return ''
      let [previousX, previousY] = points[0]!
      const steps = points.slice(1).map(([x, y]) => {
        const step = `${x - previousX} ${y - previousY}`
        ;[previousX, previousY] = [x, y]
        return step
      })
      return `M${points[0]!.join(' ')}l${steps.join(' ').replaceAll(' -', '-')}z`
    })
    .join('')
}
