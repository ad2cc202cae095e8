/**
 * `npm run bench:backup -- --from <data folder> [--photos 1000]` (decision 0067): copies the data
 * folder's SQLite database (e.g. a seeded 100,000-listing one) into a temporary folder with that
 * many photo files of 250 KB (random bytes: a backup copies photos without decoding them), then
 * times a backup of it and a restore into an empty folder, and prints their sizes.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { backUp, restore } from '../app/models/db/backups.server'

const { values: options } = parseArgs({ options: { from: { type: 'string' }, photos: { type: 'string', default: '1000' } } })
if (!options.from) throw new Error('Usage: npm run bench:backup -- --from <data folder with marketplace.db> [--photos 1000]')
const photoBytes = 250_000

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'))
const sourceDir = path.join(folder, 'source')
const restoredDir = path.join(folder, 'restored')
try {
  fs.mkdirSync(path.join(sourceDir, 'uploads'), { recursive: true })
  // The source's write-ahead log must be empty (a seeded, closed database): only the main file is copied.
  if (fs.statSync(path.join(options.from, 'marketplace.db-wal'), { throwIfNoEntry: false })?.size)
    throw new Error(`${options.from} has a write-ahead log: close what uses it first`)
  fs.copyFileSync(path.join(options.from, 'marketplace.db'), path.join(sourceDir, 'marketplace.db'))
  for (let index = 0; index < Number(options.photos); index++)
    fs.writeFileSync(path.join(sourceDir, 'uploads', `${4_000_000_000 + index}.jpg`), randomBytes(photoBytes))
  const location = (dataDir: string) => ({ database: { sqliteFile: path.join(dataDir, 'marketplace.db') }, dataDir })
  const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`

  let started = performance.now()
  const manifest = await backUp(location(sourceDir), path.join(folder, 'backup'))
  const backupSeconds = (performance.now() - started) / 1000
  started = performance.now()
  await restore(path.join(folder, 'backup'), location(restoredDir))
  const restoreSeconds = (performance.now() - started) / 1000

  const fileBytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0)
  console.log(`bench:backup on SQLite (${os.cpus().length} cores), ${options.from}:`)
  console.log(
    `  listings ${manifest.database.rowCounts.listings?.toLocaleString('en-US')}, rows ${Object.values(manifest.database.rowCounts)
      .reduce((sum, count) => sum + count, 0)
      .toLocaleString('en-US')}`,
  )
  console.log(`  database file ${megabytes(manifest.database.bytes)}, photos ${manifest.files.length} files ${megabytes(fileBytes)}`)
  console.log(`  backup  ${backupSeconds.toFixed(1)} s (database snapshot, row counts, copies and checksums)`)
  console.log(`  restore ${restoreSeconds.toFixed(1)} s (every checksum before, the copy, SQLite's quick_check, row counts, every photo checked again)`)
} finally {
  fs.rmSync(folder, { recursive: true, force: true })
}
