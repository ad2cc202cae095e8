import pLimit, { type LimitFunction } from 'p-limit'
import { readConfig } from '~/config.server'
import { type PhotoRefusalReason, type StorePhotoResult, storePhoto, uploadsFolder } from '~/models/media/photo-store.server'

/**
 * Downloads a partner feed's photos (issue 14) and stores each through the photo store
 * (media/photo-store.server.ts). A bad photo is a result, never an exception; only a failing
 * disk throws.
 */

export type PhotoFailureReason = PhotoRefusalReason | 'timeout' | 'http-status' | 'unreachable' | 'bad-url'

export type PhotoResult = StorePhotoResult | { ok: false; reason: PhotoFailureReason; detail: string }

type PhotoFailure = Extract<PhotoResult, { ok: false }>

export interface PhotoFetcherOptions {
  /** Defaults to readConfig().dataDir. */
  dataDir?: string
  fetch?: typeof fetch
  maxConcurrentPerHost?: number
  maxConcurrent?: number
  /** For the whole download, headers and body, from the moment it leaves the queue. */
  timeoutMs?: number
  maxBytes?: number
}

export interface PhotoFetcher {
  fetchPhoto(url: string): Promise<PhotoResult>
}

/** Partners serve camera originals; past this we would only be holding a mistake in memory. */
const DEFAULT_MAX_BYTES = 15 * 1024 ** 2

const fail = (reason: PhotoFailureReason, detail: string): PhotoFailure => ({ ok: false, reason, detail })

export function createPhotoFetcher(options: PhotoFetcherOptions = {}): PhotoFetcher {
  const { maxConcurrentPerHost = 4, maxConcurrent = 16, timeoutMs = 20_000, maxBytes = DEFAULT_MAX_BYTES } = options
  const fetchUrl = options.fetch ?? fetch
  const uploadsDir = uploadsFolder(options.dataDir ?? readConfig().dataDir)
  const overallLimit = pLimit(maxConcurrent)
  const hostLimits = new Map<string, LimitFunction>()

  function hostLimit(host: string): LimitFunction {
    let limit = hostLimits.get(host)
    if (!limit) hostLimits.set(host, (limit = pLimit(maxConcurrentPerHost)))
    return limit
  }

  async function download(url: URL): Promise<Buffer | PhotoFailure> {
    const signal = AbortSignal.timeout(timeoutMs)
    const failure = (error: unknown) => (signal.aborted ? fail('timeout', `No complete answer within ${timeoutMs} ms`) : fail('unreachable', errorDetail(error)))
    try {
      const response = await fetchUrl(url, { signal })
      if (!response.ok) {
        await response.body?.cancel()
        return fail('http-status', `HTTP ${response.status}`)
      }
      const declaredBytes = Number(response.headers.get('content-length'))
      if (declaredBytes > maxBytes) {
        await response.body?.cancel()
        return fail('too-large', `Content-Length ${declaredBytes} is over ${maxBytes} bytes`)
      }
      return await readBody(response, maxBytes)
    } catch (error) {
      return failure(error)
    }
  }

  async function fetchPhoto(address: string): Promise<PhotoResult> {
    let url: URL
    try {
      url = new URL(address)
    } catch {
      return fail('bad-url', `Not a URL: ${address}`)
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('bad-url', `Only http and https photos are fetched, not ${url.protocol}`)
    // The host queue is outside the overall one, so a slow host's backlog never holds slots other hosts could use.
    return hostLimit(url.host)(() =>
      overallLimit(async () => {
        const body = await download(url)
        return Buffer.isBuffer(body) ? storePhoto(body, uploadsDir) : body
      }),
    )
  }

  return { fetchPhoto }
}

/** The body, read chunk by chunk so a lying or missing Content-Length cannot make us hold more than `maxBytes`. */
async function readBody(response: Response, maxBytes: number): Promise<Buffer | PhotoFailure> {
  if (!response.body) return Buffer.alloc(0)
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let bytes = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return Buffer.concat(chunks)
    bytes += value.byteLength
    if (bytes > maxBytes) {
      await reader.cancel()
      return fail('too-large', `Body is over ${maxBytes} bytes`)
    }
    chunks.push(value)
  }
}

function errorDetail(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  // undici reports "fetch failed" and keeps the useful part (ECONNREFUSED, ENOTFOUND…) in `cause`.
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message
}
