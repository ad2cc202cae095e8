import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { writeListing } from '~/models/listings/listing-writes.server'

/**
 * A listing for sale with only `photoCount` photos, written the way a seller's publish writes one:
 * every seeded listing with photos has three or more, and the listing page lays out one and two
 * photos apart (app/routes/listing/listing-gallery.tsx). A copy of a seeded listing with its first photos.
 */
export async function writeFewPhotoListing(db: Kysely<Database>, title: string, photoCount: number) {
  const existing = await db.selectFrom('listings').select('id').where('title', '=', title).executeTakeFirst()
  if (existing) return existing.id
  const template = await db
    .selectFrom('listings')
    .selectAll()
    .where('status', '=', 1)
    // Three photos or more (a JSON array of at least three ids).
    .where('image_ids', 'like', '[%,%,%]')
    .where('partner_id', 'is', null)
    // The last such listing: the first ones are other tests' (contactableListing), and a copy shares its photos and place,
    // so it shows among its template's similar listings.
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  // PostgreSQL's generated text-search column is not written.
  const { id: _id, search_vector: _searchVector, ...row } = template as typeof template & { search_vector?: unknown }
  const imageIds = (JSON.parse(template.image_ids) as number[]).slice(0, photoCount)
  const now = new Date().toISOString()
  return db
    .transaction()
    .execute((transaction) =>
      writeListing(transaction, null, { ...row, title, image_ids: JSON.stringify(imageIds), external_source_id: null, created_at: now, updated_at: now }, now),
    )
}
