import { mkdtempSync } from 'node:fs'
import { readdir, rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPhotoFetcher, type PhotoFetcherOptions, type PhotoResult } from '~/models/feeds/feed-photos.server'
import { documentKind, uploadDocumentIdFor } from '~/models/media/document-ids'
import { getResizedImage, parseImageRequest } from '~/models/media/images.server'
import { createOutboundFetch } from '~/models/net/outbound-fetch.server'

const dataDir = mkdtempSync(path.join(tmpdir(), 'feed-photos-test-'))
const uploadsDir = path.join(dataDir, 'uploads')
const maxBytes = 1_000_000
const slowResponseMs = 150

let jpeg: Buffer
let png: Buffer
let tinyPng: Buffer
/** Every path the test servers were asked for, in order. */
const requested: string[] = []
/** Requests being answered right now, and the most seen at once, by Host header. */
const inFlight = new Map<string, number>()
const mostInFlight = new Map<string, number>()
let mostInFlightOverall = 0
let servers: Server[]
let origin: string
let otherOrigin: string

function sendImage(response: ServerResponse, body: Buffer, contentType = 'image/jpeg') {
  response.writeHead(200, { 'Content-Type': contentType, 'Content-Length': body.byteLength })
  response.end(body)
}

function handle(request: IncomingMessage, response: ServerResponse) {
  requested.push(request.url ?? '')
  const redirect = /^\/moved\?to=(.*)$/.exec(request.url ?? '')
  if (redirect) return response.writeHead(302, { Location: decodeURIComponent(redirect[1]!) }).end()
  switch (request.url) {
    case '/photo.jpg':
    case '/same-photo-elsewhere.jpg':
      return sendImage(response, jpeg)
    case '/photo.png':
      return sendImage(response, png, 'image/png')
    case '/tiny.png':
      return sendImage(response, tinyPng, 'image/png')
    case '/page-named.jpg':
      return sendImage(response, Buffer.from('<!doctype html><html><body><h1>Photo not found</h1></body></html>'))
    case '/drawing.jpg':
      return sendImage(response, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600"/></svg>'))
    case '/hangs':
      return // Never answers.
    case '/stalls-mid-body':
      response.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': jpeg.byteLength })
      return response.write(jpeg.subarray(0, 100))
    case '/declares-too-much':
      response.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': maxBytes * 50 })
      return response.write(jpeg.subarray(0, 100))
    case '/endless': {
      // No Content-Length: only counting the bytes as they come can stop this.
      response.writeHead(200, { 'Content-Type': 'image/jpeg' })
      const chunk = Buffer.alloc(16 * 1024, 0xff)
      const timer = setInterval(() => response.write(chunk), 1)
      response.on('close', () => clearInterval(timer))
      return
    }
    default:
      if (request.url?.startsWith('/slow/')) return answerSlowly(request, response)
      response.writeHead(404).end('Not found')
  }
}

function answerSlowly(request: IncomingMessage, response: ServerResponse) {
  const host = request.headers.host ?? ''
  const count = (inFlight.get(host) ?? 0) + 1
  inFlight.set(host, count)
  mostInFlight.set(host, Math.max(mostInFlight.get(host) ?? 0, count))
  mostInFlightOverall = Math.max(
    mostInFlightOverall,
    [...inFlight.values()].reduce((sum, value) => sum + value, 0),
  )
  setTimeout(() => {
    inFlight.set(host, (inFlight.get(host) ?? 1) - 1)
    sendImage(response, jpeg)
  }, slowResponseMs)
}

async function startServer(): Promise<Server> {
  const server = createServer(handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`

beforeAll(async () => {
  const scene = (background: string) => sharp({ create: { width: 800, height: 600, channels: 3, background, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
  jpeg = await scene('#3a7').jpeg().toBuffer()
  png = await sharp({ create: { width: 640, height: 480, channels: 4, background: { r: 200, g: 120, b: 40, alpha: 0.5 } } })
    .png()
    .toBuffer()
  tinyPng = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#fff' } })
    .png()
    .toBuffer()
  servers = [await startServer(), await startServer()]
  origin = originOf(servers[0]!)
  otherOrigin = originOf(servers[1]!)
})

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
  await rm(dataDir, { recursive: true, force: true })
})

/** The tests' receivers listen on loopback, which the guard refuses unless a test opts in. */
const loopbackAllowed = createOutboundFetch({ allowedHosts: ['127.0.0.1'] })
const fetcherWith = (options: PhotoFetcherOptions = {}) => createPhotoFetcher({ dataDir, maxBytes, timeoutMs: 5_000, outboundFetch: loopbackAllowed, ...options })

function expectStored(result: PhotoResult) {
  if (!result.ok) throw new Error(`expected a stored photo, got ${result.reason}: ${result.detail}`)
  return result
}

async function uploadFiles() {
  return (await readdir(uploadsDir)).sort()
}

describe('uploadDocumentIdFor', () => {
  it('steps over the placeholder ids and stays inside the upload band', () => {
    expect(uploadDocumentIdFor(0)).toBe(2_000_000_000)
    expect(uploadDocumentIdFor(680_603_771)).toBe(2_680_603_771)
    expect(uploadDocumentIdFor(680_603_772)).toBe(2_680_603_773)
    expect(uploadDocumentIdFor(7_999_999_997)).toBe(9_999_999_999)
    expect(uploadDocumentIdFor(7_999_999_998)).toBe(2_000_000_000)
    for (const value of [0, 1_765_161_203, 1_765_161_204, 2 ** 48 - 1]) expect(documentKind(uploadDocumentIdFor(value))).toBe('upload')
  })
})

describe('createPhotoFetcher', () => {
  it('stores a JPEG and a PNG that the image pipeline then serves', async () => {
    const fetcher = fetcherWith()
    for (const [file, width, height] of [
      ['photo.jpg', 800, 600],
      ['photo.png', 640, 480],
    ] as const) {
      const stored = expectStored(await fetcher.fetchPhoto(`${origin}/${file}`))
      expect(documentKind(stored.documentId)).toBe('upload')
      expect(stored).toMatchObject({ width, height })
      expect(await uploadFiles()).toContain(`${stored.documentId}.jpg`)

      const request = parseImageRequest({ height: '150', width: '200', fit: 'cover', quality: '80', '*': `webp/1-${stored.documentId}` })
      if (!request.ok) throw new Error(request.message)
      const served = await getResizedImage(request.value, { dataDir })
      expect(await sharp(served!.body).metadata()).toMatchObject({ format: 'webp', width: 200, height: 150 })
    }
  })

  it('stores the same photo once, under one id, however often and from wherever it comes', async () => {
    const fetcher = fetcherWith()
    const first = expectStored(await fetcher.fetchPhoto(`${origin}/photo.jpg`))
    const filesAfterFirst = await uploadFiles()
    const again = expectStored(await fetcher.fetchPhoto(`${origin}/photo.jpg`))
    const elsewhere = expectStored(await createPhotoFetcher({ dataDir, outboundFetch: loopbackAllowed }).fetchPhoto(`${otherOrigin}/same-photo-elsewhere.jpg`))
    expect([again.documentId, elsewhere.documentId]).toEqual([first.documentId, first.documentId])
    expect(await uploadFiles()).toEqual(filesAfterFirst)
    expect(filesAfterFirst.filter((file) => file.startsWith(`${first.documentId}.`))).toEqual([`${first.documentId}.jpg`])
  })

  it('ends a URL that never answers, or stops mid-body, with a timeout', async () => {
    const fetcher = fetcherWith({ timeoutMs: 300 })
    for (const file of ['hangs', 'stalls-mid-body']) {
      const started = performance.now()
      expect(await fetcher.fetchPhoto(`${origin}/${file}`)).toMatchObject({ ok: false, reason: 'timeout' })
      expect(performance.now() - started).toBeLessThan(1_500)
    }
  })

  it('refuses a body over the limit, whether Content-Length says so or not', async () => {
    const fetcher = fetcherWith()
    expect(await fetcher.fetchPhoto(`${origin}/declares-too-much`)).toMatchObject({ ok: false, reason: 'too-large' })
    expect(await fetcher.fetchPhoto(`${origin}/endless`)).toMatchObject({ ok: false, reason: 'too-large' })
  })

  it('refuses an HTML page or an SVG served as image/jpeg as not an image', async () => {
    const fetcher = fetcherWith()
    expect(await fetcher.fetchPhoto(`${origin}/page-named.jpg`)).toMatchObject({ ok: false, reason: 'not-an-image' })
    expect(await fetcher.fetchPhoto(`${origin}/drawing.jpg`)).toMatchObject({ ok: false, reason: 'not-an-image' })
  })

  it('refuses an image too small to be a photo', async () => {
    expect(await fetcherWith().fetchPhoto(`${origin}/tiny.png`)).toMatchObject({ ok: false, reason: 'not-an-image' })
  })

  it('reports a 404 as an HTTP status, a closed port as unreachable and ftp as a bad URL, telling the partner no status, socket error or port', async () => {
    const fetcher = fetcherWith()
    const missing = await fetcher.fetchPhoto(`${origin}/missing.jpg`)
    const closedPort = await fetcher.fetchPhoto('http://127.0.0.1:1/photo.jpg')
    expect(missing).toMatchObject({ ok: false, reason: 'http-status' })
    expect(closedPort).toMatchObject({ ok: false, reason: 'unreachable' })
    for (const result of [missing, closedPort]) expect(result.ok ? '' : result.detail).not.toMatch(/404|ECONNREFUSED|127\.0\.0\.1|:1\b/)
    expect(await fetcher.fetchPhoto('ftp://127.0.0.1/photo.jpg')).toMatchObject({ ok: false, reason: 'bad-url' })
    expect(await fetcher.fetchPhoto('not a url')).toMatchObject({ ok: false, reason: 'bad-url' })
  })

  it('keeps at most the per-host limit of requests in flight to each host, while other hosts go on', async () => {
    const fetcher = fetcherWith({ maxConcurrentPerHost: 2 })
    const urls = [origin, otherOrigin].flatMap((base) => Array.from({ length: 6 }, (_, index) => `${base}/slow/${index}`))
    const results = await Promise.all(urls.map((url) => fetcher.fetchPhoto(url)))
    expect(results.every((result) => result.ok)).toBe(true)
    expect([...mostInFlight.values()]).toEqual([2, 2])
    expect(mostInFlightOverall).toBe(4)
  })
})

describe('the photo fetcher fetches from the public internet only', () => {
  const port = () => new URL(origin).port
  const refused = { ok: false, reason: 'address-refused' }

  it('refuses loopback, private, link-local, CGNAT, IPv6 loopback, ULA and IPv4-mapped addresses, however written, without connecting', async () => {
    const fetcher = createPhotoFetcher({ dataDir, timeoutMs: 2_000 })
    const requestsBefore = requested.length
    for (const url of [
      `http://127.0.0.1:${port()}/photo.jpg`,
      `http://2130706433:${port()}/photo.jpg`,
      `http://0x7f.1:${port()}/photo.jpg`,
      `http://0.0.0.0:${port()}/photo.jpg`,
      `http://[::1]:${port()}/photo.jpg`,
      `http://[::ffff:127.0.0.1]:${port()}/photo.jpg`,
      'http://10.0.0.7/photo.jpg',
      'http://172.16.4.4/photo.jpg',
      'http://192.168.1.1/photo.jpg',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/photo.jpg',
      'http://[fd00::1]/photo.jpg',
      'http://[fe80::1]/photo.jpg',
      'http://224.0.0.1/photo.jpg',
    ])
      expect(await fetcher.fetchPhoto(url), url).toMatchObject(refused)
    expect(requested.length).toBe(requestsBefore)
  })

  it('refuses a name that resolves to loopback, or to any non-public address among public ones', async () => {
    expect(await createPhotoFetcher({ dataDir }).fetchPhoto(`http://localhost:${port()}/photo.jpg`)).toMatchObject(refused)
    const oneLoopback = createOutboundFetch({
      resolve: async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    })
    expect(await createPhotoFetcher({ dataDir, outboundFetch: oneLoopback }).fetchPhoto(`http://photos.partner.example:${port()}/photo.jpg`)).toMatchObject(refused)
  })

  it('refuses a redirect to loopback, to the metadata address or to a file, from a host the test allows', async () => {
    const partnerHost = createOutboundFetch({ allowedHosts: ['photos.partner.example'], resolve: async () => [{ address: '127.0.0.1', family: 4 }] })
    const fetcher = createPhotoFetcher({ dataDir, outboundFetch: partnerHost })
    const movedTo = (target: string) => `http://photos.partner.example:${port()}/moved?to=${encodeURIComponent(target)}`
    expect(expectStored(await fetcher.fetchPhoto(movedTo(`http://photos.partner.example:${port()}/photo.png`))).width).toBe(640)
    requested.length = 0
    for (const target of [
      `http://127.0.0.1:${port()}/photo.jpg`,
      `http://localhost:${port()}/photo.jpg`,
      `http://[::1]:${port()}/photo.jpg`,
      'http://169.254.169.254/latest/meta-data/',
    ])
      expect(await fetcher.fetchPhoto(movedTo(target)), target).toMatchObject(refused)
    expect(await fetcher.fetchPhoto(movedTo('file:///etc/passwd'))).toMatchObject({ ok: false, reason: 'bad-url' })
    expect(requested.every((path) => path.startsWith('/moved'))).toBe(true)
  })

  it('follows three redirects, not four', async () => {
    const fetcher = fetcherWith()
    const chain = (hops: number) => Array.from({ length: hops }).reduce<string>((url) => `${origin}/moved?to=${encodeURIComponent(url)}`, `${origin}/photo.jpg`)
    expectStored(await fetcher.fetchPhoto(chain(3)))
    expect(await fetcher.fetchPhoto(chain(4))).toMatchObject({ ok: false, reason: 'too-many-redirects' })
  })
})
