import type { Transaction } from 'kysely'
import type { Database, NewListing } from '~/models/db/db-schema'
import { writeListingLakes } from '~/models/places/lakes.server'
import { recordListingWrite } from '~/models/trust/listing-history.server'

/** Writes of a whole listing, shared by the partner feeds, their review and the sellers' tool. */

/**
 * Inserts the listing, or updates the one this partner record already has (keeping its first
 * date), with the lakes it is near and its history: listed or relisted, a price or status change.
 */
export async function writeListing(transaction: Transaction<Database>, listingId: number | null, row: NewListing, now: string) {
  const previous =
    listingId === null ? undefined : await transaction.selectFrom('listings').select(['price', 'status']).where('id', '=', listingId).executeTakeFirst()
  const id = await writeListingRow(transaction, previous && listingId !== null ? listingId : undefined, row)
  await recordListingWrite(transaction, id, previous, row, now)
  await writeListingLakes(transaction, id, row)
  return id
}

async function writeListingRow(transaction: Transaction<Database>, existingId: number | undefined, row: NewListing) {
  if (existingId === undefined) {
    const { id } = await transaction.insertInto('listings').values(row).returning('id').executeTakeFirstOrThrow()
    return id
  }
  // The last price change is the history's (recordListingWrite), not the writer's.
  const { created_at: _created, price_change_amount: _amount, price_changed_at: _at, ...changes } = row
  await transaction.updateTable('listings').set(changes).where('id', '=', existingId).execute()
  return existingId
}
