/**
 * Resized images (spec §7, §9):
 *   /resizedimages/{height}/{width}/{fit}/{quality}[/{format}]/1-{documentId}
 *
 * Pipeline: validate everything first (bad input costs no image work) →
 * disk cache → render under a small semaphore, de-duplicating identical
 * in-flight renders → atomic cache write. The disk cache is bounded in bytes (IMAGE_CACHE_MB): each
 * process drops the files it has used least recently once those it knows pass the bound. A burst never gets a 503 (issue 18 §7): a request
 * that would wait too long, or find the queue full, gets a stand-in at once (the nearest size
 * already cached, else a plain grey tile), marked not to be kept, while its render goes on. Generated documents are SVG scenes
 * rasterised straight at the output scale (sharp `density`), which is both
 * sharper and faster than keeping a 1600 px master raster around; uploads
 * are decoded from the photo storage (the folder {dataDir}/uploads or a bucket, decision 0065):
 * a server whose cache lacks a rendition renders it again from the stored original.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises'
import { LRUCache } from 'lru-cache'
import { setTimeout as delay } from 'node:timers/promises'
import path from 'node:path'
import pLimit from 'p-limit'
import sharp from 'sharp'
import { readConfig } from '~/config.server'
import { documentKind, parseDocumentSegment, type DocumentKind, type ImageFit, type ImageFormat } from './document-ids'
import { buildSceneSvg } from './photo-scene'
import type { PhotoStorage } from './photo-storage'
import { configuredPhotoStorage, maxPhotoPixels } from './photo-store.server'

export type { ImageFit, ImageFormat } from './document-ids'

/** Largest height or width a URL may ask for; keeps a single render bounded (~2400² px). */
const MAX_IMAGE_DIMENSION = 2400
const IMAGE_FITS: readonly ImageFit[] = ['cover', 'contain', 'fill', 'inside', 'outside']
/** URL format segment → output format (`jpg` is an alias so both share one cache file). */
const IMAGE_FORMATS: Readonly<Record<string, ImageFormat>> = { webp: 'webp', avif: 'avif', jpeg: 'jpeg', jpg: 'jpeg', png: 'png' }
const IMAGE_CONTENT_TYPES: Readonly<Record<ImageFormat, string>> = {
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
}
/** URLs are content-addressed by id + parameters, so responses never change. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable'
const UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const
/** The machine has 2 cores; more parallel renders would only queue inside libvips. */
const MAX_CONCURRENT_RENDERS = 2
/** Beyond this many waiting renders a request gets a stand-in instead of queueing without bound (memory). */
const MAX_QUEUED_RENDERS = 64
/** A browser waits this long at most for a render before it gets a stand-in. */
const MAX_RENDER_WAIT_MS = 4_000

export interface ImageRequest {
  documentId: number
  kind: DocumentKind | undefined
  /** 0 = automatic (keep aspect ratio from the other dimension). */
  height: number
  width: number
  fit: ImageFit
  quality: number
  format: ImageFormat
  /** `${documentId}/${height}x${width}-${fit}-q${quality}.${format}`, also the cache file path. */
  cacheKey: string
}

export type ParseImageResult = { ok: true; value: ImageRequest } | { ok: false; status: 400 | 404; message: string }

export interface ResizedImage {
  body: Buffer
  contentType: string
  /** Strong validator, quoted: hash of cache key + bytes. */
  etag: string
  fromCache: boolean
  /** Not the size asked for but the nearest one at hand, served while the right one renders: not to be cached. */
  isStandIn?: boolean
}

export interface ImageServiceOptions {
  /** Defaults to readConfig().dataDir, read per call so tests can point DATA_DIR elsewhere. */
  dataDir?: string
  /** Defaults to readConfig().imageCacheBytes. */
  cacheBytes?: number
  /** Defaults to the configured photo storage (a bucket, or the uploads folder of dataDir). */
  photoStorage?: PhotoStorage
}

export interface LimitedImageServiceOptions extends ImageServiceOptions {
  /** Asked before a render starts (not for a cached image, nor one already rendering): false refuses it. */
  mayRender: () => Promise<boolean>
}

/** What `getResizedImage` answers when `mayRender` refused the render the image needed. */
export const renderRefused = 'render-refused'

export type RouteParams = Readonly<Record<string, string | undefined>>

const bad = (message: string): ParseImageResult => ({ ok: false, status: 400, message })
const notFound = (message: string): ParseImageResult => ({ ok: false, status: 404, message })

function parseDimension(value: string | undefined): number | undefined {
  // Digits only: rejects "12.5", "-1", "1e3", " 12"; 4 digits caps the number before the range check.
  if (!value || !/^\d{1,4}$/.test(value)) return undefined
  const number = Number(value)
  return number <= MAX_IMAGE_DIMENSION ? number : undefined
}

/** Validates route params (height, width, fit, quality, and the `*` splat). Does no I/O. */
export function parseImageRequest(params: RouteParams): ParseImageResult {
  const height = parseDimension(params.height)
  const width = parseDimension(params.width)
  if (height === undefined) return bad(`Height must be an integer from 0 to ${MAX_IMAGE_DIMENSION}`)
  if (width === undefined) return bad(`Width must be an integer from 0 to ${MAX_IMAGE_DIMENSION}`)
  if (height === 0 && width === 0) return bad('Height and width cannot both be 0')

  const fit = params.fit?.toLowerCase() as ImageFit | undefined
  if (!fit || !IMAGE_FITS.includes(fit)) return bad(`Fit must be one of ${IMAGE_FITS.join(', ')}`)

  const quality = /^\d{1,3}$/.test(params.quality ?? '') ? Number(params.quality) : NaN
  if (!(quality >= 1 && quality <= 100)) return bad('Quality must be an integer from 1 to 100')

  const segments = (params['*'] ?? '').split('/')
  if (segments.length > 2) return notFound('Image not found')
  let format: ImageFormat = 'jpeg'
  if (segments.length === 2) {
    const requested = IMAGE_FORMATS[segments[0]!.toLowerCase()]
    if (!requested) return bad(`Format must be one of ${Object.keys(IMAGE_FORMATS).join(', ')}`)
    format = requested
  }
  const documentId = parseDocumentSegment(segments[segments.length - 1]!)
  if (documentId === undefined) return notFound('Image not found')

  return {
    ok: true,
    value: {
      documentId,
      kind: documentKind(documentId),
      height,
      width,
      fit,
      quality,
      format,
      cacheKey: `${documentId}/${height}x${width}-${fit}-q${quality}.${format}`,
    },
  }
}

// ---------------------------------------------------------------------------
// Concurrency: a bounded number of renders at once, a bounded queue, and one render per image in flight.

const renderSlots = pLimit(MAX_CONCURRENT_RENDERS)
const inFlight = new Map<string, Promise<Buffer | undefined>>()

const renderTookTooLong: unique symbol = Symbol('render took too long')

/** `work`'s result, or `renderTookTooLong` once `ms` have passed (the work itself goes on). */
async function waitAtMost<T>(work: Promise<T>, ms: number): Promise<T | typeof renderTookTooLong> {
  const timer = new AbortController()
  try {
    return await Promise.race([work, delay(ms, renderTookTooLong, { signal: timer.signal })])
  } finally {
    timer.abort()
  }
}

/**
 * What a request answers while its render waits: the cached size of the same document nearest to
 * the one asked for (the same format first), else a grey tile of the format asked for.
 */
async function standIn(request: ImageRequest, options: ImageServiceOptions): Promise<ResizedImage> {
  const folder = path.join(cacheDirFor(options), String(request.documentId))
  const names = await readdir(folder).catch(() => [] as string[])
  const extension = request.cacheKey.split('.').pop()
  const distance = (name: string) => {
    const [height = 0, width = 0] = (name.match(/^(\d+)x(\d+)-/)?.slice(1) ?? []).map(Number)
    return Math.abs(height - request.height) + Math.abs(width - request.width) + (name.endsWith(`.${extension}`) ? 0 : 10_000)
  }
  const nearest = names.filter((name) => /^\d+x\d+-.+\.(?:jpeg|webp|avif|png)$/.test(name)).sort((a, b) => distance(a) - distance(b))[0]
  const body = nearest ? await readFile(path.join(folder, nearest)).catch(() => undefined) : undefined
  const format = (nearest?.split('.').pop() ?? request.format) as ImageFormat
  const tile = body ?? (await greyTile(request.format))
  return {
    body: tile,
    contentType: IMAGE_CONTENT_TYPES[body ? format : request.format],
    etag: etagFor(`stand-in/${request.cacheKey}`, tile),
    fromCache: true,
    isStandIn: true,
  }
}

const greyTiles = new Map<ImageFormat, Promise<Buffer>>()

/** An 8×8 grey image, made once per format (a few hundred bytes, no render slot needed). */
function greyTile(format: ImageFormat) {
  let tile = greyTiles.get(format)
  if (!tile) {
    tile = encode(sharp({ create: { width: 8, height: 8, channels: 3, background: '#d9d9d6' } }), { format, quality: 50 }).toBuffer()
    greyTiles.set(format, tile)
  }
  return tile
}

// ---------------------------------------------------------------------------
// Rendering

function cacheDirFor(options: ImageServiceOptions): string {
  return path.join(options.dataDir ?? readConfig().dataDir, 'image-cache')
}

/** Per cache folder: the files this process knows (cache key → bytes), by last use. */
const cacheIndexes = new Map<string, LRUCache<string, number>>()

/**
 * The cache folder's index, bounded in bytes: past the bound the least recently used file is
 * deleted. A new index first learns the files already on disk (a restart, another worker's), oldest
 * first, in the background: the disk stays within the bound across restarts.
 */
function cacheIndexFor(options: ImageServiceOptions) {
  const folder = cacheDirFor(options)
  let index = cacheIndexes.get(folder)
  if (!index) {
    const created = new LRUCache<string, number>({
      maxSize: options.cacheBytes ?? readConfig().imageCacheBytes,
      sizeCalculation: (bytes) => Math.max(1, bytes),
      dispose: (_bytes, cacheKey, reason) => {
        if (reason === 'evict') unlink(path.join(folder, cacheKey)).catch(() => {})
      },
    })
    cacheIndexes.set(folder, created)
    learnCachedFiles(folder, created).catch((error: unknown) => console.error(`reading the image cache ${folder} failed:`, error))
    index = created
  }
  return index
}

async function learnCachedFiles(folder: string, index: LRUCache<string, number>) {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => [])
  const files = await Promise.all(
    entries
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
      .map(async (entry) => {
        const cacheKey = path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
        const info = await stat(path.join(folder, cacheKey)).catch(() => undefined)
        return info && { cacheKey, bytes: info.size, usedAt: Math.max(info.atimeMs, info.mtimeMs) }
      }),
  )
  for (const file of files.filter((file) => file !== undefined).sort((a, b) => a.usedAt - b.usedAt)) {
    if (!index.has(file.cacheKey)) index.set(file.cacheKey, file.bytes)
  }
}

/** Records a use of a cached file: it becomes the last to go. */
function touchCachedFile(options: ImageServiceOptions, cacheKey: string, bytes: number) {
  const index = cacheIndexFor(options)
  if (index.get(cacheKey) === undefined) index.set(cacheKey, bytes)
}

/** The upload's name in the photo storage and when it was stored, or undefined when there is none. */
async function findUpload(documentId: number, storage: PhotoStorage) {
  for (const extension of UPLOAD_EXTENSIONS) {
    const name = `${documentId}.${extension}`
    const modifiedMs = await storage.modifiedAt(name)
    if (modifiedMs !== undefined) return { name, modifiedMs }
  }
  return undefined
}

/**
 * Scale at which to rasterise a (sourceWidth x sourceHeight) vector so the
 * raster just covers what `resize` will produce; resize then only trims or
 * nudges by a pixel, instead of upscaling a blurry fixed-size master.
 */
function vectorScale(sourceWidth: number, sourceHeight: number, request: ImageRequest): number {
  const sx = request.width / sourceWidth
  const sy = request.height / sourceHeight
  if (!request.width) return sy
  if (!request.height) return sx
  return request.fit === 'contain' || request.fit === 'inside' ? Math.min(sx, sy) : Math.max(sx, sy)
}

function encode(image: sharp.Sharp, request: Pick<ImageRequest, 'format' | 'quality'>): sharp.Sharp {
  const { quality } = request
  switch (request.format) {
    case 'webp':
      return image.webp({ quality, effort: 4 })
    case 'avif':
      // effort 2: ~5x faster than the default 4 for a few percent more bytes.
      return image.avif({ quality, effort: 2 })
    case 'png':
      // Lossless; quality is part of the cache key but palette quantisation bands the skies.
      return image.png({ compressionLevel: 6 })
    case 'jpeg':
      return image.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: false })
  }
}

async function render(request: ImageRequest, upload: { storage: PhotoStorage; name: string } | undefined): Promise<Buffer | undefined> {
  const resize: sharp.ResizeOptions = {
    width: request.width || undefined,
    height: request.height || undefined,
    fit: request.fit,
    withoutEnlargement: false,
    // Letterbox colour for `contain`: white reads as "page" behind photos and logos alike.
    background: { r: 255, g: 255, b: 255, alpha: 1 },
  }
  let image: sharp.Sharp
  if (upload) {
    const original = await upload.storage.get(upload.name)
    // Deleted since it was found.
    if (!original) return undefined
    // rotate(): honour EXIF orientation. Metadata (incl. GPS) is stripped by default on output.
    image = sharp(original, { limitInputPixels: maxPhotoPixels }).rotate()
  } else {
    const scene = buildSceneSvg(request.documentId)
    if (!scene) return undefined
    const scale = vectorScale(scene.width, scene.height, request)
    image = sharp(Buffer.from(scene.svg), { density: Math.min(100_000, Math.max(1, 72 * scale)) })
  }
  return encode(image.resize(resize), request).toBuffer()
}

async function writeAtomically(file: string, body: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  try {
    await writeFile(temporary, body)
    await rename(temporary, file)
  } catch (error) {
    await unlink(temporary).catch(() => {})
    throw error
  }
}

function etagFor(cacheKey: string, body: Buffer): string {
  return `"${createHash('sha256').update(cacheKey).update('\0').update(body).digest('base64url').slice(0, 32)}"`
}

/**
 * The resized image for a validated request, from the disk cache or freshly
 * rendered; undefined when the document does not exist (unknown id, missing upload).
 */
export async function getResizedImage(request: ImageRequest, options: LimitedImageServiceOptions): Promise<ResizedImage | undefined | typeof renderRefused>
export async function getResizedImage(request: ImageRequest, options?: ImageServiceOptions): Promise<ResizedImage | undefined>
export async function getResizedImage(
  request: ImageRequest,
  options: ImageServiceOptions & Partial<LimitedImageServiceOptions> = {},
): Promise<ResizedImage | undefined | typeof renderRefused> {
  const isUpload = request.kind === 'upload' || request.kind === undefined
  const storage = options.photoStorage ?? configuredPhotoStorage(options.dataDir)
  const upload = isUpload ? await findUpload(request.documentId, storage) : undefined
  if (isUpload && !upload) return undefined

  const cacheFile = path.join(cacheDirFor(options), request.cacheKey)
  const contentType = IMAGE_CONTENT_TYPES[request.format]
  try {
    const [body, info] = await Promise.all([readFile(cacheFile), upload ? stat(cacheFile) : undefined])
    // A replaced upload (newer than its cached renditions) is rendered again.
    if (!upload || (info && info.mtimeMs >= upload.modifiedMs)) {
      touchCachedFile(options, request.cacheKey, body.byteLength)
      return { body, contentType, etag: etagFor(request.cacheKey, body), fromCache: true }
    }
  } catch {
    // Not cached yet.
  }

  let pending = inFlight.get(request.cacheKey)
  if (!pending && options.mayRender && !(await options.mayRender())) return renderRefused
  // Asking took a moment: the same image may have started rendering meanwhile.
  pending ??= inFlight.get(request.cacheKey)
  if (!pending) {
    if (renderSlots.pendingCount >= MAX_QUEUED_RENDERS) return standIn(request, options)
    pending = renderSlots(async () => {
      const body = await render(request, upload && { storage, name: upload.name })
      if (body) {
        await writeAtomically(cacheFile, body).then(
          () => touchCachedFile(options, request.cacheKey, body.byteLength),
          (error: unknown) => {
            // A full or read-only disk must not break image serving; the next request re-renders.
            console.error(`image cache write failed for ${request.cacheKey}:`, error)
          },
        )
      }
      return body
    }).finally(() => inFlight.delete(request.cacheKey))
    inFlight.set(request.cacheKey, pending)
    // The render goes on for the cache when its requests have stopped waiting: its failure is logged, not unhandled.
    pending.catch((error: unknown) => console.error(`image render failed for ${request.cacheKey}:`, error))
  }
  const body = await waitAtMost(pending, MAX_RENDER_WAIT_MS)
  if (body === renderTookTooLong) return standIn(request, options)
  if (!body) return undefined
  return { body, contentType, etag: etagFor(request.cacheKey, body), fromCache: false }
}
