import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { type ListingDraftData, maxListingPhotos } from './listing-draft'
import type { SellerScope } from './seller-scope.server'

/**
 * Drafts of the sellers' tool (issue 15): a new listing, or the changes to a published one, saved
 * step by step until the seller publishes them. Every read takes the seller's scope, so a draft of
 * another account is never found.
 */
export interface ListingDraft {
  id: number
  accountId: number
  listingId: number | null
  data: ListingDraftData
  updatedAt: string
}

/** The seller's draft, or undefined (someone else's draft is as missing as one that never was). */
export async function findSellerDraft(db: Kysely<Database>, scope: SellerScope, draftId: number): Promise<ListingDraft | undefined> {
  if (!Number.isSafeInteger(draftId)) return undefined
  const row = await db
    .selectFrom('listing_drafts')
    .select(['id', 'account_id', 'listing_id', 'data', 'updated_at'])
    .where('id', '=', draftId)
    .where('account_id', 'in', scope.accountIds)
    .executeTakeFirst()
  return row && { id: row.id, accountId: row.account_id, listingId: row.listing_id, data: JSON.parse(row.data) as ListingDraftData, updatedAt: row.updated_at }
}

export async function createDraft(db: Kysely<Database>, scope: SellerScope, data: ListingDraftData, listingId: number | null = null) {
  const now = new Date().toISOString()
  const row = await db
    .insertInto('listing_drafts')
    .values({ account_id: scope.accountId, user_id: scope.userId, listing_id: listingId, data: JSON.stringify(data), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export async function saveDraft(db: Kysely<Database>, draft: Pick<ListingDraft, 'id'>, data: ListingDraftData) {
  await db
    .updateTable('listing_drafts')
    .set({ data: JSON.stringify(data), updated_at: new Date().toISOString() })
    .where('id', '=', draft.id)
    .execute()
}

/**
 * Adds uploaded photos after the draft's others, up to the listing's limit, and saves; the ids
 * that did not fit are answered. Reads the draft afresh, so uploads arriving side by side (one
 * request per file, with scripts) all land.
 */
export async function addDraftPhotos(db: Kysely<Database>, draft: Pick<ListingDraft, 'id'>, documentIds: readonly number[]) {
  return db.transaction().execute(async (transaction) => {
    const row = await transaction.selectFrom('listing_drafts').select('data').where('id', '=', draft.id).executeTakeFirstOrThrow()
    const data = JSON.parse(row.data) as ListingDraftData
    const photos = data.photos ?? []
    const fitting = documentIds.filter((id) => !photos.some((photo) => photo.documentId === id)).slice(0, Math.max(0, maxListingPhotos - photos.length))
    await saveDraft(transaction, draft, { ...data, photos: [...photos, ...fitting.map((documentId) => ({ documentId, caption: '' }))] })
    return { added: fitting, leftOut: documentIds.filter((id) => !fitting.includes(id)) }
  })
}

/** A published or discarded draft is gone; the listing it changed stays as it is. */
export async function deleteDraft(db: Kysely<Database>, draft: Pick<ListingDraft, 'id'>) {
  await db.deleteFrom('listing_drafts').where('id', '=', draft.id).execute()
}
