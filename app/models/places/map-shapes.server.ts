import type { FeatureCollection, MultiPolygon } from 'geojson'
import { buildSearchPath } from '~/models/search/search-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import type { Gazetteer } from './gazetteer.server'
import { type MarketSnapshot, marketOf } from './market-stats.server'
import { normalizeCriteria } from '~/models/search/search-criteria'
import type { StateMapState } from '~/models/search/search-map'
import { type Ring, frameOf, loadAlbersStates, loadAtlas, pathOf, simplifyRing } from './us-atlas.server'

/**
 * The outlines we serve ourselves (architecture "Map"), built once per process: state and county
 * GeoJSON for the interactive map's default basemap, and the state map filter (spec §1).
 */

/**
 * Shapes for maplibre: outer rings simplified to `tolerance` degrees, coordinates to 1/100 of a
 * degree (about a kilometre, a few pixels where the map shows a state): the states are 26 KB gzip.
 */
function shapesGeoJson(shapes: [number, Ring[]][], tolerance: number): string {
  const round = (value: number) => Math.round(value * 100) / 100
  const collection: FeatureCollection<MultiPolygon> = {
    type: 'FeatureCollection',
    features: shapes.map(([id, rings]) => ({
      type: 'Feature',
      id,
      properties: {},
      geometry: {
        type: 'MultiPolygon',
        coordinates: rings
          .map((ring) => simplifyRing(ring, tolerance))
          .filter((ring) => ring.length >= 4)
          .map((ring) => [ring.map(([x = 0, y = 0]) => [round(x), round(y)])]),
      },
    })),
  }
  return JSON.stringify(collection)
}

let statesGeoJsonText: string | undefined
const countiesGeoJsonText = new Map<number, string>()

/** Every state's outline as GeoJSON, built once per process. */
export function statesGeoJson(): string {
  statesGeoJsonText ??= shapesGeoJson([...loadAtlas().states], 0.03)
  return statesGeoJsonText
}

/** The counties of one state as GeoJSON (the interactive map asks for them as it zooms in); undefined for an unknown state. */
export function countiesGeoJson(stateId: number): string | undefined {
  const { counties, countyIdsByState } = loadAtlas()
  const countyIds = countyIdsByState.get(stateId)
  if (!countyIds) return undefined
  if (!countiesGeoJsonText.has(stateId))
    countiesGeoJsonText.set(
      stateId,
      shapesGeoJson(
        countyIds.map((id) => [id, counties.get(id) ?? []]),
        0.01,
      ),
    )
  return countiesGeoJsonText.get(stateId)
}

interface StateShape {
  path: string
  marker: { x: number; y: number } | null
}

let stateShapes: Map<number, StateShape> | undefined
let stateShapesSvgText: string | undefined
let stateShapePathsText: string | undefined

/** States narrower than this (in the 975-wide drawing) get a marker to click: only DC. */
const smallStateWidth = 6
const stateShapesPath = '/map-shapes/states.svg'
const stateShapeId = (stateId: number) => `state-${stateId}`

function loadStateShapes() {
  if (stateShapes) return stateShapes
  const unprojected = ([x = 0, y = 0]: number[]) => [x, y] as [number, number]
  stateShapes = new Map(
    [...loadAlbersStates().states].map(([id, rings]) => {
      const frame = frameOf(rings)
      const isSmall = frame.east - frame.west < smallStateWidth
      const marker = isSmall ? { x: Math.round((frame.west + frame.east) / 2), y: Math.round((frame.south + frame.north) / 2) } : null
      return [id, { path: pathOf(rings, unprojected, { tolerance: isSmall ? 0 : 0.8 }), marker }]
    }),
  )
  return stateShapes
}

/**
 * The state outlines of the state map filter as one SVG file of shapes by id: pages draw them
 * with `<use href="/map-shapes/states.svg#state-48">`, so the outlines (16 KB) are fetched once
 * and cached, not repeated in every page's HTML and its hydration data.
 */
export function stateShapesSvg(): string {
  stateShapesSvgText ??= `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 975 610"><defs>${stateShapePaths()}</defs></svg>`
  return stateShapesSvgText
}

/** The outlines as the `<path>` elements of that file, for a page that carries them itself (the home: decision 0041). */
export function stateShapePaths(): string {
  stateShapePathsText ??= [...loadStateShapes()].map(([id, shape]) => `<path id="${stateShapeId(id)}" d="${shape.path}"/>`).join('')
  return stateShapePathsText
}

const stateMapsByGazetteer = new WeakMap<Gazetteer, Map<SiteProfile['key'], (StateMapState & { stateId: number })[]>>()

/**
 * The state map filter (spec §1): every state of the gazetteer that has a shape, linked to its
 * search while it has listings in the snapshot (decision 0062: an empty search is noindex, so it is
 * not linked); the outlines are built once per site.
 */
export function stateMapStates(site: SiteProfile, gazetteer: Gazetteer, snapshot: MarketSnapshot): StateMapState[] {
  let stateMaps = stateMapsByGazetteer.get(gazetteer)
  if (!stateMaps) stateMapsByGazetteer.set(gazetteer, (stateMaps = new Map()))
  let states = stateMaps.get(site.key)
  if (!states) {
    const shapes = loadStateShapes()
    states = gazetteer.states.flatMap((state) => {
      const shape = shapes.get(state.id)
      if (!shape) return []
      const href = buildSearchPath(site, normalizeCriteria({ state: state.token }))
      return [{ stateId: state.id, name: state.name, href, shapeHref: `${stateShapesPath}#${stateShapeId(state.id)}`, marker: shape.marker }]
    })
    stateMaps.set(site.key, states)
  }
  return states.map(({ stateId, ...state }) => (marketOf(snapshot, { kind: 'state', id: stateId }).listings > 0 ? state : { ...state, href: null }))
}
