/**
 * npm run feed:import -- --partner <id> <file-or-URL> [--format xml|csv] [--json]
 * Imports one partner feed into the configured database through the listing-quality gate and
 * prints the run's counts and every record it fixed, held or rejected, with its reason codes.
 * With --json it prints one line instead: the run's summary, its seconds and the process's peak memory.
 * The npm script caps the heap at 160 MB: an import's live data is small, and without a cap V8
 * lets garbage grow the process past 300 MB on a 100,000-listing feed (decision 0014).
 */
import { parseArgs } from 'node:util'
import { openDatabase, migrateToLatest } from '~/models/db/db.server'
import { importFeed, sizeCachesForImport } from '~/models/feeds/feed-import.server'
import { printRunReport } from '~/models/feeds/feed-report.server'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { partner: { type: 'string' }, format: { type: 'string' }, json: { type: 'boolean', default: false } },
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
  await sizeCachesForImport(db)
  const started = performance.now()
  const summary = await importFeed(db, { partnerId, source, format, allowLocalFile: true })
  const seconds = (performance.now() - started) / 1000
  if (values.json) console.log(JSON.stringify({ ...summary, seconds, peakRssBytes: process.resourceUsage().maxRSS * 1024 }))
  else await printRunReport(db, summary.runId, (line) => console.log(line))
  process.exitCode = summary.status === 'failed' ? 2 : 0
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await db.destroy()
}
