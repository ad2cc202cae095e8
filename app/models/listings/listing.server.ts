import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { preparedStatement } from '~/models/db/dialect.server'
import type { ListingMapSubject } from './listing-map.server'
import { hasAnyBit } from '~/models/search/search-filters.server'

/** Spec §4: a listing is active when it is neither off market (3) nor sold (4). */
export const activeStatuses = [1, 2] as const

/** The newest active diamond listing with photos: the home page's hero picture. */
export async function findHeroPhotoId(db: Kysely<Database>): Promise<number | undefined> {
  const row = await db
    .selectFrom('listings')
    .where('status', '=', 1)
    .where('upgrade_level', '=', 3)
    .where('image_ids', '!=', '[]')
    .orderBy('created_at', 'desc')
    .select('image_ids')
    .limit(1)
    .executeTakeFirst()
  const imageIds = row ? (JSON.parse(row.image_ids) as number[]) : []
  return imageIds[0]
}

/** What a listing's URL is made of (app/models/listings/listing-path.ts), or undefined for an unknown id. */
export async function findListingPathFields(db: Kysely<Database>, listingId: number) {
  return (await findListingPathFieldsOf(db, [listingId])).get(listingId)
}

/** What the URLs of these listings are made of, by id; unknown ids are left out. */
export async function findListingPathFieldsOf(db: Kysely<Database>, listingIds: readonly number[]) {
  if (listingIds.length === 0) return new Map<number, { id: number; acres: number; countyName: string; stateAbbreviation: string }>()
  const rows = await db
    .selectFrom('listings')
    .innerJoin('counties', 'counties.id', 'listings.county_id')
    .innerJoin('states', 'states.id', 'listings.state_id')
    .where('listings.id', 'in', listingIds)
    .select(['listings.id', 'listings.acres', 'counties.name as countyBaseName', 'counties.suffix', 'states.abbreviation'])
    .$call(preparedStatement)
    .execute()
  return new Map(
    rows.map((row) => [row.id, { id: row.id, acres: row.acres, countyName: `${row.countyBaseName} ${row.suffix}`, stateAbbreviation: row.abbreviation }]),
  )
}

/** Where a listing is, as its static maps draw it; undefined for an unknown id or one outside the site's scope. */
export async function findListingMapSubject(db: Kysely<Database>, listingId: number, scopeBits: number): Promise<ListingMapSubject | undefined> {
  const row = await db
    .selectFrom('listings')
    .innerJoin('counties', 'counties.id', 'listings.county_id')
    .innerJoin('states', 'states.id', 'listings.state_id')
    .where('listings.id', '=', listingId)
    .$if(scopeBits !== 0, (query) => query.where((eb) => hasAnyBit(eb, 'property_types', scopeBits)))
    .select(['listings.latitude', 'listings.longitude', 'listings.county_id', 'listings.state_id', 'counties.name', 'counties.suffix', 'states.abbreviation'])
    .executeTakeFirst()
  return (
    row && {
      latitude: row.latitude,
      longitude: row.longitude,
      countyId: row.county_id,
      stateId: row.state_id,
      placeName: `${row.name} ${row.suffix}, ${row.abbreviation}`,
    }
  )
}
