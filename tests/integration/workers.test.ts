import { randomInt } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createKysely } from '~/models/db/dialect.server'
import { noteListingsChanged } from '~/models/listings/listing-changes.server'
import { sessionCookie } from '../support/http'
import { privateDataDir } from '../support/private-data'
import { type ProductionServer, startProductionServer } from '../support/server'

/**
 * The production server with two worker processes behind one port (issue 18 item 5, decision
 * 0025): requests spread over both, a rate limit counts across them, each keeps anonymous pages in
 * its page cache and forgets them when another process writes a listing, and a SIGTERM stops them all.
 * (One e-mail per subscriber with two processes mailing at once: tests/unit/saved-search-updates.test.ts.)
 */
let server: ProductionServer
const land = 'land.localhost'
// Listings are written here: a copy of the test database of its own.
const dataDir = privateDataDir('workers')

beforeAll(async () => {
  server = await startProductionServer({ WEB_CONCURRENCY: '2', DATA_DIR: dataDir })
}, 90_000)

afterAll(async () => {
  if (server.child.exitCode === null) server.child.kill('SIGKILL')
})

test('two workers serve one port, and the login limit (20 tries in 15 minutes) holds across them', async () => {
  const listening = server.logs.find((entry) => entry.event === 'listening')!
  expect(listening.workers).toHaveLength(2)

  // An address of its own on every run: the counts stay in the test database.
  const address = `2001:db8::${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`
  // Each try names another account, so the per-account limit (10 failures) does not come first.
  const tryLogin = (_: unknown, attempt: number) =>
    server.fetchPage(land, '/login', {
      method: 'POST',
      body: new URLSearchParams({ email: `nobody-${attempt}-${address}@example.com`, password: 'not-the-password-1', redirectTo: '/' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${land}`, 'x-forwarded-for': address },
    })
  // Sent at once, on as many connections: the primary deals them out to both workers.
  const answers = await Promise.all(Array.from({ length: 26 }, tryLogin))
  const statuses = answers.map((answer) => answer.status)
  expect(statuses.filter((status) => status === 400)).toHaveLength(20)
  expect(statuses.filter((status) => status === 429)).toHaveLength(6)
  const refused = await answers.find((answer) => answer.status === 429)!.text()
  expect(refused).toContain('You have reached the limit of 20 login attempts in 15 minutes.')

  await expect.poll(() => server.logs.filter((entry) => entry.path === '/login').length).toBe(26)
  const workers = new Set(server.logs.filter((entry) => entry.path === '/login').map((entry) => entry.pid))
  expect(workers).toEqual(new Set(listening.workers as number[]))
}, 60_000)

test('anonymous pages come from each worker’s cache until another process writes a listing; a signed-in person’s never do', async () => {
  const texas = '/search/texas-land-for-sale/'
  // At once, on as many connections: both workers answer.
  const askAll = (headers: Record<string, string> = {}) => Promise.all(Array.from({ length: 6 }, () => server.fetchPage(land, texas, { headers })))
  const first = await askAll()
  const again = await askAll()
  expect(again.map((page) => page.headers.get('x-page-cache'))).toContain('hit')
  const hit = again.find((page) => page.headers.get('x-page-cache') === 'hit')!
  expect(hit.headers.get('etag')).toBe(first[0]!.headers.get('etag'))
  expect(hit.headers.get('cache-control')).toMatch(/^public, .*s-maxage=60/)
  // Its policy names the nonce its scripts carry.
  const html = await hit.text()
  const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(hit.headers.get('content-security-policy')!)![1]!
  expect(html).toContain(`nonce="${nonce}"`)
  const notModified = await server.fetchPage(land, texas, { headers: { 'if-none-match': hit.headers.get('etag')! } })
  expect(notModified.status).toBe(304)

  const cookie = await sessionCookie(server.fetchPage, land, { email: 'demo.buyer@example.com', password: 'demo-buyer-1' }, '192.0.2.240')
  for (const page of await askAll({ cookie })) {
    expect(page.headers.get('x-page-cache')).toBeNull()
    expect(page.headers.get('cache-control')).toBe('private, no-store')
  }

  // A listing on the page changes, written by another process (as a feed import would).
  const listingId = Number(/href="\/property\/[^"]*?(\d+)\/"/.exec(html)![1])
  const db = createKysely({ sqliteFile: path.join(dataDir, 'marketplace.db') })
  try {
    const title = `Creekside acreage renamed ${randomInt(1e9)}`
    await db.updateTable('listings').set({ title }).where('id', '=', listingId).execute()
    await noteListingsChanged(db)
    await expect
      .poll(async () => (await Promise.all((await askAll()).map((page) => page.text()))).every((page) => page.includes(title)), { timeout: 3_000 })
      .toBe(true)
  } finally {
    await db.destroy()
  }
}, 30_000)

test('a SIGTERM stops every worker and the server exits cleanly', async () => {
  server.child.kill('SIGTERM')
  expect(await server.exited).toBe(0)
  expect(server.logs.filter((entry) => entry.event === 'shutting down')).toHaveLength(3)
}, 20_000)
