import type { Kysely } from 'kysely'
import type { Database, ListingRow } from '~/models/db/db-schema'
import { writeListing } from '~/models/listings/listing-writes.server'

/** A listing's row as written, without PostgreSQL's generated search column (nobody writes that). */
export async function writableListingRow(db: Kysely<Database>, id: number) {
  const { search_vector: _searchVector, ...row } = (await db.selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as ListingRow & {
    search_vector?: unknown
  }
  return row
}

/** A new listing's row: a copy of the first Texas listing for sale, titled `title`, listed now. */
export async function newTexasListingRow(db: Kysely<Database>, title: string) {
  const source = await db
    .selectFrom('listings')
    .innerJoin('states', 'states.id', 'listings.state_id')
    .select('listings.id')
    .where('states.abbreviation', '=', 'TX')
    .where('listings.status', '=', 1)
    .where('listings.price', '>', 10_000)
    .orderBy('listings.id')
    .executeTakeFirstOrThrow()
  const { id: _id, ...row } = await writableListingRow(db, source.id)
  const now = new Date().toISOString()
  return { ...row, title, created_at: now, updated_at: now }
}

/** Publishes a new Texas listing titled `title` as a feed or the sellers' tool does (`writeListing`). */
export async function publishTexasListing(db: Kysely<Database>, title: string) {
  const row = await newTexasListingRow(db, title)
  return db.transaction().execute((transaction) => writeListing(transaction, null, row, row.created_at))
}

/** Writes the listing again with `changes` (a price, a market status), as its feed or seller would. */
export async function rewriteListing(db: Kysely<Database>, id: number, changes: { price?: number; status?: number }) {
  const row = await writableListingRow(db, id)
  await db.transaction().execute((transaction) => writeListing(transaction, id, { ...row, ...changes }, new Date().toISOString()))
}
