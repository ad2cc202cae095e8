import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely'
import type { Database, FeedPartnerTable, FeedRecordTable, NewListing } from '~/models/db/db-schema'
import { listingLevel, marketStatus, upgradeLevel } from '~/models/listings/enumerations'
import { createListingQualityGate, type QualityVerdict } from '~/models/listings/listing-quality.server'
import { checkFeedRecord, type FeedListing } from './feed-record.server'
import { defaultFeedLimits, type FeedLimits, type FeedStream, type RawFeedRecord, readCsvFeed, readXmlFeed } from './feed-reader.server'
import { FeedError, outcomeOf, type RecordOutcome, type RecordReason } from './feed-reasons'

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
  /** A file path or an http(s) URL. */
  source: string
  format?: 'xml' | 'csv'
  limits?: FeedLimits
  now?: () => Date
  /** How long a feed download may take, whole. */
  fetchTimeoutMs?: number
}

export interface FeedRunSummary {
  runId: number
  status: 'finished' | 'failed'
  errorCode: string | null
  errorDetail: string | null
  counts: Record<RecordOutcome | 'received' | 'unchanged' | 'retired', number>
}

type Partner = Pick<Selectable<FeedPartnerTable>, 'id' | 'name' | 'account_id' | 'feed_format' | 'grace_hours'>

const isUrl = (source: string) => /^https?:\/\//i.test(source)

async function* downloaded(url: string, timeoutMs: number) {
  let response: Response
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' })
  } catch (error) {
    throw new FeedError('FEED_UNREACHABLE', `The feed at ${url} could not be fetched: ${error instanceof Error ? error.message : String(error)}.`)
  }
  if (!response.ok || !response.body) throw new FeedError('FEED_UNREACHABLE', `The feed at ${url} answered ${response.status}.`)
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) yield chunk
  } catch (error) {
    throw new FeedError('FEED_UNREACHABLE', `The download of ${url} broke off: ${error instanceof Error ? error.message : String(error)}.`)
  }
}

function openFeed(options: ImportOptions, partner: Partner): FeedStream {
  const limits = options.limits ?? defaultFeedLimits
  const bytes = isUrl(options.source) ? downloaded(options.source, options.fetchTimeoutMs ?? 10 * 60_000) : createReadStream(options.source)
  const format = options.format ?? (/\.csv$/i.test(new URL(options.source, 'file:///').pathname) ? 'csv' : partner.feed_format)
  return format === 'csv' ? readCsvFeed(bytes, limits) : readXmlFeed(bytes, limits)
}

/** The record's content as sent: an unchanged hash means nothing to check or write. */
function contentHash(raw: RawFeedRecord) {
  return createHash('sha256')
    .update(JSON.stringify([[...raw.fields], raw.photos]))
    .digest('base64url')
}

function listingRow(partner: Partner, record: FeedListing, verdict: QualityVerdict, now: string): NewListing {
  const place = verdict.place!
  return {
    account_id: partner.account_id,
    partner_id: partner.id,
    external_source_id: record.partnerListingId,
    state_id: place.stateId,
    county_id: place.countyId,
    city_id: place.cityId,
    region_id: place.regionId,
    zip: place.zip,
    address1: record.address,
    title: record.title,
    description: record.description,
    price: record.price,
    acres: Math.round(verdict.acres * 100) / 100,
    sale_type: record.saleType,
    listing_level: listingLevel.standard,
    upgrade_level: upgradeLevel.tier,
    status: record.status,
    sales_price: record.salesPrice,
    sales_date: record.salesDate,
    property_types: record.propertyTypes,
    activities: record.activities,
    amenities: 0,
    beds: record.beds,
    baths: record.baths,
    home_sqft: record.homeSquareFeet,
    latitude: place.latitude,
    longitude: place.longitude,
    has_video: record.videoUrl ? 1 : 0,
    video_url: record.videoUrl,
    has_virtual_tour: record.virtualTourUrl ? 1 : 0,
    virtual_tour_url: record.virtualTourUrl,
    has_custom_map: 0,
    mineral_rights: record.mineralRights ? 1 : 0,
    owner_financing: record.ownerFinancing ? 1 : 0,
    image_ids: '[]',
    price_change_amount: null,
    price_changed_at: null,
    contact_name: record.contactName,
    contact_phone: record.contactPhone,
    contact_email: record.contactEmail,
    created_at: now,
    updated_at: now,
  }
}

/** Inserts the listing, or updates the one this partner record already has (keeping its photos and history). */
async function writeListing(transaction: Transaction<Database>, listingId: number | null, row: NewListing, now: string) {
  if (listingId !== null) {
    const previous = await transaction.selectFrom('listings').select(['price', 'image_ids']).where('id', '=', listingId).executeTakeFirst()
    if (previous) {
      const { created_at: _created, image_ids: _photos, ...changes } = row
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

const feedRecordKey = (partnerId: number, partnerListingId: string) => ({ partner_id: partnerId, partner_listing_id: partnerListingId })

async function saveFeedRecord(db: Kysely<Database> | Transaction<Database>, values: Insertable<FeedRecordTable>) {
  const { partner_id: _partner, partner_listing_id: _id, ...changes } = values
  await db
    .insertInto('feed_records')
    .values(values)
    .onConflict((conflict) => conflict.columns(['partner_id', 'partner_listing_id']).doUpdateSet(changes))
    .execute()
}

/** Marks the records a complete full feed no longer has, and takes listings missing past the grace period off market. */
export async function retireMissingListings(db: Kysely<Database>, partner: Pick<Partner, 'id' | 'grace_hours'>, options: { runId?: number; now: Date }) {
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
  const retired = await db
    .updateTable('listings')
    .set({ status: marketStatus.offMarket, updated_at: now })
    .where('status', 'in', [marketStatus.available, marketStatus.underContract])
    .where('id', 'in', (query) =>
      query
        .selectFrom('feed_records')
        .select('listing_id')
        .where('partner_id', '=', partner.id)
        .where('missing_since', '<=', cutoff)
        .where('listing_id', 'is not', null),
    )
    .executeTakeFirst()
  return Number(retired.numUpdatedRows)
}

/** Unchanged records are marked seen in batches: one statement per batch, not one per record. */
const seenBatchSize = 500

export async function importFeed(db: Kysely<Database>, options: ImportOptions): Promise<FeedRunSummary> {
  const now = options.now ?? (() => new Date())
  const partner = await db
    .selectFrom('feed_partners')
    .select(['id', 'name', 'account_id', 'feed_format', 'grace_hours'])
    .where('id', '=', options.partnerId)
    .executeTakeFirst()
  if (!partner) throw new Error(`No feed partner ${options.partnerId}`)
  const run = await db
    .insertInto('feed_runs')
    .values({ partner_id: partner.id, source: options.source.slice(0, 500), started_at: now().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow()
  const counts: FeedRunSummary['counts'] = { received: 0, accepted: 0, fixed: 0, held: 0, rejected: 0, unchanged: 0, retired: 0 }
  const gate = createListingQualityGate(db)
  const idsInFeed = new Set<string>()
  let unchangedIds: string[] = []
  const markSeen = async () => {
    if (unchangedIds.length === 0) return
    await db.updateTable('feed_records').set({ last_run_id: run.id }).where('partner_id', '=', partner.id).where('partner_listing_id', 'in', unchangedIds).execute()
    unchangedIds = []
  }

  async function report(id: string, line: number, outcome: RecordOutcome, reasons: RecordReason[]) {
    counts[outcome] += 1
    if (outcome === 'accepted') return
    await db
      .insertInto('feed_run_records')
      .values({ run_id: run.id, partner_listing_id: id.slice(0, 64), line, outcome, reasons: JSON.stringify(reasons) })
      .execute()
  }

  async function importRecord(raw: RawFeedRecord) {
    counts.received += 1
    const checked = checkFeedRecord(raw)
    const id = checked.listing?.partnerListingId ?? raw.fields.get('id')?.[0]?.slice(0, 64) ?? `line ${raw.line}`
    if (idsInFeed.has(id)) return report(id, raw.line, 'rejected', [{ code: 'DUPLICATE_ID', detail: id }])
    idsInFeed.add(id)
    const hash = contentHash(raw)
    const existing = await db.selectFrom('feed_records').selectAll().where('partner_id', '=', partner!.id).where('partner_listing_id', '=', id).executeTakeFirst()
    if (existing && existing.content_hash === hash && existing.missing_since === null) {
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
    const outcome = outcomeOf(reasons)
    if (outcome === 'rejected' || outcome === 'held' || verdict.duplicateOfListingId !== null) {
      await saveFeedRecord(db, {
        ...record,
        ...keep,
        outcome,
        reasons: JSON.stringify(reasons),
        duplicate_of_listing_id: verdict.duplicateOfListingId,
        payload: outcome === 'held' ? JSON.stringify({ listing, verdict }) : null,
      })
      return report(id, raw.line, outcome, reasons)
    }
    await db.transaction().execute(async (transaction) => {
      const listingId = await writeListing(transaction, existing?.listing_id ?? null, listingRow(partner!, listing, verdict, stamp), stamp)
      await saveFeedRecord(transaction, { ...record, ...keep, listing_id: listingId, outcome, reasons: JSON.stringify(reasons) })
    })
    return report(id, raw.line, outcome, reasons)
  }

  let failure: FeedError | undefined
  let feed: FeedStream | undefined
  try {
    feed = openFeed(options, partner)
    for await (const raw of feed.records) await importRecord(raw)
  } catch (error) {
    if (!(error instanceof FeedError)) throw error
    failure = error
  }
  await markSeen()
  // Only a feed read to its end says which listings left; a broken one retires nothing.
  if (!failure && feed?.kind() === 'full') counts.retired = await retireMissingListings(db, partner, { runId: run.id, now: now() })
  const summary: FeedRunSummary = {
    runId: run.id,
    status: failure ? 'failed' : 'finished',
    errorCode: failure?.code ?? null,
    errorDetail: failure?.message ?? null,
    counts,
  }
  await db
    .updateTable('feed_runs')
    .set({
      status: summary.status,
      feed_kind: feed?.kind() ?? 'full',
      error_code: summary.errorCode,
      error_detail: summary.errorDetail,
      finished_at: now().toISOString(),
      ...counts,
    })
    .where('id', '=', run.id)
    .execute()
  return summary
}
