/**
 * npm run backup -- <folder>
 * Backs up the configured database (SQLite in DATA_DIR, or DATABASE_URL) and the data folder's
 * photo uploads and session secret into a new folder, while the site serves (decision 0067).
 */
import { parseArgs } from 'node:util'
import { readConfig } from '../app/config.server'
import { backUp, BackupError, describeDatabase } from '../app/models/db/backups.server'
import { databaseTarget } from '../app/models/db/db.server'

const { positionals } = parseArgs({ allowPositionals: true })
if (positionals.length !== 1) {
  console.error('Usage: npm run backup -- <new folder>')
  process.exit(2)
}
const config = readConfig()
const database = databaseTarget(config)
const started = performance.now()
try {
  const manifest = await backUp({ database, dataDir: config.dataDir }, positionals[0]!)
  const rows = Object.values(manifest.database.rowCounts).reduce((sum, count) => sum + count, 0)
  const fileBytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0)
  console.log(`Backed up ${describeDatabase(database)} (${rows.toLocaleString('en-US')} rows, ${manifest.database.bytes.toLocaleString('en-US')} bytes)`)
  console.log(
    `  and ${manifest.files.length} files of ${config.dataDir} (${fileBytes.toLocaleString('en-US')} bytes) into ${positionals[0]} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  console.log(`  Everything written before ${manifest.startedAt} is in it.`)
} catch (error) {
  if (!(error instanceof BackupError)) throw error
  console.error(error.message)
  process.exit(1)
}
