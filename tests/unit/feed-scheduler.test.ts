import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { createPhotoFetcher } from '~/models/feeds/feed-photos.server'
import { type PullOptions, pullDueFeeds } from '~/models/feeds/feed-scheduler.server'
import { createOutboundFetch } from '~/models/net/outbound-fetch.server'
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
      outboundFetch: async () => new Response('no photos here', { status: 404 }),
    }),
    limits: { maxBytes: 1024 ** 3, maxRecordCharacters: 20_000 },
    // The test's feed server listens on loopback, which the guard refuses unless a test opts in.
    outboundFetch: createOutboundFetch({ allowedHosts: ['127.0.0.1'] }),
  }
  let feedOrigin: string

  beforeAll(async () => {
    db = await migrateAndSeed(freshSqliteDatabase('feed-scheduler'), { listings: 100, seed: 5 })
    server = http.createServer((request, response) => {
      feedRequests += 1
      if (request.url === '/missing.xml') return response.writeHead(404).end()
      // Slow enough that two pullers overlap.
      setTimeout(() => response.writeHead(200, { 'content-type': 'application/xml' }).end(sampleFeed), 100)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    feedOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const { id: accountId } = await db.selectFrom('accounts').select('id').orderBy('id').executeTakeFirstOrThrow()
    ;({ id: partnerId } = await db
      .insertInto('feed_partners')
      .values({
        name: 'Pulled partner',
        account_id: accountId,
        feed_url: `${feedOrigin}/feed.xml`,
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
    expect(first.length + second.length).toBe(1)
    expect(feedRequests).toBe(1)
    const run = [...first, ...second][0]!
    expect(run).toMatchObject({ status: 'finished' })
    expect(run.counts.received).toBe(22)
    expect(await db.selectFrom('listings').select('id').where('partner_id', '=', partnerId).execute()).not.toHaveLength(0)

    expect(await pullDueFeeds(db, { now: minutesLater(30), importOptions })).toHaveLength(0)
    expect(await pullDueFeeds(db, { now: minutesLater(61), importOptions })).toHaveLength(1)
    expect(feedRequests).toBe(2)
  })

  test("a dead puller's lease lapses and another takes the feed over", async () => {
    await db
      .updateTable('feed_partners')
      .set({ lease_owner: 'crashed', lease_expires_at: new Date(start.getTime() + 200 * 60_000).toISOString(), next_pull_at: null })
      .where('id', '=', partnerId)
      .execute()
    expect(await pullDueFeeds(db, { now: minutesLater(150), importOptions })).toHaveLength(0)
    expect(await pullDueFeeds(db, { now: minutesLater(201), importOptions })).toHaveLength(1)
  })

  /** A partner of its own whose feed is the only one due at the pull; the pull's run for it. */
  async function pullOnly(feedUrl: string, pullImportOptions: PullOptions['importOptions']) {
    const { id: accountId } = await db.selectFrom('accounts').select('id').orderBy('id').executeTakeFirstOrThrow()
    const far = new Date(start.getTime() + 365 * 24 * 60 * 60_000).toISOString()
    await db.updateTable('feed_partners').set({ next_pull_at: far, lease_owner: null, lease_expires_at: null }).execute()
    const { id } = await db
      .insertInto('feed_partners')
      .values({ name: `Partner of ${feedUrl}`, account_id: accountId, feed_url: feedUrl, pull_interval_minutes: 60, created_at: start.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()
    const runs = await pullDueFeeds(db, { now: minutesLater(0), importOptions: pullImportOptions })
    expect(runs).toHaveLength(1)
    return db.selectFrom('feed_runs').selectAll().where('id', '=', runs[0]!.runId).where('partner_id', '=', id).executeTakeFirstOrThrow()
  }

  test('a feed URL on loopback, a private or the metadata address is refused, and nothing reaches it', async () => {
    const requestsBefore = feedRequests
    const { photoFetcher, limits } = importOptions
    for (const feedUrl of [
      `${feedOrigin}/feed.xml`,
      `http://localhost:${new URL(feedOrigin).port}/feed.xml`,
      'http://10.1.2.3/feed.xml',
      'http://169.254.169.254/latest/',
    ]) {
      const run = await pullOnly(feedUrl, { photoFetcher, limits })
      expect(run, feedUrl).toMatchObject({ status: 'failed', error_code: 'FEED_URL_REFUSED', received: 0 })
    }
    expect(feedRequests).toBe(requestsBefore)
  })

  test('a feed URL that is not http(s) fails its run: the scheduler never reads a local file', async () => {
    for (const feedUrl of [path.resolve('tests/fixtures/partner-feed.xml'), `file://${path.resolve('tests/fixtures/partner-feed.xml')}`]) {
      expect(await pullOnly(feedUrl, importOptions), feedUrl).toMatchObject({ status: 'failed', error_code: 'FEED_URL_REFUSED', received: 0 })
    }
  })

  test('the report of a feed that answers 404 or whose port is closed says why in words, with no status, socket error, address or port', async () => {
    for (const feedUrl of [`${feedOrigin}/missing.xml`, 'http://127.0.0.1:1/feed.xml']) {
      const run = await pullOnly(feedUrl, importOptions)
      expect(run, feedUrl).toMatchObject({ status: 'failed', error_code: 'FEED_UNREACHABLE' })
      expect(run.error_detail).not.toMatch(/404|ECONNREFUSED|127\.0\.0\.1|:\d/)
    }
  })
})
