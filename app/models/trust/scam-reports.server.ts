import { createHash } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { openScamReview } from './scam-reviews.server'

/**
 * Buyers' scam reports (issue 38 item 1, decision 0068): the first puts the listing in the
 * administrators' review at once, still on the sites; reports from `holdingReporters` different
 * reporters within `reportWindowDays` take it off the sites until an administrator decides. A
 * reporter is their client address (hashed, never stored as such), so one person reporting again,
 * or under other e-mail addresses, counts once.
 */

export const holdingReporters = 3
export const reportWindowDays = 30

/** The reporter's key: a hash of the client address, enough to tell reporters apart and nothing more. */
export const reporterKeyOf = (clientAddress: string) => createHash('sha256').update(`scam-report:${clientAddress}`).digest('base64url').slice(0, 22)

/** After a report with reason 'fraud' was stored: opens or adds to the listing's review, holding it past the threshold. Answers the distinct reporters counted. */
export async function noteScamReport(db: Kysely<Database>, listingId: number, now = new Date()) {
  const since = new Date(now.getTime() - reportWindowDays * 86_400_000).toISOString()
  const { reporters } = await db
    .selectFrom('listing_reports')
    .select(sql<number | string>`count(distinct reporter_key)`.as('reporters'))
    .where('listing_id', '=', listingId)
    .where('reason', '=', 'fraud')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow()
  const count = Number(reporters)
  const isPastThreshold = count >= holdingReporters
  await openScamReview(db, { listingId, cause: 'reports', signals: isPastThreshold ? ['SCAM_REPORTS'] : [], score: count, hold: isPastThreshold })
  return count
}
