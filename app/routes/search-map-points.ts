import type { LoaderFunctionArgs } from 'react-router'
import { databaseContext } from '~/http/database.server'
import { searchMapPointsGeoJson } from '~/models/search/search-map.server'
import { siteFromRequest } from '~/sites/site.server'

/**
 * /map-points/{search path}: the matches of that search as GeoJSON points for the interactive
 * map (spec §2 map view), e.g. /map-points/search/texas-land-for-sale/map-29.5_-99.1_31.2_-97.3/.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const collection = await searchMapPointsGeoJson(context.get(databaseContext), siteFromRequest(request), `/${params['*'] ?? ''}${url.search}`)
  if (!collection) throw new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  // Listings change during the day: a minute in caches, like the search totals (search-totals-cache).
  return new Response(JSON.stringify(collection), {
    headers: { 'Content-Type': 'application/geo+json; charset=utf-8', 'Cache-Control': 'public, max-age=60' },
  })
}
