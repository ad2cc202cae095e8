import type { LoaderFunctionArgs } from 'react-router'
import { dataLayerRuntimeFile, dataLayerRuntimePath } from '~/models/analytics/data-layer-runtime.server'

/** /data-layer/{version}.js: the data layer's script (issue 17 §7), cached for good; another version is a 404. */
export function loader({ request }: LoaderFunctionArgs) {
  if (new URL(request.url).pathname !== dataLayerRuntimePath) throw new Response('Not Found', { status: 404 })
  return new Response(dataLayerRuntimeFile, {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable' },
  })
}
