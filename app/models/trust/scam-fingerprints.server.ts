import type { Kysely } from 'kysely'
import sharp from 'sharp'
import type { Database } from '~/models/db/db-schema'
import { documentKind } from '~/models/media/document-ids'
import { buildPhotoSvg } from '~/models/media/photo-scene'
import type { PhotoStorage } from '~/models/media/photo-storage'
import { type DifferenceHash, hammingDistance, hashQuarters, photoFingerprints, quarterNeighbours } from './photo-fingerprint.server'
import { bandKeysOf, estimatedSimilarity, minHashCount, minHashOf } from './text-fingerprint'

/**
 * The stored fingerprints of listings' photos and descriptions (migration 0040, decision 0068),
 * written whenever a listing's photos or description are stored, and the lookups the scam screen
 * makes: the nearest photo and the most similar description of a listing of ANOTHER owner.
 */

/** Who owns a listing: a copy of one's own listing (a corporate office's, a partner's earlier record) is no scam. */
export type ListingOwner = { kind: 'accounts'; accountIds: readonly number[] } | { kind: 'partner'; partnerId: number }

/** At most this many photos of a listing are fingerprinted: a scammer's copy shows in the first ones. */
export const fingerprintedPhotos = 8

const ownerColumns = (owner: ListingOwner) =>
  owner.kind === 'partner' ? { account_id: null, partner_id: owner.partnerId } : { account_id: owner.accountIds[0] ?? null, partner_id: null }

const isOtherOwner = (owner: ListingOwner, row: { account_id: number | null; partner_id: number | null }) =>
  owner.kind === 'partner' ? row.partner_id !== owner.partnerId : row.partner_id !== null || row.account_id === null || !owner.accountIds.includes(row.account_id)

/** A listing photo's bytes: an upload from the photo storage, a generated photo drawn; undefined when there is none. */
export async function listingPhotoBytes(documentId: number, storage: PhotoStorage): Promise<Buffer | undefined> {
  const kind = documentKind(documentId)
  if (kind === 'upload') return storage.get(`${documentId}.jpg`)
  if (kind === 'photo')
    return sharp(Buffer.from(buildPhotoSvg(documentId)))
      .jpeg({ quality: 85 })
      .toBuffer()
  return undefined
}

/** Integer columns are signed 32-bit: the halves are stored as such and read back unsigned. */
const signed = (value: number) => value | 0

/** The hashes of a listing's photos (its first `fingerprintedPhotos`), each photo's whole hash first; photos that are gone are skipped. */
export async function fingerprintPhotos(documentIds: readonly number[], storage: PhotoStorage) {
  const fingerprints: DifferenceHash[][] = []
  for (const documentId of documentIds.slice(0, fingerprintedPhotos)) {
    const bytes = await listingPhotoBytes(documentId, storage)
    if (bytes) fingerprints.push(await photoFingerprints(bytes))
  }
  return fingerprints
}

/** Replaces a listing's stored fingerprints with these (photos: each photo's hashes, whole then crops, from `fingerprintPhotos`). */
export async function storeListingFingerprints(
  db: Kysely<Database>,
  listing: { listingId: number; owner: ListingOwner; description: string; photos: readonly DifferenceHash[][] },
) {
  const owner = ownerColumns(listing.owner)
  const signature = minHashOf(listing.description)
  await db.transaction().execute(async (transaction) => {
    for (const table of ['listing_photo_fingerprints', 'listing_text_fingerprints', 'listing_text_bands'] as const)
      await transaction.deleteFrom(table).where('listing_id', '=', listing.listingId).execute()
    const hashes = listing.photos.flat()
    if (hashes.length > 0)
      await transaction
        .insertInto('listing_photo_fingerprints')
        .values(
          hashes.map((hash) => {
            const [quarter1, quarter2, quarter3, quarter4] = hashQuarters(hash)
            return {
              listing_id: listing.listingId,
              ...owner,
              hash_high: signed(hash.high),
              hash_low: signed(hash.low),
              quarter_1: quarter1,
              quarter_2: quarter2,
              quarter_3: quarter3,
              quarter_4: quarter4,
            }
          }),
        )
        .execute()
    if (!signature) return
    const minHash = Array.from(signature, (value) => value.toString(16).padStart(8, '0')).join('')
    await transaction
      .insertInto('listing_text_fingerprints')
      .values({ listing_id: listing.listingId, ...owner, min_hash: minHash })
      .execute()
    await transaction
      .insertInto('listing_text_bands')
      .values([...new Set(bandKeysOf(signature))].map((key) => ({ listing_id: listing.listingId, band_key: key })))
      .execute()
  })
}

/**
 * Which other listings a listing is compared with: every other owner's for a new one; for an edit
 * of listing n, only those written before it (ids below n), so the original is never called a copy
 * of the copies made of it later.
 */
const isEarlierOtherListing = (owner: ListingOwner, listingId: number | null, row: { listing_id: number; account_id: number | null; partner_id: number | null }) =>
  (listingId === null || row.listing_id < listingId) && isOtherOwner(owner, row)

/**
 * The fewest bits between one of these photos (whole hashes) and a stored photo of another
 * owner's earlier listing; null when no stored hash shares a probed quarter (none is within 11 bits).
 */
export async function nearestOtherOwnersPhoto(db: Kysely<Database>, hashes: readonly DifferenceHash[], owner: ListingOwner, listingId: number | null) {
  let nearest: number | null = null
  for (const hash of hashes) {
    const probes = hashQuarters(hash).map((quarter) => quarterNeighbours(quarter))
    const candidates = await db
      .selectFrom('listing_photo_fingerprints')
      .select(['listing_id', 'account_id', 'partner_id', 'hash_high', 'hash_low'])
      .where((eb) => eb.or(probes.map((values, index) => eb(`quarter_${(index + 1) as 1 | 2 | 3 | 4}`, 'in', values))))
      .execute()
    for (const candidate of candidates) {
      if (!isEarlierOtherListing(owner, listingId, candidate)) continue
      const distance = hammingDistance(hash, { high: candidate.hash_high >>> 0, low: candidate.hash_low >>> 0 })
      if (nearest === null || distance < nearest) nearest = distance
    }
  }
  return nearest
}

const signatureOf = (minHash: string) => Uint32Array.from({ length: minHashCount }, (_, index) => Number.parseInt(minHash.slice(index * 8, index * 8 + 8), 16))

/** The highest estimated similarity between this description and another owner's earlier listing's that shares a band key; null when none does. */
export async function mostSimilarOtherOwnersText(db: Kysely<Database>, description: string, owner: ListingOwner, listingId: number | null) {
  const signature = minHashOf(description)
  if (!signature) return null
  const candidates = await db
    .selectFrom('listing_text_fingerprints')
    .select(['listing_id', 'account_id', 'partner_id', 'min_hash'])
    .where('listing_id', 'in', (eb) => eb.selectFrom('listing_text_bands').select('listing_id').where('band_key', 'in', bandKeysOf(signature)))
    .execute()
  let highest: number | null = null
  for (const candidate of candidates) {
    if (!isEarlierOtherListing(owner, listingId, candidate)) continue
    const similarity = estimatedSimilarity(signature, signatureOf(candidate.min_hash))
    if (highest === null || similarity > highest) highest = similarity
  }
  return highest
}

/** The whole hashes of these photos (what a new listing is looked up by), the first of each photo's fingerprints. */
export const wholePhotoHashes = (photos: readonly DifferenceHash[][]) => photos.map((hashes) => hashes[0]!)
