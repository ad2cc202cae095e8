import { createHash } from 'node:crypto'
import type { MiddlewareFunction } from 'react-router'
import type { PageType } from '~/models/analytics/page-analytics'
import { cspNonceContext } from '~/utils/csp-nonce'
import { formKeyOfResponse } from './form-key.server'
import { hasSessionCookie } from './session.server'

/**
 * HTTP caching a CDN can use (issue 18 §3, decision 0023). A page the same for every visitor is
 * `public` for a shared cache for as long as listings may be stale there (`s-maxage`), then served
 * stale while the CDN asks again; browsers always ask again (`max-age=0`) and get a 304 when the
 * page's bytes have not changed (a strong ETag, the hash of the body). Whatever a signed-in person
 * or a cookie-setting answer sees is never shared.
 */
interface SharedCachePolicy {
  sMaxAgeSeconds: number
  staleWhileRevalidateSeconds: number
}

/** Results and listings change with every listing write: a minute. */
const listingsChange: SharedCachePolicy = { sMaxAgeSeconds: 60, staleWhileRevalidateSeconds: 300 }
/** Landing, broker and sitemap pages count and list many listings; one more or less matters less. */
const placesChange: SharedCachePolicy = { sMaxAgeSeconds: 300, staleWhileRevalidateSeconds: 3600 }

/** The pages shared caches may keep, by the page type their route's `handle` declares (AnalyticsHandle). */
const sharedCachePolicies: Partial<Record<PageType, SharedCachePolicy>> = {
  home: listingsChange,
  search: listingsChange,
  listing: listingsChange,
  landing: placesChange,
  broker: placesChange,
  'broker-directory': placesChange,
  sitemap: placesChange,
}

/** robots.txt and the XML sitemaps (resource routes, not pages). */
export const sitemapFilesCacheControl = cacheControlOf(placesChange)

/** The answer to anything personal, or a form's answer. */
export const privateCacheControl = 'private, no-store'

function cacheControlOf({ sMaxAgeSeconds, staleWhileRevalidateSeconds }: SharedCachePolicy) {
  return `public, max-age=0, s-maxage=${sMaxAgeSeconds}, stale-while-revalidate=${staleWhileRevalidateSeconds}`
}

/** The Cache-Control of a page of this type answered 200 to a GET, before the middleware below looks at who asked. */
export function pageCacheControl(pageType: PageType): string | undefined {
  const policy = sharedCachePolicies[pageType]
  return policy ? cacheControlOf(policy) : undefined
}

/** Only our own page policies name `s-maxage`: a long-lived asset or image is not a page. */
const isSharedPage = (cacheControl: string | null) => cacheControl !== null && cacheControl.includes('s-maxage=')

function appendVary(headers: Headers, name: string) {
  const vary = headers.get('Vary')
  if (!vary) headers.set('Vary', name)
  else if (
    !vary
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(name.toLowerCase())
  )
    headers.set('Vary', `${vary}, ${name}`)
}

/**
 * A strong validator: the same page gives the same tag on every process and server. The page's
 * CSP nonce and its form key (derived from it), new on every response, are left out: a 304 then
 * carries no policy (server/app.ts), so the browser or CDN keeps the policy stored with its copy,
 * whose scripts carry the nonce it names (and its forms a key of their own).
 */
function entityTag(body: Buffer, nonce: string | undefined) {
  const hash = createHash('sha256')
  const leftOut = nonce ? [nonce, formKeyOfResponse(nonce)] : []
  const nextAt = leftOut.map((text) => body.indexOf(text))
  let copiedTo = 0
  for (;;) {
    const found = nextAt.reduce((first, at, index) => (at >= 0 && (first < 0 || at < nextAt[first]!) ? index : first), -1)
    if (found < 0) break
    const at = nextAt[found]!
    hash.update(body.subarray(copiedTo, at))
    copiedTo = at + leftOut[found]!.length
    nextAt[found] = body.indexOf(leftOut[found]!, copiedTo)
  }
  hash.update(body.subarray(copiedTo))
  return `"${hash.digest('base64url').slice(0, 32)}"`
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): a proxy's W/ prefix still matches. */
export function matchesEntityTag(ifNoneMatch: string | null, tag: string) {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((candidate) => {
    const trimmed = candidate.trim()
    return trimmed === '*' || trimmed.replace(/^W\//, '') === tag
  })
}

/**
 * The root's middleware, around every answer (pages, their data requests, resource routes): a
 * shared page stays public only for a GET without a session and without Set-Cookie, and then
 * gets its ETag (or a 304); anything else a session or a cookie touches is private.
 */
export const httpCacheMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next()
  const cacheControl = response.headers.get('Cache-Control')
  const isPersonal = hasSessionCookie(request) || response.headers.has('Set-Cookie')
  const isRead = request.method === 'GET' || request.method === 'HEAD'
  if (cacheControl === null || isSharedPage(cacheControl)) {
    // A page's answer changes with the login and Low data cookies and with Save-Data (utils/low-data.ts): a shared cache must keep them apart.
    appendVary(response.headers, 'Cookie')
    appendVary(response.headers, 'Save-Data')
    if (isPersonal || !isRead) {
      response.headers.set('Cache-Control', privateCacheControl)
      return response
    }
  }
  if (!isSharedPage(cacheControl) || response.status !== 200) return response
  const body = Buffer.from(await response.arrayBuffer())
  const tag = entityTag(body, context.get(cspNonceContext))
  response.headers.set('ETag', tag)
  if (matchesEntityTag(request.headers.get('If-None-Match'), tag)) {
    const headers = new Headers(response.headers)
    headers.delete('Content-Length')
    headers.delete('Content-Type')
    return new Response(null, { status: 304, headers })
  }
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
}
