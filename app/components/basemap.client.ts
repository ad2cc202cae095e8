import type { Feature, FeatureCollection } from 'geojson'
import type maplibregl from 'maplibre-gl'
import type { GeoJSONSource, StyleSpecification } from 'maplibre-gl'

/**
 * Our own basemap for maplibre (no tile server): the states' shapes, and the counties of the
 * states in view once zoomed in. The search page's map and the sellers' point picker draw on it.
 */

/** From this zoom the default basemap draws the counties of the states in view. */
const countyZoom = 6
export const colours = { water: '#d7e3ea', land: '#f3f1e7', stateLine: '#5b6b4e', countyLine: '#a8b39a', cluster: '#166534', point: '#b45309', area: '#1d4ed8' }
/**
 * maplibre names its canvas a region called 'Map'; our pages already have a region of that name
 * around it (the server-drawn map it replaces), and two landmarks of one name confuse screen readers.
 */
export const mapLocale = { 'Map.Title': 'Interactive map' }
const emptyCollection = { type: 'FeatureCollection' as const, features: [] }

/** Our own basemap: background, state shapes at once, a state's counties once zoomed in on it. */
export function defaultStyle(shapesHref: string): StyleSpecification {
  return {
    version: 8,
    sources: {
      states: { type: 'geojson', data: `${shapesHref}states.geojson`, attribution: 'US Census Bureau' },
      counties: { type: 'geojson', data: emptyCollection },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': colours.water } },
      { id: 'state-fill', type: 'fill', source: 'states', paint: { 'fill-color': colours.land } },
      { id: 'county-lines', type: 'line', source: 'counties', minzoom: countyZoom, paint: { 'line-color': colours.countyLine, 'line-width': 0.8 } },
      { id: 'state-lines', type: 'line', source: 'states', paint: { 'line-color': colours.stateLine, 'line-width': 1.5 } },
    ],
  }
}

/** Loads the counties of the states in view once zoomed in, each state once. */
export function followCounties(map: maplibregl.Map, shapesHref: string) {
  const loaded = new Map<number, Feature[]>()
  const source = map.getSource<GeoJSONSource>('counties')
  const loadCountiesInView = () => {
    if (map.getZoom() < countyZoom) return
    const stateIds = new Set(map.queryRenderedFeatures({ layers: ['state-fill'] }).map((feature) => Number(feature.id)))
    const missing = [...stateIds].filter((id) => !loaded.has(id))
    for (const id of missing) loaded.set(id, [])
    Promise.all(
      missing.map(async (id) => {
        const response = await fetch(`${shapesHref}counties-${id}.geojson`)
        if (response.ok) loaded.set(id, ((await response.json()) as FeatureCollection).features)
      }),
    )
      .then(() => source?.setData({ type: 'FeatureCollection', features: [...loaded.values()].flat() }))
      .catch(() => {
        // Without county lines the map still works; the next move tries the states not loaded.
        for (const id of missing) if (loaded.get(id)?.length === 0) loaded.delete(id)
      })
  }
  loadCountiesInView()
  map.on('moveend', loadCountiesInView)
}
