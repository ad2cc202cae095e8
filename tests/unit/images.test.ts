import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Kysely } from 'kysely'
import { RouterContextProvider } from 'react-router'
import { databaseContext } from '~/http/database.server'
import type { Database } from '~/models/db/db-schema'
import { DEFAULT_PLACEHOLDER_DOCUMENT_ID, listingPhotoId, logoDocumentId, portraitDocumentId } from '~/models/media/document-ids'
import { getResizedImage, parseImageRequest, type ImageRequest } from '~/models/media/images.server'
import { buildPhotoSvg, buildSceneSvg } from '~/models/media/photo-scene'
import { loader } from '~/routes/resized-image'
import { imageResponse } from '~/routes/resized-image.server'

let dataDir: string
let previousDataDir: string | undefined

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'images-test-'))
  previousDataDir = process.env.DATA_DIR
  process.env.DATA_DIR = dataDir
})

afterAll(async () => {
  if (previousDataDir === undefined) delete process.env.DATA_DIR
  else process.env.DATA_DIR = previousDataDir
  await rm(dataDir, { recursive: true, force: true })
})

/** The image pipeline's answer for `/resizedimages/{h}/{w}/{fit}/{q}/{splat}`, without the route's page limits: any valid size. */
async function get(h: string | number, w: string | number, fit: string, q: string | number, splat: string, headers?: HeadersInit) {
  const url = `http://land.localhost/resizedimages/${h}/${w}/${fit}/${q}/${splat}`
  return imageResponse(new Request(url, { headers }), { height: String(h), width: String(w), fit, quality: String(q), '*': splat })
}

/** A database nothing reads: these requests are refused before a render is counted against the client (`mayRender`). */
const unreadDatabase = {} as Kysely<Database>

/** Calls the route loader the way the router would, with the request's database on its context as the root's middleware puts it. */
async function getThroughRoute(h: number, w: number, fit: string, q: number, splat: string) {
  const url = `http://land.localhost/resizedimages/${h}/${w}/${fit}/${q}/${splat}`
  const params = { height: String(h), width: String(w), fit, quality: String(q), '*': splat }
  return loader({
    request: new Request(url),
    url: new URL(url),
    pattern: '/resizedimages/:height/:width/:fit/:quality/*',
    params,
    context: new RouterContextProvider(new Map([[databaseContext, unreadDatabase]])),
  })
}

/** The files of an image cache folder and their bytes in all. */
async function cacheFolderBytes(folder: string) {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => [])
  const sizes = await Promise.all(entries.filter((entry) => entry.isFile()).map(async (entry) => (await stat(path.join(entry.parentPath, entry.name))).size))
  return { files: sizes.length, bytes: sizes.reduce((sum, size) => sum + size, 0) }
}

async function bodyOf(response: Response) {
  return Buffer.from(await response.arrayBuffer())
}

function requestFor(h: number, w: number, fit: string, q: number, splat: string): ImageRequest {
  const parsed = parseImageRequest({ height: String(h), width: String(w), fit, quality: String(q), '*': splat })
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.value
}

const photo = listingPhotoId(1234, 0)

describe('generated scenes', () => {
  it('builds byte-identical SVG for the same id', () => {
    expect(buildPhotoSvg(photo)).toBe(buildPhotoSvg(photo))
  })

  it('builds different SVG for different ids', () => {
    expect(buildPhotoSvg(photo)).not.toBe(buildPhotoSvg(photo + 1))
  })

  it('keeps SVGs small and free of external references', () => {
    for (const id of [photo, photo + 1, portraitDocumentId(7), logoDocumentId(7), DEFAULT_PLACEHOLDER_DOCUMENT_ID]) {
      const svg = buildSceneSvg(id)!.svg
      expect(svg.length).toBeLessThan(32_000)
      expect(svg).not.toMatch(/href|<image|<text|@import|url\((?!#)/)
    }
  })

  it('has no scene for uploads', () => {
    expect(buildSceneSvg(2_000_000_001)).toBeUndefined()
  })
})

describe('GET /resizedimages', () => {
  it('renders the same id to identical bytes, even in separate caches', async () => {
    const otherDir = await mkdtemp(path.join(tmpdir(), 'images-test-other-'))
    try {
      const request = requestFor(200, 300, 'cover', 80, `webp/1-${photo}`)
      const first = await getResizedImage(request, { dataDir })
      const second = await getResizedImage(request, { dataDir: otherDir })
      expect(second!.fromCache).toBe(false)
      expect(first!.body.equals(second!.body)).toBe(true)
      expect(first!.etag).toBe(second!.etag)
    } finally {
      await rm(otherDir, { recursive: true, force: true })
    }
  })

  it('renders different ids to different images', async () => {
    const a = await bodyOf(await get(100, 150, 'cover', 60, `1-${photo}`))
    const b = await bodyOf(await get(100, 150, 'cover', 60, `1-${photo + 1}`))
    expect(a.equals(b)).toBe(false)
  })

  it('serves a 400x600 cover webp exactly 600 wide and 400 high', async () => {
    const response = await get(400, 600, 'cover', 80, `webp/1-${photo}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/webp')
    const meta = await sharp(await bodyOf(response)).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 600, height: 400 })
  })

  it('serves avif', async () => {
    const response = await get(200, 300, 'cover', 60, `avif/1-${photo}`)
    expect(response.headers.get('Content-Type')).toBe('image/avif')
    const meta = await sharp(await bodyOf(response)).metadata()
    expect(meta).toMatchObject({ format: 'heif', compression: 'av1', width: 300, height: 200 })
  })

  it('serves jpeg for both jpeg and jpg, sharing one cache file', async () => {
    const jpeg = await get(200, 300, 'cover', 80, `jpeg/1-${photo}`)
    const jpg = await get(200, 300, 'cover', 80, `jpg/1-${photo}`)
    expect(jpeg.headers.get('Content-Type')).toBe('image/jpeg')
    expect(jpg.headers.get('ETag')).toBe(jpeg.headers.get('ETag'))
    expect((await sharp(await bodyOf(jpg)).metadata()).format).toBe('jpeg')
  })

  it('serves jpeg when no format is given', async () => {
    const response = await get(200, 300, 'cover', 80, `1-${photo}`)
    expect(response.headers.get('Content-Type')).toBe('image/jpeg')
    expect((await sharp(await bodyOf(response)).metadata()).format).toBe('jpeg')
  })

  it('serves png', async () => {
    const response = await get(100, 0, 'cover', 80, `png/1-${photo}`)
    expect(response.headers.get('Content-Type')).toBe('image/png')
    expect((await sharp(await bodyOf(response)).metadata()).format).toBe('png')
  })

  it('keeps the aspect ratio when only the height is given', async () => {
    const meta = await sharp(await bodyOf(await get(300, 0, 'cover', 80, `1-${photo}`))).metadata()
    expect(meta.height).toBe(300)
    expect(Math.abs(meta.width! - (300 * 1600) / 1067)).toBeLessThanOrEqual(1)
  })

  it('keeps the aspect ratio when only the width is given', async () => {
    const meta = await sharp(await bodyOf(await get(0, 480, 'inside', 80, `1-${photo}`))).metadata()
    expect(meta.width).toBe(480)
    expect(Math.abs(meta.height! - (480 * 1067) / 1600)).toBeLessThanOrEqual(1)
  })

  it('fits inside the box with fit=inside and pads with fit=contain', async () => {
    const inside = await sharp(await bodyOf(await get(300, 300, 'inside', 80, `1-${photo}`))).metadata()
    expect(inside.width).toBe(300)
    expect(inside.height).toBeLessThan(300)
    const contain = await sharp(await bodyOf(await get(300, 300, 'contain', 80, `1-${photo}`))).metadata()
    expect([contain.width, contain.height]).toEqual([300, 300])
  })

  it('accepts fit case-insensitively', async () => {
    expect((await get(100, 100, 'COVER', 80, `1-${photo}`)).status).toBe(200)
  })

  it('renders at the largest allowed size', async () => {
    const meta = await sharp(await bodyOf(await get(2400, 0, 'cover', 40, `webp/1-${photo}`))).metadata()
    expect(meta.height).toBe(2400)
  })

  it('serves the second request from the disk cache', async () => {
    const splat = `webp/1-${photo + 2}`
    const cacheFile = path.join(dataDir, 'image-cache', String(photo + 2), '250x350-cover-q70.webp')
    expect(existsSync(cacheFile)).toBe(false)
    const first = await getResizedImage(requestFor(250, 350, 'cover', 70, splat))
    expect(first!.fromCache).toBe(false)
    expect(existsSync(cacheFile)).toBe(true)
    const second = await getResizedImage(requestFor(250, 350, 'cover', 70, splat))
    expect(second!.fromCache).toBe(true)
    expect(second!.body.equals(first!.body)).toBe(true)
    expect(second!.etag).toBe(first!.etag)
  })

  it('renders identical concurrent requests once and gives every caller the same bytes', async () => {
    const request = requestFor(120, 180, 'cover', 55, `1-${photo + 3}`)
    const results = await Promise.all(Array.from({ length: 5 }, () => getResizedImage(request)))
    for (const result of results) expect(result!.body.equals(results[0]!.body)).toBe(true)
    // One cache file and no stray temp files.
    expect(await readdir(path.join(dataDir, 'image-cache', String(photo + 3)))).toEqual(['120x180-cover-q55.jpeg'])
  })

  it('sends exact long-lived cache headers and a strong ETag', async () => {
    const response = await get(100, 100, 'cover', 80, `webp/1-${photo}`)
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('ETag')).toMatch(/^"[A-Za-z0-9_-]{32}"$/)
    expect(Number(response.headers.get('Content-Length'))).toBe((await bodyOf(response)).length)
  })

  it('answers 304 when If-None-Match matches, and 200 when it does not', async () => {
    const first = await get(100, 100, 'cover', 80, `1-${photo}`)
    const etag = first.headers.get('ETag')!
    const again = await get(100, 100, 'cover', 80, `1-${photo}`, { 'If-None-Match': etag })
    expect(again.status).toBe(304)
    expect(again.headers.get('ETag')).toBe(etag)
    expect(again.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect((await bodyOf(again)).length).toBe(0)
    const listed = await get(100, 100, 'cover', 80, `1-${photo}`, { 'If-None-Match': `"other", W/${etag}` })
    expect(listed.status).toBe(304)
    const stale = await get(100, 100, 'cover', 80, `1-${photo}`, { 'If-None-Match': '"something-else"' })
    expect(stale.status).toBe(200)
  })

  type Args = [height: string | number, width: string | number, fit: string, quality: string | number, splat: string]
  it.each<[string, Args]>([
    ['an unknown fit', [100, 100, 'stretch', 80, `1-${photo}`]],
    ['quality 0', [100, 100, 'cover', 0, `1-${photo}`]],
    ['quality 101', [100, 100, 'cover', 101, `1-${photo}`]],
    ['a non-integer quality', [100, 100, 'cover', '8.5', `1-${photo}`]],
    ['a height of 5000', [5000, 100, 'cover', 80, `1-${photo}`]],
    ['a width of 2401', [100, 2401, 'cover', 80, `1-${photo}`]],
    ['a non-integer height', ['12.5', 100, 'cover', 80, `1-${photo}`]],
    ['a negative width', [100, '-1', 'cover', 80, `1-${photo}`]],
    ['both dimensions 0', [0, 0, 'cover', 80, `1-${photo}`]],
    ['an unknown format', [100, 100, 'cover', 80, `gif/1-${photo}`]],
  ])('rejects %s with a small 400', async (_name, args) => {
    const response = await get(...args)
    expect(response.status).toBe(400)
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/)
    expect((await response.text()).length).toBeLessThan(200)
  })

  it.each([
    ['a non-numeric id', '1-abc'],
    ['a wrong prefix', '2-5'],
    ['a missing prefix', '5'],
    ['an id of 11 digits', '1-12345678901'],
    ['extra path segments', `webp/extra/1-${photo}`],
    ['an empty id', ''],
  ])('answers 404 for %s', async (_name, splat) => {
    const response = await get(100, 100, 'cover', 80, splat)
    expect(response.status).toBe(404)
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/)
  })

  it('answers 404 for id 0, which belongs to no kind', async () => {
    expect((await get(100, 100, 'cover', 80, '1-0')).status).toBe(404)
  })

  it('renders a broker portrait as a square', async () => {
    const meta = await sharp(await bodyOf(await get(0, 200, 'cover', 80, `1-${portraitDocumentId(42)}`))).metadata()
    expect([meta.width, meta.height]).toEqual([200, 200])
  })

  it('renders a company logo at 2:1', async () => {
    const meta = await sharp(await bodyOf(await get(0, 400, 'cover', 80, `png/1-${logoDocumentId(42)}`))).metadata()
    expect([meta.width, meta.height]).toEqual([400, 200])
  })

  it.each([3765161205, 2680603772])('renders placeholder %i', async (id) => {
    const response = await get(200, 300, 'cover', 80, `webp/1-${id}`)
    expect(response.status).toBe(200)
    expect((await sharp(await bodyOf(response)).metadata()).width).toBe(300)
  })

  it('answers 404 for an upload id with no file', async () => {
    expect((await get(100, 100, 'cover', 80, '1-2000000123')).status).toBe(404)
  })

  it('resizes an uploaded file, honouring EXIF orientation', async () => {
    const uploads = path.join(dataDir, 'uploads')
    await mkdir(uploads, { recursive: true })
    // 400x200 stored pixels with orientation 6 (rotate 90° clockwise) → displays as 200x400.
    await sharp({ create: { width: 400, height: 200, channels: 3, background: '#3a7' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toFile(path.join(uploads, '2000000124.jpg'))
    const response = await get(0, 100, 'cover', 80, 'webp/1-2000000124')
    expect(response.status).toBe(200)
    const meta = await sharp(await bodyOf(response)).metadata()
    expect([meta.width, meta.height]).toEqual([100, 200])
  })

  it('answers 404, not 500, for a corrupt upload', async () => {
    const uploads = path.join(dataDir, 'uploads')
    await mkdir(uploads, { recursive: true })
    await writeFile(path.join(uploads, '2000000125.png'), 'not a png')
    const errors = console.error
    console.error = () => {}
    try {
      expect((await get(100, 100, 'cover', 80, '1-2000000125')).status).toBe(404)
    } finally {
      console.error = errors
    }
  })
})

describe('the route renders only the pages’ renditions (issue 33)', () => {
  it.each<[string, [number, number, string, number, string]]>([
    ['a size no page uses', [401, 601, 'cover', 80, `1-${photo}`]],
    ['a page’s size at another quality', [427, 640, 'cover', 61, `webp/1-${photo}`]],
    ['a page’s size in another format', [427, 640, 'cover', 60, `avif/1-${photo}`]],
    ['a page’s size with another fit', [427, 640, 'fill', 60, `webp/1-${photo}`]],
  ])('answers 404 for %s, and renders and writes nothing', async (_name, args) => {
    const cacheFolder = path.join(dataDir, 'image-cache', String(photo))
    const before = await cacheFolderBytes(cacheFolder)
    const response = await getThroughRoute(...args)
    expect(response.status).toBe(404)
    expect(await cacheFolderBytes(cacheFolder)).toEqual(before)
  })
})

describe('the image cache on disk', () => {
  it('keeps within its bound in bytes, dropping the least recently used', async () => {
    const cacheDataDir = await mkdtemp(path.join(tmpdir(), 'images-cache-bound-'))
    const folder = path.join(cacheDataDir, 'image-cache')
    try {
      // Room for about three of these renditions.
      const bound = (await bodyOf(await get(300, 450, 'cover', 80, `1-${photo}`))).byteLength * 3
      const options = { dataDir: cacheDataDir, cacheBytes: bound }
      for (let index = 0; index < 8; index++) {
        await getResizedImage(requestFor(300, 450, 'cover', 80, `1-${photo + index}`), options)
        // The first stays in use, so it is never the least recently used.
        expect((await getResizedImage(requestFor(300, 450, 'cover', 80, `1-${photo}`), options))!.body.byteLength).toBeGreaterThan(0)
      }
      await vi.waitFor(async () => expect((await cacheFolderBytes(folder)).bytes).toBeLessThanOrEqual(bound))
      expect((await cacheFolderBytes(folder)).files).toBeGreaterThanOrEqual(2)
      expect(existsSync(path.join(folder, String(photo), '300x450-cover-q80.jpeg'))).toBe(true)
      expect(existsSync(path.join(folder, String(photo + 1), '300x450-cover-q80.jpeg'))).toBe(false)
    } finally {
      await rm(cacheDataDir, { recursive: true, force: true })
    }
  })
})
