import pLimit, { type LimitFunction } from 'p-limit'
import { configuredPhotoStorage, type PhotoRefusalReason, type StorePhotoResult, storePhoto } from '~/models/media/photo-store.server'
import type { PhotoStorage } from '~/models/media/photo-storage'
import { type OutboundFetch, OutboundFetchError, outboundFetch } from '~/models/net/outbound-fetch.server'
import { type FetchFailureReason, fetchFailureTexts } from './feed-reasons'

/**
 * Downloads a partner feed's photos (issue 14) and stores each through the photo store
 * (media/photo-store.server.ts), fetched through the outbound guard (net/outbound-fetch.server.ts),
 * so only from public addresses. A bad photo is a result, never an exception; only a failing store
 * throws.
 */

export type PhotoFailureReason = PhotoRefusalReason | FetchFailureReason

/** A failure's `detail` is for the partner's report: about the image, or the reason in words, never the socket error or the status. */
export type PhotoResult = StorePhotoResult | { ok: false; reason: PhotoFailureReason; detail: string }

type PhotoFailure = Extract<PhotoResult, { ok: false }>

export interface PhotoFetcherOptions {
  /** Whose uploads folder keeps the photos when no bucket is configured; defaults to readConfig().dataDir. */
  dataDir?: string
  /** The guard with a test's opt-in for a loopback receiver; the public-only guard if not given. */
  outboundFetch?: OutboundFetch
  maxConcurrentPerHost?: number
  maxConcurrent?: number
  /** For the whole download, headers and body, from the moment it leaves the queue. */
  timeoutMs?: number
  maxBytes?: number
}

export interface PhotoFetcher {
  fetchPhoto(url: string): Promise<PhotoResult>
  /** Where it stores the photos: the scam screen fingerprints them there (decision 0068). */
  storage: PhotoStorage
}

/** Partners serve camera originals; past this we would only be holding a mistake in memory. */
const DEFAULT_MAX_BYTES = 15 * 1024 ** 2

const fail = (reason: PhotoFailureReason, detail: string): PhotoFailure => ({ ok: false, reason, detail })

export function createPhotoFetcher(options: PhotoFetcherOptions = {}): PhotoFetcher {
  const { maxConcurrentPerHost = 4, maxConcurrent = 16, timeoutMs = 20_000, maxBytes = DEFAULT_MAX_BYTES } = options
  const fetchUrl = options.outboundFetch ?? outboundFetch
  const storage = configuredPhotoStorage(options.dataDir)
  const overallLimit = pLimit(maxConcurrent)
  const hostLimits = new Map<string, LimitFunction>()

  function hostLimit(host: string): LimitFunction {
    let limit = hostLimits.get(host)
    if (!limit) hostLimits.set(host, (limit = pLimit(maxConcurrentPerHost)))
    return limit
  }

  async function download(url: string): Promise<Buffer | PhotoFailure> {
    const failed = (reason: FetchFailureReason, cause: string) => {
      console.warn(`The feed photo ${url} could not be fetched: ${cause}`)
      return fail(reason, fetchFailureTexts[reason])
    }
    try {
      const response = await fetchUrl(url, { timeoutMs, maxBytes })
      if (!response.ok) {
        await response.body?.cancel()
        return failed('http-status', `it answered ${response.status}`)
      }
      return Buffer.from(await response.arrayBuffer())
    } catch (error) {
      if (error instanceof OutboundFetchError) return failed(error.reason, error.message)
      throw error
    }
  }

  async function fetchPhoto(address: string): Promise<PhotoResult> {
    let url: URL
    try {
      url = new URL(address)
    } catch {
      return fail('bad-url', fetchFailureTexts['bad-url'])
    }
    // The host queue is outside the overall one, so a slow host's backlog never holds slots other hosts could use.
    return hostLimit(url.host)(() =>
      overallLimit(async () => {
        const body = await download(url.href)
        return Buffer.isBuffer(body) ? storePhoto(body, storage) : body
      }),
    )
  }

  return { fetchPhoto, storage }
}
