import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { listingEventType } from '~/models/listings/enumerations'
import { recordListingEvent } from '~/models/listings/listing-activity.server'
import { inSiteScope } from '~/models/listings/listing-detail.server'
import { selectListingSummaries, toListingSummary } from '~/models/listings/listing-summary.server'

/**
 * Liked listings (spec §4 "Like", §3 listOfLiked). A like belongs to the user, not to a site:
 * the heart shows on every site that shows the listing, and each site's Favorites lists the liked
 * listings it shows.
 */
export async function isListingOnSite(db: Kysely<Database>, listingId: number, scopeBits: number) {
  const row = await db.selectFrom('listings').select('id').where('id', '=', listingId).where(inSiteScope(scopeBits)).executeTakeFirst()
  return row !== undefined
}

/** Likes a listing once (a second like changes nothing) and records the spec §3 'like' event. */
export async function likeListing(db: Kysely<Database>, { userId, listingId, siteId }: { userId: number; listingId: number; siteId: number }) {
  const inserted = await db
    .insertInto('saved_properties')
    .values({ user_id: userId, listing_id: listingId, site_id: siteId, created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.columns(['user_id', 'listing_id']).doNothing())
    .returning('id')
    .executeTakeFirst()
  if (inserted) await recordListingEvent(db, { listingId, siteId, eventType: listingEventType.like })
}

export async function unlikeListing(db: Kysely<Database>, { userId, listingId }: { userId: number; listingId: number }) {
  await db.deleteFrom('saved_properties').where('user_id', '=', userId).where('listing_id', '=', listingId).execute()
}

/** Which of `listingIds` the user likes: for the hearts on one page of cards. */
export async function likedListingIdsAmong(db: Kysely<Database>, userId: number | null, listingIds: number[]): Promise<number[]> {
  if (userId === null || listingIds.length === 0) return []
  const rows = await db.selectFrom('saved_properties').select('listing_id').where('user_id', '=', userId).where('listing_id', 'in', listingIds).execute()
  return rows.map((row) => row.listing_id)
}

function savedPropertiesOnSite(db: Kysely<Database>, userId: number, scopeBits: number) {
  return db
    .selectFrom('saved_properties')
    .innerJoin('listings', 'listings.id', 'saved_properties.listing_id')
    .where('saved_properties.user_id', '=', userId)
    .where(inSiteScope(scopeBits))
}

export async function countSavedProperties(db: Kysely<Database>, { userId, scopeBits }: { userId: number; scopeBits: number }) {
  const row = await savedPropertiesOnSite(db, userId, scopeBits)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** One page of the user's liked listings that the site shows, most recently liked first, and how many there are. */
export async function findSavedProperties(
  db: Kysely<Database>,
  { userId, scopeBits, page, pageSize }: { userId: number; scopeBits: number; page: number; pageSize: number },
) {
  const [totalCount, rows] = await Promise.all([
    countSavedProperties(db, { userId, scopeBits }),
    selectListingSummaries(db)
      .innerJoin('saved_properties', 'saved_properties.listing_id', 'listings.id')
      .where('saved_properties.user_id', '=', userId)
      .where(inSiteScope(scopeBits))
      .orderBy('saved_properties.created_at', 'desc')
      .orderBy('saved_properties.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ])
  return { totalCount, listings: rows.map(toListingSummary) }
}
