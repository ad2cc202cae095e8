import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { runWithLease, takeLease } from '~/models/jobs/job-leases.server'
import { freshPostgresTarget, freshSqliteTarget, openTwoConnections } from '../support/fresh-database'

const postgresUrl = process.env.TEST_POSTGRES_URL
const targets = [
  { name: 'SQLite', enabled: true, target: async () => freshSqliteTarget('job-leases') },
  { name: 'PostgreSQL', enabled: !!postgresUrl, target: () => freshPostgresTarget(postgresUrl!, 'job-leases') },
]

describe.each(targets)('scheduled-job leases on $name', ({ enabled, target }) => {
  /** Two connections to one database, as two servers have. */
  let first: Kysely<Database>
  let second: Kysely<Database>
  const now = Date.UTC(2026, 10, 24, 12)

  beforeAll(async () => {
    if (enabled) [first, second] = await openTwoConnections(await target())
  })

  afterAll(async () => {
    await first?.destroy()
    await second?.destroy()
  })

  test.skipIf(!enabled)('of two servers taking a lease at the same moment, one gets it, until it expires', async () => {
    const taken = await Promise.all([takeLease(first, 'mailer', 'server-a', 60_000, now), takeLease(second, 'mailer', 'server-b', 60_000, now)])
    expect(taken.filter(Boolean)).toHaveLength(1)
    expect(await takeLease(second, 'mailer', 'server-c', 60_000, now + 59_999)).toBe(false)
    // A holder that crashed holds it no longer once it expires.
    expect(await takeLease(second, 'mailer', 'server-c', 60_000, now + 60_000)).toBe(true)
    // Another job has its own lease.
    expect(await takeLease(first, 'minute-jobs', 'server-a', 60_000, now)).toBe(true)
  })

  test.skipIf(!enabled)('a job runs in one process at a time, and its lease is given back when it is done', async () => {
    const lease = { name: 'hourly', durationMs: 60_000 }
    let runs = 0
    let finish = () => {}
    const running = runWithLease(first, lease, async () => {
      runs += 1
      await new Promise<void>((resolve) => (finish = resolve))
      return 'first'
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await runWithLease(second, lease, async () => (runs += 1))).toBeUndefined()
    finish()
    expect(await running).toBe('first')
    expect(await runWithLease(second, lease, async () => 'second')).toBe('second')
    expect(runs).toBe(1)
  })
})
