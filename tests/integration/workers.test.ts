import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type ProductionServer, startProductionServer } from '../support/server'

/**
 * The production server with two worker processes behind one port (issue 18 item 5, decision
 * 0025): requests spread over both, a rate limit counts across them, and a SIGTERM stops them all.
 * (One e-mail per subscriber with two processes mailing at once: tests/unit/saved-search-updates.test.ts.)
 */
let server: ProductionServer
const land = 'land.localhost'

beforeAll(async () => {
  server = await startProductionServer({ WEB_CONCURRENCY: '2' })
}, 90_000)

afterAll(async () => {
  if (server.child.exitCode === null) server.child.kill('SIGKILL')
})

test('two workers serve one port, and the login limit (20 tries in 15 minutes) holds across them', async () => {
  const listening = server.logs.find((entry) => entry.event === 'listening')!
  expect(listening.workers).toHaveLength(2)

  // An address of its own on every run: the counts stay in the test database.
  const address = `2001:db8::${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`
  const tryLogin = () =>
    server.fetchPage(land, '/login', {
      method: 'POST',
      body: new URLSearchParams({ email: 'demo.buyer@example.com', password: 'not-the-password-1', redirectTo: '/' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${land}`, 'x-forwarded-for': address },
    })
  // Sent at once, on as many connections: the primary deals them out to both workers.
  const answers = await Promise.all(Array.from({ length: 26 }, tryLogin))
  const statuses = answers.map((answer) => answer.status)
  expect(statuses.filter((status) => status === 400)).toHaveLength(20)
  expect(statuses.filter((status) => status === 429)).toHaveLength(6)
  const refused = await answers.find((answer) => answer.status === 429)!.text()
  expect(refused).toContain('Too many attempts')

  await expect.poll(() => server.logs.filter((entry) => entry.path === '/login').length).toBe(26)
  const workers = new Set(server.logs.filter((entry) => entry.path === '/login').map((entry) => entry.pid))
  expect(workers).toEqual(new Set(listening.workers as number[]))
}, 60_000)

test('a SIGTERM stops every worker and the server exits cleanly', async () => {
  server.child.kill('SIGTERM')
  expect(await server.exited).toBe(0)
  expect(server.logs.filter((entry) => entry.event === 'shutting down')).toHaveLength(3)
}, 20_000)
