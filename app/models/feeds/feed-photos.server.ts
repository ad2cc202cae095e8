import { createHash, randomBytes } from 'node:crypto'
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import pLimit, { type LimitFunction } from 'p-limit'
import sharp from 'sharp'
import { readConfig } from '~/config.server'
import { uploadDocumentIdFor } from '~/models/media/document-ids'

/**
 * Downloads a partner feed's photos (issue 14) and stores each as an upload the image pipeline
 * serves unchanged: `{dataDir}/uploads/{documentId}.jpg`, where the id comes from a hash of the
 * stored bytes, so the same photo in two listings or two imports is one file. A bad photo is a
 * result, never an exception; only a failing disk throws.
 */

export type PhotoFailureReason = 'timeout' | 'too-large' | 'not-an-image' | 'http-status' | 'unreachable' | 'bad-url'

export type PhotoResult = { ok: true; documentId: number; width: number; height: number; bytes: number } | { ok: false; reason: PhotoFailureReason; detail: string }

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
/** A side past this is a panorama or a decompression bomb, not a listing photo. */
const MAX_SIDE = 12_000
/** A side under this is a tracking pixel or an icon. */
const MIN_SIDE = 64
/** The image pipeline renders at most 2400 px (images.server.ts), so more is never shown. */
const STORED_LONG_SIDE = 2400
const STORED_QUALITY = 85
/** Different photos whose hashes meet on one id try the next few ids, in the same order every time. */
const MAX_ID_PROBES = 8

const fail = (reason: PhotoFailureReason, detail: string): PhotoFailure => ({ ok: false, reason, detail })

export function createPhotoFetcher(options: PhotoFetcherOptions = {}): PhotoFetcher {
  const { maxConcurrentPerHost = 4, maxConcurrent = 16, timeoutMs = 20_000, maxBytes = DEFAULT_MAX_BYTES } = options
  const fetchUrl = options.fetch ?? fetch
  const uploadsDir = path.join(options.dataDir ?? readConfig().dataDir, 'uploads')
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

/** Decodes by content, whatever the URL or Content-Type claimed, and stores a normalised JPEG. */
async function storePhoto(body: Buffer, uploadsDir: string): Promise<PhotoResult> {
  let metadata: sharp.Metadata
  try {
    metadata = await sharp(body).metadata()
  } catch {
    return fail('not-an-image', 'The body is not an image sharp can decode')
  }
  // sharp names AVIF 'heif'; HEIC (also 'heif', compressed with HEVC) is not something browsers show.
  const isAccepted = ['jpeg', 'png', 'webp', 'gif'].includes(metadata.format ?? '') || (metadata.format === 'heif' && metadata.compression === 'av1')
  if (!isAccepted) return fail('not-an-image', `Format ${metadata.format ?? 'unknown'} is not a photo format`)
  const { width = 0, height = 0 } = metadata
  if (Math.max(width, height) > MAX_SIDE) return fail('too-large', `${width}×${height} px is over ${MAX_SIDE} px a side`)
  if (Math.min(width, height) < MIN_SIDE) return fail('not-an-image', `${width}×${height} px is under ${MIN_SIDE} px a side`)

  let stored: { data: Buffer; info: sharp.OutputInfo }
  try {
    // Output carries no metadata (EXIF, GPS) unless asked; rotate() first so the orientation it drops is applied.
    stored = await sharp(body)
      .rotate()
      .resize({ width: STORED_LONG_SIDE, height: STORED_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: STORED_QUALITY })
      .toBuffer({ resolveWithObject: true })
  } catch (error) {
    // The header was fine but the pixels are not (a truncated file, say).
    return fail('not-an-image', errorDetail(error))
  }
  const documentId = await storeUpload(stored.data, uploadsDir)
  return { ok: true, documentId, width: stored.info.width, height: stored.info.height, bytes: stored.data.byteLength }
}

async function storeUpload(image: Buffer, uploadsDir: string): Promise<number> {
  await mkdir(uploadsDir, { recursive: true })
  const hash = createHash('sha256').update(image).digest().readUIntBE(0, 6)
  for (let probe = 0; probe < MAX_ID_PROBES; probe++) {
    const documentId = uploadDocumentIdFor(hash + probe)
    if (await claimUploadFile(path.join(uploadsDir, `${documentId}.jpg`), image)) return documentId
  }
  throw new Error(`No free upload id for a photo after ${MAX_ID_PROBES} tries in ${uploadsDir}`)
}

/** True when `file` now holds `image`: just written, or already there with the same bytes. */
async function claimUploadFile(file: string, image: Buffer): Promise<boolean> {
  const existing = await readFile(file).catch(ignoreMissingFile)
  if (existing) return existing.equals(image)
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  await writeFile(temporary, image)
  try {
    // link, unlike rename, never replaces: a different photo that claimed this id a moment ago keeps it.
    await link(temporary, file)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return (await readFile(file)).equals(image)
  } finally {
    await unlink(temporary)
  }
}

function ignoreMissingFile(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT') return undefined
  throw error
}
