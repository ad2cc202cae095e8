/**
 * npm run feed:import -- --partner <id> <file-or-URL> [--format xml|csv]
 * Imports one partner feed into the configured database through the listing-quality gate and
 * prints the run's counts and every record it fixed, held or rejected, with its reason codes.
 */
import { parseArgs } from 'node:util'
import { openDatabase, migrateToLatest } from '~/models/db/db.server'
import { importFeed } from '~/models/feeds/feed-import.server'
import { printRunReport } from '~/models/feeds/feed-report.server'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { partner: { type: 'string' }, format: { type: 'string' } },
})
const partnerId = Number(values.partner)
const [source] = positionals
const format = values.format
if (!Number.isInteger(partnerId) || !source || (format !== undefined && format !== 'xml' && format !== 'csv')) {
  console.error('Usage: npm run feed:import -- --partner <id> <file-or-URL> [--format xml|csv]')
  process.exit(1)
}

const db = openDatabase()
try {
  await migrateToLatest(db)
  const summary = await importFeed(db, { partnerId, source, format })
  await printRunReport(db, summary.runId, (line) => console.log(line))
  process.exitCode = summary.status === 'failed' ? 2 : 0
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await db.destroy()
}
