/**
 * `npm run bench:photos`: a seller uploads 20 phone photos (4032×3024 JPEGs of 3–6 MB, half of
 * them taken upright, with EXIF and GPS) through the upload module, twice: as the upload control
 * sends them with scripts (one photo a request, two requests at a time) and as the form sends them
 * without (all 20 in one request). Prints the server time per photo (median, p95), the total, photos
 * a second and the peak resident memory of this process while uploading. The photos are made once
 * with sharp into a temporary folder and reused by later runs.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import sharp from 'sharp'
import { folderPhotoStorage } from '../app/models/media/folder-photo-storage.server'
import { receivePhotoUploads } from '../app/models/sellers/photo-uploads.server'
import { percentile } from './bench-support'

const photoCount = 20
const width = 4032
const height = 3024
const photoFolder = path.join(os.tmpdir(), 'bench-photos-4032x3024-v2')
const megabytes = (bytes: number) => (bytes / 1024 ** 2).toFixed(1)

/** A field in afternoon light: a diagonal gradient under film-grain noise, which JPEG cannot squeeze away. */
async function makePhoto(index: number) {
  const colours = ['#6a8f3c', '#c9b27a', '#4a78b0', '#8c6b3f', '#9fb86a']
  const gradient = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">${colours
    .map((colour, stop) => `<stop offset="${stop / (colours.length - 1)}" stop-color="${colours[(stop + index) % colours.length]}"/>`)
    .join('')}</linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/></svg>`
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 + (index % 7) * 2 } } })
    .raw()
    .toBuffer()
  return sharp(Buffer.from(gradient))
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: 'BenchPhone', Model: 'BenchPhone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: `${30 + index}/1 16/1 0/1`, GPSLongitudeRef: 'W', GPSLongitude: '97/1 44/1 0/1' },
    })
    .withMetadata({ orientation: index % 2 ? 6 : 1 })
    .toBuffer()
}

const files = Array.from({ length: photoCount }, (_, index) => path.join(photoFolder, `IMG_${String(index + 1).padStart(4, '0')}.JPG`))

/** Makes the missing photos, in a process of their own so that making them leaves this one's memory figures alone. */
async function makeMissingPhotos() {
  if (process.argv[2] !== 'make-photos') {
    if (files.some((file) => !fs.existsSync(file))) execFileSync(process.execPath, [...process.execArgv, process.argv[1]!, 'make-photos'], { stdio: 'inherit' })
    return
  }
  fs.mkdirSync(photoFolder, { recursive: true })
  for (const [index, file] of files.entries()) {
    if (!fs.existsSync(file)) fs.writeFileSync(file, await makePhoto(index))
  }
  process.exit(0)
}

/** A multipart request of these files, whose body streams from disk as a browser's would from its files. */
async function uploadRequest(files: string[]) {
  const form = new FormData()
  for (const file of files) form.append('photos', new File([await fs.openAsBlob(file)], path.basename(file), { type: 'image/jpeg' }))
  return new Request('http://land.localhost/account/listings/drafts/1/photos/upload', { method: 'POST', body: form })
}

/** Peak resident memory while `work` runs, sampled every 10 ms. */
async function withPeakMemory<T>(work: () => Promise<T>) {
  let peak = process.memoryUsage().rss
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10)
  try {
    return { result: await work(), peakBytes: peak }
  } finally {
    clearInterval(sampler)
  }
}

async function upload(files: string[]) {
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-photos-uploads-'))
  const started = performance.now()
  const result = await receivePhotoUploads(await uploadRequest(files), { photoStorage: folderPhotoStorage(uploadsDir), remainingSlots: photoCount })
  const milliseconds = performance.now() - started
  fs.rmSync(uploadsDir, { recursive: true, force: true })
  if (result.stored.length !== files.length) throw new Error(`Stored ${result.stored.length} of ${files.length}: ${JSON.stringify(result.failures)}`)
  return milliseconds
}

function report(label: string, totalMilliseconds: number, peakBytes: number, perPhoto: string) {
  console.log(label)
  console.log(`  server time per photo: ${perPhoto}`)
  console.log(
    `  total ${(totalMilliseconds / 1000).toFixed(2)} s, ${((photoCount * 1000) / totalMilliseconds).toFixed(2)} photos/s, peak RSS ${megabytes(peakBytes)} MB`,
  )
}

await makeMissingPhotos()
const sizes = files.map((file) => fs.statSync(file).size)
console.log(
  `${photoCount} photos of ${width}×${height}, ${megabytes(Math.min(...sizes))}–${megabytes(Math.max(...sizes))} MB (${megabytes(sizes.reduce((a, b) => a + b))} MB in all), in ${photoFolder}`,
)
await upload(files.slice(0, 1)) // Warms up sharp and the module.
console.log(`resident memory before uploading: ${megabytes(process.memoryUsage().rss)} MB`)

// With scripts: one photo a request, two requests in flight, as the upload control sends them.
const perRequest: number[] = []
const queue = [...files]
const separate = await withPeakMemory(async () => {
  const started = performance.now()
  const sendNext = async (): Promise<void> => {
    const file = queue.shift()
    if (!file) return
    perRequest.push(await upload([file]))
    return sendNext()
  }
  await Promise.all([sendNext(), sendNext()])
  return performance.now() - started
})
const sorted = perRequest.sort((a, b) => a - b)
report(
  'With scripts (one photo a request, two at a time):',
  separate.result,
  separate.peakBytes,
  `median ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms (a request's time, with another beside it)`,
)

// Without scripts: the form posts every photo in one request.
const together = await withPeakMemory(() => upload(files))
report(
  'Without scripts (all 20 photos in one request):',
  together.result,
  together.peakBytes,
  `${(together.result / photoCount).toFixed(0)} ms on average (the total over ${photoCount})`,
)
