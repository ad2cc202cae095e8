import sharp from 'sharp'
import { maxPhotoPixels } from '~/models/media/photo-store.server'

/**
 * Photo fingerprints for the scam screen (issue 38 item 1): a fake listing copies a real one's
 * photos, often re-cropped and re-compressed. A difference hash survives compression and resizing
 * (it reads only which of two neighbouring patches is brighter); a crop moves it, so a stored photo
 * is also fingerprinted at nine crops of 90 % (each corner, each edge's middle, the centre), and a
 * copy cropped by up to a tenth lands near one of them. Measured on the seed's photos (decision
 * 0068): copies land within `copiedPhotoBits` bits of one of the ten, unrelated photos do not.
 */

/** A 64-bit difference hash as two unsigned 32-bit halves (numbers, not a bigint: cheap to compare and to store as integers). */
export interface DifferenceHash {
  high: number
  low: number
}

const hashColumns = 9
const hashRows = 8
/** Every photo is first shrunk to this width in grey, once; the crops and the hash read that copy, so a query and a stored photo pass through the same steps. */
const workingWidth = 288

/** A crop: the share of each side kept, and where the kept part sits (0 at the left or top, 0.5 centred, 1 at the right or bottom). */
export interface FingerprintCrop {
  share: number
  left: number
  top: number
}

const whole: FingerprintCrop = { share: 1, left: 0.5, top: 0.5 }
const positions = [0, 0.5, 1]
/** The crops a stored photo is also fingerprinted at (decision 0068 has the measurements that chose them). */
export const fingerprintCrops: readonly FingerprintCrop[] = positions.flatMap((left) => positions.map((top) => ({ share: 0.9, left, top })))

interface GreyImage {
  pixels: Buffer
  width: number
  height: number
}

async function greyImageOf(image: Buffer): Promise<GreyImage> {
  const { data, info } = await sharp(image, { limitInputPixels: maxPhotoPixels })
    .rotate()
    .greyscale()
    .resize({ width: workingWidth, withoutEnlargement: false })
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { pixels: data, width: info.width, height: info.height }
}

/** Bit i is whether pixel i of the crop shrunk to 9 × 8 is brighter than its right-hand neighbour (Krawetz's dHash), row by row. */
async function hashOfCrop(grey: GreyImage, crop: FingerprintCrop): Promise<DifferenceHash> {
  const width = Math.max(hashColumns, Math.round(grey.width * crop.share))
  const height = Math.max(hashRows, Math.round(grey.height * crop.share))
  const pixels = await sharp(grey.pixels, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .extract({ left: Math.floor((grey.width - width) * crop.left), top: Math.floor((grey.height - height) * crop.top), width, height })
    .resize(hashColumns, hashRows, { fit: 'fill', kernel: 'cubic' })
    // One grey channel out, as in: a raw single-channel input is otherwise written out as sRGB.
    .greyscale()
    .raw()
    .toBuffer()
  let high = 0
  let low = 0
  for (let row = 0; row < hashRows; row++) {
    for (let column = 0; column < hashColumns - 1; column++) {
      const bit = pixels[row * hashColumns + column]! > pixels[row * hashColumns + column + 1]! ? 1 : 0
      const index = row * (hashColumns - 1) + column
      if (index < 32) high = (high | (bit << (31 - index))) >>> 0
      else low = (low | (bit << (63 - index))) >>> 0
    }
  }
  return { high, low }
}

/** The whole photo's difference hash: what a new listing's photo is looked up by. */
export async function differenceHash(image: Buffer): Promise<DifferenceHash> {
  return hashOfCrop(await greyImageOf(image), whole)
}

/** A stored photo's fingerprints: the whole photo and its nine crops, from one decoding. */
export async function photoFingerprints(image: Buffer): Promise<DifferenceHash[]> {
  const grey = await greyImageOf(image)
  return Promise.all([whole, ...fingerprintCrops].map((crop) => hashOfCrop(grey, crop)))
}

const bitsSet = (value: number) => {
  let rest = value - ((value >>> 1) & 0x55555555)
  rest = (rest & 0x33333333) + ((rest >>> 2) & 0x33333333)
  return (((rest + (rest >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/** How many of the 64 bits differ. */
export const hammingDistance = (a: DifferenceHash, b: DifferenceHash) => bitsSet((a.high ^ b.high) >>> 0) + bitsSet((a.low ^ b.low) >>> 0)

/** The four 16-bit quarters of a hash: the indexed keys a lookup probes. */
export const hashQuarters = (hash: DifferenceHash) => [hash.high >>> 16, hash.high & 0xffff, hash.low >>> 16, hash.low & 0xffff] as const

/** How many bits of a quarter a probe flips: two, so every hash within 11 bits shares a probed quarter (decision 0068). */
export const probeRadius = 2

/**
 * The values within `probeRadius` bits of a 16-bit quarter (1 + 16 + 120 = 137). By pigeonhole, a
 * stored hash within 4 × (radius + 1) − 1 bits of the query differs in some quarter by at most
 * `radius` bits, so probing these for each quarter finds every such hash.
 */
export function quarterNeighbours(quarter: number, radius = probeRadius): number[] {
  const values = [quarter]
  if (radius >= 1) for (let first = 0; first < 16; first++) values.push(quarter ^ (1 << first))
  if (radius >= 2) for (let first = 0; first < 16; first++) for (let second = first + 1; second < 16; second++) values.push(quarter ^ (1 << first) ^ (1 << second))
  return values
}
