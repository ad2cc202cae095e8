import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { type Kysely, sql } from 'kysely'
import sharp from 'sharp'
import type { Database } from '~/models/db/db-schema'
import { dialectOf } from '~/models/db/dialect.server'
import { marketStatus } from '~/models/listings/enumerations'
import { createListingQualityGate } from '~/models/listings/listing-quality.server'
import { createPhotoFetcher, type PhotoFetcher } from './feed-photos.server'
import { checkFeedRecord } from './feed-record.server'
import { type FeedPartner, feedRecordKey, listingRow, saveFeedRecord, storeListingPhotos } from './feed-listings.server'
import { noteListingsChanged } from '~/models/listings/listing-changes.server'
import { writeListing } from '~/models/listings/listing-writes.server'
import { fingerprintPhotos, storeListingFingerprints } from '~/models/trust/scam-fingerprints.server'
import { screenedFieldsOf, screenFeedListing } from '~/models/trust/scam-screen.server'
import { confirmListings, recordStatusChange } from '~/models/trust/listing-history.server'
import { defaultFeedLimits, type FeedLimits, type FeedStream, type RawFeedRecord, readCsvFeed, readXmlFeed } from './feed-reader.server'
import { type OutboundFetch, OutboundFetchError, outboundFetch } from '~/models/net/outbound-fetch.server'
import {
  FeedError,
  feedErrorTexts,
  type FeedErrorCode,
  type FetchFailureReason,
  fetchFailureTexts,
  outcomeOf,
  type RecordOutcome,
  type RecordReason,
  recordReasons,
} from './feed-reasons'

/**
 * One import of one partner's feed (issue 14): read record by record, check each through the
 * listing-quality gate, and write each accepted or fixed record with its feed record in its own
 * transaction, keyed by (partner, the partner's id), so a run killed at any point and run again
 * adds no duplicate and loses nothing. An unchanged record (same content hash) costs one read.
 * A complete full feed then marks the partner's records it no longer has, and listings missing
 * longer than the partner's grace period go off market.
 */

export interface ImportOptions {
  partnerId: number
  /** An http(s) URL, or with `allowLocalFile` a file path. */
  source: string
  /** The command line and tests only: a partner's stored feed URL must never make the server read its own files. */
  allowLocalFile?: boolean
  format?: 'xml' | 'csv'
  limits?: FeedLimits
  now?: () => Date
  /** How long a feed download may take, whole. */
  fetchTimeoutMs?: number
  /** Downloads and stores the listings' photos; one with the defaults of feed-photos.server.ts if not given. */
  photoFetcher?: PhotoFetcher
  /** Fetches a feed URL: the public-only guard if not given (a test passes its opt-in for a loopback receiver). */
  outboundFetch?: OutboundFetch
}

export interface FeedRunSummary {
  runId: number
  status: 'finished' | 'failed'
  errorCode: string | null
  errorDetail: string | null
  counts: Record<RecordOutcome | 'received' | 'unchanged' | 'retired' | 'photosFailed', number>
}

const isUrl = (source: string) => /^https?:\/\//i.test(source)

const fetchFailureCodes: Partial<Record<FetchFailureReason, FeedErrorCode>> = {
  'bad-url': 'FEED_URL_REFUSED',
  'address-refused': 'FEED_URL_REFUSED',
  'too-large': 'FEED_TOO_LARGE',
}

/** A feed that could not be fetched, as its report says it; the cause goes to the server's log only (issue 33). */
function fetchFailure(url: string, reason: FetchFailureReason, cause: string) {
  console.warn(`The feed at ${url} could not be fetched: ${cause}`)
  return new FeedError(fetchFailureCodes[reason] ?? 'FEED_UNREACHABLE', fetchFailureTexts[reason])
}

const outboundFailure = (url: string, error: unknown) => (error instanceof OutboundFetchError ? fetchFailure(url, error.reason, error.message) : error)

async function* downloaded(url: string, options: { timeoutMs: number; maxBytes: number; outboundFetch: OutboundFetch }) {
  let response: Response
  try {
    response = await options.outboundFetch(url, { timeoutMs: options.timeoutMs, maxBytes: options.maxBytes })
  } catch (error) {
    throw outboundFailure(url, error)
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel()
    throw fetchFailure(url, 'http-status', `it answered ${response.status}`)
  }
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) yield chunk
  } catch (error) {
    throw outboundFailure(url, error)
  }
}

function openFeed(options: ImportOptions, partner: FeedPartner): FeedStream {
  const limits = options.limits ?? defaultFeedLimits
  if (!isUrl(options.source) && !options.allowLocalFile) throw new FeedError('FEED_URL_REFUSED', fetchFailureTexts['bad-url'])
  const bytes = isUrl(options.source)
    ? downloaded(options.source, {
        timeoutMs: options.fetchTimeoutMs ?? 10 * 60_000,
        maxBytes: limits.maxBytes,
        outboundFetch: options.outboundFetch ?? outboundFetch,
      })
    : createReadStream(options.source)
  const format = options.format ?? (/\.csv$/i.test(new URL(options.source, 'file:///').pathname) ? 'csv' : partner.feed_format)
  return format === 'csv' ? readCsvFeed(bytes, limits) : readXmlFeed(bytes, limits)
}

/** The record's content as sent: an unchanged hash means nothing to check or write. */
function contentHash(raw: RawFeedRecord) {
  return createHash('sha256')
    .update(JSON.stringify([[...raw.fields], raw.photos]))
    .digest('base64url')
}

/** Marks the records a complete full feed no longer has, and takes listings missing past the grace period off market. */
export async function retireMissingListings(db: Kysely<Database>, partner: Pick<FeedPartner, 'id' | 'grace_hours'>, options: { runId?: number; now: Date }) {
  const now = options.now.toISOString()
  if (options.runId !== undefined) {
    await db
      .updateTable('feed_records')
      .set({ missing_since: now })
      .where('partner_id', '=', partner.id)
      .where('last_run_id', '<', options.runId)
      .where('missing_since', 'is', null)
      .execute()
  }
  const cutoff = new Date(options.now.getTime() - partner.grace_hours * 3_600_000).toISOString()
  const count = await db.transaction().execute(async (transaction) => {
    const retiring = await transaction
      .selectFrom('listings')
      .select(['id', 'status'])
      .where('status', 'in', [marketStatus.available, marketStatus.underContract])
      .where('id', 'in', (query) =>
        query
          .selectFrom('feed_records')
          .select('listing_id')
          .where('partner_id', '=', partner.id)
          .where('missing_since', '<=', cutoff)
          .where('listing_id', 'is not', null),
      )
      .execute()
    for (const status of [marketStatus.available, marketStatus.underContract]) {
      const ids = retiring.filter((listing) => listing.status === status).map((listing) => listing.id)
      if (ids.length === 0) continue
      await transaction.updateTable('listings').set({ status: marketStatus.offMarket, updated_at: now }).where('id', 'in', ids).execute()
      await recordStatusChange(transaction, ids, status, marketStatus.offMarket, now)
    }
    return retiring.length
  })
  if (count > 0) await noteListingsChanged(db)
  return count
}

/**
 * For a process that only imports (the command line): an import reads each database page and
 * decodes each photo about once, so the page cache and libvips' operation cache sized for serving
 * pages would only hold memory (bench:feed: 314 MB peak with them, 276 MB without, on 3,000 listings).
 */
export async function sizeCachesForImport(db: Kysely<Database>) {
  sharp.cache(false)
  if (dialectOf(db) === 'sqlite') await sql`pragma cache_size = -8192`.execute(db)
}

/** Unchanged records are marked seen in batches: one statement per batch, not one per record. */
const seenBatchSize = 500

export async function importFeed(db: Kysely<Database>, options: ImportOptions): Promise<FeedRunSummary> {
  const now = options.now ?? (() => new Date())
  const partner = await db
    .selectFrom('feed_partners')
    .select(['id', 'name', 'account_id', 'feed_format', 'grace_hours', 'sends_generated_data'])
    .where('id', '=', options.partnerId)
    .executeTakeFirst()
  if (!partner) throw new Error(`No feed partner ${options.partnerId}`)
  // One import of a feed runs at a time, so a run still 'running' now was stopped part way (a crash, kill -9).
  await db
    .updateTable('feed_runs')
    .set({ status: 'failed', error_code: 'FEED_INTERRUPTED', error_detail: feedErrorTexts.FEED_INTERRUPTED })
    .where('partner_id', '=', partner.id)
    .where('status', '=', 'running')
    .execute()
  const run = await db
    .insertInto('feed_runs')
    .values({ partner_id: partner.id, source: options.source.slice(0, 500), started_at: now().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow()
  const counts: FeedRunSummary['counts'] = { received: 0, accepted: 0, fixed: 0, held: 0, rejected: 0, unchanged: 0, retired: 0, photosFailed: 0 }
  const gate = createListingQualityGate(db)
  const idsInFeed = new Set<string>()
  let unchangedIds: string[] = []
  const markSeen = async () => {
    if (unchangedIds.length === 0) return
    await db.updateTable('feed_records').set({ last_run_id: run.id }).where('partner_id', '=', partner.id).where('partner_listing_id', 'in', unchangedIds).execute()
    // The feed still has them as they were: they are still for sale (issue 19 freshness).
    const seen = await db
      .selectFrom('feed_records')
      .select('listing_id')
      .where('partner_id', '=', partner.id)
      .where('partner_listing_id', 'in', unchangedIds)
      .where('listing_id', 'is not', null)
      .execute()
    const confirmed = await confirmListings(
      db,
      seen.map((record) => record.listing_id!),
      now().toISOString(),
    )
    if (confirmed > 0) hasWrittenListings = true
    unchangedIds = []
  }

  async function report(id: string, line: number, outcome: RecordOutcome, reasons: RecordReason[]) {
    counts[outcome] += 1
    if (reasons.length === 0) return
    await db
      .insertInto('feed_run_records')
      .values({ run_id: run.id, partner_listing_id: id.slice(0, 64), line, outcome, reasons: JSON.stringify(reasons) })
      .execute()
  }

  const photoFetcher = options.photoFetcher ?? createPhotoFetcher()

  async function importRecord(raw: RawFeedRecord) {
    counts.received += 1
    const checked = checkFeedRecord(raw)
    const id = checked.listing?.partnerListingId ?? raw.fields.get('id')?.[0]?.slice(0, 64) ?? `line ${raw.line}`
    if (idsInFeed.has(id)) return report(id, raw.line, 'rejected', [{ code: 'DUPLICATE_ID', detail: id }])
    idsInFeed.add(id)
    const hash = contentHash(raw)
    const existing = await db.selectFrom('feed_records').selectAll().where('partner_id', '=', partner!.id).where('partner_listing_id', '=', id).executeTakeFirst()
    // What the last import found for this very content: a photo that failed, a reviewer's decision.
    const earlierReasons = existing?.content_hash === hash ? (JSON.parse(existing.reasons) as RecordReason[]) : []
    // A record whose photos failed is read again, so the next import retries them.
    if (existing && existing.content_hash === hash && existing.missing_since === null && !earlierReasons.some((reason) => reason.code === 'PHOTO_FAILED')) {
      counts.unchanged += 1
      unchangedIds.push(id)
      if (unchangedIds.length >= seenBatchSize) await markSeen()
      return
    }
    const stamp = now().toISOString()
    const record = { ...feedRecordKey(partner!.id, id), content_hash: hash, last_run_id: run.id, missing_since: null, updated_at: stamp }
    const keep = { listing_id: existing?.listing_id ?? null, duplicate_of_listing_id: null, payload: null }
    if (!checked.listing) {
      await saveFeedRecord(db, { ...record, ...keep, outcome: 'rejected', reasons: JSON.stringify(checked.reasons) })
      return report(id, raw.line, 'rejected', checked.reasons)
    }
    const listing = checked.listing
    const verdict = await gate.check({ ...listing, partnerId: partner!.id, listingId: existing?.listing_id ?? null })
    const reasons = [...checked.reasons, ...verdict.reasons]
    // A reviewer's decision on this very content stands when the record is read again.
    const decision = earlierReasons.find((reason) => reason.code.startsWith('REVIEW_'))
    if (decision) reasons.push(decision)
    const outcome = decision ? recordReasons[decision.code].outcome : outcomeOf(reasons)
    /** A record that is not shown: rejected, held (its listing kept for a reviewer) or linked to the listing it repeats. */
    const setAside = async (ending: RecordOutcome) => {
      await saveFeedRecord(db, {
        ...record,
        ...keep,
        outcome: ending,
        reasons: JSON.stringify(reasons),
        duplicate_of_listing_id: verdict.duplicateOfListingId,
        payload: ending === 'held' ? JSON.stringify({ listing, verdict }) : null,
      })
      return report(id, raw.line, ending, reasons)
    }
    if (outcome === 'rejected' || outcome === 'held' || verdict.duplicateOfListingId !== null) return setAside(outcome)
    // Photos are fetched before the transaction, so no write waits on a partner's photo server.
    const photos = await storeListingPhotos(db, { partnerId: partner!.id, photos: listing.photos, fetcher: photoFetcher, now: stamp })
    counts.photosFailed += photos.failures.length
    reasons.push(...photos.failures)
    const row = listingRow(partner!, listing, verdict, photos.documentIds, stamp)
    const fingerprints = await fingerprintPhotos(photos.documentIds, photoFetcher.storage)
    // The feeds' lighter scam screen (decision 0068); a reviewer's approval of this very content stands.
    if (!decision) {
      const screen = await screenFeedListing(db, { ...screenedFieldsOf(row), listingId: existing?.listing_id ?? null, photos: fingerprints }, partner!.id)
      if (screen.isHeld) {
        reasons.push({ code: 'SCAM_SUSPECTED', detail: 'our staff will review it' })
        return setAside('held')
      }
    }
    const listingId = await db.transaction().execute(async (transaction) => {
      const written = await writeListing(transaction, existing?.listing_id ?? null, row, stamp)
      await saveFeedRecord(transaction, { ...record, ...keep, listing_id: written, outcome, reasons: JSON.stringify(reasons) })
      return written
    })
    await storeListingFingerprints(db, { listingId, owner: { kind: 'partner', partnerId: partner!.id }, description: row.description, photos: fingerprints })
    hasWrittenListings = true
    return report(id, raw.line, outcome, reasons)
  }

  let failure: FeedError | undefined
  let feed: FeedStream | undefined
  let hasWrittenListings = false
  try {
    feed = openFeed(options, partner)
    for await (const raw of feed.records) await importRecord(raw)
  } catch (error) {
    if (!(error instanceof FeedError)) throw error
    failure = error
  }
  await markSeen()
  if (hasWrittenListings) await noteListingsChanged(db)
  // Only a feed read to its end says which listings left; a broken one retires nothing.
  if (!failure && feed?.kind() === 'full') counts.retired = await retireMissingListings(db, partner, { runId: run.id, now: now() })
  const summary: FeedRunSummary = {
    runId: run.id,
    status: failure ? 'failed' : 'finished',
    errorCode: failure?.code ?? null,
    errorDetail: failure?.message ?? null,
    counts,
  }
  const { photosFailed, ...outcomeCounts } = counts
  await db
    .updateTable('feed_runs')
    .set({
      status: summary.status,
      feed_kind: feed?.kind() ?? 'full',
      error_code: summary.errorCode,
      error_detail: summary.errorDetail,
      finished_at: now().toISOString(),
      ...outcomeCounts,
      photos_failed: photosFailed,
    })
    .where('id', '=', run.id)
    .execute()
  return summary
}
