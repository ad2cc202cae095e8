import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { createPhotoFetcher } from '~/models/feeds/feed-photos.server'
import { pullDueFeeds } from '~/models/feeds/feed-scheduler.server'
import { freshSqliteDatabase, migrateAndSeed } from '../support/fresh-database'

const sampleFeed = fs.readFileSync(path.resolve('tests/fixtures/partner-feed.xml'))
const start = new Date('2026-11-02T00:00:00Z')
const minutesLater = (minutes: number) => () => new Date(start.getTime() + minutes * 60_000)

describe('scheduled feed pulls', () => {
  let db: Kysely<Database>
  let server: http.Server
  let feedRequests = 0
  let partnerId: number
  const importOptions = {
    photoFetcher: createPhotoFetcher({
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pull-photos-')),
      fetch: async () => new Response('no photos here', { status: 404 }),
    }),
    limits: { maxBytes: 1024 ** 3, maxRecordCharacters: 20_000 },
  }

  beforeAll(async () => {
    db = await migrateAndSeed(freshSqliteDatabase('feed-scheduler'), { listings: 100, seed: 5 })
    server = http.createServer((_request, response) => {
      feedRequests += 1
      // Slow enough that two pullers overlap.
      setTimeout(() => response.writeHead(200, { 'content-type': 'application/xml' }).end(sampleFeed), 100)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { id: accountId } = await db.selectFrom('accounts').select('id').orderBy('id').executeTakeFirstOrThrow()
    ;({ id: partnerId } = await db
      .insertInto('feed_partners')
      .values({
        name: 'Pulled partner',
        account_id: accountId,
        feed_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.xml`,
        pull_interval_minutes: 60,
        created_at: start.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow())
  }, 120_000)

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await db.destroy()
  })

  test('two pullers at once import the due feed once; it is due again after its interval', async () => {
    const [first, second] = await Promise.all([
      pullDueFeeds(db, { owner: 'server-a', now: minutesLater(0), importOptions }),
      pullDueFeeds(db, { owner: 'server-b', now: minutesLater(0), importOptions }),
    ])
    expect(first.runs.length + second.runs.length).toBe(1)
    expect(feedRequests).toBe(1)
    const run = [...first.runs, ...second.runs][0]!
    expect(run).toMatchObject({ status: 'finished' })
    expect(run.counts.received).toBe(21)
    expect(await db.selectFrom('listings').select('id').where('partner_id', '=', partnerId).execute()).not.toHaveLength(0)

    expect((await pullDueFeeds(db, { now: minutesLater(30), importOptions })).runs).toHaveLength(0)
    expect((await pullDueFeeds(db, { now: minutesLater(61), importOptions })).runs).toHaveLength(1)
    expect(feedRequests).toBe(2)
  })

  test("a dead puller's lease lapses and another takes the feed over", async () => {
    await db
      .updateTable('feed_partners')
      .set({ lease_owner: 'crashed', lease_expires_at: new Date(start.getTime() + 200 * 60_000).toISOString(), next_pull_at: null })
      .where('id', '=', partnerId)
      .execute()
    expect((await pullDueFeeds(db, { now: minutesLater(150), importOptions })).runs).toHaveLength(0)
    expect((await pullDueFeeds(db, { now: minutesLater(201), importOptions })).runs).toHaveLength(1)
  })
})
