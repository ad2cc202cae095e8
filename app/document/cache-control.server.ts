import type { EntryContext } from 'react-router'
import { pageAnalyticsOf } from '~/models/analytics/page-analytics'
import { pageCacheControl } from '~/http/http-cache.server'

/**
 * A page answered 200 to a GET gets its type's shared caching (http/http-cache.server.ts; the root's
 * middleware then keeps it private for a session): the type is what the deepest route's `handle`
 * declares for the data layer.
 */
export function sharedCacheControl(request: Request, status: number, { staticHandlerContext, routeModules }: EntryContext) {
  if (status !== 200 || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined
  const matches = staticHandlerContext.matches.map(({ route }) => ({ handle: routeModules[route.id]?.handle, data: staticHandlerContext.loaderData[route.id] }))
  return pageCacheControl(pageAnalyticsOf(matches, undefined).pageType)
}
