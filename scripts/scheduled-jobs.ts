/**
 * The minute jobs (`npm start` runs them every minute; elsewhere `npm run jobs` from cron): pull
 * the partner feeds that are due, retire feed listings missing past their grace period, send
 * the finance-lead webhooks due for an attempt, the sellers' daily lead digests, AcreWorth's
 * valuation alerts, roll up the analytics of finished days (pruning old events), mark listings
 * nobody confirmed for 90 or 180 days (listing freshness, issue 19), and when listings have changed
 * read the places' markets again (decision 0028) and work the listings' price contexts out again
 * (decision 0029). Each claims
 * its work in the database, so any number of processes may run them at once.
 */
import type { Kysely } from 'kysely'
import { rollUpAnalytics } from '../app/models/analytics/analytics-rollup.server'
import type { Database } from '../app/models/db/db-schema'
import { migrateToLatest, openDatabase } from '../app/models/db/db.server'
import { type JobLease, runWithLease } from '../app/models/jobs/job-leases.server'
import { refreshMarketSnapshots } from '../app/models/places/market-stats.server'
import { printRunReport } from '../app/models/feeds/feed-report.server'
import { pullDueFeeds } from '../app/models/feeds/feed-scheduler.server'
import { refreshListingFreshness } from '../app/models/trust/listing-history.server'
import { deliverDueLeadWebhooks } from '../app/models/finance/lead-webhooks.server'
import { sendMail } from '../app/models/mail/mailer.server'
import { sendLeadDigests } from '../app/models/sellers/lead-digest.server'
import { refreshPriceContexts } from '../app/models/trust/price-context.server'
import { sendValuationAlerts } from '../app/models/valuation/saved-valuations.server'
import { pruneRateLimitWindows } from '../app/http/rate-limit.server'
import { pruneFormSubmissions } from '../app/models/forms/form-submissions.server'
import { pruneSessions } from '../app/models/accounts/sessions.server'
import { siteListingScopes } from '../app/sites/index'
import { siteDirectory, siteOrigin } from '../app/sites/site-origin.server'
import { valueSite } from '../app/sites/value'

/** A run of the minute jobs holds this lease: one process of all servers at a time (decision 0026). */
export const minuteJobsLease: JobLease = { name: 'minute-jobs', durationMs: 10 * 60_000 }

/** E-mailed links point to the sites' configured origins (SITE_ORIGINS, decision 0046). */
export async function runScheduledJobs(db: Kysely<Database>) {
  const { runs, retired } = await pullDueFeeds(db)
  const leadAttempts = await deliverDueLeadWebhooks(db)
  const leadDigests = await sendLeadDigests(db, sendMail, new Date(), siteDirectory)
  const valuationAlerts = await sendValuationAlerts(db, sendMail, new Date(), { name: valueSite.name, origin: siteOrigin(valueSite) })
  const analytics = await rollUpAnalytics(db, new Date())
  const prunedRateLimitWindows = await pruneRateLimitWindows(db)
  const prunedFormSubmissions = await pruneFormSubmissions(db)
  const prunedSessions = await pruneSessions(db)
  const staleListings = await refreshListingFreshness(db, new Date())
  const marketSnapshots = await refreshMarketSnapshots(db, siteListingScopes)
  const priceContexts = await refreshPriceContexts(db)
  return {
    feedRuns: runs,
    retired,
    leadAttempts,
    leadDigests,
    valuationAlerts,
    analytics,
    prunedRateLimitWindows,
    prunedFormSubmissions,
    prunedSessions,
    staleListings,
    marketSnapshots,
    priceContexts,
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const db = openDatabase()
  try {
    await migrateToLatest(db)
    const jobs = await runWithLease(db, minuteJobsLease, () => runScheduledJobs(db))
    if (jobs) {
      const { feedRuns, retired, leadAttempts, leadDigests, valuationAlerts, analytics, marketSnapshots } = jobs
      for (const run of feedRuns) await printRunReport(db, run.runId, (line) => console.log(line))
      console.log(
        `${feedRuns.length} feeds pulled, ${retired} listings retired, ${leadAttempts} finance-lead webhook attempts, ${leadDigests.sent} lead digests sent (${leadDigests.failed} failed), ${valuationAlerts.sent} valuation alerts sent (${valuationAlerts.failed} failed), ${analytics.rolledUpDays.length} analytics days rolled up (${analytics.prunedEvents} old events pruned), ${marketSnapshots} market snapshots refreshed`,
      )
    } else console.log('Another process is running the scheduled jobs now: nothing done')
  } finally {
    await db.destroy()
  }
}
