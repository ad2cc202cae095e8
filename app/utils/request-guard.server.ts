/**
 * Whether a state-changing request comes from this site (architecture "Boundaries": every POST
 * checks Origin). Browsers send Origin on form posts; without one, Referer is checked; a request
 * with neither (a script, a test) passes, as it carries no ambient credentials.
 */
export function isSameOrigin(request: Request) {
  const host = request.headers.get('host') ?? new URL(request.url).host
  const source = request.headers.get('origin') ?? request.headers.get('referer')
  if (!source) return true
  try {
    return new URL(source).host === host
  } catch {
    return false
  }
}

/** Rejects a request sent from another site with a 403 (`isSameOrigin`). */
export function assertSameOrigin(request: Request) {
  if (!isSameOrigin(request)) throw new Response('Forbidden', { status: 403 })
}
