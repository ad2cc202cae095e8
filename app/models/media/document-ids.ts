/**
 * Document id scheme (spec §7/§9). Every image URL ends in `1-{documentId}`;
 * the number alone tells us what to draw, so no database lookup is needed to
 * serve an image. Pure module: shared by server code, components and tests.
 *
 * Ranges (why: disjoint numeric bands keep ids stable and human-debuggable):
 *   1 .. 999,999,999              listing photos  (listingId * 32 + index)
 *   1,000,000,000 .. 1,499,999,999 broker portraits (base + accountId)
 *   1,500,000,000 .. 1,999,999,999 company logos    (base + accountId)
 *   2,000,000,000 .. 9,999,999,999 uploads, except the two placeholder ids
 */

/** Photo slots per listing; 32 (not 30) so ids are a cheap shift and leave spare slots. */
export const PHOTO_SLOTS_PER_LISTING = 32
/** Listings may show at most 30 photos (indexes 0..29). */
const MAX_PHOTOS_PER_LISTING = 30
const MAX_PHOTO_DOCUMENT_ID = 999_999_999
const PORTRAIT_ID_BASE = 1_000_000_000
const LOGO_ID_BASE = 1_500_000_000
const UPLOAD_ID_BASE = 2_000_000_000
/** Account ids must stay below this so portrait ids never spill into the logo band. */
const MAX_ACCOUNT_ID = 500_000_000
/** The URL allows at most 10 digits, so this is the largest id any route can see. */
const MAX_DOCUMENT_ID = 9_999_999_999

/** The spec's "no photo" placeholder ids (they sit inside the upload band on purpose). */
const PLACEHOLDER_DOCUMENT_IDS: readonly number[] = [3_765_161_205, 2_680_603_772]
export const DEFAULT_PLACEHOLDER_DOCUMENT_ID = 3_765_161_205

export type DocumentKind = 'photo' | 'portrait' | 'logo' | 'placeholder' | 'upload'

/** How many upload ids there are: the band minus the placeholders inside it. */
const UPLOAD_ID_COUNT = MAX_DOCUMENT_ID - UPLOAD_ID_BASE + 1 - PLACEHOLDER_DOCUMENT_IDS.length
const PLACEHOLDERS_ASCENDING = [...PLACEHOLDER_DOCUMENT_IDS].sort((a, b) => a - b)

/** Id of the `index`-th photo (0-based) of a listing. Throws on out-of-range input (programmer error). */
export function listingPhotoId(listingId: number, index: number): number {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_PHOTOS_PER_LISTING) {
    throw new RangeError(`photo index out of range: ${index}`)
  }
  const id = listingId * PHOTO_SLOTS_PER_LISTING + index
  if (!Number.isInteger(listingId) || listingId < 0 || id < 1 || id > MAX_PHOTO_DOCUMENT_ID) {
    throw new RangeError(`listing id out of range: ${listingId}`)
  }
  return id
}

function checkAccountId(accountId: number): void {
  if (!Number.isInteger(accountId) || accountId < 0 || accountId >= MAX_ACCOUNT_ID) {
    throw new RangeError(`account id out of range: ${accountId}`)
  }
}

export function portraitDocumentId(accountId: number): number {
  checkAccountId(accountId)
  return PORTRAIT_ID_BASE + accountId
}

export function logoDocumentId(accountId: number): number {
  checkAccountId(accountId)
  return LOGO_ID_BASE + accountId
}

/**
 * Maps any non-negative integer (a content hash, say) onto an upload id, stepping over the
 * placeholders, so content-addressed uploads spread evenly over the band and never shadow them.
 */
export function uploadDocumentIdFor(value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`upload id source out of range: ${value}`)
  let id = UPLOAD_ID_BASE + (value % UPLOAD_ID_COUNT)
  for (const placeholder of PLACEHOLDERS_ASCENDING) if (id >= placeholder) id += 1
  return id
}

/** What a document id refers to; undefined for ids no URL can legitimately carry. */
export function documentKind(id: number): DocumentKind | undefined {
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_DOCUMENT_ID) return undefined
  if (id <= MAX_PHOTO_DOCUMENT_ID) return 'photo'
  if (id < LOGO_ID_BASE) return 'portrait'
  if (id < UPLOAD_ID_BASE) return 'logo'
  if (PLACEHOLDER_DOCUMENT_IDS.includes(id)) return 'placeholder'
  return 'upload'
}

/** For photo ids: which listing and slot they belong to (handy for alt text and tests). */
export function parseListingPhotoId(id: number): { listingId: number; index: number } | undefined {
  if (documentKind(id) !== 'photo') return undefined
  return { listingId: Math.floor(id / PHOTO_SLOTS_PER_LISTING), index: id % PHOTO_SLOTS_PER_LISTING }
}

/** Parses the URL segment `1-{digits}` (1..10 digits); undefined when malformed. */
export function parseDocumentSegment(segment: string): number | undefined {
  const match = /^1-(\d{1,10})$/.exec(segment)
  if (!match) return undefined
  return Number(match[1])
}

function documentSegment(id: number): string {
  return `1-${id}`
}

export type ImageFormat = 'jpeg' | 'webp' | 'avif' | 'png'
export type ImageFit = 'cover' | 'contain' | 'fill' | 'inside' | 'outside'

/** Builds `/resizedimages/{h}/{w}/{fit}/{q}[/{format}]/1-{id}`; jpeg is the default so it is omitted. */
export function resizedImagePath(
  documentId: number,
  options: { height?: number; width?: number; fit?: ImageFit; quality?: number; format?: ImageFormat } = {},
): string {
  const { height = 0, width = 0, fit = 'cover', quality = 80, format = 'jpeg' } = options
  const formatPart = format === 'jpeg' ? '' : `/${format}`
  return `/resizedimages/${height}/${width}/${fit}/${quality}${formatPart}/${documentSegment(documentId)}`
}
