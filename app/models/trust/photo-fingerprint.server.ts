import sharp from 'sharp'
import { maxPhotoPixels } from '~/models/media/photo-store.server'

/**
 * Photo fingerprints for the scam screen (issue 38 item 1): a fake listing copies a real one's
 * photos, often re-cropped and re-compressed. A difference hash survives compression and resizing
 * (it reads only which of two neighbouring patches is brighter); a crop moves it, so a stored photo
 * is also fingerprinted at centre crops, and a copy cropped by up to about a tenth a side lands
 * near one of them.
 */

/** A 64-bit difference hash as two unsigned 32-bit halves (numbers, not a bigint: cheap to compare and to store as integers). */
export interface DifferenceHash {
  high: number
  low: number
}

const hashColumns = 9
const hashRows = 8

/**
 * The image shrunk to 9 × 8 grey pixels; bit i is whether pixel i is brighter than its right-hand
 * neighbour (Krawetz's dHash), row by row.
 */
export async function differenceHash(image: Buffer, crop?: FingerprintCrop): Promise<DifferenceHash> {
  let pipeline = sharp(image, { limitInputPixels: maxPhotoPixels }).rotate()
  if (crop) {
    const { info } = await pipeline.clone().raw().toBuffer({ resolveWithObject: true })
    const keptWidth = Math.max(1, Math.round(info.width * crop.share))
    const keptHeight = Math.max(1, Math.round(info.height * crop.share))
    pipeline = sharp(await pipeline.toBuffer()).extract({
      left: Math.floor((info.width - keptWidth) * crop.left),
      top: Math.floor((info.height - keptHeight) * crop.top),
      width: keptWidth,
      height: keptHeight,
    })
  }
  const pixels = await pipeline.greyscale().resize(hashColumns, hashRows, { fit: 'fill', kernel: 'cubic' }).raw().toBuffer()
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

/** A crop: the share of each side kept, and where the kept part sits (0 at the left or top, 0.5 centred, 1 at the right or bottom). */
export interface FingerprintCrop {
  share: number
  left: number
  top: number
}

/** The crops a stored photo is also fingerprinted at: a copy cropped by up to about a tenth of its width or height, anywhere, lands near one of them. */
export const fingerprintCrops: readonly FingerprintCrop[] = [
  { share: 0.9, left: 0.5, top: 0.5 },
  { share: 0.9, left: 0, top: 0 },
  { share: 0.9, left: 1, top: 0 },
  { share: 0.9, left: 0, top: 1 },
  { share: 0.9, left: 1, top: 1 },
]

/** A stored photo's fingerprints: the whole photo and its crops. */
export async function photoFingerprints(image: Buffer): Promise<DifferenceHash[]> {
  return Promise.all([differenceHash(image), ...fingerprintCrops.map((crop) => differenceHash(image, crop))])
}

const bitsSet = (value: number) => {
  let rest = value - ((value >>> 1) & 0x55555555)
  rest = (rest & 0x33333333) + ((rest >>> 2) & 0x33333333)
  return (((rest + (rest >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/** How many of the 64 bits differ. */
export const hammingDistance = (a: DifferenceHash, b: DifferenceHash) => bitsSet((a.high ^ b.high) >>> 0) + bitsSet((a.low ^ b.low) >>> 0)

/** The four 16-bit quarters of a hash: the keys a lookup probes (photo-lookup). */
export const hashQuarters = (hash: DifferenceHash) => [hash.high >>> 16, hash.high & 0xffff, hash.low >>> 16, hash.low & 0xffff] as const
