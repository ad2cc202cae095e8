/**
 * `npm run saved-search-updates`: sends the saved-search e-mail updates that are due, now, under
 * the job's lease, recording the run (decision 0066). `npm run jobs` and `npm start` send them hourly.
 */
import { openDatabase } from '../app/models/db/db.server'
import { runJobNow } from '../app/models/jobs/job-scheduler.server'
import { printJobRun, savedSearchEmailsJob } from './scheduled-jobs'

const db = openDatabase()
try {
  const run = await runJobNow(db, savedSearchEmailsJob(db))
  if (run) printJobRun(run)
  else console.log('Saved-search updates: another process is sending them now')
} finally {
  await db.destroy()
}
