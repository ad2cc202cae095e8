import { mkdtempSync } from 'node:fs'
import { readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentKind } from '~/models/media/document-ids'
import { folderPhotoStorage } from '~/models/media/folder-photo-storage.server'
import { storePhoto } from '~/models/media/photo-store.server'
import { receivePhotoUploads, type ReceivePhotoUploadsOptions } from '~/models/sellers/photo-uploads.server'

const dataDir = mkdtempSync(path.join(tmpdir(), 'photo-uploads-test-'))
const uploadsDir = path.join(dataDir, 'uploads')

let jpeg: Buffer
let otherJpeg: Buffer
let png: Buffer
let webp: Buffer
let avif: Buffer
let rotatedWithGps: Buffer

interface UploadFile {
  name: string
  bytes: Buffer
  type?: string
}

const photo = (background: string, width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background, noise: { type: 'gaussian', mean: 128, sigma: 30 } } })

beforeAll(async () => {
  jpeg = await photo('#3a7').jpeg().toBuffer()
  otherJpeg = await photo('#a73').jpeg().toBuffer()
  png = await photo('#37a').png().toBuffer()
  webp = await photo('#7a3').webp().toBuffer()
  avif = await photo('#a37').avif().toBuffer()
  // A phone held upright writes 300×200 pixels and says so in EXIF (orientation 6: turn 90° clockwise).
  rotatedWithGps = await photo('#777', 300, 200)
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '97/1 44/1 0/1', GPSMapDatum: 'WGS-84' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()
})

afterAll(() => rm(dataDir, { recursive: true, force: true }))

function uploadRequest(files: UploadFile[], field = 'photos') {
  const form = new FormData()
  for (const file of files) form.append(field, new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? 'image/jpeg' }))
  return new Request('http://land.localhost/upload', { method: 'POST', body: form })
}

/** The multipart bytes a browser would send for these files, and their Content-Type. */
async function multipartBody(files: UploadFile[]) {
  const request = uploadRequest(files)
  return { body: new Uint8Array(await request.arrayBuffer()), contentType: request.headers.get('content-type')! }
}

const receive = (request: Request, options: Partial<ReceivePhotoUploadsOptions> = {}) =>
  receivePhotoUploads(request, { photoStorage: folderPhotoStorage(uploadsDir), remainingSlots: 30, ...options })

async function storedPhoto(documentId: number) {
  const bytes = await readFile(path.join(uploadsDir, `${documentId}.jpg`))
  return { bytes, metadata: await sharp(bytes).metadata() }
}

describe('receivePhotoUploads', () => {
  it('stores several photos from one request, in the order they were sent', async () => {
    const result = await receive(
      uploadRequest([
        { name: 'first.jpg', bytes: jpeg },
        { name: 'second.jpg', bytes: otherJpeg },
        { name: 'third.png', bytes: png, type: 'image/png' },
      ]),
    )
    expect(result.failures).toEqual([])
    expect(result.problem).toBeUndefined()
    expect(result.stored.map((upload) => upload.fileName)).toEqual(['first.jpg', 'second.jpg', 'third.png'])
    expect(new Set(result.stored.map((upload) => upload.documentId)).size).toBe(3)
    for (const { documentId } of result.stored) {
      expect(documentKind(documentId)).toBe('upload')
      expect((await storedPhoto(documentId)).metadata).toMatchObject({ format: 'jpeg', width: 640, height: 480 })
    }
  })

  it('applies the orientation and strips EXIF, GPS included', async () => {
    const original = await sharp(rotatedWithGps).metadata()
    expect(original).toMatchObject({ width: 300, height: 200, orientation: 6 })
    expect(original.exif?.includes('WGS-84')).toBe(true)

    const { stored } = await receive(uploadRequest([{ name: 'IMG_0001.JPG', bytes: rotatedWithGps }]))
    const { bytes, metadata } = await storedPhoto(stored[0]!.documentId)
    expect(metadata).toMatchObject({ width: 200, height: 300 })
    expect(metadata.orientation).toBeUndefined()
    expect(metadata.exif).toBeUndefined()
    expect(bytes.includes('PhoneMaker') || bytes.includes('WGS-84')).toBe(false)
  })

  it('takes PNG, WebP and AVIF by their content, whatever they are called', async () => {
    const result = await receive(
      uploadRequest([
        { name: 'plan.png', bytes: png, type: 'image/png' },
        { name: 'field.webp', bytes: webp, type: 'image/webp' },
        { name: 'pond.jpg', bytes: avif },
      ]),
    )
    expect(result.failures).toEqual([])
    expect(result.stored).toHaveLength(3)
  })

  it('stores HEIC when this sharp decodes it, and otherwise asks for a JPEG', async () => {
    const heic = await readFile(path.join(import.meta.dirname, '../fixtures/photo-hevc.heic'))
    const isDecodable = await sharp(heic)
      .toBuffer()
      .then(() => true)
      .catch(() => false)
    const result = await receive(uploadRequest([{ name: 'IMG_0042.HEIC', bytes: heic, type: 'image/heic' }]))
    if (isDecodable) expect(result.stored).toHaveLength(1)
    else expect(result.failures).toEqual([{ fileName: 'IMG_0042.HEIC', message: '“IMG_0042.HEIC” could not be read: export it as JPEG and upload it again.' }])
  })

  it('refuses a file that is not a photo by its content, and keeps the others', async () => {
    const result = await receive(
      uploadRequest([
        { name: 'scan.pdf', bytes: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'), type: 'application/pdf' },
        { name: 'notes.jpg', bytes: Buffer.from('Gate code 1234, well on the north side.') },
        { name: 'good.jpg', bytes: jpeg },
      ]),
    )
    expect(result.stored.map((upload) => upload.fileName)).toEqual(['good.jpg'])
    expect(result.failures).toEqual([
      { fileName: 'scan.pdf', message: '“scan.pdf” is not a photo: upload JPEG, PNG, WebP or HEIC files.' },
      { fileName: 'notes.jpg', message: '“notes.jpg” is not a photo: upload JPEG, PNG, WebP or HEIC files.' },
    ])
  })

  it('refuses a file over the size limit and reads on to the next one', async () => {
    const large = await photo('#345', 2000, 1500).png().toBuffer()
    expect(large.byteLength).toBeGreaterThan(1024 ** 2)
    const result = await receive(
      uploadRequest([
        { name: 'DSC_1.png', bytes: large, type: 'image/png' },
        { name: 'small.jpg', bytes: jpeg },
      ]),
      { maxPhotoBytes: 1024 ** 2 },
    )
    expect(result.failures).toEqual([{ fileName: 'DSC_1.png', message: '“DSC_1.png” is larger than 1 MB.' }])
    expect(result.stored.map((upload) => upload.fileName)).toEqual(['small.jpg'])
  })

  it('does not hold a file past the size limit in memory, however large it is', async () => {
    const { body: head, contentType } = await multipartBody([{ name: 'endless.jpg', bytes: Buffer.alloc(0) }])
    const boundary = contentType.split('boundary=')[1]!
    const partHeader = head.subarray(0, head.byteLength - `\r\n--${boundary}--\r\n`.length)
    const fileBytes = 512 * 1024 ** 2
    const chunkBytes = 256 * 1024
    let sent = 0
    let mostHeld = 0
    const baseline = process.memoryUsage().arrayBuffers
    // Each chunk is new memory, so a reader that kept them would hold all 512 MB.
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(partHeader),
      pull: (controller) => {
        mostHeld = Math.max(mostHeld, process.memoryUsage().arrayBuffers - baseline)
        if (sent < fileBytes) {
          controller.enqueue(new Uint8Array(chunkBytes).fill(0xff))
          sent += chunkBytes
        } else {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`))
          controller.close()
        }
      },
    })
    const request = new Request('http://land.localhost/upload', { method: 'POST', body, headers: { 'content-type': contentType }, duplex: 'half' } as RequestInit)
    const result = await receive(request, { maxPhotoBytes: 1024 ** 2, maxRequestBytes: 1024 ** 3 })
    expect(result.failures).toEqual([{ fileName: 'endless.jpg', message: '“endless.jpg” is larger than 1 MB.' }])
    expect(sent).toBe(fileBytes)
    expect(mostHeld).toBeLessThan(200 * 1024 ** 2)
  })

  it('adds only as many photos as the listing has room for, and names the others', async () => {
    const files = ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'].map((name, index) => ({ name, bytes: index % 2 ? otherJpeg : jpeg }))
    const result = await receive(uploadRequest(files), { remainingSlots: 2 })
    expect(result.stored.map((upload) => upload.fileName)).toEqual(['a.jpg', 'b.jpg'])
    expect(result.failures).toEqual([{ message: 'Only 2 more photos fit: “c.jpg” and “d.jpg” were not added.' }])

    const full = await receive(uploadRequest([{ name: 'e.jpg', bytes: jpeg }]), { remainingSlots: 0 })
    expect(full).toEqual({ stored: [], failures: [{ message: 'A listing has at most 30 photos: “e.jpg” was not added.' }] })
  })

  it('refuses a small file declaring more than 50 megapixels before decoding it, for an upload and a feed photo alike', async () => {
    // 8,000 × 8,000 of one colour: a 60 KB PNG that would take 192 MB to decode; each side is within the 12,000 px limit.
    const huge = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#3a7' } })
      .png({ compressionLevel: 9 })
      .toBuffer()
    expect(huge.byteLength).toBeLessThan(1_000_000)
    expect(await storePhoto(huge, folderPhotoStorage(uploadsDir))).toEqual({ ok: false, reason: 'too-large', detail: '8000×8000 px is over 50 megapixels' })
    const result = await receive(uploadRequest([{ name: 'bomb.png', bytes: huge, type: 'image/png' }]))
    expect(result.stored).toEqual([])
    expect(result.failures).toEqual([
      { fileName: 'bomb.png', message: '“bomb.png” is too large: a photo may be at most 12,000 pixels on its longest side and 50 megapixels in all.' },
    ])
  })

  it('does not let a refused file take a slot', async () => {
    const files = [
      { name: 'scan.pdf', bytes: Buffer.from('%PDF-1.7'), type: 'application/pdf' },
      { name: 'a.jpg', bytes: jpeg },
    ]
    const result = await receive(uploadRequest(files), { remainingSlots: 1 })
    expect(result.stored.map((upload) => upload.fileName)).toEqual(['a.jpg'])
  })

  it('keeps the photos that arrived whole from a body cut short, and stores nothing of the cut one', async () => {
    const { body, contentType } = await multipartBody([
      { name: 'whole.jpg', bytes: jpeg },
      { name: 'cut.jpg', bytes: otherJpeg },
    ])
    const before = await readdir(uploadsDir).catch((): string[] => [])
    const cutAt = body.byteLength - Math.floor(otherJpeg.byteLength / 2)
    const result = await receive(
      new Request('http://land.localhost/upload', { method: 'POST', body: body.subarray(0, cutAt), headers: { 'content-type': contentType } }),
    )
    expect(result.problem).toBe('malformed')
    expect(result.stored.map((upload) => upload.fileName)).toEqual(['whole.jpg'])
    expect(result.failures).toEqual([{ fileName: 'cut.jpg', message: '“cut.jpg” did not arrive whole: upload it again.' }])
    const added = (await readdir(uploadsDir)).filter((file) => !before.includes(file))
    expect(added.every((file) => file === `${result.stored[0]!.documentId}.jpg`)).toBe(true)
  })

  it('answers a connection dropped mid-file without throwing', async () => {
    const { body, contentType } = await multipartBody([{ name: 'dropped.jpg', bytes: otherJpeg }])
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(body.subarray(0, 1000))
        setTimeout(() => controller.error(new Error('aborted')), 10)
      },
    })
    const request = new Request('http://land.localhost/upload', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': contentType },
      duplex: 'half',
    } as RequestInit)
    expect(await receive(request)).toEqual({
      stored: [],
      failures: [{ fileName: 'dropped.jpg', message: '“dropped.jpg” did not arrive whole: upload it again.' }],
      problem: 'malformed',
    })
  })

  it('refuses a request over the size limit, before reading it when its length says so', async () => {
    const files = [
      { name: 'a.jpg', bytes: jpeg },
      { name: 'b.jpg', bytes: otherJpeg },
    ]
    const { body, contentType } = await multipartBody(files)
    const maxRequestBytes = jpeg.byteLength + 40_000
    const declared = await receive(
      new Request('http://land.localhost/upload', { method: 'POST', body, headers: { 'content-type': contentType, 'content-length': String(body.byteLength) } }),
      { maxRequestBytes },
    )
    expect(declared).toEqual({ stored: [], failures: [{ message: expect.stringMatching(/^No photo was added: one upload may be at most/) }], problem: 'too-large' })

    // A body that does not say its length is counted as it arrives: the photos before the limit are kept.
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < body.byteLength; offset += 16 * 1024) controller.enqueue(body.subarray(offset, offset + 16 * 1024))
        controller.close()
      },
    })
    const counted = await receive(
      new Request('http://land.localhost/upload', { method: 'POST', body: streamed, headers: { 'content-type': contentType }, duplex: 'half' } as RequestInit),
      {
        maxRequestBytes,
      },
    )
    expect(counted.problem).toBe('too-large')
    expect(counted.failures.at(-1)?.message).toMatch(/^“b\.jpg” and the photos after it were not added: one upload may be at most/)
  })

  it('answers a request that is not a multipart form, or has no photo, with a message', async () => {
    const notMultipart = await receive(new Request('http://land.localhost/upload', { method: 'POST', body: new URLSearchParams({ photos: 'x' }) }))
    expect(notMultipart).toEqual({
      stored: [],
      failures: [{ message: 'The upload could not be read: choose the photos and upload them again.' }],
      problem: 'malformed',
    })
    const noBoundary = await receive(
      new Request('http://land.localhost/upload', { method: 'POST', body: 'x', headers: { 'content-type': 'multipart/form-data; charset=utf-8' } }),
    )
    expect(noBoundary.problem).toBe('malformed')
    const otherField = await receive(uploadRequest([{ name: 'a.jpg', bytes: jpeg }], 'attachments'))
    expect(otherField).toEqual({ stored: [], failures: [{ message: 'Choose one or more photos to upload.' }] })
  })
})
