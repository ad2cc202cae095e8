import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Kysely } from 'kysely'
import SQLite from 'better-sqlite3'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { createKysely, type DatabaseTarget } from '~/models/db/dialect.server'
import { BackupError, describeDatabase, type DataLocation, readManifest, restore } from '~/models/db/backups.server'
import { createLead } from '~/models/listings/listing-activity.server'
import { storePhoto } from '~/models/media/photo-store.server'
import { folderPhotoStorage, uploadsFolder } from '~/models/media/folder-photo-storage.server'
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
async function publishListingWithLead(db: Kysely<Database>, seller: SellerScope, uploadsDir: string, index: number): Promise<Acknowledged> {
  const photos = []
  for (const photoIndex of [2 * index, 2 * index + 1]) {
    const stored = await storePhoto(await photoOf(photoIndex), folderPhotoStorage(uploadsDir))
    if (!stored.ok) throw new Error(stored.detail)
    photos.push({ documentId: stored.documentId, sha256: sha256(fs.readFileSync(path.join(uploadsDir, `${stored.documentId}.jpg`))) })
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
  const outcome = await publishDraft(db, seller, (await findSellerDraft(db, seller, draftId))!, { isConfirmed: true, stateAbbreviations: states })
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
async function runBackupScript(source: DataLocation, backupDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: source.dataDir }
  if ('postgresUrl' in source.database) env.DATABASE_URL = source.database.postgresUrl
  else delete env.DATABASE_URL
  return runScript('node', ['--import', 'tsx', 'scripts/backup.ts', backupDir], { env })
}

let postgres: TestPostgres | undefined
const postgresServer = () => (postgres ??= startTestPostgres(54350))
const temporaryFolder = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`))

const targets = [
  { name: 'SQLite', enabled: true, database: async (dataDir: string): Promise<DatabaseTarget> => ({ sqliteFile: path.join(dataDir, 'marketplace.db') }) },
  {
    name: 'PostgreSQL',
    enabled: !!process.env.TEST_POSTGRES_URL || !!findPostgresBinaries(),
    database: async () => freshPostgresTarget(postgresServer()!.url, 'backup_drill'),
  },
]
if (!targets[1]!.enabled)
  console.warn('backups.test.ts: no PostgreSQL binaries in /usr/lib/postgresql and no TEST_POSTGRES_URL, so the PostgreSQL restore drill is skipped.')

afterAll(() => postgres?.stop())

describe.each(targets)('backup and restore on $name', ({ enabled, database }) => {
  let source: DataLocation
  let db: Kysely<Database>
  let seller: SellerScope
  const backupDir = path.join(temporaryFolder('backup'), 'backup')

  beforeAll(async () => {
    if (!enabled) return
    const dataDir = temporaryFolder('backup-source')
    source = { database: await database(dataDir), dataDir }
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
      const uploadsDir = uploadsFolder(source.dataDir)
      const acknowledged: Acknowledged[] = []
      // Another worker's long read, as a serving site has: SQLite cannot checkpoint the write-ahead
      // log past it, so the drill's writes live only in the log, which a copy of the file would miss.
      const reader = 'sqliteFile' in source.database ? new SQLite(source.database.sqliteFile, { readonly: true }) : undefined
      reader?.exec('begin')
      reader?.prepare('select count(*) from listings').get()
      let isWriting = true
      const writer = (async () => {
        for (let index = 0; isWriting; index++) acknowledged.push(await publishListingWithLead(db, seller, uploadsDir, index))
      })()
      while (acknowledged.length < 5) await new Promise((resolve) => setTimeout(resolve, 20))
      const backup = await runBackupScript(source, backupDir)
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
      const target = { database: await database(restoredDir), dataDir: restoredDir }
      const report = await restore(backupDir, target)
      expect(report.replaced).toEqual([])
      const restored = createKysely(target.database)
      try {
        const listings = await restored.selectFrom('listings').select(['id', 'image_ids']).where('account_id', '=', seller.accountId).execute()
        const leads = await restored.selectFrom('leads').select(['listing_id', 'message']).where('account_id', '=', seller.accountId).execute()
        const restoredFile = (documentId: number) => fs.readFileSync(path.join(uploadsFolder(restoredDir), `${documentId}.jpg`))
        for (const { listingId, leadMessage, photos } of acknowledgedBeforeBackup) {
          const listing = listings.find((row) => row.id === listingId)
          expect(listing && (JSON.parse(listing.image_ids) as number[])).toEqual(photos.map((photo) => photo.documentId))
          for (const photo of photos) expect(sha256(restoredFile(photo.documentId))).toBe(photo.sha256)
          expect(leads).toContainEqual({ listing_id: listingId, message: leadMessage })
        }
        // Whatever else the snapshot caught (written after the backup began) is whole too: no listing without its photos' files.
        for (const listing of listings) {
          const photos = JSON.parse(listing.image_ids) as number[]
          expect(photos).toHaveLength(2)
          for (const documentId of photos) expect(restoredFile(documentId).byteLength).toBeGreaterThan(0)
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
    const photo = fs.readdirSync(path.join(damaged, 'data', 'uploads'))[0]!
    fs.appendFileSync(path.join(damaged, 'data', 'uploads', photo), 'x')
    const restoredDir = temporaryFolder('backup-refused')
    await expect(restore(damaged, { database: await database(restoredDir), dataDir: restoredDir })).rejects.toThrow(
      `data/uploads/${photo} is not what was backed up`,
    )
    expect(fs.readdirSync(restoredDir)).toEqual([])
  })
})
