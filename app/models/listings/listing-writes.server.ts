import type { Transaction } from 'kysely'
import type { Database, NewListing } from '~/models/db/db-schema'
import { writeListingLakes } from '~/models/places/lakes.server'

/** Writes of a whole listing, shared by the partner feeds and the sellers' tool. */

/**
 * Inserts the listing, or updates the one this partner record already has (keeping its first
 * date, and noting a price change), with the lakes it is near.
 */
export async function writeListing(transaction: Transaction<Database>, listingId: number | null, row: NewListing, now: string) {
  const id = await writeListingRow(transaction, listingId, row, now)
  await writeListingLakes(transaction, id, row)
  return id
}

async function writeListingRow(transaction: Transaction<Database>, listingId: number | null, row: NewListing, now: string) {
  if (listingId !== null) {
    const previous = await transaction.selectFrom('listings').select('price').where('id', '=', listingId).executeTakeFirst()
    if (previous) {
      const { created_at: _created, ...changes } = row
      const priceChange = previous.price !== row.price ? { price_change_amount: row.price - previous.price, price_changed_at: now } : {}
      await transaction
        .updateTable('listings')
        .set({ ...changes, ...priceChange })
        .where('id', '=', listingId)
        .execute()
      return listingId
    }
  }
  const { id } = await transaction.insertInto('listings').values(row).returning('id').executeTakeFirstOrThrow()
  return id
}
