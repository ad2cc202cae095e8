import { isRouteErrorResponse } from 'react-router'

/**
 * Spec §7 "Client error log to the server log endpoint: user agent, URL, component stack": a
 * rendering error in the browser goes to POST /logging/log/ as a beacon, which outlives the move
 * to /error/ that follows (spec §4). Answers such as a 404 are pages, not errors, and stay out.
 */
export function reportClientError(error: unknown, componentStack: string | undefined) {
  if (isRouteErrorResponse(error)) return
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  const entry = { message, logSeverity: 'error', url: window.location.href, referringUrl: document.referrer, userAgent: navigator.userAgent, componentStack }
  // text/plain: a beacon with any other type is refused by some browsers; the server reads JSON either way.
  navigator.sendBeacon?.('/logging/log/', new Blob([JSON.stringify(entry)], { type: 'text/plain' }))
}
