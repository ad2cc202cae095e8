import type { Route } from './+types/data-layer-script'
import { dataLayerRuntimeFile, dataLayerRuntimePath } from '~/document/data-layer-script.server'

/**
 * /data-layer/{version}.js: the data layer's script (issue 17 §7), cached for good. A page from
 * another version (an instance not yet updated, a page kept in a cache) gets this one for a few
 * minutes rather than nothing; any other name is a 404.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  if (!/^[0-9a-f]{12}\.js$/.test(params.file ?? '')) throw new Response('Not Found', { status: 404 })
  const isCurrent = new URL(request.url).pathname === dataLayerRuntimePath
  return new Response(dataLayerRuntimeFile, {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': isCurrent ? 'public, max-age=31536000, immutable' : 'public, max-age=300' },
  })
}
