/**
 * `npm run saved-search-updates`: sends the saved-search e-mail updates that are due, once. For a
 * production scheduler (cron, every hour); `npm start` runs the same every hour itself.
 */
import { openDatabase } from '../app/models/db/db.server'
import { savedSearchUpdatesLease, sendSavedSearchUpdates } from '../app/models/accounts/saved-search-updates.server'
import { runWithLease } from '../app/models/jobs/job-leases.server'
import { siteDirectory } from '../app/sites/site-origin.server'

const db = openDatabase()
try {
  const run = await runWithLease(db, savedSearchUpdatesLease, () => sendSavedSearchUpdates(db, siteDirectory))
  console.log(
    run ? `Saved-search updates: ${run.due} due, ${run.sent} e-mails sent, ${run.failed} failed` : 'Saved-search updates: another process is sending them now',
  )
} finally {
  await db.destroy()
}
