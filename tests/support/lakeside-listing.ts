import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { writeListing } from '~/models/listings/listing-writes.server'
import { marketStatus, propertyType } from '~/models/listings/enumerations'

/**
 * A listing by Lake Okeechobee, written the way a seller's publish or a feed writes one: the
 * seeded test database (3,000 listings, about one a county) has no listing for sale near the lake.
 */

/** Okeechobee, FL: 3.7 miles north of the lake's shore. */
export const byLakeOkeechobee = { latitude: 27.2439, longitude: -80.8298 }
/** 7.5 miles north of the shore: outside the lake's search. */
export const pastLakeOkeechobee = { latitude: 27.3, longitude: -80.83 }
const okeechobeeCountyId = 12093

/** The listing with this title, written once: a second call (another browser project) finds the first. */
export async function writeLakesideListing(db: Kysely<Database>, title: string) {
  const existing = await db.selectFrom('listings').select('id').where('title', '=', title).executeTakeFirst()
  if (existing) return existing.id
  const template = await db.selectFrom('listings').selectAll().where('state_id', '=', 12).orderBy('id').executeTakeFirstOrThrow()
  const county = await db.selectFrom('counties').select(['region_id']).where('id', '=', okeechobeeCountyId).executeTakeFirstOrThrow()
  const city = await db.selectFrom('cities').select(['id']).where('slug', '=', 'Okeechobee-FL').executeTakeFirst()
  // PostgreSQL's generated text-search column is not written.
  const { id: _id, search_vector: _searchVector, ...row } = template as typeof template & { search_vector?: unknown }
  const now = new Date().toISOString()
  return db.transaction().execute((transaction) =>
    writeListing(
      transaction,
      null,
      {
        ...row,
        ...byLakeOkeechobee,
        title,
        county_id: okeechobeeCountyId,
        region_id: county.region_id,
        city_id: city?.id ?? null,
        zip: null,
        status: marketStatus.available,
        sales_price: null,
        sales_date: null,
        sale_price_source: null,
        // In the land and hunting sites' scopes.
        property_types: propertyType.recreational | propertyType.lakefront,
        external_source_id: null,
        created_at: now,
        updated_at: now,
      },
      now,
    ),
  )
}
