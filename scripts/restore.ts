/**
 * npm run restore -- <backup folder> [--force --confirm=<database>]
 * Restores a backup (decision 0067) into the configured database (SQLite in DATA_DIR, or
 * DATABASE_URL) and data folder, after checking every file of it against its manifest. A target
 * that holds data is overwritten only with --force and its name typed again in --confirm; stop
 * the site first.
 */
import { parseArgs } from 'node:util'
import { readConfig } from '../app/config.server'
import { BackupError, describeDatabase, restore } from '../app/models/db/backups.server'
import { databaseTarget } from '../app/models/db/db.server'
import { configuredPhotoStorage } from '../app/models/media/photo-store.server'

const { positionals, values } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean' }, confirm: { type: 'string' } } })
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- <backup folder> [--force --confirm=<database>]')
  process.exit(2)
}
const config = readConfig()
const database = databaseTarget(config)
const photos = configuredPhotoStorage()
console.log(`Restoring ${positionals[0]} into ${describeDatabase(database)}, ${config.dataDir} and ${photos.location}`)
const started = performance.now()
try {
  const report = await restore(positionals[0]!, { database, dataDir: config.dataDir, photos }, { force: values.force, confirmTarget: values.confirm })
  const rows = Object.values(report.rowCounts).reduce((sum, count) => sum + count, 0)
  if (report.replaced.length > 0) console.log(`  Replaced ${report.replaced.join(' and ')}`)
  console.log(
    `Restored the backup of ${report.manifest.startedAt}: ${rows.toLocaleString('en-US')} rows in ${Object.keys(report.rowCounts).length} tables , ${report.manifest.files.length} files and ${report.manifest.photos.length} photos, each as its manifest says, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
} catch (error) {
  if (!(error instanceof BackupError)) throw error
  console.error(error.message)
  process.exit(1)
}
