import { execFile } from 'node:child_process'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { readConfig } from '~/config.server'
import { createPhotoFetcher } from '~/models/feeds/feed-photos.server'
import { folderPhotoStorage } from '~/models/media/folder-photo-storage.server'
import { getResizedImage, parseImageRequest } from '~/models/media/images.server'
import { copyPhotos } from '~/models/media/photo-copy.server'
import type { PhotoStorage } from '~/models/media/photo-storage'
import { configuredPhotoStorage, storePhoto } from '~/models/media/photo-store.server'
import { createOutboundFetch } from '~/models/net/outbound-fetch.server'
import { s3PhotoStorage } from '~/models/media/s3-photo-storage.server'
import { startS3Server } from '../support/s3-server'

/**
 * The photo storage (issue 37, decision 0065): the folder and the bucket behave alike through the
 * interface; a server with no cached rendition renders it from the bucket; the migration copies a
 * folder into a bucket, checks what it wrote, and changes nothing when run again.
 */
let s3: Awaited<ReturnType<typeof startS3Server>>
let folder: string
const storages: Record<string, () => PhotoStorage> = {}

beforeAll(async () => {
  s3 = await startS3Server()
  // The SDK finds its credentials where it would in production: in the environment.
  for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value)
  folder = await mkdtemp(path.join(tmpdir(), 'photo-storage-test-'))
  storages.folder = () => folderPhotoStorage(path.join(folder, 'uploads'))
  storages.bucket = () => s3PhotoStorage(s3.setting)
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await s3.close()
  await rm(folder, { recursive: true, force: true })
})

/** A JPEG of noise: each call's bytes differ. */
const photo = (background: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background, noise: { type: 'gaussian', mean: 128, sigma: 20 } } })
    .jpeg()
    .toBuffer()

async function names(storage: PhotoStorage) {
  const listed: string[] = []
  for await (const { name, bytes } of storage.list()) listed.push(`${name} ${bytes}`)
  return listed.sort()
}

describe.each(['folder', 'bucket'])('the %s photo storage', (kind) => {
  test('keeps, gives back, lists and deletes photos', async () => {
    const storage = storages[kind]!()
    const first = Buffer.from('first photo')
    expect(await storage.get('2000000001.jpg')).toBeUndefined()
    expect(await storage.modifiedAt('2000000001.jpg')).toBeUndefined()

    expect(await storage.put('2000000001.jpg', first)).toBe('written')
    expect(await storage.put('2000000002.jpg', Buffer.from('second'))).toBe('written')
    expect(await storage.get('2000000001.jpg')).toEqual(first)
    expect(await storage.modifiedAt('2000000001.jpg')).toBeGreaterThan(Date.now() - 60_000)
    expect(await names(storage)).toEqual(['2000000001.jpg 11', '2000000002.jpg 6'])

    await storage.delete('2000000001.jpg')
    await storage.delete('2000000001.jpg')
    expect(await storage.get('2000000001.jpg')).toBeUndefined()
    expect(await names(storage)).toEqual(['2000000002.jpg 6'])
    await storage.delete('2000000002.jpg')
  })

  test('never replaces a photo: the same bytes are already there, other bytes find the name taken', async () => {
    const storage = storages[kind]!()
    expect(await storage.put('2000000003.jpg', Buffer.from('a photo'))).toBe('written')
    expect(await storage.put('2000000003.jpg', Buffer.from('a photo'))).toBe('already-there')
    expect(await storage.put('2000000003.jpg', Buffer.from('another photo'))).toBe('taken')
    expect(await storage.get('2000000003.jpg')).toEqual(Buffer.from('a photo'))
    await storage.delete('2000000003.jpg')
  })

  test('stores an upload once: the same photo again is the same document id', async () => {
    const upload = await photo('#3a7')
    const stored = await storePhoto(upload, storages[kind]!())
    const again = await storePhoto(upload, storages[kind]!())
    expect(stored).toMatchObject({ ok: true, width: 320, height: 240 })
    expect(again).toEqual(stored)
  })
})

describe('with PHOTO_STORE naming a bucket', () => {
  test('a partner feed’s photo is stored in the bucket, not in the data folder', async () => {
    const feedPhoto = await photo('#7a3')
    const partner = http.createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(feedPhoto))
    await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve))
    const dataDir = await mkdtemp(path.join(tmpdir(), 'feed-photos-bucket-'))
    try {
      const fetcher = createPhotoFetcher({ dataDir, outboundFetch: createOutboundFetch({ allowedHosts: ['127.0.0.1'] }) })
      const stored = await fetcher.fetchPhoto(`http://127.0.0.1:${(partner.address() as AddressInfo).port}/lot-7.jpg`)
      if (!stored.ok) throw new Error(stored.detail)
      expect(configuredPhotoStorage(dataDir).location).toBe('s3://photos/listing-photos/')
      expect(await storages.bucket!().modifiedAt(`${stored.documentId}.jpg`)).toBeDefined()
      expect(await readdir(dataDir)).toEqual([])
    } finally {
      partner.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

describe('renditions of a photo in a bucket', () => {
  test('are cached on each server’s disk and rendered again from the bucket where the cache lacks them', async () => {
    const bucket = storages.bucket!()
    const stored = await storePhoto(await photo('#a73'), bucket)
    if (!stored.ok) throw new Error(stored.detail)
    const request = parseImageRequest({ height: '120', width: '160', fit: 'cover', quality: '70', '*': `webp/1-${stored.documentId}` })
    if (!request.ok) throw new Error(request.message)
    const serverA = await mkdtemp(path.join(tmpdir(), 'photo-server-a-'))
    const serverB = await mkdtemp(path.join(tmpdir(), 'photo-server-b-'))
    try {
      const rendered = await getResizedImage(request.value, { dataDir: serverA, photoStorage: bucket })
      expect(rendered).toMatchObject({ fromCache: false, contentType: 'image/webp' })
      expect(await getResizedImage(request.value, { dataDir: serverA, photoStorage: bucket })).toMatchObject({ fromCache: true, etag: rendered!.etag })
      expect(await readdir(path.join(serverA, 'image-cache', String(stored.documentId)))).toEqual(['120x160-cover-q70.webp'])

      // Another server, whose disk has neither the photo nor its rendition.
      const elsewhere = await getResizedImage(request.value, { dataDir: serverB, photoStorage: bucket })
      expect(elsewhere).toMatchObject({ fromCache: false, etag: rendered!.etag })
      expect(await readdir(serverB)).toEqual(['image-cache'])

      // The first server's cache emptied.
      await rm(path.join(serverA, 'image-cache'), { recursive: true })
      const rebuilt = await getResizedImage(request.value, { dataDir: serverA, photoStorage: bucket })
      expect(rebuilt).toMatchObject({ fromCache: false, etag: rendered!.etag })
      const { width, height } = await sharp(rebuilt!.body).metadata()
      expect([width, height]).toEqual([160, 120])
    } finally {
      await rm(serverA, { recursive: true, force: true })
      await rm(serverB, { recursive: true, force: true })
    }
  })
})

describe('copying a folder of photos into a bucket', () => {
  test('copies each photo, reads it back, and changes nothing when run again', async () => {
    const from = folderPhotoStorage(await mkdtemp(path.join(tmpdir(), 'photo-copy-from-')))
    const to = s3PhotoStorage({ ...s3.setting, prefix: 'copied/' })
    const photos = await Promise.all(['#111', '#222', '#333'].map(photo))
    for (const [index, body] of photos.entries()) await from.put(`200000010${index}.jpg`, body)
    const bytes = photos.reduce((sum, body) => sum + body.byteLength, 0)

    expect(await copyPhotos(from, to)).toEqual({ copied: 3, alreadyThere: 0, bytes, mismatched: [] })
    for (const [index, body] of photos.entries()) expect(await to.get(`200000010${index}.jpg`)).toEqual(body)
    expect(await copyPhotos(from, to)).toEqual({ copied: 0, alreadyThere: 3, bytes, mismatched: [] })

    // Other bytes under a name in the bucket are kept, and named.
    await from.put('2000000109.jpg', Buffer.from('the folder’s photo'))
    await to.put('2000000109.jpg', Buffer.from('the bucket’s photo'))
    expect(await copyPhotos(from, to)).toMatchObject({ copied: 0, alreadyThere: 3, mismatched: ['2000000109.jpg'] })
    expect(await to.get('2000000109.jpg')).toEqual(Buffer.from('the bucket’s photo'))
    await rm(from.location, { recursive: true })
  })

  test('npm run photos:migrate copies the data folder’s uploads and prints the counts', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'photos-migrate-'))
    const uploads = folderPhotoStorage(path.join(dataDir, 'uploads'))
    await uploads.put('2000000201.jpg', await photo('#456'))
    await uploads.put('2000000202.jpg', await photo('#654'))
    const env = { ...process.env, ...s3.env, PHOTO_STORE: 's3://photos/migrated', DATA_DIR: dataDir }
    const run = () => promisify(execFile)('npx', ['tsx', 'scripts/photos-migrate.ts'], { env })
    try {
      const first = await run()
      expect(first.stdout).toContain('Copied and verified (size and SHA-256): 2\n')
      expect(first.stdout).toContain('Already in the bucket with the same bytes: 0\n')
      const second = await run()
      expect(second.stdout).toContain('Copied and verified (size and SHA-256): 0\n')
      expect(second.stdout).toContain('Already in the bucket with the same bytes: 2\n')
      expect(await names(s3PhotoStorage({ ...s3.setting, prefix: 'migrated/' }))).toEqual(await names(uploads))
      // Nothing of the setting's secrets is printed.
      expect(first.stdout + first.stderr + second.stdout + second.stderr).not.toContain(s3.env.AWS_SECRET_ACCESS_KEY)
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

describe('the PHOTO_STORE setting', () => {
  test('is the uploads folder when unset, and a bucket with its prefix, endpoint and region when set', () => {
    expect(readConfig({}).photoStore).toEqual({ kind: 'folder' })
    expect(readConfig({ PHOTO_STORE: 's3://land-photos/prod/uploads/', AWS_REGION: 'us-west-2' }).photoStore).toEqual({
      kind: 's3',
      bucket: 'land-photos',
      prefix: 'prod/uploads/',
      endpoint: undefined,
      region: 'us-west-2',
    })
    expect(readConfig({ PHOTO_STORE: 's3://photos', S3_ENDPOINT: 'https://abc.r2.cloudflarestorage.com' }).photoStore).toMatchObject({
      prefix: '',
      region: 'us-east-1',
    })
  })

  test.each([
    [{ PHOTO_STORE: '/var/photos' }, /PHOTO_STORE: '\/var\/photos' must be s3:\/\/bucket/],
    [{ PHOTO_STORE: 's3://Bad_Bucket' }, /must be s3:\/\/bucket/],
    [{ PHOTO_STORE: 's3://photos' }, /needs AWS_REGION/],
    [{ PHOTO_STORE: 's3://photos', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT: 'minio:9000' is not an http\(s\) URL/],
  ])('refuses %o', (env, message) => {
    expect(() => readConfig(env)).toThrow(message)
  })
})
