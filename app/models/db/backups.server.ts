import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import type { PhotoStorage } from '~/models/media/photo-storage'
import type { DatabaseTarget } from './dialect.server'

/**
 * Backups and their restore (issue 37 item 4, decision 0067): the database through its own
 * snapshot (SQLite's online backup API, PostgreSQL's pg_dump), then the data folder's files that a
 * database cannot rebuild (the photo uploads, the session secret), each with its SHA-256, and a
 * manifest a restore checks everything against. The database first: a photo's file is written
 * before the row naming it, and never deleted, so every photo the snapshot names is on disk when
 * the files are copied.
 */

const run = promisify(execFile)

export const manifestFileName = 'manifest.json'
/** The data folder's files, in the backup folder, under their paths in the data folder. */
const dataFilesFolder = 'data'
/** The photo store's photos, in the backup folder, under their names. */
const photosFolder = 'photos'

export interface BackedUpFile {
  /** Relative to the data folder: 'uploads/4000000001.jpg', 'session-secret'. */
  path: string
  bytes: number
  sha256: string
}

export interface BackupManifest {
  /** 2 since photos are listed from the photo store, folder or bucket, on their own. */
  format: 2
  /** When the backup began: every write acknowledged before it is in the backup (decision 0067). */
  startedAt: string
  finishedAt: string
  database: { dialect: 'sqlite' | 'postgres'; file: string; bytes: number; sha256: string; rowCounts: Record<string, number> }
  /** The data folder's own files (the session secret), by their paths in it. */
  files: BackedUpFile[]
  /** The photo store's photos, by their names in it (`path` is the name), wherever the store keeps them. */
  photos: BackedUpFile[]
}

/** Where a backup comes from or a restore goes: the database, the data folder beside it and the photo store (a folder in it, or a bucket). */
export interface DataLocation {
  database: DatabaseTarget
  dataDir: string
  photos: PhotoStorage
}

export class BackupError extends Error {}

async function sha256OfFile(file: string) {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

async function isMissingOrEmptyFolder(folder: string) {
  const entries = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  return entries.length === 0
}

/** A name of the database that carries no password, for messages and the restore's confirmation. */
export function describeDatabase(target: DatabaseTarget) {
  if ('sqliteFile' in target) return path.resolve(target.sqliteFile)
  const url = new URL(target.postgresUrl)
  return `postgres://${url.hostname}:${url.port || 5432}${url.pathname}`
}

/** Every table's row count, in one snapshot of the database. */
function sqliteRowCounts(connection: SQLite.Database) {
  const tables = connection.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`).pluck().all() as string[]
  return Object.fromEntries(tables.map((table) => [table, Number(connection.prepare(`select count(*) from "${table}"`).pluck().get())]))
}

async function postgresRowCounts(client: pg.ClientBase) {
  const { rows } = await client.query<{ tablename: string }>(`select tablename from pg_tables where schemaname = 'public' order by tablename`)
  const counts: Record<string, number> = {}
  for (const { tablename } of rows) counts[tablename] = Number((await client.query<{ count: string }>(`select count(*) from "${tablename}"`)).rows[0]!.count)
  return counts
}

async function backUpSqlite(sqliteFile: string, destination: string) {
  const source = new SQLite(sqliteFile, { readonly: true, fileMustExist: true })
  try {
    // All pages in one step, so the copy is one read transaction's snapshot: in WAL mode the site's
    // writers carry on meanwhile. In steps of a few pages a write between two would restart it.
    await source.backup(destination, { progress: () => 0x7fffffff })
  } finally {
    source.close()
  }
  const copy = new SQLite(destination)
  try {
    // One self-contained file (the site turns WAL on again when it opens the restored one).
    copy.pragma('journal_mode = DELETE')
    return sqliteRowCounts(copy)
  } finally {
    copy.close()
  }
}

async function backUpPostgres(postgresUrl: string, destination: string) {
  const client = new pg.Client({ connectionString: postgresUrl })
  await client.connect()
  try {
    // pg_dump reads the snapshot this transaction exports, so the row counts are of what it dumps.
    await client.query('begin isolation level repeatable read read only')
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')
    const rowCounts = await postgresRowCounts(client)
    await run('pg_dump', ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, `--file=${destination}`, `--dbname=${postgresUrl}`], { maxBuffer: 16 << 20 })
    await client.query('commit')
    return rowCounts
  } finally {
    await client.end()
  }
}

/**
 * Every photo of the store (a folder or a bucket: its own listing), copied into `destinationDir`
 * with its checksum; a half-written upload is not in the listing. A photo written after the
 * database's snapshot may be copied too: nothing in the snapshot names it, and it does no harm.
 */
export async function backUpPhotos(photos: PhotoStorage, destinationDir: string): Promise<BackedUpFile[]> {
  const names: string[] = []
  for await (const photo of photos.list()) names.push(photo.name)
  await mkdir(destinationDir, { recursive: true })
  const copied: BackedUpFile[] = []
  for (const name of names.sort()) {
    const bytes = await photos.get(name)
    // Listed a moment ago and gone now: only a deletion does that, and nothing the snapshot names is deleted.
    if (!bytes) continue
    await writeFile(path.join(destinationDir, name), bytes)
    copied.push({ path: name, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') })
  }
  return copied
}

async function copyWithChecksum(from: string, to: string, relativeTo: string): Promise<BackedUpFile> {
  await copyFile(from, to)
  return { path: path.relative(relativeTo, to), bytes: (await stat(to)).size, sha256: await sha256OfFile(to) }
}

/** Backs up the database and the data folder's files into `backupDir`, which must be new or empty. */
export async function backUp(source: DataLocation, backupDir: string): Promise<BackupManifest> {
  if (!(await isMissingOrEmptyFolder(backupDir))) throw new BackupError(`${backupDir} is not empty: a backup goes into a new folder`)
  await mkdir(backupDir, { recursive: true })
  const startedAt = new Date().toISOString()
  const isSqlite = 'sqliteFile' in source.database
  const databaseFile = isSqlite ? 'database.sqlite' : 'database.pgdump'
  const databasePath = path.join(backupDir, databaseFile)
  const rowCounts =
    'sqliteFile' in source.database ? await backUpSqlite(source.database.sqliteFile, databasePath) : await backUpPostgres(source.database.postgresUrl, databasePath)
  const photos = await backUpPhotos(source.photos, path.join(backupDir, photosFolder))
  const dataCopy = path.join(backupDir, dataFilesFolder)
  await mkdir(dataCopy, { recursive: true })
  const files: BackedUpFile[] = []
  const secret = path.join(source.dataDir, 'session-secret')
  if (await stat(secret).catch(() => undefined)) files.push(await copyWithChecksum(secret, path.join(dataCopy, 'session-secret'), dataCopy))
  const manifest: BackupManifest = {
    format: 2,
    startedAt,
    finishedAt: new Date().toISOString(),
    database: {
      dialect: isSqlite ? 'sqlite' : 'postgres',
      file: databaseFile,
      bytes: (await stat(databasePath)).size,
      sha256: await sha256OfFile(databasePath),
      rowCounts,
    },
    files,
    photos,
  }
  // Written last: a folder without a manifest is a backup that did not finish.
  await writeFile(path.join(backupDir, `${manifestFileName}.tmp`), JSON.stringify(manifest, null, 2))
  await rename(path.join(backupDir, `${manifestFileName}.tmp`), path.join(backupDir, manifestFileName))
  return manifest
}

export async function readManifest(backupDir: string): Promise<BackupManifest> {
  const text = await readFile(path.join(backupDir, manifestFileName), 'utf8').catch(() => {
    throw new BackupError(`${backupDir} has no ${manifestFileName}: it is not a finished backup`)
  })
  const manifest = JSON.parse(text) as BackupManifest
  if (manifest.format !== 2) throw new BackupError(`${backupDir}'s manifest is of an unknown format ${String(manifest.format)}`)
  return manifest
}

/** Every file of the backup against its checksum, before anything is restored. */
async function checkBackupFiles(backupDir: string, manifest: BackupManifest) {
  const expected = [
    { file: path.join(backupDir, manifest.database.file), sha256: manifest.database.sha256 },
    ...manifest.files.map((entry) => ({ file: path.join(backupDir, dataFilesFolder, entry.path), sha256: entry.sha256 })),
    ...manifest.photos.map((entry) => ({ file: path.join(backupDir, photosFolder, entry.path), sha256: entry.sha256 })),
  ]
  for (const { file, sha256 } of expected) {
    const actual = await sha256OfFile(file).catch(() => 'missing')
    if (actual !== sha256)
      throw new BackupError(`The backup is damaged: ${path.relative(backupDir, file)} is ${actual === 'missing' ? 'missing' : 'not what was backed up'}`)
  }
}

/** What already lives where a restore would write, described for its refusal; none when empty. */
async function existingData(target: DataLocation): Promise<string[]> {
  const found: string[] = []
  if ('sqliteFile' in target.database) {
    if ((await stat(target.database.sqliteFile).catch(() => undefined))?.size) found.push(`the database ${describeDatabase(target.database)}`)
  } else {
    const client = new pg.Client({ connectionString: target.database.postgresUrl })
    await client.connect()
    try {
      const { rows } = await client.query<{ count: string }>(`select count(*) from pg_tables where schemaname = 'public'`)
      if (Number(rows[0]!.count) > 0) found.push(`the database ${describeDatabase(target.database)} (${rows[0]!.count} tables)`)
    } finally {
      await client.end()
    }
  }
  for await (const photo of target.photos.list()) {
    found.push(`photos in ${target.photos.location} (${photo.name} and maybe more)`)
    break
  }
  return found
}

/** Other sessions on the PostgreSQL database: a site still serving from it. */
async function otherPostgresSessions(postgresUrl: string) {
  const client = new pg.Client({ connectionString: postgresUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ count: string }>(`select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)
    return Number(rows[0]!.count)
  } finally {
    await client.end()
  }
}

export interface RestoreOptions {
  /** Overwrite a database or photo folder that holds data. */
  force?: boolean
  /** With `force`: the target's name as `describeDatabase` gives it, typed by the operator. */
  confirmTarget?: string
}

async function restoreSqlite(databaseFile: string, sqliteFile: string) {
  await mkdir(path.dirname(sqliteFile), { recursive: true })
  const incoming = `${sqliteFile}.restoring`
  await copyFile(databaseFile, incoming)
  // The old database's write-ahead log belongs to the old file: left, SQLite would replay it onto the restored one.
  await Promise.all(['-wal', '-shm'].map((suffix) => rm(`${sqliteFile}${suffix}`, { force: true })))
  await rename(incoming, sqliteFile)
  const restored = new SQLite(sqliteFile, { readonly: true })
  try {
    const check = restored.pragma('quick_check', { simple: true })
    if (check !== 'ok') throw new BackupError(`The restored database fails SQLite's check: ${String(check)}`)
    return sqliteRowCounts(restored)
  } finally {
    restored.close()
  }
}

async function restorePostgres(databaseFile: string, postgresUrl: string, isReplacing: boolean) {
  const client = new pg.Client({ connectionString: postgresUrl })
  await client.connect()
  try {
    if (isReplacing) await client.query('drop schema public cascade; create schema public')
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${postgresUrl}`, databaseFile], {
      maxBuffer: 16 << 20,
    })
    return await postgresRowCounts(client)
  } finally {
    await client.end()
  }
}

/** Puts the backup's photos into the photo store, each read back and checked. */
async function restorePhotos(backupDir: string, photos: BackedUpFile[], store: PhotoStorage) {
  for (const entry of photos) {
    const outcome = await store.put(entry.path, await readFile(path.join(backupDir, photosFolder, entry.path)))
    if (outcome === 'taken') throw new BackupError(`${entry.path} in ${store.location} holds other bytes than the backup's: left as it is`)
    const written = await store.get(entry.path)
    if (!written || createHash('sha256').update(written).digest('hex') !== entry.sha256)
      throw new BackupError(`${entry.path} in ${store.location} differs from the backup once written`)
  }
}

/** Copies the backup's data files into the data folder, each checked again once written. */
async function restoreDataFiles(backupDir: string, files: BackedUpFile[], dataDir: string) {
  for (const entry of files) {
    const destination = path.join(dataDir, entry.path)
    await mkdir(path.dirname(destination), { recursive: true })
    await copyFile(path.join(backupDir, dataFilesFolder, entry.path), `${destination}.restoring`)
    await rename(`${destination}.restoring`, destination)
    if ((await sha256OfFile(destination)) !== entry.sha256) throw new BackupError(`${destination} differs from the backup once written: is the disk failing?`)
  }
}

export interface RestoreReport {
  manifest: BackupManifest
  target: string
  rowCounts: Record<string, number>
  replaced: string[]
}

/**
 * Restores the backup in `backupDir` into `target`, after checking every file of it. Refuses a
 * target holding data unless `force` names it again in `confirmTarget` (what `describeDatabase`
 * prints), and a PostgreSQL database other sessions use (a site serving from it) always.
 */
export async function restore(backupDir: string, target: DataLocation, options: RestoreOptions = {}): Promise<RestoreReport> {
  const manifest = await readManifest(backupDir)
  const targetName = describeDatabase(target.database)
  const dialect = 'sqliteFile' in target.database ? 'sqlite' : 'postgres'
  if (manifest.database.dialect !== dialect) throw new BackupError(`The backup is of a ${manifest.database.dialect} database; ${targetName} is ${dialect}`)
  await checkBackupFiles(backupDir, manifest)
  const replaced = await existingData(target)
  if (replaced.length > 0 && !options.force)
    throw new BackupError(
      `Refusing to restore over ${replaced.join(' and ')}: restore into an empty database and data folder, or add --force --confirm=${targetName}`,
    )
  if (replaced.length > 0 && options.confirmTarget !== targetName)
    throw new BackupError(`--force overwrites ${replaced.join(' and ')}: name it with --confirm=${targetName} to go on`)
  if ('postgresUrl' in target.database) {
    const sessions = await otherPostgresSessions(target.database.postgresUrl)
    if (sessions > 0) throw new BackupError(`${targetName} has ${sessions} other sessions: stop the site (and anything else using it) before restoring`)
  }
  const databaseFile = path.join(backupDir, manifest.database.file)
  const rowCounts =
    'sqliteFile' in target.database
      ? await restoreSqlite(databaseFile, target.database.sqliteFile)
      : await restorePostgres(databaseFile, target.database.postgresUrl, replaced.length > 0)
  const differing = Object.keys({ ...manifest.database.rowCounts, ...rowCounts }).filter((table) => manifest.database.rowCounts[table] !== rowCounts[table])
  if (differing.length > 0)
    throw new BackupError(
      `The restored database's row counts differ from the backup's in ${differing.map((table) => `${table} (${rowCounts[table]} for ${manifest.database.rowCounts[table]})`).join(', ')}`,
    )
  await restoreDataFiles(backupDir, manifest.files, target.dataDir)
  await restorePhotos(backupDir, manifest.photos, target.photos)
  return { manifest, target: targetName, rowCounts, replaced }
}
