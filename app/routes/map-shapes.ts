import type { Route } from './+types/map-shapes'
import { countiesGeoJson, stateShapesSvg, statesGeoJson } from '~/models/places/map-shapes.server'
import { siteFromRequest } from '~/sites/site.server'

const geoJsonType = 'application/geo+json; charset=utf-8'

function shapesFile(file: string): { body: string; type: string } | undefined {
  if (file === 'states.svg') return { body: stateShapesSvg(), type: 'image/svg+xml; charset=utf-8' }
  if (file === 'states.geojson') return { body: statesGeoJson(), type: geoJsonType }
  const county = file.match(/^counties-(\d{1,2})\.geojson$/)
  const counties = county && countiesGeoJson(Number(county[1]))
  return counties ? { body: counties, type: geoJsonType } : undefined
}

/**
 * The outlines we serve ourselves (architecture "Map"): /map-shapes/states.geojson and
 * /map-shapes/counties-{state FIPS}.geojson for the interactive map's default basemap (the states
 * at once, a state's counties once zoomed in on it), and /map-shapes/states.svg, the shapes the
 * state map filter draws.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const shapes = shapesFile(params.file ?? '')
  if (!siteFromRequest(request).features.mapSearch || !shapes) {
    throw new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  }
  // Borders do not move: a week in caches.
  return new Response(shapes.body, {
    headers: { 'Content-Type': shapes.type, 'Cache-Control': 'public, max-age=604800, stale-while-revalidate=2592000' },
  })
}
