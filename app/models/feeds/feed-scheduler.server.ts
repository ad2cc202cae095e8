import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { type FeedRunSummary, type ImportOptions, importFeed, retireMissingListings } from './feed-import.server'

/**
 * Scheduled pulls of the partners' feed URLs (issue 14 §2). Any number of processes and servers
 * may call `pullDueFeeds`: a partner's pull is claimed by a lease in the database (one conditional
 * UPDATE, atomic on SQLite and PostgreSQL), so one puller runs it; a puller that dies leaves a lease
 * that lapses, and the next call takes the feed over.
 * A feed URL is fetched through the outbound guard, and one that is not http(s) fails its run with
 * FEED_URL_REFUSED: reading a local file is for the command line only (issue 33).
 */

/** Longer than any import should take: a lease this old belongs to a puller that died. */
const leaseMs = 2 * 60 * 60_000

const processOwner = `${process.pid}-${randomUUID()}`

export interface PullOptions {
  now?: () => Date
  /** Who claims the leases; one per process by default. */
  owner?: string
  importOptions?: Pick<ImportOptions, 'photoFetcher' | 'limits' | 'fetchTimeoutMs' | 'outboundFetch'>
  /** Pulls this partner's feed only, when due: each partner's pull is its own scheduled job (decision 0066). */
  partnerId?: number
}

/** The partners whose feed is pulled from a URL, with how often. */
export async function pulledFeedPartners(db: Kysely<Database>) {
  return db.selectFrom('feed_partners').select(['id', 'pull_interval_minutes']).where('feed_url', 'is not', null).orderBy('id').execute()
}

export async function pullDueFeeds(db: Kysely<Database>, options: PullOptions = {}) {
  const now = options.now ?? (() => new Date())
  const owner = options.owner ?? processOwner
  const started = now()
  const due = await db
    .selectFrom('feed_partners')
    .select(['id', 'feed_url', 'feed_format', 'pull_interval_minutes'])
    .where('feed_url', 'is not', null)
    .where((eb) => eb.or([eb('next_pull_at', 'is', null), eb('next_pull_at', '<=', started.toISOString())]))
    .$if(options.partnerId !== undefined, (query) => query.where('id', '=', options.partnerId!))
    .orderBy('id')
    .execute()
  const runs: FeedRunSummary[] = []
  for (const partner of due) {
    const claimedAt = now()
    const claim = await db
      .updateTable('feed_partners')
      .set({ lease_owner: owner, lease_expires_at: new Date(claimedAt.getTime() + leaseMs).toISOString() })
      .where('id', '=', partner.id)
      .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', claimedAt.toISOString())]))
      .where((eb) => eb.or([eb('next_pull_at', 'is', null), eb('next_pull_at', '<=', claimedAt.toISOString())]))
      .executeTakeFirst()
    if (Number(claim.numUpdatedRows) === 0) continue
    try {
      runs.push(await importFeed(db, { ...options.importOptions, partnerId: partner.id, source: partner.feed_url!, format: partner.feed_format, now }))
    } finally {
      const next = new Date(now().getTime() + partner.pull_interval_minutes * 60_000)
      await db
        .updateTable('feed_partners')
        .set({ next_pull_at: next.toISOString(), lease_owner: null, lease_expires_at: null })
        .where('id', '=', partner.id)
        .where('lease_owner', '=', owner)
        .execute()
    }
  }
  return runs
}

/** Retires every partner's listings missing past their grace period, so a partner whose feed stops arriving still loses its stale ones. */
export async function retireOverdueFeedListings(db: Kysely<Database>, now = new Date()) {
  let retired = 0
  for (const partner of await db.selectFrom('feed_partners').select(['id', 'grace_hours']).execute()) retired += await retireMissingListings(db, partner, { now })
  return retired
}
