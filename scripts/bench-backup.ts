/**
 * `npm run bench:backup -- --from <data folder> [--photos 1000] [--postgres 100000]` (decision
 * 0067): copies the data folder's SQLite database (e.g. a seeded 100,000-listing one) into a
 * temporary folder with that many photo files of 250 KB (random bytes: a backup copies photos
 * without decoding them), then times a backup of it and a restore into an empty folder, and
 * prints their sizes. With --postgres, the same on a throwaway PostgreSQL server (Debian's
 * packages) seeded with that many listings, restored into a new database on the same server.
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { backUp, type DataLocation, restore } from '../app/models/db/backups.server'
import { folderPhotoStorage, uploadsFolder } from '../app/models/media/folder-photo-storage.server'
import { startTestPostgres } from './test-postgres'

const { values: options } = parseArgs({ options: { from: { type: 'string' }, photos: { type: 'string', default: '1000' }, postgres: { type: 'string' } } })
if (!options.from) throw new Error('Usage: npm run bench:backup -- --from <data folder with marketplace.db> [--photos 1000] [--postgres 100000]')
const photoBytes = 250_000
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`

const photosIn = (dataDir: string) => folderPhotoStorage(uploadsFolder(dataDir))

/** Makes the photo files of a data folder. */
function writePhotos(dataDir: string) {
  fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true })
  for (let index = 0; index < Number(options.photos); index++)
    fs.writeFileSync(path.join(dataDir, 'uploads', `${4_000_000_000 + index}.jpg`), randomBytes(photoBytes))
}

async function measure(name: string, source: DataLocation, target: DataLocation, backupDir: string) {
  let started = performance.now()
  const manifest = await backUp(source, backupDir)
  const backupSeconds = (performance.now() - started) / 1000
  started = performance.now()
  await restore(backupDir, target)
  const restoreSeconds = (performance.now() - started) / 1000
  const fileBytes = [...manifest.files, ...manifest.photos].reduce((sum, file) => sum + file.bytes, 0)
  const rows = Object.values(manifest.database.rowCounts).reduce((sum, count) => sum + count, 0)
  console.log(`bench:backup on ${name} (${os.cpus().length} cores):`)
  console.log(`  listings ${manifest.database.rowCounts.listings?.toLocaleString('en-US')}, rows ${rows.toLocaleString('en-US')}`)
  console.log(
    `  database in the backup ${megabytes(manifest.database.bytes)}, photos ${manifest.photos.length} and data folder files ${manifest.files.length} (the session secret) ${megabytes(fileBytes)}`,
  )
  console.log(`  backup  ${backupSeconds.toFixed(1)} s (database snapshot, row counts, copies and checksums)`)
  console.log(`  restore ${restoreSeconds.toFixed(1)} s (every checksum before, the database, its row counts, every photo checked again once written)`)
}

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'))
try {
  const sqliteSource = path.join(folder, 'sqlite-source')
  writePhotos(sqliteSource)
  // The source's write-ahead log must be empty (a seeded, closed database): only the main file is copied.
  if (fs.statSync(path.join(options.from, 'marketplace.db-wal'), { throwIfNoEntry: false })?.size)
    throw new Error(`${options.from} has a write-ahead log: close what uses it first`)
  fs.copyFileSync(path.join(options.from, 'marketplace.db'), path.join(sqliteSource, 'marketplace.db'))
  const sqliteLocation = (dataDir: string) => ({ database: { sqliteFile: path.join(dataDir, 'marketplace.db') }, dataDir, photos: photosIn(dataDir) })
  await measure(`SQLite, ${options.from}`, sqliteLocation(sqliteSource), sqliteLocation(path.join(folder, 'sqlite-restored')), path.join(folder, 'sqlite-backup'))
  fs.rmSync(path.join(folder, 'sqlite-backup'), { recursive: true })

  if (options.postgres) await measurePostgres(Number(options.postgres))
} finally {
  fs.rmSync(folder, { recursive: true, force: true })
}

async function measurePostgres(listings: number) {
  const postgres = startTestPostgres(54352)
  if (!postgres) return console.log('PostgreSQL: skipped (no Debian PostgreSQL here)')
  try {
    const postgresSource = path.join(folder, 'postgres-source')
    writePhotos(postgresSource)
    const env = { ...process.env, DATA_DIR: postgresSource, DATABASE_URL: postgres.url, SEED_LISTINGS: String(listings) }
    const seeding = spawnSync('npx', ['tsx', 'scripts/prepare-data.ts'], { stdio: ['ignore', 'ignore', 'inherit'], env })
    if (seeding.status !== 0) throw new Error('Seeding PostgreSQL failed')
    const admin = new pg.Client({ connectionString: postgres.url })
    await admin.connect()
    await admin.query('create database restored')
    await admin.end()
    await measure(
      `PostgreSQL, ${listings.toLocaleString('en-US')} seeded listings`,
      { database: { postgresUrl: postgres.url }, dataDir: postgresSource, photos: photosIn(postgresSource) },
      {
        database: { postgresUrl: postgres.url.replace(/\/postgres$/, '/restored') },
        dataDir: path.join(folder, 'postgres-restored'),
        photos: photosIn(path.join(folder, 'postgres-restored')),
      },
      path.join(folder, 'postgres-backup'),
    )
  } finally {
    postgres.stop()
  }
}
