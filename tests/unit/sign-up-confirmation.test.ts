import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { consumeLoginToken, createLoginToken } from '~/models/accounts/login-tokens.server'
import { consumeResetKey, createResetKey } from '~/models/accounts/password-reset.server'
import { createUser, verifyLogin } from '~/models/accounts/user.server'
import { migrateToLatest } from '~/models/db/db.server'
import { freshSqliteDatabase } from '../support/fresh-database'

/**
 * An account made by the sign-up form logs in with its password only once its address is
 * confirmed, by its mail's login link or a password reset (decision 0051): until then signing up
 * and logging in cannot tell a new address from one that has an account.
 */
const db = freshSqliteDatabase('sign-up-confirmation')
const password = 'creek-side-42'

beforeAll(() => migrateToLatest(db))
afterAll(() => db.destroy())

const signUp = (email: string) => createUser(db, { contactName: 'Pat Buyer', email, password, newsletter: false, awaitsConfirmation: true })

describe('an account awaiting confirmation', () => {
  test('does not log in with its right password: the answer is the wrong-password one', async () => {
    await signUp('waiting@example.com')
    expect(await verifyLogin(db, { email: 'waiting@example.com', password })).toBeUndefined()
  })

  test('logs in once its mail’s login link was used', async () => {
    const userId = (await signUp('linked@example.com'))!
    await consumeLoginToken(db, await createLoginToken(db, userId))
    expect(await verifyLogin(db, { email: 'linked@example.com', password })).toEqual({ userId, isBlocked: false })
  })

  test('logs in once a password reset proved the address', async () => {
    const userId = (await signUp('reset@example.com'))!
    expect(await consumeResetKey(db, await createResetKey(db, userId))).toBe(userId)
    expect(await verifyLogin(db, { email: 'reset@example.com', password })).toEqual({ userId, isBlocked: false })
  })

  test('accounts made any other way log in at once', async () => {
    const userId = (await createUser(db, { contactName: 'Sam Seller', email: 'made@example.com', password, newsletter: false }))!
    expect(await verifyLogin(db, { email: 'made@example.com', password })).toEqual({ userId, isBlocked: false })
  })
})
