import { type HandleErrorFunction, isRouteErrorResponse } from 'react-router'
import { isDatabaseUnavailable } from '~/models/db/dialect.server'
import { redactSecrets } from '~/models/logs/secret-urls'

/** The request's path and query as logged: a reset key or login token in it is left out (models/logs/secret-urls.ts). */
function loggedAddress(request: Request) {
  const { pathname, search } = new URL(request.url)
  return redactSecrets(`${pathname}${search}`)
}

export function logServerError(error: unknown, request: Request) {
  console.error(`[server error] ${request.method} ${loggedAddress(request)}`, error)
}

const isWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase())

/**
 * React Router answers 400, before any action runs, a write whose Origin is not the request's own
 * origin (the documented check `allowedActionOrigins` widens; this configuration allows no other).
 * Behind the production server such a post is refused earlier (server/app.ts); a request handler
 * called directly meets React Router's check, whose error names nothing else to recognize it by.
 */
function isCrossOriginWrite(request: Request) {
  const origin = request.headers.get('origin')
  return isWrite(request.method) && origin !== null && origin !== new URL(request.url).origin
}

/** React Router's own refusals: a method the route has no handler for (405), and a write from another origin. */
function refusalOf(error: unknown, request: Request) {
  if (isRouteErrorResponse(error) && error.status < 500) return `${error.status} ${error.statusText}`
  if (isCrossOriginWrite(request)) return '400 cross-origin form post'
  return undefined
}

/** Requests whose loader or action failed because the database was unreachable (the errors the render sees are sanitized). */
const requestsWithoutDatabase = new WeakSet<Request>()

/** Whether the page failed because the database is unreachable: it is then the error page as a 503. */
export const failedForDatabase = (request: Request) => requestsWithoutDatabase.has(request)

/**
 * Every unexpected loader, action or render error is logged with the request path and its stack
 * (issue 4 §5); an expected refusal is one line, as an access log would have it.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  if (isDatabaseUnavailable(error)) requestsWithoutDatabase.add(request)
  const refusal = refusalOf(error, request)
  if (refusal) {
    console.warn(`[refused] ${request.method} ${loggedAddress(request)}: ${refusal}`)
    return
  }
  logServerError(error, request)
}
