import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { activeStatuses } from '~/models/listings/listing.server'
import { noteListingsChanged } from '~/models/listings/listing-changes.server'
import { confirmListings, recordStatusChange } from '~/models/trust/listing-history.server'
import type { ListingDraftData } from './listing-draft'
import type { SellerScope } from './seller-scope.server'
import { type SellerStatusFilter, type StatusChange, allowedFrom, sellerStatusFilters, statusAfter } from './seller-listing-status'

/**
 * The seller's listings in the sellers' tool (issue 15): the list with its filter and pages, one
 * listing, and the state changes of spec §4 a seller makes. Everything is read through the
 * seller's scope; a listing a partner feed owns is shown, never changed here.
 */

export const sellerListingsPageSize = 25

const listColumns = [
  'listings.id',
  'listings.title',
  'listings.status',
  'listings.listing_level',
  'listings.upgrade_level',
  'listings.price',
  'listings.sale_type',
  'listings.acres',
  'listings.image_ids',
  'listings.updated_at',
  'listings.partner_id',
  'listings.sales_price',
  'listings.sales_date',
] as const

/** One page of the scope's listings, most recently changed first, and how many match. */
export async function listSellerListings(db: Kysely<Database>, scope: SellerScope, { filter, page }: { filter: SellerStatusFilter; page: number }) {
  const statuses = sellerStatusFilters.find((option) => option.key === filter)!.statuses as readonly number[]
  const base = db
    .selectFrom('listings')
    .where('listings.account_id', 'in', scope.accountIds)
    .$if(statuses.length > 0, (query) => query.where('listings.status', 'in', statuses))
  const [rows, total] = await Promise.all([
    base
      .select(listColumns)
      .orderBy('listings.updated_at', 'desc')
      .orderBy('listings.id', 'desc')
      .limit(sellerListingsPageSize)
      .offset((page - 1) * sellerListingsPageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ])
  return { listings: rows.map(sellerListingOf), total: Number(total.count) }
}

function sellerListingOf(row: Awaited<ReturnType<typeof findSellerListingRow>> & object) {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    listingLevel: row.listing_level,
    upgradeLevel: row.upgrade_level,
    price: row.price,
    saleType: row.sale_type,
    acres: row.acres,
    photoCount: (JSON.parse(row.image_ids) as number[]).length,
    updatedAt: row.updated_at,
    isFromFeed: row.partner_id !== null,
    salesPrice: row.sales_price,
    salesDate: row.sales_date,
  }
}

export type SellerListing = ReturnType<typeof sellerListingOf>

function findSellerListingRow(db: Kysely<Database>, scope: SellerScope, listingId: number) {
  return db.selectFrom('listings').select(listColumns).where('listings.id', '=', listingId).where('listings.account_id', 'in', scope.accountIds).executeTakeFirst()
}

/** One of the scope's listings, or undefined (another account's listing is as missing as one that never was). */
export async function findSellerListing(db: Kysely<Database>, scope: SellerScope, listingId: number) {
  if (!Number.isSafeInteger(listingId)) return undefined
  const row = await findSellerListingRow(db, scope, listingId)
  return row && sellerListingOf(row)
}

/** The scope's drafts, newest first: new listings not yet published, and edits not yet published. */
export async function listSellerDrafts(db: Kysely<Database>, scope: SellerScope) {
  const rows = await db
    .selectFrom('listing_drafts')
    .select(['id', 'listing_id', 'data', 'updated_at'])
    .where('account_id', 'in', scope.accountIds)
    .orderBy('updated_at', 'desc')
    .limit(50)
    .execute()
  return rows.map((row) => {
    const data = JSON.parse(row.data) as ListingDraftData
    return {
      id: row.id,
      listingId: row.listing_id,
      title: data.title?.trim() || 'Untitled listing',
      place: [data.county, data.state].filter(Boolean).join(', '),
      updatedAt: row.updated_at,
    }
  })
}

/** The draft that edits this listing, if the seller has one open. */
export async function findListingDraftId(db: Kysely<Database>, scope: SellerScope, listingId: number) {
  const row = await db.selectFrom('listing_drafts').select('id').where('listing_id', '=', listingId).where('account_id', 'in', scope.accountIds).executeTakeFirst()
  return row?.id
}

export type ChangeOutcome = 'changed' | 'not-found' | 'from-feed' | 'not-allowed'

/** Applies a seller's status change at once: search and the public page read the listing as it now is. */
export async function changeListingStatus(db: Kysely<Database>, scope: SellerScope, listingId: number, change: StatusChange): Promise<ChangeOutcome> {
  const listing = await findSellerListing(db, scope, listingId)
  if (!listing) return 'not-found'
  if (listing.isFromFeed) return 'from-feed'
  if (!allowedFrom[change.kind].includes(listing.status)) return 'not-allowed'
  const sale =
    change.kind === 'sold'
      ? { sales_price: change.salesPrice, sales_date: change.salesDate, sale_price_source: 'seller' as const }
      : change.kind === 'resume'
        ? { sales_price: null, sales_date: null, sale_price_source: null }
        : {}
  const now = new Date().toISOString()
  await db.transaction().execute(async (transaction) => {
    await transaction
      .updateTable('listings')
      .set({ status: statusAfter[change.kind], ...sale, updated_at: now })
      .where('id', '=', listingId)
      .execute()
    await recordStatusChange(transaction, [listingId], listing.status, statusAfter[change.kind], now)
  })
  await noteListingsChanged(db)
  return 'changed'
}

/** The seller says the listing is still for sale as it is (issue 19 freshness): 'Still available'. */
export async function confirmSellerListing(db: Kysely<Database>, scope: SellerScope, listingId: number): Promise<ChangeOutcome> {
  const listing = await findSellerListing(db, scope, listingId)
  if (!listing) return 'not-found'
  if (listing.isFromFeed) return 'from-feed'
  if (!(activeStatuses as readonly number[]).includes(listing.status)) return 'not-allowed'
  if ((await confirmListings(db, [listingId], new Date().toISOString())) > 0) await noteListingsChanged(db)
  return 'changed'
}

/**
 * Deletes the listing: its page answers 404 and it leaves search, favourites and sitemaps. Its
 * leads stay in the seller's inbox (without the listing), its events and reports go.
 */
export async function deleteSellerListing(db: Kysely<Database>, scope: SellerScope, listingId: number): Promise<ChangeOutcome> {
  const listing = await findSellerListing(db, scope, listingId)
  if (!listing) return 'not-found'
  if (listing.isFromFeed) return 'from-feed'
  await db.transaction().execute(async (transaction) => {
    await transaction.updateTable('leads').set({ listing_id: null }).where('listing_id', '=', listingId).execute()
    await transaction.updateTable('finance_leads').set({ listing_id: null }).where('listing_id', '=', listingId).execute()
    await transaction.updateTable('feed_records').set({ duplicate_of_listing_id: null }).where('duplicate_of_listing_id', '=', listingId).execute()
    for (const table of ['listing_events', 'listing_history', 'listing_reports', 'saved_properties', 'listing_drafts'] as const) {
      await transaction.deleteFrom(table).where('listing_id', '=', listingId).execute()
    }
    await transaction.deleteFrom('listings').where('id', '=', listingId).execute()
  })
  await noteListingsChanged(db)
  return 'changed'
}
