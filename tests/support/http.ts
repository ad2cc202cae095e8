import { afterAll, beforeAll } from 'vitest'
import path from 'node:path'
import { generate } from 'otplib'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { forgetUsedTotpStep, openTestDatabase } from './test-database'

/**
 * The production build's request handler, called in-process: the same code path as the
 * server, without a port. Requests carry the site's Host header, as a browser would send.
 */
export async function loadRequestHandler() {
  // @ts-expect-error -- the build is produced by `react-router build` before the tests run
  const build = (await import('../../build/server/index.js')) as ServerBuild
  const handle = createRequestHandler(build, 'production')
  return (host: string, path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    headers.set('host', host)
    return handle(new Request(`http://${host}${path}`, { ...init, headers }))
  }
}

export type SiteFetch = Awaited<ReturnType<typeof loadRequestHandler>>

/** The value of one `<meta name=...>` in an HTML document. */
export function metaContent(html: string, name: string) {
  return html.match(new RegExp(`<meta name="${name}" content="([^"]*)"`))?.[1]
}

export function canonicalHref(html: string) {
  return html.match(/<link rel="canonical" href="([^"]*)"/)?.[1]
}

export function decodeEntities(text: string) {
  return text.replaceAll('&#x27;', "'").replaceAll('&#39;', "'").replaceAll('&amp;', '&').replaceAll('&quot;', '"')
}

/** A page's words as a reader sees them: entities decoded, each tag and run of white space one space. */
export async function pageText(response: Response) {
  return decodeEntities(await response.text())
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
}

/** A form's fields as a browser posts them: a field with several values (checkboxes) once per value. */
export function formBody(fields: Record<string, string | string[]>) {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item)
  return body
}

/**
 * For a test file about production pages: sets SITE_ENVIRONMENT=production and loads the
 * handler before the tests, and gives back a `fetchPage` to call and the seeded database to read.
 */
export function productionPages() {
  let handler: SiteFetch | undefined
  const db = openTestDatabase()
  beforeAll(async () => {
    process.env.SITE_ENVIRONMENT = 'production'
    handler = await loadRequestHandler()
  })
  afterAll(() => {
    delete process.env.SITE_ENVIRONMENT
    db.close()
  })
  const fetchPage: SiteFetch = (...args) => handler!(...args)
  return { fetchPage, db }
}

/**
 * Logs in through the login form as a browser would (same-origin POST) and gives back the session
 * cookie. `clientAddress` keeps each test file within the login rate limit of its own address.
 */
export async function sessionCookie(
  fetchPage: SiteFetch,
  host: string,
  { email, password, totpSecret }: { email: string; password: string; totpSecret?: string | null },
  clientAddress: string,
  /** The server's data folder when it is not the test database's (a private copy). */
  { dataDir }: { dataDir?: string } = {},
) {
  const post = (path: string, fields: Record<string, string>, cookie?: string) =>
    fetchPage(host, path, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, 'x-forwarded-for': clientAddress, ...(cookie ? { cookie } : {}) },
      redirect: 'manual',
    })
  const response = await post('/login', { email, password, redirectTo: '/' })
  if (response.status !== 303) throw new Error(`Logging in as ${email} on ${host} answered ${response.status}`)
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!
  if (!response.headers.get('location')?.startsWith('/login/verify/')) return cookie
  // A user with a second factor (the demo administrator, decision 0052) gives a current code.
  if (!totpSecret) throw new Error(`${email} has a second factor: give its TOTP secret`)
  forgetUsedTotpStep(email, dataDir === undefined ? undefined : path.join(dataDir, 'marketplace.db'))
  const verified = await giveTotpCode(totpSecret, (code) => post('/login/verify/', { code, redirectTo: '/' }, cookie))
  if (!verified) throw new Error(`The code of ${email} was refused on ${host}`)
  return verified.headers.get('set-cookie')!.split(';')[0]!
}

/**
 * Sends the current TOTP code of `secret` (`send` posts it to /login/verify/) and answers the
 * accepting response (a 303), or undefined. A code works once: when another login of the same
 * account used this 30-second step already, the next step's code (accepted one step early) is sent.
 */
export async function giveTotpCode(secret: string, send: (code: string) => Promise<Response>) {
  for (const stepsAhead of [0, 1]) {
    const response = await send(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 }))
    if (response.status === 303) return response
  }
  return undefined
}

/**
 * One person's browser without scripts, on one site: it keeps its session cookie, comes from its
 * own client address (rate limits count per address), and follows no redirect by itself.
 */
export function browserSession(fetchPage: SiteFetch, host: string, clientAddress: string) {
  let cookie = ''
  const send = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', clientAddress)
    if (cookie) headers.set('cookie', cookie)
    const response = await fetchPage(host, path, { ...init, headers, redirect: 'manual' })
    const setCookie = response.headers.get('set-cookie')
    if (setCookie) cookie = setCookie.split(';')[0]!
    return response
  }
  return {
    get: (path: string, headers: Record<string, string> = {}) => send(path, { headers }),
    /** A same-origin form post, as a browser sends it. */
    post: (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      send(path, {
        method: 'POST',
        body: new URLSearchParams(fields),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, ...headers },
      }),
    hasSession: () => cookie !== '' && !cookie.endsWith('='),
  }
}

export type BrowserSession = ReturnType<typeof browserSession>

/**
 * Same-origin form posts as a browser without scripts sends them, each from the next client
 * address of `addressPrefix` (rate limits count per address), with an optional session cookie.
 */
export function formPoster(fetchPage: SiteFetch, host: string, addressPrefix: string) {
  let addressCounter = 0
  return (path: string, fields: Record<string, string>, cookie?: string) => {
    addressCounter += 1
    return fetchPage(host, path, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: `http://${host}`,
        'x-forwarded-for': `${addressPrefix}.${addressCounter}`,
        ...(cookie ? { cookie } : {}),
      },
      redirect: 'manual',
    })
  }
}
