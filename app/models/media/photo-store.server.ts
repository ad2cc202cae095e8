import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { readConfig } from '~/config.server'
import { uploadDocumentIdFor } from './document-ids'
import { folderPhotoStorage, uploadsFolder } from './folder-photo-storage.server'
import type { PhotoStorage } from './photo-storage'
import { s3PhotoStorage } from './s3-photo-storage.server'

/**
 * Photos from outside, a partner feed's downloads (issue 14) and a seller's uploads (issue 15),
 * stored as uploads the image pipeline serves unchanged: `{documentId}.jpg` in the photo storage
 * (photo-storage.ts: the folder {dataDir}/uploads or a bucket), where the id comes from a hash of
 * the stored bytes, so the same photo in two listings is one object. A bad photo is a result,
 * never an exception; only a failing store throws.
 */

export type PhotoRefusalReason = 'not-an-image' | 'unreadable' | 'too-large'

export type StorePhotoResult =
  { ok: true; documentId: number; width: number; height: number; bytes: number } | { ok: false; reason: PhotoRefusalReason; detail: string }

/** A side past this is a panorama or a decompression bomb, not a listing photo. */
export const maxPhotoSide = 12_000
/**
 * Past this many pixels (an 8,000 × 6,250 image; a phone's photo is 12–48 MP) a photo is refused
 * before it is decoded: a small file may declare a huge image, which would take gigabytes to
 * decode (issue 33). sharp is told the same limit wherever it decodes a photo from outside.
 */
export const maxPhotoPixels = 50_000_000
/** A side under this is a tracking pixel or an icon. */
const MIN_SIDE = 64
/** The image pipeline renders at most 2400 px (images.server.ts), so more is never shown. */
const STORED_LONG_SIDE = 2400
const STORED_QUALITY = 85
/** Different photos whose hashes meet on one id try the next few ids, in the same order every time. */
const MAX_ID_PROBES = 8
/** sharp names HEIC and AVIF both 'heif'; whether this libheif decodes the file's codec shows only when decoding. */
const ACCEPTED_FORMATS: readonly string[] = ['jpeg', 'png', 'webp', 'gif', 'heif']

const refuse = (reason: PhotoRefusalReason, detail: string): StorePhotoResult => ({ ok: false, reason, detail })

/**
 * Decodes by content, whatever the file's name or Content-Type claimed, and stores a normalised
 * JPEG: orientation applied, no metadata (EXIF, GPS), at most 2400 px on the long side.
 */
export async function storePhoto(image: Buffer, storage: PhotoStorage): Promise<StorePhotoResult> {
  let metadata: sharp.Metadata
  try {
    // The header only: sizes are checked below with their own reason before anything is decoded.
    metadata = await sharp(image).metadata()
  } catch {
    return refuse('not-an-image', 'Not an image sharp can decode')
  }
  if (!ACCEPTED_FORMATS.includes(metadata.format ?? '')) return refuse('not-an-image', `Format ${metadata.format ?? 'unknown'} is not a photo format`)
  const { width = 0, height = 0 } = metadata
  if (Math.max(width, height) > maxPhotoSide) return refuse('too-large', `${width}×${height} px is over ${maxPhotoSide} px a side`)
  if (width * height > maxPhotoPixels) return refuse('too-large', `${width}×${height} px is over ${maxPhotoPixels / 1_000_000} megapixels`)
  if (Math.min(width, height) < MIN_SIDE) return refuse('not-an-image', `${width}×${height} px is under ${MIN_SIDE} px a side`)

  let stored: { data: Buffer; info: sharp.OutputInfo }
  try {
    // Output carries no metadata unless asked; rotate() first so the orientation it drops is applied.
    stored = await sharp(image, { limitInputPixels: maxPhotoPixels })
      .rotate()
      .resize({ width: STORED_LONG_SIDE, height: STORED_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: STORED_QUALITY })
      .toBuffer({ resolveWithObject: true })
  } catch (error) {
    // The header was fine but the pixels are not: a truncated file, or HEIC coded with HEVC,
    // which sharp's prebuilt libheif does not decode.
    return refuse('unreadable', error instanceof Error ? error.message : String(error))
  }
  const documentId = await storeUpload(stored.data, storage)
  return { ok: true, documentId, width: stored.info.width, height: stored.info.height, bytes: stored.data.byteLength }
}

async function storeUpload(image: Buffer, storage: PhotoStorage): Promise<number> {
  const hash = createHash('sha256').update(image).digest().readUIntBE(0, 6)
  for (let probe = 0; probe < MAX_ID_PROBES; probe++) {
    const documentId = uploadDocumentIdFor(hash + probe)
    if ((await storage.put(`${documentId}.jpg`, image)) !== 'taken') return documentId
  }
  throw new Error(`No free upload id for a photo after ${MAX_ID_PROBES} tries in ${storage.location}`)
}

/** One S3 client per process and setting: it keeps its connections. */
const bucketStorages = new Map<string, PhotoStorage>()

/**
 * The configured store: PHOTO_STORE's bucket, or else the folder of uploads in `dataDir` (which
 * tests and scripts point elsewhere; a bucket is the same whatever the data folder).
 */
export function configuredPhotoStorage(dataDir?: string): PhotoStorage {
  const config = readConfig()
  const setting = config.photoStore
  if (setting.kind === 'folder') return folderPhotoStorage(uploadsFolder(dataDir ?? config.dataDir))
  const key = JSON.stringify(setting)
  let storage = bucketStorages.get(key)
  if (!storage) bucketStorages.set(key, (storage = s3PhotoStorage(setting)))
  return storage
}
