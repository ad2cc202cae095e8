import { createContext, data } from 'react-router'

/**
 * Whether a state-changing request comes from this site (architecture "Boundaries": every POST
 * checks Origin). Browsers send Origin on form posts; without one, Referer is checked; a request
 * with neither (a script, a test) passes, as it carries no ambient credentials.
 */
export function isSameOrigin(request: Request) {
  return comesFromHost(request.headers.get('host') ?? new URL(request.url).host, request.headers.get('origin') ?? request.headers.get('referer'))
}

/** Whether a request for `host` whose Origin (else Referer) is `source` comes from this site. */
export function comesFromHost(host: string, source: string | null | undefined) {
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

/**
 * The posted form. A body that is no form (another Content-Type, a multipart body without its
 * boundary or cut short) is the sender's mistake: the site's 400 page, not a server error.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw data(null, { status: 400 })
  }
}

/**
 * Set by the server (server/app.ts) when it answers a cross-site POST with the error page: the
 * request that reaches the app is a GET of /error/, whose loader then refuses it with a 403.
 */
export const crossSitePostContext = createContext(false)
