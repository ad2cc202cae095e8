import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import type { QualityVerdict } from '~/models/listings/listing-quality.server'
import { createPhotoFetcher, type PhotoFetcher } from './feed-photos.server'
import { listingRow, storeListingPhotos } from './feed-listings.server'
import { noteListingsChanged } from '~/models/listings/listing-changes.server'
import { writeListing } from '~/models/listings/listing-writes.server'
import type { RecordOutcome, RecordReason } from './feed-reasons'
import type { FeedListing } from './feed-record.server'

/**
 * Who may see which import reports, and the review of held records (issue 14 §4): a partner's
 * account sees its own runs and waiting records; an administrator (spec §3 isAdmin) sees every
 * held record and approves or rejects it. Every read and write checks this on the server.
 */

export interface FeedAccess {
  isAdmin: boolean
  /** The feed partners whose listings belong to the user's account. */
  partnerIds: number[]
}

export async function feedAccessOf(db: Kysely<Database>, userId: number): Promise<FeedAccess> {
  const user = await db.selectFrom('users').select(['is_admin', 'account_id']).where('id', '=', userId).executeTakeFirst()
  const partners =
    user?.account_id == null ? [] : await db.selectFrom('feed_partners').select('id').where('account_id', '=', user.account_id).orderBy('id').execute()
  return { isAdmin: user?.is_admin === 1, partnerIds: partners.map((partner) => partner.id) }
}

export const canSeeFeeds = (access: FeedAccess) => access.isAdmin || access.partnerIds.length > 0

/** The latest runs of the partners the user may see, newest first. */
export async function visibleRuns(db: Kysely<Database>, access: FeedAccess, limit = 50) {
  if (!canSeeFeeds(access)) return []
  let query = db
    .selectFrom('feed_runs')
    .innerJoin('feed_partners', 'feed_partners.id', 'feed_runs.partner_id')
    .select([
      'feed_runs.id',
      'feed_partners.name as partnerName',
      'feed_runs.source',
      'feed_runs.feed_kind',
      'feed_runs.status',
      'feed_runs.error_code',
      'feed_runs.error_detail',
    ])
    .select(['feed_runs.started_at', 'feed_runs.finished_at', 'feed_runs.received', 'feed_runs.accepted', 'feed_runs.fixed', 'feed_runs.held', 'feed_runs.rejected'])
    .select(['feed_runs.unchanged', 'feed_runs.retired', 'feed_runs.photos_failed'])
    .orderBy('feed_runs.id', 'desc')
    .limit(limit)
  if (!access.isAdmin) query = query.where('feed_runs.partner_id', 'in', access.partnerIds)
  return query.execute()
}

export type VisibleRun = Awaited<ReturnType<typeof visibleRuns>>[number]

/** One run, if the user may see it; undefined otherwise (the page answers 404 either way). */
export async function visibleRun(db: Kysely<Database>, access: FeedAccess, runId: number) {
  if (!canSeeFeeds(access)) return undefined
  let query = db
    .selectFrom('feed_runs')
    .innerJoin('feed_partners', 'feed_partners.id', 'feed_runs.partner_id')
    .selectAll('feed_runs')
    .select('feed_partners.name as partnerName')
    .where('feed_runs.id', '=', runId)
  if (!access.isAdmin) query = query.where('feed_runs.partner_id', 'in', access.partnerIds)
  return query.executeTakeFirst()
}

export interface WaitingRecord {
  partnerId: number
  partnerName: string
  partnerListingId: string
  outcome: RecordOutcome
  reasons: RecordReason[]
  title: string | null
  updatedAt: string
}

/** Records not on the sites: a partner's held and rejected ones, or (for review) every partner's held ones. */
export async function waitingRecords(db: Kysely<Database>, scope: { partnerIds: number[] } | { allHeld: true }, limit = 200): Promise<WaitingRecord[]> {
  let query = db
    .selectFrom('feed_records')
    .innerJoin('feed_partners', 'feed_partners.id', 'feed_records.partner_id')
    .select([
      'feed_records.partner_id',
      'feed_partners.name',
      'feed_records.partner_listing_id',
      'feed_records.outcome',
      'feed_records.reasons',
      'feed_records.payload',
      'feed_records.updated_at',
    ])
    .orderBy('feed_records.updated_at', 'desc')
    .orderBy('feed_records.partner_listing_id')
    .limit(limit)
  if ('allHeld' in scope) query = query.where('feed_records.outcome', '=', 'held')
  else {
    if (scope.partnerIds.length === 0) return []
    query = query.where('feed_records.partner_id', 'in', scope.partnerIds).where('feed_records.outcome', 'in', ['held', 'rejected'])
  }
  const rows = await query.execute()
  return rows.map((row) => ({
    partnerId: row.partner_id,
    partnerName: row.name,
    partnerListingId: row.partner_listing_id,
    outcome: row.outcome,
    reasons: JSON.parse(row.reasons) as RecordReason[],
    title: row.payload ? (JSON.parse(row.payload) as { listing: FeedListing }).listing.title : null,
    updatedAt: row.updated_at,
  }))
}

export type ReviewDecision = 'approve' | 'reject'

/**
 * An administrator's decision on a held record. Approving puts it on the sites as it was held
 * (with its photos); rejecting keeps it off. Either way the record keeps its held reasons and gains
 * the decision, and a later import of the same content keeps the decision. Returns false when the
 * record is no longer held (another administrator decided first, or a new import replaced it).
 */
export async function decideHeldRecord(
  db: Kysely<Database>,
  {
    partnerId,
    partnerListingId,
    decision,
    now = new Date(),
    photoFetcher,
  }: { partnerId: number; partnerListingId: string; decision: ReviewDecision; now?: Date; photoFetcher?: PhotoFetcher },
) {
  const record = await db
    .selectFrom('feed_records')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('partner_listing_id', '=', partnerListingId)
    .where('outcome', '=', 'held')
    .executeTakeFirst()
  if (!record?.payload) return false
  const stamp = now.toISOString()
  const reasons = JSON.parse(record.reasons) as RecordReason[]
  if (decision === 'reject') {
    const decided = [...reasons, { code: 'REVIEW_REJECTED' as const, detail: stamp }]
    await db
      .updateTable('feed_records')
      .set({ outcome: 'rejected', reasons: JSON.stringify(decided), updated_at: stamp })
      .where('partner_id', '=', partnerId)
      .where('partner_listing_id', '=', partnerListingId)
      .where('outcome', '=', 'held')
      .execute()
    return true
  }
  const { listing, verdict } = JSON.parse(record.payload) as { listing: FeedListing; verdict: QualityVerdict }
  const partner = await db.selectFrom('feed_partners').select(['id', 'account_id', 'sends_generated_data']).where('id', '=', partnerId).executeTakeFirstOrThrow()
  const photos = await storeListingPhotos(db, { partnerId, photos: listing.photos, fetcher: photoFetcher ?? createPhotoFetcher(), now: stamp })
  const decided = [...reasons, ...photos.failures, { code: 'REVIEW_APPROVED' as const, detail: stamp }]
  const isPublished = await db.transaction().execute(async (transaction) => {
    // Claimed inside the transaction, so two administrators approving at once publish it once.
    const claimed = await transaction
      .updateTable('feed_records')
      .set({ outcome: 'accepted', reasons: JSON.stringify(decided), payload: null, updated_at: stamp })
      .where('partner_id', '=', partnerId)
      .where('partner_listing_id', '=', partnerListingId)
      .where('outcome', '=', 'held')
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) === 0) return false
    const row = listingRow(partner, listing, verdict, photos.documentIds, stamp)
    const listingId = await writeListing(transaction, record.listing_id, row, stamp)
    await transaction
      .updateTable('feed_records')
      .set({ listing_id: listingId })
      .where('partner_id', '=', partnerId)
      .where('partner_listing_id', '=', partnerListingId)
      .execute()
    return true
  })
  if (isPublished) await noteListingsChanged(db)
  return isPublished
}
