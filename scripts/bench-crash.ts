/**
 * `npm run bench:crash` (issue 18 item 7): starts the production server on a private copy of the
 * test database, sends a burst of contact-form posts (each message with its own marker, each from
 * its own client address so that no rate limit applies), kills the server with SIGKILL in the
 * middle of the burst, starts it again, and checks the leads table against what the client saw:
 * every post answered with success is stored exactly once, with the message exactly as sent.
 * Then, when Debian's PostgreSQL is installed, the server on a throwaway PostgreSQL database
 * while that database stops and starts again: pages must answer (503, the site's error page)
 * rather than hang, and recover by themselves.
 *
 *   npm run bench:crash -- [--posts 400] [--kill-after 150] [--concurrency 16]
 */
import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import SQLite from 'better-sqlite3'
import pLimit from 'p-limit'
import { privateDataDir } from '../tests/support/private-data'
import { startProductionServer } from '../tests/support/server-process'
import { landListings } from '../tests/support/test-database'
import { startTestPostgres } from './test-postgres'

const { values: options } = parseArgs({
  options: { posts: { type: 'string', default: '400' }, 'kill-after': { type: 'string', default: '150' }, concurrency: { type: 'string', default: '16' } },
})
const host = 'land.localhost'
const run = randomUUID().slice(0, 8)
const marker = (index: number) => `crash-${run}-${index}`

async function main() {
  const dataDir = privateDataDir('crash')
  const [listing] = landListings('listings.status = 1 and listings.listing_level > 0', { limit: 1, offset: 0 })
  if (!listing) throw new Error('No active paid listing in the test database')
  let server = await startProductionServer({ DATA_DIR: dataDir })
  const answered = new Map<number, number | 'no answer'>()
  let killedAt = 0
  const limit = pLimit(Number(options.concurrency))
  const post = (index: number) =>
    server
      .fetchPage(host, listing.path, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: `http://${host}`,
          'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
        },
        body: new URLSearchParams({
          intent: 'contact',
          name: 'Crash Tester',
          email: 'crash@example.com',
          phone: '(512) 555-0123',
          message: `Is it still for sale? ${marker(index)}`,
        }).toString(),
      })
      .then((response) => response.status)
      .catch(() => 'no answer' as const)
  const started = performance.now()
  await Promise.all(
    Array.from({ length: Number(options.posts) }, (_, index) =>
      limit(async () => {
        if (killedAt) return
        answered.set(index, await post(index))
        if (!killedAt && answered.size >= Number(options['kill-after'])) {
          killedAt = answered.size
          server.child.kill('SIGKILL')
        }
      }),
    ),
  )
  await server.exited
  const burstSeconds = (performance.now() - started) / 1000
  server = await startProductionServer({ DATA_DIR: dataDir })
  const ready = await server.fetchPage(host, '/readyz')
  const db = new SQLite(path.join(dataDir, 'marketplace.db'), { readonly: true })
  const stored = db.prepare(`select message, name, email, phone from leads where message like ?`).all(`%crash-${run}-%`) as {
    message: string
    name: string
    email: string
    phone: string
  }[]
  db.close()
  server.child.kill('SIGTERM')
  await server.exited
  fs.rmSync(dataDir, { recursive: true, force: true })

  const storedCount = new Map<number, number>()
  let halfWritten = 0
  for (const row of stored) {
    const index = Number(row.message.match(new RegExp(`crash-${run}-(\\d+)$`))?.[1])
    storedCount.set(index, (storedCount.get(index) ?? 0) + 1)
    if (row.message !== `Is it still for sale? ${marker(index)}` || row.name !== 'Crash Tester' || row.email !== 'crash@example.com' || !row.phone) halfWritten++
  }
  const successes = [...answered].filter(([, status]) => typeof status === 'number' && status < 400).map(([index]) => index)
  const lost = successes.filter((index) => !storedCount.has(index))
  const duplicated = [...storedCount].filter(([, count]) => count > 1)
  const storedUnanswered = [...storedCount.keys()].filter((index) => !successes.includes(index))
  const statuses = new Map<string, number>()
  for (const status of answered.values()) statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1)
  console.log(
    `bench:crash: ${answered.size} contact posts sent (${options.concurrency} at a time) in ${burstSeconds.toFixed(1)} s, SIGKILL after ${killedAt} answers`,
  )
  console.log(
    `  answers ${[...statuses]
      .sort()
      .map(([status, count]) => `${status}:${count}`)
      .join(' ')}`,
  )
  console.log(`  after restart: /readyz ${ready.status}; ${stored.length} leads stored for ${successes.length} successes`)
  console.log(
    `  lost successes ${lost.length}   duplicated ${duplicated.length}   half-written ${halfWritten}   stored but never answered (in flight at the kill) ${storedUnanswered.length}`,
  )
  process.exitCode = lost.length + duplicated.length + halfWritten > 0 || ready.status !== 200 ? 1 : 0
}

/** Sends each page once, all at once, and sums up the answers: statuses, the slowest, how many were the site's error page. */
async function sendAll(server: Awaited<ReturnType<typeof startProductionServer>>, paths: string[]) {
  const started = performance.now()
  const answers = await Promise.all(
    paths.map((pagePath) =>
      Promise.race([
        server
          .fetchPage(host, pagePath)
          .then(async (response) => ({ status: String(response.status), isErrorPage: (await response.text()).includes('<title>') && response.status >= 500 })),
        new Promise<{ status: string; isErrorPage: boolean }>((resolve) => setTimeout(() => resolve({ status: 'hang', isErrorPage: false }), 10_000)),
      ]),
    ),
  )
  const statuses = new Map<string, number>()
  for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1)
  const summary = [...statuses]
    .sort()
    .map(([status, count]) => `${status}:${count}`)
    .join(' ')
  return { summary, seconds: (performance.now() - started) / 1000, errorPages: answers.filter((answer) => answer.isErrorPage).length, answers }
}

async function postgresOutage() {
  const postgres = process.env.TEST_POSTGRES_URL ? undefined : startTestPostgres(54377)
  if (!postgres) return console.log('PostgreSQL outage: skipped (no Debian PostgreSQL here, or TEST_POSTGRES_URL names a server this script must not stop)')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-postgres-'))
  const env = { DATA_DIR: dataDir, DATABASE_URL: postgres.url }
  let server: Awaited<ReturnType<typeof startProductionServer>> | undefined
  try {
    spawnSync('npx', ['tsx', 'scripts/prepare-data.ts'], { stdio: 'inherit', env: { ...process.env, ...env, SEED_LISTINGS: '500' } })
    server = await startProductionServer(env)
    // Each round other sorts and listings, so that no answer comes from a cache.
    const sorts = ['sort-price-low', 'sort-price-high', 'sort-acres-low', 'sort-acres-high', 'sort-newest']
    const pages = (round: number) => [
      ...['alabama', 'texas', 'ohio', 'maine', 'utah'].map((state, index) => `/search/${state}-land-for-sale/${sorts[(round + index) % sorts.length]}/`),
      ...[1, 2, 3, 4, 5].map((index) => `/property/${round * 5 + index}`),
    ]
    const up = await sendAll(server, pages(2))
    postgres.pause()
    const down = await sendAll(server, pages(3))
    const stoppedAt = performance.now()
    postgres.resume()
    const failing = (answers: { status: string }[]) => answers.some((answer) => !/^[234]/.test(answer.status))
    let round = 4
    let recovered = await sendAll(server, pages(round))
    while (failing(recovered.answers) && performance.now() - stoppedAt < 60_000) recovered = await sendAll(server, pages(++round))
    console.log(`PostgreSQL outage (${pages(1).length} search pages at once each time):`)
    console.log(`  database up:       ${up.summary} in ${up.seconds.toFixed(1)} s`)
    console.log(`  database stopped:  ${down.summary} in ${down.seconds.toFixed(1)} s, ${down.errorPages} of them the site's error page`)
    console.log(`  database restarted: ${recovered.summary}, none failing ${((performance.now() - stoppedAt) / 1000).toFixed(1)} s after the restart began`)
    if (down.answers.some((answer) => answer.status === 'hang' || answer.status === '500') || failing(recovered.answers)) process.exitCode = 1
  } finally {
    server?.child.kill('SIGTERM')
    await server?.exited
    postgres.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
await postgresOutage()
