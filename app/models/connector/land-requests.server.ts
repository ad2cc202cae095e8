import type { Kysely, Selectable } from 'kysely'
import type { Database, LandRequestTable } from '~/models/db/db-schema'
import type { ActivityKey, PropertyTypeKey } from '~/models/search/search-options'
import type { FinancingKey, LandRequest, LandRequestInput, LandRequestPlace, TimelineKey } from './land-request'

/**
 * A buyer's Lands Connector requests (issue 17 item 2): stored, listed, changed and deleted, each
 * query scoped by the owner and the site it was filed on, so another user's request (or one filed
 * on another site) reads as missing. Deleting one removes its leads and saved searches (migration
 * 0016 cascades).
 */

/** How many requests a buyer keeps on a site at once. */
export const landRequestsPerUser = 5

export interface RequestOwner {
  userId: number
  siteId: number
}

function parsedList<Item>(json: string): Item[] {
  const value: unknown = JSON.parse(json)
  return Array.isArray(value) ? (value as Item[]) : []
}

/** Snake-case columns to the request: the only place a row is mapped. */
function toLandRequest(row: Selectable<LandRequestTable>): LandRequest {
  return {
    id: row.id,
    siteId: row.site_id,
    places: parsedList<LandRequestPlace>(row.places),
    acresMin: row.acres_min,
    acresMax: row.acres_max,
    priceMin: row.price_min,
    priceMax: row.price_max,
    propertyTypes: parsedList<PropertyTypeKey>(row.property_types),
    activityTypes: parsedList<ActivityKey>(row.activity_types),
    financing: row.financing as FinancingKey,
    timeline: row.timeline as TimelineKey,
    message: row.message,
    phone: row.phone,
    shareContact: row.share_contact === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

function columnsOf(input: LandRequestInput) {
  return {
    places: JSON.stringify(input.places),
    acres_min: input.acresMin,
    acres_max: input.acresMax,
    price_min: input.priceMin,
    price_max: input.priceMax,
    property_types: JSON.stringify(input.propertyTypes),
    activity_types: JSON.stringify(input.activityTypes),
    financing: input.financing,
    timeline: input.timeline,
    message: input.message,
    phone: input.phone,
    share_contact: input.shareContact ? 1 : 0,
  }
}

const ownedBy = (db: Kysely<Database>, { userId, siteId }: RequestOwner) =>
  db.selectFrom('land_requests').selectAll().where('user_id', '=', userId).where('site_id', '=', siteId)

export async function listLandRequests(db: Kysely<Database>, owner: RequestOwner): Promise<LandRequest[]> {
  const rows = await ownedBy(db, owner).orderBy('created_at', 'desc').orderBy('id', 'desc').execute()
  return rows.map(toLandRequest)
}

export async function countLandRequests(db: Kysely<Database>, { userId, siteId }: RequestOwner) {
  const row = await db
    .selectFrom('land_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export async function findLandRequest(db: Kysely<Database>, owner: RequestOwner, id: number): Promise<LandRequest | undefined> {
  const row = await ownedBy(db, owner).where('id', '=', id).executeTakeFirst()
  return row && toLandRequest(row)
}

export async function createLandRequest(db: Kysely<Database>, owner: RequestOwner, input: LandRequestInput, now = new Date()) {
  const createdAt = now.toISOString()
  const { id } = await db
    .insertInto('land_requests')
    .values({ user_id: owner.userId, site_id: owner.siteId, ...columnsOf(input), created_at: createdAt, updated_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/** Changes the owner's request; false when the owner has no such request. */
export async function updateLandRequest(db: Kysely<Database>, owner: RequestOwner, id: number, input: LandRequestInput, now = new Date()) {
  const result = await db
    .updateTable('land_requests')
    .set({ ...columnsOf(input), updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('user_id', '=', owner.userId)
    .where('site_id', '=', owner.siteId)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Deletes the owner's request with its leads and saved searches; false when the owner has no such request. */
export async function deleteLandRequest(db: Kysely<Database>, owner: RequestOwner, id: number) {
  const result = await db.deleteFrom('land_requests').where('id', '=', id).where('user_id', '=', owner.userId).where('site_id', '=', owner.siteId).executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}
