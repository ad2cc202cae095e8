import { createHash, randomBytes } from 'node:crypto'
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { uploadDocumentIdFor } from './document-ids'

/**
 * Photos from outside, a partner feed's downloads (issue 14) and a seller's uploads (issue 15),
 * stored as uploads the image pipeline serves unchanged: `{dataDir}/uploads/{documentId}.jpg`,
 * where the id comes from a hash of the stored bytes, so the same photo in two listings is one
 * file. A bad photo is a result, never an exception; only a failing disk throws.
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

export const uploadsFolder = (dataDir: string) => path.join(dataDir, 'uploads')

const refuse = (reason: PhotoRefusalReason, detail: string): StorePhotoResult => ({ ok: false, reason, detail })

/**
 * Decodes by content, whatever the file's name or Content-Type claimed, and stores a normalised
 * JPEG: orientation applied, no metadata (EXIF, GPS), at most 2400 px on the long side.
 */
export async function storePhoto(image: Buffer, uploadsDir: string): Promise<StorePhotoResult> {
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
