import type { OutgoingHttpHeader } from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { NextFunction, Request, Response } from 'express'
import { LRUCache } from 'lru-cache'
import Negotiator from 'negotiator'
import { connectionOfThisProcess } from '~/http/database.server'
import { checkForListingChanges, onListingsChanged } from '~/models/listings/listing-changes.server'
import { matchesEntityTag } from '~/http/http-cache.server'
import { lowDataChoiceOf } from '~/utils/low-data'
import { cookieHeaderHasSession } from '~/http/session.server'

/**
 * The server's cache of anonymous pages (issue 18 item 4, decision 0026), in each worker process:
 * a page the app answered as public for shared caches (`Cache-Control: public, … s-maxage`, a
 * strong ETag, no Set-Cookie, to a GET without a session cookie) is kept, compressed as it was
 * sent, for its `s-maxage`, and the same request (site, URL, the request headers its `Vary`
 * names) is answered from it without rendering, compressing or making its security headers
 * again, with the same ETag and 304s. A page kept as Brotli is compressed again, harder, off the
 * request's path (decision 0045).
 * Bounded by bytes (least recently used pages go first) and emptied whenever listings change.
 */
interface CachedPage {
  /**
   * Every header but the request's id and those of one transfer: the app's, the compression's and
   * the security headers, whose Content-Security-Policy names the nonce the body's scripts carry.
   */
  headers: Map<string, OutgoingHttpHeader>
  /** Replaced once by its harder-compressed bytes (decision 0045). */
  body: Buffer
  etag: string
}

const brotliCompress = promisify(zlib.brotliCompress)
const brotliDecompress = promisify(zlib.brotliDecompress)

/**
 * Brotli 10 for a kept page: about 9% smaller than the answer's Brotli 5 (a 270 KB search page
 * 44.1 → 40.1 KB), for about 80 ms of a thread-pool thread, once per kept page (decision 0045).
 */
const keptPageBrotliQuality = 10

async function compressHarder(page: CachedPage) {
  try {
    const html = await brotliDecompress(page.body)
    const smaller = await brotliCompress(html, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: keptPageBrotliQuality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length },
    })
    if (smaller.length < page.body.length) page.body = smaller
  } catch (error) {
    console.error('[page cache] compressing a kept page again failed', error)
  }
}

/**
 * The encoding the compression middleware (server/app.ts) answers a request with, as it chooses
 * it: the cache keeps one copy per encoding, not per browser's way of writing Accept-Encoding.
 */
const negotiatedEncoding = (request: Request) => new Negotiator(request).encoding(['br', 'gzip', 'deflate', 'identity'], ['br', 'gzip']) ?? ''

/** Headers that describe one transfer or one request, not the page. */
const perTransferHeaders = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'strict-transport-security'])
/** A 304 names the page, without describing a body (as the root's middleware answers it). */
const notModifiedHeaders = ['cache-control', 'etag', 'vary']

/** The request headers a page varies on, besides the cookie (a page with a session never comes here; the Low data choice is in every key). */
function varyingHeaders(vary: string | undefined) {
  return (vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .filter((name) => name && name !== 'cookie')
    .sort()
}

const sharedMaxAge = (cacheControl: string) => Number(/(?:^|[\s,])s-maxage=(\d+)/.exec(cacheControl)?.[1] ?? 0)

/** What the root's middleware (http/http-cache.server.ts) made public for shared caches, with its ETag. */
function isSharedPage(response: Response) {
  const cacheControl = String(response.getHeader('cache-control') ?? '')
  return (
    response.statusCode === 200 &&
    cacheControl.startsWith('public') &&
    sharedMaxAge(cacheControl) > 0 &&
    response.hasHeader('etag') &&
    !response.hasHeader('set-cookie')
  )
}

/** `onLookup` hears each anonymous GET or HEAD answered from the cache (hit) or passed on (miss), for the metrics. */
export function pageCache(maxBytes: number, onLookup: (result: 'hit' | 'miss') => void = () => {}) {
  const pages = new LRUCache<string, CachedPage>({ maxSize: maxBytes, sizeCalculation: (page) => page.body.length + 1024 })
  /** Per site and URL, the request headers its page varies on (learnt from its first answer). */
  const varyByAddress = new LRUCache<string, string[]>({ max: 10_000 })
  /** Bumped whenever listings change: a page rendered across a change is not kept. */
  let forgottenTimes = 0
  onListingsChanged(() => {
    pages.clear()
    forgottenTimes += 1
  })

  const addressOf = (request: Request) => `${request.get('host') ?? ''} ${request.originalUrl}`
  // The one cookie an anonymous page varies on is the visitor's Low data choice (utils/low-data.ts).
  const keyOf = (address: string, names: string[], request: Request) =>
    [
      address,
      lowDataChoiceOf(request.get('cookie')) ?? '',
      ...names.map((name) => (name === 'accept-encoding' ? negotiatedEncoding(request) : (request.get(name) ?? ''))),
    ].join('\n')

  function answerFromCache(request: Request, response: Response, page: CachedPage) {
    response.setHeader('X-Page-Cache', 'hit')
    // Sent over HTTPS only, whatever the request that filled the cache came over (server/app.ts).
    if (request.secure) response.setHeader('Strict-Transport-Security', 'max-age=31536000')
    if (matchesEntityTag(request.get('if-none-match') ?? null, page.etag)) {
      for (const name of notModifiedHeaders) {
        const value = page.headers.get(name)
        if (value !== undefined) response.setHeader(name, value)
      }
      response.writeHead(304).end()
      return
    }
    response.setHeaders(page.headers)
    response.setHeader('Content-Length', page.body.length)
    response.writeHead(200).end(request.method === 'HEAD' ? undefined : page.body)
  }

  /**
   * Collects the bytes as they leave (after compression, which wraps these writes) when the answer
   * is a shared page, as its headers say by its first bytes, and keeps it once it is complete.
   */
  function keepWhenCacheable(request: Request, response: Response, address: string) {
    const perRequestHeaders = new Set(response.getHeaderNames())
    const renderedAfter = forgottenTimes
    let chunks: Buffer[] | undefined
    let isDecided = false
    const collect = (chunk: unknown) => {
      if (!isDecided) {
        isDecided = true
        if (isSharedPage(response)) chunks = []
      }
      if (chunks && chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as Uint8Array))
    }
    const write = response.write.bind(response)
    const end = response.end.bind(response)
    response.write = ((chunk: unknown, ...rest: never[]) => {
      collect(chunk)
      return write(chunk, ...rest)
    }) as typeof response.write
    response.end = ((chunk?: unknown, ...rest: never[]) => {
      collect(chunk)
      if (chunks && renderedAfter === forgottenTimes) keep(Buffer.concat(chunks))
      return end(chunk, ...rest)
    }) as typeof response.end

    function keep(body: Buffer) {
      const headers = new Map<string, OutgoingHttpHeader>()
      for (const name of response.getHeaderNames()) {
        const value = response.getHeader(name)
        if (value !== undefined && !perRequestHeaders.has(name) && !perTransferHeaders.has(name)) headers.set(name, value)
      }
      const names = varyingHeaders(String(response.getHeader('vary') ?? ''))
      varyByAddress.set(address, names)
      const page = { headers, body, etag: String(response.getHeader('etag')) }
      pages.set(keyOf(address, names, request), page, { ttl: sharedMaxAge(String(response.getHeader('cache-control'))) * 1000 })
      if (headers.get('content-encoding') === 'br') void compressHarder(page)
    }
  }

  return async (request: Request, response: Response, next: NextFunction) => {
    // Writes made by other processes or servers empty the caches first (at most one look a second).
    await checkForListingChanges(connectionOfThisProcess())
    const isRead = request.method === 'GET' || request.method === 'HEAD'
    if (!isRead || cookieHeaderHasSession(request.get('cookie'))) return next()
    const address = addressOf(request)
    const names = varyByAddress.get(address)
    const page = names && pages.get(keyOf(address, names, request))
    onLookup(page ? 'hit' : 'miss')
    if (page) return answerFromCache(request, response, page)
    // A HEAD has no body to keep; the GET that follows fills the cache.
    if (request.method === 'GET') keepWhenCacheable(request, response, address)
    next()
  }
}
