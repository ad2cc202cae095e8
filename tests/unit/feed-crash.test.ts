import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { migrateToLatest } from '~/models/db/db.server'
import { createKysely } from '~/models/db/dialect.server'
import { importFeed } from '~/models/feeds/feed-import.server'
import { buildGeography } from '~/models/places/geography.server'
import { generateFeed } from '~/dev-data/feed-records'
import { createPlaceIndex } from '~/dev-data/place-index'
import { seedDatabase } from '~/dev-data/seed.server'

/** Issue 14 "Bad input": kill -9 during an import and run it again: no duplicates, no lost records. */
const recordCount = 1200

describe('an import killed part way', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'feed-crash-'))
  const feedFile = path.join(folder, 'feed.xml')
  let db: Kysely<Database>
  let partnerId: number
  let child: ChildProcess | undefined

  beforeAll(async () => {
    db = createKysely({ sqliteFile: path.join(folder, 'marketplace.db') })
    await migrateToLatest(db)
    await seedDatabase(db, { listings: 200, seed: 9, demoUsers: true })
    ;({ id: partnerId } = await db
      .insertInto('feed_partners')
      .values({ name: 'Crash partner', account_id: 1, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow())
    const geography = buildGeography()
    fs.writeFileSync(feedFile, [...generateFeed({ count: recordCount, seed: 3, geography, places: createPlaceIndex(geography) })].join(''))
  }, 120_000)

  afterAll(async () => {
    child?.kill('SIGKILL')
    await db.destroy()
  })

  const countOf = async (table: 'feed_records' | 'listings') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('partner_id', '=', partnerId)
          .executeTakeFirstOrThrow()
      ).count,
    )

  test('the second run finds every record once, and each listing once', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'scripts/feed-import.ts', '--partner', String(partnerId), feedFile], {
      env: { ...process.env, DATA_DIR: folder },
      stdio: 'ignore',
    })
    const exited = new Promise((resolve) => child!.once('exit', resolve))
    const deadline = Date.now() + 60_000
    while ((await countOf('feed_records')) < 150 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    child.kill('SIGKILL')
    await exited
    const written = await countOf('feed_records')
    expect(written).toBeGreaterThanOrEqual(150)
    expect(written).toBeLessThan(recordCount)
    // Whatever was written is whole: every feed listing has its feed record, and the other way round.
    const orphans = await db
      .selectFrom('listings')
      .leftJoin('feed_records', 'feed_records.listing_id', 'listings.id')
      .select('listings.id')
      .where('listings.partner_id', '=', partnerId)
      .where('feed_records.listing_id', 'is', null)
      .execute()
    expect(orphans).toEqual([])

    const rerun = await importFeed(db, { partnerId, source: feedFile, allowLocalFile: true })
    expect(rerun.status).toBe('finished')
    expect(rerun.counts.received).toBe(recordCount)
    expect(await countOf('feed_records')).toBe(recordCount)
    const listed = await db.selectFrom('feed_records').select('listing_id').where('partner_id', '=', partnerId).where('listing_id', 'is not', null).execute()
    expect(await countOf('listings')).toBe(listed.length)
    const ids = await db.selectFrom('listings').select('external_source_id').where('partner_id', '=', partnerId).execute()
    expect(new Set(ids.map((row) => row.external_source_id)).size).toBe(ids.length)
    const killedRun = await db.selectFrom('feed_runs').select(['status', 'error_code']).where('partner_id', '=', partnerId).orderBy('id').executeTakeFirstOrThrow()
    expect(killedRun).toEqual({ status: 'failed', error_code: 'FEED_INTERRUPTED' })
  }, 120_000)
})
