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
 * How long a form's or a JSON call's body may be (issue 33): a form of ours, the listing editor's
 * included, stays under 30 KB. Photo uploads stream through their own limit (multipart-files.server.ts).
 */
export const maxBodyBytes = 64 * 1024

/**
 * The request's body, or 'too-large' past `maxBytes`: a declared Content-Length over the limit is
 * refused before a byte is read, and the bytes are counted as they stream, so a chunked body (no
 * Content-Length) or one longer than it said stops at the limit too. Rejects when the body breaks off.
 */
export async function readBodyUpTo(request: Request, maxBytes = maxBodyBytes): Promise<Uint8Array<ArrayBuffer> | 'too-large'> {
  if (Number(request.headers.get('content-length')) > maxBytes) return 'too-large'
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let bytes = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return Buffer.concat(chunks)
    bytes += value.byteLength
    if (bytes > maxBytes) {
      // The rest is left unread, not cancelled: cancelling destroys the server's socket before the
      // 413 is sent. The server closes the connection after that answer (server/app.ts).
      reader.releaseLock()
      return 'too-large'
    }
    chunks.push(value)
  }
}

/**
 * The posted form, at most `maxBodyBytes`: past it the site's 413 page. A body that is no form
 * (another Content-Type, a multipart body without its boundary or cut short) is the sender's
 * mistake: the site's 400 page, not a server error.
 */
export async function readFormData(request: Request): Promise<FormData> {
  let body: Uint8Array<ArrayBuffer> | 'too-large'
  try {
    body = await readBodyUpTo(request)
  } catch {
    throw data(null, { status: 400 })
  }
  if (body === 'too-large') throw data(null, { status: 413 })
  try {
    return await new Response(body, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData()
  } catch {
    throw data(null, { status: 400 })
  }
}

/**
 * Set by the server (server/app.ts) when it answers a cross-site POST with the error page: the
 * request that reaches the app is a GET of /error/, whose loader then refuses it with a 403.
 */
export const crossSitePostContext = createContext(false)
