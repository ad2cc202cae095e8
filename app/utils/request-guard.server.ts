/**
 * Rejects a state-changing request sent from another site (architecture "Boundaries": every
 * POST checks Origin). Browsers send Origin on form posts; without one, Referer is checked; a
 * request with neither (a script, a test) passes, as it carries no ambient credentials.
 */
export function assertSameOrigin(request: Request) {
  const host = request.headers.get('host') ?? new URL(request.url).host
  const source = request.headers.get('origin') ?? request.headers.get('referer')
  if (!source) return
  let sourceHost: string
  try {
    sourceHost = new URL(source).host
  } catch {
    throw new Response('Forbidden', { status: 403 })
  }
  if (sourceHost !== host) throw new Response('Forbidden', { status: 403 })
}
