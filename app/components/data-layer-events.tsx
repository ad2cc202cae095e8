import { useEffect, useRef } from 'react'
import { isRouteErrorResponse, useLocation, useMatches, useRouteError } from 'react-router'
import { dataLayerPushScript, type DataLayerEvent, pageAnalyticsOf, pageEvents, pushToDataLayer } from '~/models/analytics/page-analytics'

/**
 * The page's data-layer events (spec §7): an inline script pushes them as the page is parsed,
 * before any module; after a client-side navigation an effect pushes the new page's (React never
 * runs a script it renders in the browser). The runtime at the end of the body sends them.
 */
export function DataLayerEvents({ nonce }: { nonce: string | undefined }) {
  // Null outside an error boundary's render.
  const error = useRouteError()
  const errorStatus = error == null ? undefined : isRouteErrorResponse(error) ? error.status : 500
  const events = pageEvents(pageAnalyticsOf(useMatches(), errorStatus))
  const serialized = JSON.stringify(events)
  const { key } = useLocation()
  // The page the server drew has pushed its own events.
  const pushedFor = useRef(key)
  useEffect(() => {
    if (pushedFor.current === key) return
    pushedFor.current = key
    pushToDataLayer(JSON.parse(serialized) as DataLayerEvent[])
  }, [key, serialized])
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: dataLayerPushScript(events) }} />
}
