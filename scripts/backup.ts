/**
 * npm run backup -- <folder>
 * Backs up the configured database (SQLite in DATA_DIR, or DATABASE_URL) and the data folder's
 * session secret and the photo store's photos (a folder or a bucket) into a new folder, while the
 * site serves (decision 0067).
 */
import { parseArgs } from 'node:util'
import { readConfig } from '../app/config.server'
import { backUp, BackupError, describeDatabase } from '../app/models/db/backups.server'
import { databaseTarget } from '../app/models/db/db.server'
import { configuredPhotoStorage } from '../app/models/media/photo-store.server'

const { positionals } = parseArgs({ allowPositionals: true })
if (positionals.length !== 1) {
  console.error('Usage: npm run backup -- <new folder>')
  process.exit(2)
}
const config = readConfig()
const database = databaseTarget(config)
const started = performance.now()
try {
  const photos = configuredPhotoStorage()
  const manifest = await backUp({ database, dataDir: config.dataDir, photos }, positionals[0]!)
  const rows = Object.values(manifest.database.rowCounts).reduce((sum, count) => sum + count, 0)
  const bytesOf = (files: readonly { bytes: number }[]) => files.reduce((sum, file) => sum + file.bytes, 0).toLocaleString('en-US')
  console.log(`Backed up ${describeDatabase(database)} (${rows.toLocaleString('en-US')} rows, ${manifest.database.bytes.toLocaleString('en-US')} bytes)`)
  console.log(
    `  ${manifest.photos.length} photos of ${photos.location} (${bytesOf(manifest.photos)} bytes) and ${manifest.files.length} files of ${config.dataDir} (${bytesOf(manifest.files)} bytes) into ${positionals[0]} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  console.log(`  Everything written before ${manifest.startedAt} is in it.`)
} catch (error) {
  if (!(error instanceof BackupError)) throw error
  console.error(error.message)
  process.exit(1)
}
