import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import type { ListingMapKind } from './listing-media'

/**
 * Static listing maps (issue 6: "until the interactive map arrives, a static map image rendered
 * on the server from the county shape and the listing's point"), drawn as SVG from us-atlas:
 * the property map frames the listing's county, the local map its whole state with the county
 * highlighted. SVG keeps them a few KB, sharp at any size, and free of tiles or a map library.
 */

export const listingMapKinds: readonly ListingMapKind[] = ['property', 'local']

export interface ListingMapSubject {
  latitude: number
  longitude: number
  countyId: number
  stateId: number
  /** 'Travis County, TX': the map's accessible title. */
  placeName: string
}

type Ring = Position[]

interface AtlasShapes {
  counties: Map<number, Ring[]>
  countyFrames: Map<number, Frame>
  states: Map<number, Ring[]>
  countyIdsByState: Map<number, number[]>
}

const require = createRequire(import.meta.url)
let atlas: AtlasShapes | undefined

function ringsOf(geometry: Polygon | MultiPolygon): Ring[] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
  // Only outer rings: lakes and holes inside a county do not help anyone find a property.
  // The Aleutians cross the antimeridian; eastern longitudes move below -180 to stay contiguous.
  return polygons.map((polygon) => (polygon[0] ?? []).map(([longitude = 0, latitude = 0]) => [longitude > 0 ? longitude - 360 : longitude, latitude]))
}

/** County and state outlines, parsed once per process (about 40 ms) on the first map asked for. */
function loadAtlas(): AtlasShapes {
  if (atlas) return atlas
  type Named = GeometryCollection<{ name: string }>
  const topology = JSON.parse(fs.readFileSync(require.resolve('us-atlas/counties-10m.json'), 'utf8')) as Topology<{ counties: Named; states: Named }>
  const shapesOf = (collection: Named) => {
    const shapes = new Map<number, Ring[]>()
    for (const geometry of collection.geometries) {
      const shape = (feature(topology, geometry) as Feature).geometry
      if (shape.type === 'Polygon' || shape.type === 'MultiPolygon') shapes.set(Number(geometry.id), ringsOf(shape))
    }
    return shapes
  }
  const counties = shapesOf(topology.objects.counties)
  const countyIdsByState = new Map<number, number[]>()
  for (const countyId of counties.keys()) {
    const stateId = Math.floor(countyId / 1000)
    countyIdsByState.set(stateId, [...(countyIdsByState.get(stateId) ?? []), countyId])
  }
  const countyFrames = new Map([...counties].map(([id, rings]) => [id, frameOf(rings)]))
  atlas = { counties, countyFrames, states: shapesOf(topology.objects.states), countyIdsByState }
  return atlas
}

const width = 800
const height = 533
const padding = 0.08

interface Frame {
  west: number
  south: number
  east: number
  north: number
}

function frameOf(rings: Ring[], point?: { longitude: number; latitude: number }): Frame {
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

/** An equirectangular projection scaled by the cosine of the middle latitude: true enough shapes at county and state scale. */
function overlaps(a: Frame, b: Frame) {
  return a.west <= b.east && b.west <= a.east && a.south <= b.north && b.south <= a.north
}

function projection(frame: Frame) {
  const xScale = Math.cos((((frame.north + frame.south) / 2) * Math.PI) / 180)
  const spanX = Math.max((frame.east - frame.west) * xScale, 1e-3)
  const spanY = Math.max(frame.north - frame.south, 1e-3)
  const scale = Math.min((width * (1 - 2 * padding)) / spanX, (height * (1 - 2 * padding)) / spanY)
  const offsetX = (width - spanX * scale) / 2
  const offsetY = (height - spanY * scale) / 2
  return ([longitude = 0, latitude = 0]: Position) =>
    [offsetX + (longitude - frame.west) * xScale * scale, offsetY + (frame.north - latitude) * scale].map((value) => Math.round(value * 10) / 10) as [number, number]
}

function pathOf(rings: Ring[], project: ReturnType<typeof projection>) {
  return rings.map((ring) => `M${ring.map((position) => project(position).join(' ')).join('L')}Z`).join('')
}

function escapeXml(text: string) {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')
}

/** The SVG document of one map, or undefined when the atlas has no shape for the listing's county. */
export function listingMapSvg(subject: ListingMapSubject, kind: ListingMapKind): string | undefined {
  const { counties, countyFrames, states, countyIdsByState } = loadAtlas()
  const county = counties.get(subject.countyId)
  const state = states.get(subject.stateId)
  if (!county || !state) return undefined
  const point = { longitude: subject.longitude > 0 ? subject.longitude - 360 : subject.longitude, latitude: subject.latitude }
  const frame = frameOf(kind === 'property' ? county : state, point)
  const project = projection(frame)
  // The property map shows the neighbouring counties (across state lines too); the local map every county of the state.
  const contextIds = kind === 'property' ? [...countyFrames].filter(([, countyFrame]) => overlaps(countyFrame, frame)).map(([id]) => id) : (countyIdsByState.get(subject.stateId) ?? [])
  const context = contextIds.filter((id) => id !== subject.countyId).map((id) => counties.get(id) ?? [])
  const [x, y] = project([point.longitude, point.latitude])
  const title = kind === 'property' ? `Map of the property in ${subject.placeName}` : `${subject.placeName} within its state`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="title">`,
    `<title id="title">${escapeXml(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#dbe7d3"/>`,
    `<path d="${context.map((rings) => pathOf(rings, project)).join('')}" fill="#eef2e6" stroke="#8a9a7b" stroke-width="${kind === 'property' ? 1.5 : 0.6}"/>`,
    `<path d="${pathOf(state, project)}" fill="none" stroke="#4b5b3f" stroke-width="2"/>`,
    `<path d="${pathOf(county, project)}" fill="#fdf6d8" stroke="#166534" stroke-width="${kind === 'property' ? 3 : 2}"/>`,
    `<circle cx="${x}" cy="${y}" r="${kind === 'property' ? 11 : 8}" fill="#b45309" stroke="#fff" stroke-width="3"/>`,
    `<text x="16" y="${height - 16}" font-family="system-ui, sans-serif" font-size="20" fill="#1c1917">${escapeXml(subject.placeName)}</text>`,
    '</svg>',
  ].join('')
}
