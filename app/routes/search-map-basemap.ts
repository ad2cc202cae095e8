import type { Route } from './+types/search-map-basemap'
import { parseFrameToken, searchBasemapSvg } from '~/models/search/search-map.server'
import { siteFromRequest } from '~/sites/site.server'

/** /search-map/{south}_{west}_{north}_{east}.svg: the map view's server-drawn basemap (see search-map.server.ts). */
export function loader({ request, params }: Route.LoaderArgs) {
  const frame = parseFrameToken(params.frame ?? '')
  if (!siteFromRequest(request).features.mapSearch || !frame) {
    throw new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  }
  // Borders do not move: a frame's drawing is the same for a week, and any page of the search reuses it.
  return new Response(searchBasemapSvg(frame), {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=604800, stale-while-revalidate=2592000' },
  })
}
