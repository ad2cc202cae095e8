/**
 * The scheduled jobs (`npm start` ticks every minute; elsewhere `npm run jobs` from cron every
 * minute): each partner's feed pull, retiring feed listings missing past their grace period, the
 * finance-lead webhooks due for an attempt, the sellers' daily lead digests, AcreWorth's valuation
 * alerts, the saved-search e-mails and instant alerts, the analytics roll-up of finished days, marking listings
 * nobody confirmed for 90 or 180 days (issue 19), reading the places' markets again (decision 0028)
 * and the listings' price contexts (decision 0029) when listings have changed, and pruning old rows.
 * Each has its own lease and schedule (decision 0066): a tick starts every due one at once, so a
 * two-hour feed import delays nothing else, and any number of processes may tick at once.
 */
import type { Kysely } from 'kysely'
import { rollUpAnalytics } from '../app/models/analytics/analytics-rollup.server'
import type { Database } from '../app/models/db/db-schema'
import { migrateToLatest, openDatabase } from '../app/models/db/db.server'
import { type JobRun, type ScheduledJob, pruneJobRuns, startDueJobs } from '../app/models/jobs/job-scheduler.server'
import { refreshMarketSnapshots } from '../app/models/places/market-stats.server'
import { pullDueFeeds, pulledFeedPartners, retireOverdueFeedListings } from '../app/models/feeds/feed-scheduler.server'
import { refreshListingFreshness } from '../app/models/trust/listing-history.server'
import { deliverDueLeadWebhooks } from '../app/models/finance/lead-webhooks.server'
import { sendMail } from '../app/models/mail/mailer.server'
import { sendLeadDigests } from '../app/models/sellers/lead-digest.server'
import { refreshReplyTimes, sendBuyerFollowUps, sendLeadReminders } from '../app/models/sellers/reply-times.server'
import { refreshPriceContexts } from '../app/models/trust/price-context.server'
import { sendValuationAlerts } from '../app/models/valuation/saved-valuations.server'
import { sendSavedSearchUpdates } from '../app/models/accounts/saved-search-updates.server'
import { retryInstantAlerts, sendInstantAlerts } from '../app/models/accounts/instant-alerts.server'
import { pruneRateLimitWindows } from '../app/http/rate-limit.server'
import { pruneFormSubmissions } from '../app/models/forms/form-submissions.server'
import { pruneSessions } from '../app/models/accounts/sessions.server'
import { siteListingScopes } from '../app/sites/index'
import { siteDirectory, siteOrigin } from '../app/sites/site-origin.server'
import { valueSite } from '../app/sites/value'
import { sendVisitReminders } from '../app/models/visits/visit-requests.server'
import { backfillFingerprintsFromCursor } from '../app/models/trust/scam-fingerprint-backfill.server'
import { configuredPhotoStorage } from '../app/models/media/photo-store.server'

const minute = 60_000
const hour = 60 * minute

/** What a run that sends e-mails did, when it did anything. */
const mailSummary = (what: string, run: { sent: number; failed: number }) =>
  run.sent + run.failed > 0 ? `${run.sent} ${what} sent, ${run.failed} failed` : undefined

/** The saved-search e-mails (Daily, Weekly), hourly; `npm run saved-search-updates` runs it on demand. E-mailed links name the configured origins (decision 0046). */
export const savedSearchEmailsJob = (db: Kysely<Database>): ScheduledJob => ({
  name: 'saved-search-updates',
  everyMs: hour,
  leaseMs: 30 * minute,
  run: async () => mailSummary('saved-search e-mails', await sendSavedSearchUpdates(db, siteDirectory)),
})

/**
 * Sellers' reply times (issue 38 item 2, decision 0069), every five minutes: the reminders of
 * unanswered leads (after their seller's quiet hours), the buyers' 48-hour follow-ups, and each
 * account's stored figure, which the listing cards read.
 */
export const replyTimesJob = (db: Kysely<Database>): ScheduledJob => ({
  name: 'reply-times',
  everyMs: 5 * minute,
  leaseMs: 10 * minute,
  run: async () => {
    const now = new Date()
    const reminders = await sendLeadReminders(db, sendMail, now, siteDirectory)
    const followUps = await sendBuyerFollowUps(db, sendMail, now, siteDirectory)
    const changed = await refreshReplyTimes(db, now)
    const parts = [
      mailSummary('lead reminders', reminders),
      mailSummary('buyer follow-ups', followUps),
      changed > 0 ? `${changed} reply-time figures changed` : undefined,
    ]
    return parts.filter(Boolean).join('; ') || undefined
  },
})

/**
 * The instant alerts (decision 0071), every minute: new, cheaper and back-on-market listings of
 * 'Instant' saved searches and favourites, then the failed alert e-mails that are due again.
 */
export const instantAlertsJob = (db: Kysely<Database>): ScheduledJob => ({
  name: 'instant-alerts',
  everyMs: minute,
  leaseMs: 10 * minute,
  run: async () => {
    const alerts = await sendInstantAlerts(db, sendMail, siteDirectory)
    const retries = await retryInstantAlerts(db, sendMail, siteDirectory)
    const parts = [
      mailSummary('instant alerts', alerts),
      mailSummary('retried instant alerts', retries),
      retries.gaveUp > 0 ? `${retries.gaveUp} instant alerts given up` : undefined,
      retries.dropped > 0 ? `${retries.dropped} retries no longer wanted` : undefined,
    ]
    return parts.filter(Boolean).join('; ') || undefined
  },
})

/** Issue 38 item 3: the day-before reminders of agreed visits, each sent once (decision 0070). */
export const visitRemindersJob = (db: Kysely<Database>): ScheduledJob => ({
  name: 'visit-reminders',
  everyMs: 15 * minute,
  leaseMs: 10 * minute,
  run: async () => mailSummary('visit reminders', await sendVisitReminders(db, sendMail, new Date(), siteDirectory)),
})

/**
 * Issue 38 item 1: fingerprints of the listings written before the scam screen, a batch a minute
 * (decision 0068), resuming where the last run stopped, in whichever process it ran.
 */
export const fingerprintBackfillJob = (db: Kysely<Database>): ScheduledJob => ({
  name: 'fingerprint-backfill',
  everyMs: minute,
  leaseMs: 10 * minute,
  run: async () => {
    const read = await backfillFingerprintsFromCursor(db, configuredPhotoStorage())
    return read > 0 ? `${read} listings fingerprinted` : undefined
  },
})

/** Each partner's pull is a job of its own, on the partner's interval: one slow partner holds back no other. */
async function feedPullJobs(db: Kysely<Database>): Promise<ScheduledJob[]> {
  return (await pulledFeedPartners(db)).map((partner) => ({
    name: `feed-pull:${partner.id}`,
    everyMs: Math.max(1, partner.pull_interval_minutes) * minute,
    // As long as the feed's own claim (feed-scheduler.server.ts): an import may take hours.
    leaseMs: 2 * hour,
    run: async () =>
      (await pullDueFeeds(db, { partnerId: partner.id }))
        .map((run) => `import run ${run.runId} ${run.status}: ${run.counts.received} received, ${run.counts.accepted} accepted, ${run.counts.held} held`)
        .join('; ') || undefined,
  }))
}

/** Every job, the feed pulls read afresh from the partners each tick. */
export async function scheduledJobs(db: Kysely<Database>): Promise<ScheduledJob[]> {
  const job = (name: string, everyMs: number, run: ScheduledJob['run']): ScheduledJob => ({ name, everyMs, leaseMs: 10 * minute, run })
  return [
    ...(await feedPullJobs(db)),
    job('feed-retirements', 15 * minute, async () => {
      const retired = await retireOverdueFeedListings(db)
      return retired > 0 ? `${retired} feed listings retired` : undefined
    }),
    job('lead-webhooks', minute, async () => {
      const attempts = await deliverDueLeadWebhooks(db)
      return attempts > 0 ? `${attempts} webhook attempts` : undefined
    }),
    job('lead-digests', 5 * minute, async () => mailSummary('lead digests', await sendLeadDigests(db, sendMail, new Date(), siteDirectory))),
    job('valuation-alerts', 5 * minute, async () =>
      mailSummary('valuation alerts', await sendValuationAlerts(db, sendMail, new Date(), { name: valueSite.name, origin: siteOrigin(valueSite) })),
    ),
    savedSearchEmailsJob(db),
    visitRemindersJob(db),
    replyTimesJob(db),
    instantAlertsJob(db),
    fingerprintBackfillJob(db),
    job('analytics-rollup', 10 * minute, async () => {
      const { rolledUpDays } = await rollUpAnalytics(db, new Date())
      return rolledUpDays.length > 0 ? `rolled up ${rolledUpDays.join(', ')}` : undefined
    }),
    job('listing-freshness', hour, async () => {
      const changed = await refreshListingFreshness(db, new Date())
      return changed > 0 ? `${changed} listings' freshness changed` : undefined
    }),
    job('market-stats', minute, async () => {
      const refreshed = await refreshMarketSnapshots(db, siteListingScopes)
      return refreshed > 0 ? `${refreshed} market snapshots refreshed` : undefined
    }),
    job('price-contexts', minute, async () => {
      const refreshed = await refreshPriceContexts(db)
      return refreshed ? `${refreshed.listings} listings' price contexts` : undefined
    }),
    job('prune', hour, async () => {
      const pruned = [await pruneRateLimitWindows(db), await pruneFormSubmissions(db), await pruneSessions(db), await pruneJobRuns(db)]
      const total = pruned.reduce((sum, count) => sum + count, 0)
      return total > 0 ? `${total} old rows pruned` : undefined
    }),
  ]
}

/** One line per run that did something or failed, for the server's log and the cron's. */
export function printJobRun(run: JobRun) {
  if (run.outcome === 'failed') console.error(`Scheduled job ${run.name} failed after ${run.durationMs} ms: ${run.error}`)
  else if (run.summary) console.log(`Scheduled job ${run.name} (${run.durationMs} ms): ${run.summary}`)
}

/** A tick: starts every due job at once and ends when they all have. */
export async function tickScheduledJobs(db: Kysely<Database>) {
  await startDueJobs(db, await scheduledJobs(db), printJobRun)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const db = openDatabase()
  try {
    await migrateToLatest(db)
    await tickScheduledJobs(db)
  } finally {
    await db.destroy()
  }
}
