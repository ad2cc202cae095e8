import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { withLoginToken } from '~/models/accounts/account-paths'
import { consumeLoginToken, createLoginToken, loginTokenLifetimeDays } from '~/models/accounts/login-tokens.server'
import { sha256Hex } from '~/models/accounts/one-time-keys.server'
import { claimSellerWelcome, createUser, findViewer, verifyLogin } from '~/models/accounts/user.server'
import { migrateToLatest } from '~/models/db/db.server'
import { freshSqliteDatabase } from '../support/fresh-database'

/**
 * Login tokens (spec §4 login by token): a link's token logs its user in once, within its
 * lifetime, and the database keeps only its hash. Blocked accounts and the sellers' welcome flag.
 */
const db = freshSqliteDatabase('login-tokens')
const now = new Date('2031-05-01T08:00:00.000Z')
const daysLater = (days: number) => new Date(now.getTime() + days * 86_400_000)
let userId: number

beforeAll(async () => {
  await migrateToLatest(db)
  userId = (await createUser(db, { contactName: 'Dana Buyer', email: 'dana@example.com', password: 'long-enough-1', newsletter: false }))!
})

afterAll(() => db.destroy())

describe('login tokens', () => {
  test('a token logs its user in once; the second use logs nobody in', async () => {
    const token = await createLoginToken(db, userId, now)
    expect(await consumeLoginToken(db, token, daysLater(1))).toBe(userId)
    expect(await consumeLoginToken(db, token, daysLater(1))).toBeUndefined()
  })

  test(`a token works until ${loginTokenLifetimeDays} days after it was made, not after`, async () => {
    const lastMoment = new Date(daysLater(loginTokenLifetimeDays).getTime() - 1)
    expect(await consumeLoginToken(db, await createLoginToken(db, userId, now), lastMoment)).toBe(userId)
    expect(await consumeLoginToken(db, await createLoginToken(db, userId, now), daysLater(loginTokenLifetimeDays))).toBeUndefined()
  })

  test('an unknown token, an empty one, or a hash of a real one logs nobody in', async () => {
    const token = await createLoginToken(db, userId, now)
    expect(await consumeLoginToken(db, 'not-a-token', now)).toBeUndefined()
    expect(await consumeLoginToken(db, '', now)).toBeUndefined()
    expect(await consumeLoginToken(db, sha256Hex(token), now)).toBeUndefined()
    expect(await consumeLoginToken(db, token, now)).toBe(userId)
  })

  test('only the SHA-256 of a token is stored, and each token is new', async () => {
    const first = await createLoginToken(db, userId, now)
    const second = await createLoginToken(db, userId, now)
    expect(first).not.toBe(second)
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const stored = (await db.selectFrom('login_tokens').select('key_hash').execute()).map((row) => row.key_hash)
    expect(stored).toContain(sha256Hex(first))
    expect(stored.some((hash) => hash.includes(first))).toBe(false)
  })

  test('expired tokens are deleted when new ones are made', async () => {
    await createLoginToken(db, userId, now)
    await createLoginToken(db, userId, daysLater(loginTokenLifetimeDays + 1))
    const left = await db.selectFrom('login_tokens').select('expires_at').execute()
    expect(left.every((row) => row.expires_at > daysLater(loginTokenLifetimeDays + 1).toISOString())).toBe(true)
  })

  test('a link carries the token in its query, beside the query it had', () => {
    expect(withLoginToken('https://land.example/account/leads/', 'abc')).toBe('https://land.example/account/leads/?token=abc')
    expect(withLoginToken('https://land.example/search/x/?view=map', 'a+b')).toBe('https://land.example/search/x/?view=map&token=a%2Bb')
  })
})

describe('blocked accounts and the sellers’ welcome', () => {
  test('a blocked account is nobody’s viewer; its password still proves who it is, and says it is blocked', async () => {
    const blockedId = (await createUser(db, { contactName: 'Bo Blocked', email: 'bo@example.com', password: 'long-enough-1', newsletter: false }))!
    await db.updateTable('users').set({ is_blocked: 1 }).where('id', '=', blockedId).execute()
    expect(await findViewer(db, blockedId)).toBeUndefined()
    expect(await verifyLogin(db, { email: 'bo@example.com', password: 'long-enough-1' })).toEqual({ userId: blockedId, isBlocked: true })
    expect(await verifyLogin(db, { email: 'dana@example.com', password: 'long-enough-1' })).toEqual({ userId, isBlocked: false })
  })

  test('a seller is welcomed once; a buyer never', async () => {
    const sellerId = (await createUser(db, { contactName: 'Sam Seller', email: 'sam@example.com', password: 'long-enough-1', newsletter: false }))!
    await db.updateTable('users').set({ is_seller: 1 }).where('id', '=', sellerId).execute()
    expect(await claimSellerWelcome(db, sellerId, now)).toBe(true)
    expect(await claimSellerWelcome(db, sellerId, daysLater(1))).toBe(false)
    expect(await claimSellerWelcome(db, userId, now)).toBe(false)
  })
})
