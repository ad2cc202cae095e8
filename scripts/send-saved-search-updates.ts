/**
 * `npm run saved-search-updates`: sends the saved-search e-mail updates that are due, once. For a
 * production scheduler (cron, every hour); `npm start` runs the same every hour itself.
 */
import { openDatabase } from '../app/models/db/db.server'
import { sendSavedSearchUpdates } from '../app/models/accounts/saved-search-updates.server'

const db = openDatabase()
try {
  const run = await sendSavedSearchUpdates(db)
  console.log(`Saved-search updates: ${run.due} due, ${run.sent} e-mails sent`)
} finally {
  await db.destroy()
}
