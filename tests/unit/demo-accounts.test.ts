import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest'
import { createAdministrator } from '~/models/accounts/administrators.server'
import { consumeResetKey } from '~/models/accounts/password-reset.server'
import { isAdministrator, setPassword, verifyLogin } from '~/models/accounts/user.server'
import { openDatabase } from '~/models/db/db.server'
import { demoUsers } from '~/models/accounts/demo-users'
import { prepareData } from '../../scripts/prepare-data'

/**
 * No known passwords in production (issue 33 finding 3, decision 0050): `npm start`'s data
 * preparation seeds the demo accounts only outside production or with SEED_DEMO_USERS=1, says in
 * production how to create an administrator and which demo accounts can log in, and
 * `npm run admin:create` makes an administrator who can log in.
 */
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-accounts-'))
const listings = 40
const demoEmails = demoUsers.map((user) => user.email)

afterEach(() => {
  vi.restoreAllMocks()
  for (const name of ['DATA_DIR', 'SITE_ENVIRONMENT', 'SEED_DEMO_USERS']) delete process.env[name]
})

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }))

/** Prepares the database in `name` as `npm start` would with these settings; gives what it printed as warnings, and the database. */
async function startWith(name: string, settings: Record<string, string>) {
  Object.assign(process.env, { DATA_DIR: path.join(folder, name) }, settings)
  const warnings: string[] = []
  vi.spyOn(console, 'log').mockImplementation(() => undefined)
  vi.spyOn(console, 'warn').mockImplementation((line: string) => void warnings.push(line))
  await prepareData({ listings })
  return { warnings, db: openDatabase() }
}

const demoAccountsIn = async (db: ReturnType<typeof openDatabase>) =>
  (await db.selectFrom('users').select('email').where('email', 'in', demoEmails).execute()).map((user) => user.email)

describe('a production start on an empty database', () => {
  test('creates no demo account and says how to create an administrator', async () => {
    const { warnings, db } = await startWith('production', { SITE_ENVIRONMENT: 'production' })
    try {
      expect(await demoAccountsIn(db)).toEqual([])
      expect(await verifyLogin(db, { email: 'demo.admin@example.com', password: 'demo-admin-1' })).toBeUndefined()
      expect(warnings).toEqual([expect.stringContaining('npm run admin:create -- --email you@example.com')])
    } finally {
      await db.destroy()
    }
  }, 120_000)

  test('with SEED_DEMO_USERS=1 has the demo accounts; started again without it, it names those that log in with their published passwords', async () => {
    const seeded = await startWith('production-demo', { SITE_ENVIRONMENT: 'production', SEED_DEMO_USERS: '1' })
    try {
      expect((await demoAccountsIn(seeded.db)).sort()).toEqual([...demoEmails].sort())
      expect(await verifyLogin(seeded.db, { email: 'demo.admin@example.com', password: 'demo-admin-1' })).toBeDefined()
      expect(seeded.warnings).toEqual([])
    } finally {
      await seeded.db.destroy()
    }
    vi.restoreAllMocks()
    delete process.env.SEED_DEMO_USERS
    const restarted = await startWith('production-demo', { SITE_ENVIRONMENT: 'production' })
    try {
      expect(restarted.warnings).toHaveLength(1)
      for (const email of demoEmails) expect(restarted.warnings[0]).toContain(email)
      const { userId } = (await verifyLogin(restarted.db, { email: 'demo.admin@example.com', password: 'demo-admin-1' }))!
      await setPassword(restarted.db, userId, 'no longer the published one')
    } finally {
      await restarted.db.destroy()
    }
    vi.restoreAllMocks()
    const afterChange = await startWith('production-demo', { SITE_ENVIRONMENT: 'production' })
    await afterChange.db.destroy()
    expect(afterChange.warnings).toEqual([expect.stringContaining('demo.buyer@example.com')])
    expect(afterChange.warnings[0]).not.toContain('demo.admin@example.com')
  }, 120_000)
})

describe('npm run admin:create', () => {
  test('with a password: an administrator who logs in with it, and the start no longer asks for one', async () => {
    const { db } = await startWith('production', { SITE_ENVIRONMENT: 'production' })
    try {
      await expect(createAdministrator(db, 'short@example.com', { password: 'eleven-char' })).rejects.toThrow('at least 12 characters')
      const { userId, resetKey } = await createAdministrator(db, 'Owner@Example.com', { password: 'a long pass phrase' })
      expect(resetKey).toBeUndefined()
      expect(await verifyLogin(db, { email: 'owner@example.com', password: 'a long pass phrase' })).toEqual({ userId, isBlocked: false })
      expect(await isAdministrator(db, userId)).toBe(true)
    } finally {
      await db.destroy()
    }
    vi.restoreAllMocks()
    const restarted = await startWith('production', { SITE_ENVIRONMENT: 'production' })
    await restarted.db.destroy()
    expect(restarted.warnings).toEqual([])
  }, 120_000)

  test('with --link: a one-time link sets the password of an administrator who then logs in', async () => {
    const { db } = await startWith('production', { SITE_ENVIRONMENT: 'production' })
    try {
      const { userId, resetKey } = await createAdministrator(db, 'linked@example.com', { resetLink: true })
      // What the /reset/{resetKey} page does with the new password.
      expect(await consumeResetKey(db, resetKey!)).toBe(userId)
      await setPassword(db, userId, 'chosen through the link')
      expect(await consumeResetKey(db, resetKey!)).toBeUndefined()
      expect(await verifyLogin(db, { email: 'linked@example.com', password: 'chosen through the link' })).toEqual({ userId, isBlocked: false })
      expect(await isAdministrator(db, userId)).toBe(true)
    } finally {
      await db.destroy()
    }
  }, 120_000)
})
