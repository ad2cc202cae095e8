import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { marketStatus } from '~/models/listings/enumerations'
import type { PhotoStorage } from '~/models/media/photo-storage'
import { readJobCursor, writeJobCursor } from '~/models/jobs/job-cursors.server'
import { fingerprintPhotos, storeListingFingerprints } from './scam-fingerprints.server'

/**
 * Fingerprints of the listings written before the scam screen (migration 0040), the seed's and the
 * feeds' (decision 0068): without them a fake copying an older real listing is found by nothing.
 * A scheduled job fingerprints a bounded batch of on-market listings that have none, lowest ids
 * first, resuming after the last id it read.
 */

/** Listings read a run: a seed listing (about 7 generated photos, each drawn then hashed ten times) took 0.36 s here, so a batch takes about half a minute. */
export const backfillBatch = 100

/**
 * Fingerprints up to `batch` on-market listings with no stored fingerprint and an id above
 * `afterId`; answers how many it read and the last one's id (null when it read none, so the next
 * run starts from the lowest id again).
 */
export async function backfillListingFingerprints(
  db: Kysely<Database>,
  photoStorage: PhotoStorage,
  { afterId = 0, batch = backfillBatch }: { afterId?: number; batch?: number } = {},
) {
  const listings = await db
    .selectFrom('listings')
    .select(['id', 'account_id', 'partner_id', 'description', 'image_ids'])
    .where('status', 'in', [marketStatus.available, marketStatus.underContract])
    .where('id', '>', afterId)
    .where((eb) =>
      eb.and([
        eb.not(eb.exists(eb.selectFrom('listing_photo_fingerprints as photo').select('photo.listing_id').whereRef('photo.listing_id', '=', 'listings.id'))),
        eb.not(eb.exists(eb.selectFrom('listing_text_fingerprints as text').select('text.listing_id').whereRef('text.listing_id', '=', 'listings.id'))),
      ]),
    )
    .orderBy('id')
    .limit(batch)
    .execute()
  for (const listing of listings)
    await storeListingFingerprints(db, {
      listingId: listing.id,
      owner: listing.partner_id !== null ? { kind: 'partner', partnerId: listing.partner_id } : { kind: 'accounts', accountIds: [listing.account_id] },
      description: listing.description,
      photos: await fingerprintPhotos(JSON.parse(listing.image_ids) as number[], photoStorage),
    })
  return { read: listings.length, lastId: listings.at(-1)?.id ?? null }
}

export const backfillCursorName = 'fingerprint-backfill'

/**
 * The scheduled job's run: a batch after where the last run stopped, whichever process ran it
 * (the cursor is in the database). Past the last listing it starts from the first again, for a
 * listing back on the market, or a feed's held record approved, since.
 */
export async function backfillFingerprintsFromCursor(db: Kysely<Database>, photoStorage: PhotoStorage, { batch = backfillBatch } = {}) {
  const { read, lastId } = await backfillListingFingerprints(db, photoStorage, { afterId: (await readJobCursor(db, backfillCursorName)) ?? 0, batch })
  await writeJobCursor(db, backfillCursorName, lastId ?? 0)
  return read
}
