import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { clientAddress, countAttempt, isRateLimited, pruneRateLimitWindows, takeBackAttempt } from '~/http/rate-limit.server'
import { freshPostgresTarget, freshSqliteTarget, openTwoConnections } from '../support/fresh-database'

const postgresUrl = process.env.TEST_POSTGRES_URL
const targets = [
  { name: 'SQLite', enabled: true, target: async () => freshSqliteTarget('rate-limit') },
  { name: 'PostgreSQL', enabled: !!postgresUrl, target: () => freshPostgresTarget(postgresUrl!, 'rate-limit') },
]

describe.each(targets)('request limits on $name', ({ enabled, target }) => {
  /** Two connections to one database, as two worker processes (or two servers) have. */
  let first: Kysely<Database>
  let second: Kysely<Database>
  const minute = { limit: 5, windowMs: 60_000 }
  const now = Date.UTC(2026, 10, 24, 12)

  beforeAll(async () => {
    if (enabled) [first, second] = await openTwoConnections(await target())
  })

  afterAll(async () => {
    await first?.destroy()
    await second?.destroy()
  })

  test.skipIf(!enabled)('two processes count against one limit: the sixth request of a minute is refused, whichever process takes it', async () => {
    const answers = []
    for (let request = 0; request < 6; request += 1) answers.push(await isRateLimited(request % 2 ? second : first, 'contact:203.0.113.1', minute, now + request))
    expect(answers).toEqual([false, false, false, false, false, true])
    // Another address has its own count.
    expect(await isRateLimited(second, 'contact:203.0.113.2', minute, now)).toBe(false)
  })

  test.skipIf(!enabled)('requests at the same moment are each counted once: exactly the limit gets through', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, request) => isRateLimited(request % 2 ? second : first, 'login:198.51.100.7', minute, now)))
    expect(answers.filter((limited) => !limited)).toHaveLength(minute.limit)
  })

  test.skipIf(!enabled)('a new window starts once the old one is over, and old windows are pruned', async () => {
    const key = 'signup:192.0.2.9'
    for (let request = 0; request < 6; request += 1) await isRateLimited(first, key, minute, now)
    expect(await isRateLimited(second, key, minute, now + 59_999)).toBe(true)
    expect(await isRateLimited(second, key, minute, now + 60_000)).toBe(false)
    expect(await pruneRateLimitWindows(first, now + 3 * 24 * 60 * 60_000)).toBeGreaterThanOrEqual(3)
    expect(await first.selectFrom('rate_limit_windows').select('key').execute()).toEqual([])
  })

  test.skipIf(!enabled)('a limit on failures only: attempts are counted first, and a success takes its count back', async () => {
    const key = 'login-failed:example'
    const window = { limit: 3, windowMs: 60_000 }
    expect(await countAttempt(first, key, window, now)).toEqual({ count: 1, windowEndsAt: now + window.windowMs })
    await takeBackAttempt(second, key)
    const attempts = await Promise.all(Array.from({ length: 5 }, (_, attempt) => countAttempt(attempt % 2 ? second : first, key, window, now)))
    expect(attempts.map((attempt) => attempt.count).sort()).toEqual([1, 2, 3, 4, 5])
  })
})

describe('client addresses as rate-limit keys', () => {
  const from = (address: string) => clientAddress(new Request('http://land.localhost/', { headers: { 'x-forwarded-for': `${address}, 10.0.0.1` } }))

  test('an IPv4 address is itself', () => {
    expect(from('203.0.113.7')).toBe('203.0.113.7')
  })

  test('the addresses of one IPv6 /64 share a key, written any way; another /64 has its own', () => {
    const key = from('2001:db8:aa:bb::1')
    expect(key).toBe('2001:db8:aa:bb::/64')
    for (const address of ['2001:db8:aa:bb:ffff:1:2:3', '2001:0DB8:00AA:00BB:0:0:0:9', '2001:db8:aa:bb::1.2.3.4', '2001:db8:aa:bb::1%eth0']) {
      expect(from(address), address).toBe(key)
    }
    expect(from('2001:db8:aa:bc::1')).toBe('2001:db8:aa:bc::/64')
    expect(from('::1')).toBe('0:0:0:0::/64')
  })

  test('an IPv4-mapped IPv6 address is its IPv4 address', () => {
    expect(from('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(from('::ffff:cb00:7107')).toBe('203.0.113.7')
  })

  test('a request without the header is the one direct bucket; text that is no address stays as it is', () => {
    expect(clientAddress(new Request('http://land.localhost/'))).toBe('direct')
    expect(from('unknown')).toBe('unknown')
  })
})
