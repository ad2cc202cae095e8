import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Kysely } from 'kysely'
import SQLite from 'better-sqlite3'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { createKysely, type DatabaseTarget } from '~/models/db/dialect.server'
import { BackupError, describeDatabase, type DataLocation, readManifest, restore } from '~/models/db/backups.server'
import { createLead } from '~/models/listings/listing-activity.server'
import { storePhoto } from '~/models/media/photo-store.server'
import { folderPhotoStorage, uploadsFolder } from '~/models/media/folder-photo-storage.server'
import type { PhotoStorage } from '~/models/media/photo-storage'
import { s3PhotoStorage } from '~/models/media/s3-photo-storage.server'
import { startS3Server } from '../support/s3-server'
import { createDraft, findSellerDraft } from '~/models/sellers/listing-drafts.server'
import { publishDraft } from '~/models/sellers/listing-publish.server'
import { becomeOwnerSeller, type SellerScope } from '~/models/sellers/seller-scope.server'
import { createUser } from '~/models/accounts/user.server'
import { findPostgresBinaries, startTestPostgres, type TestPostgres } from '../../scripts/test-postgres'
import { freshPostgresTarget, migrateAndSeed } from '../support/fresh-database'

/**
 * The restore drill (issue 37 item 4, decision 0067): sellers publish listings with photos and
 * buyers send leads without pause while `npm run backup` runs in its own process, as beside a
 * serving site; the backup restored into a new data folder has every listing, photo and lead
 * acknowledged before the backup began, each photo byte for byte, and no listing without its
 * photos. On SQLite and on PostgreSQL (a throwaway server from the machine's Debian packages
 * unless TEST_POSTGRES_URL names one).
 */

const runScript = promisify(execFile)
const states = new Set(['TX'])

interface Acknowledged {
  /** When the last write returned (ms since the epoch). */
  at: number
  listingId: number
  leadMessage: string
  photos: { documentId: number; sha256: string }[]
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** A small photo of its own colour: every index a different file. */
const photoOf = (index: number) =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: { r: index % 256, g: Math.floor(index / 256) % 256, b: 90 } } })
    .jpeg()
    .toBuffer()

/** One seller's listing with two new photos and a lead on it, as the pages write them; acknowledged once all returned. */
async function publishListingWithLead(db: Kysely<Database>, seller: SellerScope, photoStore: PhotoStorage, index: number): Promise<Acknowledged> {
  const photos = []
  for (const photoIndex of [2 * index, 2 * index + 1]) {
    const stored = await storePhoto(await photoOf(photoIndex), photoStore)
    if (!stored.ok) throw new Error(stored.detail)
    photos.push({ documentId: stored.documentId, sha256: sha256((await photoStore.get(`${stored.documentId}.jpg`))!) })
  }
  const draftId = await createDraft(db, seller, {
    state: 'TX',
    county: 'Travis County',
    city: 'Austin',
    latitude: '30.2672',
    longitude: '-97.7431',
    acres: String(10 + index),
    saleType: 'sale',
    price: String(200_000 + index * 1000),
    propertyTypes: ['recreational-land'],
    title: `Backup drill tract ${index}`,
    description: 'Live oaks and a seasonal creek.',
    photos: photos.map(({ documentId }) => ({ documentId, caption: '' })),
  })
  const outcome = await publishDraft(db, seller, (await findSellerDraft(db, seller, draftId))!, {
    isConfirmed: true,
    stateAbbreviations: states,
    photoStorage: photoStore,
  })
  if (!outcome.ok) throw new Error(`Listing ${index} was not published: ${JSON.stringify(outcome.review.findings)}`)
  const leadMessage = `Is tract ${index} still for sale?`
  await createLead(db, {
    listing_id: outcome.listingId,
    account_id: seller.accountId,
    site_id: 0,
    name: 'Drill Buyer',
    email: 'drill@example.com',
    phone: null,
    message: leadMessage,
    read_at: null,
    land_request_id: null,
  })
  return { at: Date.now(), listingId: outcome.listingId, leadMessage, photos }
}

/** Runs `npm run backup` as an operator would, against the database and data folder of `source`. */
async function runBackupScript(source: DataLocation, backupDir: string, photoStoreEnv: Record<string, string>) {
  const env: NodeJS.ProcessEnv = { ...process.env, ...photoStoreEnv, DATA_DIR: source.dataDir }
  if ('postgresUrl' in source.database) env.DATABASE_URL = source.database.postgresUrl
  else delete env.DATABASE_URL
  return runScript('node', ['--import', 'tsx', 'scripts/backup.ts', backupDir], { env })
}

let postgres: TestPostgres | undefined
const postgresServer = () => (postgres ??= startTestPostgres(54350))
const temporaryFolder = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`))

let bucket: Awaited<ReturnType<typeof startS3Server>> | undefined
/** The local bucket, started once; this process reads it too, with the credentials the scripts get. */
async function theBucket() {
  if (!bucket) {
    bucket = await startS3Server()
    for (const [name, value] of Object.entries(bucket.env)) vi.stubEnv(name, value)
  }
  return bucket
}
const sqliteIn = async (dataDir: string): Promise<DatabaseTarget> => ({ sqliteFile: path.join(dataDir, 'marketplace.db') })
/** The photos in the data folder, as one machine keeps them. */
const inDataFolder = { photos: async (dataDir: string) => folderPhotoStorage(uploadsFolder(dataDir)), env: async () => ({}) }
/** The photos in a bucket (a local s3rver), as several servers keep them; each data folder its own prefix, so a restore starts from an empty one. */
const inBucket = {
  photos: async (dataDir: string) => s3PhotoStorage({ ...(await theBucket()).setting, prefix: `${path.basename(dataDir)}/` }),
  env: async (dataDir: string) => ({ ...(await theBucket()).env, PHOTO_STORE: `s3://${(await theBucket()).setting.bucket}/${path.basename(dataDir)}` }),
}
const targets = [
  { name: 'SQLite, photos in the data folder', enabled: true, database: sqliteIn, ...inDataFolder },
  {
    name: 'PostgreSQL, photos in the data folder',
    enabled: !!process.env.TEST_POSTGRES_URL || !!findPostgresBinaries(),
    database: async () => freshPostgresTarget(postgresServer()!.url, 'backup_drill'),
    ...inDataFolder,
  },
  { name: 'SQLite, photos in a bucket', enabled: true, database: sqliteIn, ...inBucket },
]
if (!targets[1]!.enabled)
  console.warn('backups.test.ts: no PostgreSQL binaries in /usr/lib/postgresql and no TEST_POSTGRES_URL, so the PostgreSQL restore drill is skipped.')

afterAll(async () => {
  postgres?.stop()
  vi.unstubAllEnvs()
  await bucket?.close()
})

describe.each(targets)('backup and restore on $name', ({ enabled, database, photos, env }) => {
  let source: DataLocation
  let db: Kysely<Database>
  let seller: SellerScope
  const backupDir = path.join(temporaryFolder('backup'), 'backup')

  beforeAll(async () => {
    if (!enabled) return
    const dataDir = temporaryFolder('backup-source')
    source = { database: await database(dataDir), dataDir, photos: await photos(dataDir) }
    db = await migrateAndSeed(createKysely(source.database), { listings: 300, seed: 5 })
    seller = await becomeOwnerSeller(
      db,
      (await createUser(db, { email: 'drill.seller@example.com', password: 'seller-pass-1', contactName: 'Drill Seller', newsletter: false }))!,
    )
  })

  afterAll(async () => {
    if (enabled) await db.destroy()
  })

  test.skipIf(!enabled)(
    'a backup taken while listings, photos and leads are written restores every one acknowledged before it began, whole',
    async () => {
      const acknowledged: Acknowledged[] = []
      // Another worker's long read, as a serving site has: SQLite cannot checkpoint the write-ahead
      // log past it, so the drill's writes live only in the log, which a copy of the file would miss.
      const reader = 'sqliteFile' in source.database ? new SQLite(source.database.sqliteFile, { readonly: true }) : undefined
      reader?.exec('begin')
      reader?.prepare('select count(*) from listings').get()
      let isWriting = true
      const writer = (async () => {
        for (let index = 0; isWriting; index++) acknowledged.push(await publishListingWithLead(db, seller, source.photos, index))
      })()
      // A writer that failed ends the wait with its error rather than a timeout.
      while (acknowledged.length < 5) await Promise.race([writer, new Promise((resolve) => setTimeout(resolve, 20))])
      const backup = await runBackupScript(source, backupDir, await env(source.dataDir))
      const backupFinishedAt = Date.now()
      isWriting = false
      await writer
      reader?.exec('commit')
      reader?.close()
      const { startedAt } = await readManifest(backupDir)
      expect(backup.stdout).toContain(`Everything written before ${startedAt} is in it.`)
      const acknowledgedBeforeBackup = acknowledged.filter((write) => write.at < Date.parse(startedAt))
      // Writing went on while the backup ran: the backup did not stop the site's writers.
      expect(acknowledged.some((write) => write.at > Date.parse(startedAt) && write.at < backupFinishedAt)).toBe(true)

      const restoredDir = temporaryFolder('backup-restored')
      const target = { database: await database(restoredDir), dataDir: restoredDir, photos: await photos(restoredDir) }
      const report = await restore(backupDir, target)
      expect(report.replaced).toEqual([])
      const restored = createKysely(target.database)
      try {
        const listings = await restored.selectFrom('listings').select(['id', 'image_ids']).where('account_id', '=', seller.accountId).execute()
        const leads = await restored.selectFrom('leads').select(['listing_id', 'message']).where('account_id', '=', seller.accountId).execute()
        const restoredFile = async (documentId: number) => (await target.photos.get(`${documentId}.jpg`)) ?? Buffer.alloc(0)
        for (const { listingId, leadMessage, photos } of acknowledgedBeforeBackup) {
          const listing = listings.find((row) => row.id === listingId)
          expect(listing && (JSON.parse(listing.image_ids) as number[])).toEqual(photos.map((photo) => photo.documentId))
          for (const photo of photos) expect(sha256(await restoredFile(photo.documentId))).toBe(photo.sha256)
          expect(leads).toContainEqual({ listing_id: listingId, message: leadMessage })
        }
        // Whatever else the snapshot caught (written after the backup began) is whole too: no listing without its photos' files.
        for (const listing of listings) {
          const photos = JSON.parse(listing.image_ids) as number[]
          expect(photos).toHaveLength(2)
          for (const documentId of photos) expect((await restoredFile(documentId)).byteLength).toBeGreaterThan(0)
        }
        expect(leads.every((lead) => listings.some((listing) => listing.id === lead.listing_id))).toBe(true)
      } finally {
        await restored.destroy()
      }

      // Once more into the same place: refused unless forced and named, and a PostgreSQL database a site still uses is never replaced.
      await expect(restore(backupDir, target)).rejects.toThrow(/^Refusing to restore over the database/)
      await expect(restore(backupDir, target, { force: true, confirmTarget: 'marketplace' })).rejects.toThrow(BackupError)
      if ('postgresUrl' in target.database) {
        const serving = createKysely(target.database)
        await serving.selectFrom('listings').select('id').limit(1).execute()
        await expect(restore(backupDir, target, { force: true, confirmTarget: describeDatabase(target.database) })).rejects.toThrow(/other sessions: stop the site/)
        await serving.destroy()
      }
      const forced = await restore(backupDir, target, { force: true, confirmTarget: describeDatabase(target.database) })
      expect(forced.replaced.length).toBeGreaterThan(0)
    },
    120_000,
  )

  test.skipIf(!enabled)('a damaged backup is refused before anything is restored', async () => {
    const damaged = temporaryFolder('backup-damaged')
    fs.cpSync(backupDir, damaged, { recursive: true })
    const photo = fs.readdirSync(path.join(damaged, 'photos'))[0]!
    fs.appendFileSync(path.join(damaged, 'photos', photo), 'x')
    const restoredDir = temporaryFolder('backup-refused')
    await expect(restore(damaged, { database: await database(restoredDir), dataDir: restoredDir, photos: await photos(restoredDir) })).rejects.toThrow(
      `photos/${photo} is not what was backed up`,
    )
    expect(fs.readdirSync(restoredDir)).toEqual([])
  })
})
