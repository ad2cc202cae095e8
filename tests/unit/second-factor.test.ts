import type { Kysely } from 'kysely'
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { confirmSecondFactor, hasSecondFactor, regenerateRecoveryCodes, secondFactorEnrolment, verifySecondFactor } from '~/models/accounts/second-factor.server'
import { recentSecurityEvents, recordSecurityEvent } from '~/models/accounts/security-events.server'
import { createUser } from '~/models/accounts/user.server'
import type { Database } from '~/models/db/db-schema'
import { freshPostgresTarget, freshSqliteTarget, openTwoConnections } from '../support/fresh-database'

/**
 * The second factor's rules in the data layer (decision 0052), on SQLite and PostgreSQL, with two
 * connections as two server processes have: the secret is stored encrypted and survives a rotated
 * SESSION_SECRET, a TOTP code or a recovery code posted to both at once works once, new recovery
 * codes end the old ones, and the audit trail keeps its rows.
 */
const postgresUrl = process.env.TEST_POSTGRES_URL
const targets = [
  { name: 'SQLite', enabled: true, target: async () => freshSqliteTarget('second-factor') },
  { name: 'PostgreSQL', enabled: !!postgresUrl, target: () => freshPostgresTarget(postgresUrl!, 'second-factor') },
]
const secrets = { old: 'unit-test-session-secret-old', new: 'unit-test-session-secret-new' }
const keptSessionSecret = process.env.SESSION_SECRET

beforeAll(() => {
  process.env.SESSION_SECRET = secrets.old
})

afterAll(() => {
  if (keptSessionSecret === undefined) delete process.env.SESSION_SECRET
  else process.env.SESSION_SECRET = keptSessionSecret
})

describe.each(targets)('the second factor on $name', ({ enabled, target }) => {
  let first: Kysely<Database>
  let second: Kysely<Database>
  let userCount = 0

  beforeAll(async () => {
    if (enabled) [first, second] = await openTwoConnections(await target())
  })

  afterAll(async () => {
    await first?.destroy()
    await second?.destroy()
  })

  /** A user who switched TOTP on with the previous step's code: `code(0)` and `code(1)` are unused. */
  async function enrolled() {
    userCount += 1
    const email = `factor-${userCount}@example.com`
    const userId = (await createUser(first, { email, password: 'creek-side-42', contactName: 'Pat Factor', newsletter: false }))!
    const { secret, uri } = (await secondFactorEnrolment(first, userId, { issuer: 'LandAtlas', label: email }))!
    const base = Math.floor(Date.now() / 1000)
    const code = (stepsFromNow: number) => generate({ secret, epoch: base + stepsFromNow * 30 })
    expect(await hasSecondFactor(first, userId)).toBe(false)
    const recoveryCodes = (await confirmSecondFactor(first, userId, await code(-1)))!
    return { userId, secret, uri, code, recoveryCodes }
  }

  test.skipIf(!enabled)('the secret is stored encrypted, and still works after SESSION_SECRET is rotated with the old one kept listed', async () => {
    const { userId, secret, uri, code } = await enrolled()
    expect(uri).toMatch(/^otpauth:\/\/totp\/LandAtlas:factor-\d+%40example\.com\?secret=/)
    expect(await hasSecondFactor(second, userId)).toBe(true)
    const row = await first.selectFrom('second_factors').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow()
    expect(row.secret_encrypted).not.toContain(secret)
    expect(row.recovery_code_hashes).not.toMatch(/[a-z0-9]{5}-[a-z0-9]{5}/)
    process.env.SESSION_SECRET = `${secrets.new},${secrets.old}`
    try {
      expect(await verifySecondFactor(second, userId, await code(0))).toBe('totp')
    } finally {
      process.env.SESSION_SECRET = secrets.old
    }
  })

  test.skipIf(!enabled)('a TOTP code posted to two processes at once works once; an older step’s code is refused after it', async () => {
    const { userId, code } = await enrolled()
    const current = await code(0)
    const answers = await Promise.all([verifySecondFactor(first, userId, current), verifySecondFactor(second, userId, current)])
    expect(answers.filter((answer) => answer === 'totp')).toHaveLength(1)
    expect(await verifySecondFactor(first, userId, await code(-1))).toBeUndefined()
    expect(await verifySecondFactor(second, userId, await code(1))).toBe('totp')
  })

  test.skipIf(!enabled)('a recovery code works once, even posted twice at once; new codes end the old ones', async () => {
    const { userId, recoveryCodes } = await enrolled()
    expect(recoveryCodes).toHaveLength(10)
    const [code] = recoveryCodes
    const answers = await Promise.all([verifySecondFactor(first, userId, code!), verifySecondFactor(second, userId, code!)])
    expect(answers.filter((answer) => answer === 'recovery-code')).toHaveLength(1)
    const fresh = (await regenerateRecoveryCodes(second, userId))!
    expect(await verifySecondFactor(first, userId, recoveryCodes[1]!)).toBeUndefined()
    expect(await verifySecondFactor(first, userId, fresh[0]!)).toBe('recovery-code')
  })

  test.skipIf(!enabled)('security events are kept with their user, site and address, a failed login of an unknown address without a user', async () => {
    const { userId } = await enrolled()
    await recordSecurityEvent(first, { kind: 'login', userId, siteId: 1, clientAddress: '203.0.113.9', detail: { method: 'password' } })
    await recordSecurityEvent(second, { kind: 'login-failed', userId: null, siteId: 1, clientAddress: '203.0.113.9' })
    await recordSecurityEvent(second, { kind: 'logout', userId, siteId: 1, clientAddress: '203.0.113.9' }, new Date(Date.now() + 1000))
    expect((await recentSecurityEvents(first, userId)).map((event) => [event.kind, event.clientAddress])).toEqual([
      ['logout', '203.0.113.9'],
      ['login', '203.0.113.9'],
    ])
    const anonymous = await first.selectFrom('security_events').select(['kind', 'detail']).where('user_id', 'is', null).execute()
    expect(anonymous).toContainEqual({ kind: 'login-failed', detail: '{}' })
  })
})
