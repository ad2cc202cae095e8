import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { isRateLimited, pruneRateLimitWindows } from '~/utils/rate-limit.server'
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
})
