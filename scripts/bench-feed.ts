/**
 * `npm run bench:feed`: imports a generated partner feed (BENCH_FEED_RECORDS, default 100,000
 * listings, with photo URLs served from loopback) into a fresh seeded database, then imports the
 * unchanged feed again. Prints records per second, the peak resident memory of this process
 * (target ≤ 300 MB), the re-import's speed-up (target ≥ 10×) and what the quality gate caught.
 * Photos come from a pool of BENCH_FEED_PHOTOS distinct URLs (default 500): each URL is fetched
 * and re-encoded once, as a partner's repeated photo would be; the figure is the importer's, not
 * sharp's.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { migrateToLatest } from '../app/models/db/db.server'
import { createKysely } from '../app/models/db/dialect.server'
import type { FeedRunSummary } from '../app/models/feeds/feed-import.server'
import { reasonCounts } from '../app/models/feeds/feed-report.server'
import { buildGeography } from '../app/models/places/geography.server'
import { generateFeed } from '../app/dev-data/feed-records'
import { createPlaceIndex } from '../app/dev-data/place-index'
import { seedDatabase } from '../app/dev-data/seed.server'

const runFile = promisify(execFile)
const recordCount = Number(process.env.BENCH_FEED_RECORDS ?? 100_000)
const photoPool = Number(process.env.BENCH_FEED_PHOTOS ?? 500)
const seededListings = 20_000

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-feed-'))
const megabytes = (bytes: number) => (bytes / 1024 ** 2).toFixed(0)

// Photos: one small JPEG per pool URL, made once.
const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#7a8b4c' } })
  .jpeg({ quality: 80 })
  .toBuffer()
const server = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo))
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const photoBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

console.log(`seeding ${seededListings.toLocaleString('en-US')} listings for the market the gate compares with…`)
const db = createKysely({ sqliteFile: path.join(folder, 'marketplace.db') })
await migrateToLatest(db)
await seedDatabase(db, { listings: seededListings, seed: 1, demoUsers: false })
const { id: partnerId } = await db
  .insertInto('feed_partners')
  .values({ name: 'Bench partner', account_id: 1, created_at: new Date().toISOString() })
  .returning('id')
  .executeTakeFirstOrThrow()

console.log(`writing a feed of ${recordCount.toLocaleString('en-US')} listings…`)
const geography = buildGeography()
const feedFile = path.join(folder, 'feed.xml')
const output = fs.createWriteStream(feedFile)
for (const chunk of generateFeed({
  count: recordCount,
  seed: 7,
  geography,
  places: createPlaceIndex(geography),
  photoUrls: photoPool > 0 ? (index) => [`${photoBase}/photos/${index % photoPool}.jpg`, `${photoBase}/photos/${(index * 7) % photoPool}.jpg`] : undefined,
})) {
  if (!output.write(chunk)) await new Promise<void>((resolve) => output.once('drain', () => resolve()))
}
await new Promise<void>((resolve) => output.end(() => resolve()))
const feedBytes = fs.statSync(feedFile).size

await db.destroy()

/**
 * Each import runs in a process of its own, as `npm run feed:import` would, so its peak memory is
 * the importer's alone (this process holds the generator's geography).
 */
async function importInChild() {
  // Not spawnSync: this process serves the photos the child fetches.
  // Exactly the command a partner's import runs as, with its heap limit.
  const { stdout } = await runFile('npm', ['run', '--silent', 'feed:import', '--', '--partner', String(partnerId), feedFile, '--json'], {
    env: { ...process.env, DATA_DIR: folder },
    maxBuffer: 1024 ** 2,
  })
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as FeedRunSummary & { seconds: number; peakRssBytes: number }
}

const first = await importInChild()
const again = await importInChild()
server.close()
console.log(`feed: ${recordCount.toLocaleString('en-US')} listings, ${megabytes(feedBytes)} MB, ${photoPool} distinct photo URLs`)
console.log(`first import: ${first.seconds.toFixed(1)} s, ${(recordCount / first.seconds).toFixed(0)} records/s — ${JSON.stringify(first.counts)}`)
console.log(`peak RSS of the importing process: ${megabytes(first.peakRssBytes)} MB first, ${megabytes(again.peakRssBytes)} MB again (target ≤ 300)`)
console.log(
  `re-import of the unchanged feed: ${again.seconds.toFixed(1)} s, ${(recordCount / again.seconds).toFixed(0)} records/s — ${(first.seconds / again.seconds).toFixed(1)}× faster (target ≥ 10)`,
)
console.log('what the gate caught in the first import:')
const reportDb = createKysely({ sqliteFile: path.join(folder, 'marketplace.db') })
for (const [code, count] of await reasonCounts(reportDb, first.runId)) console.log(`  ${code.padEnd(24)} ${count.toLocaleString('en-US').padStart(7)}`)

await reportDb.destroy()
fs.rmSync(folder, { recursive: true, force: true })
