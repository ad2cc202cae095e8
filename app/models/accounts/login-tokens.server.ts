import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { consumeOneTimeKeyWithHash, createOneTimeKey, findOneTimeKeyUser, sha256Hex } from './one-time-keys.server'
import { confirmUserEmail } from './user.server'

/**
 * Login tokens (spec §4: a login token in the address logs in): the links in our e-mails (saved-
 * search updates, the lead digest) carry one, so the recipient lands on the page signed in. A token
 * works once, for a week: long enough for a weekly update to be read, short for a forwarded mail.
 */
export const loginTokenLifetimeDays = 7

const dayMs = 24 * 60 * 60 * 1000

/** A new token for the user; expired tokens are deleted as new ones are made, so the table stays small. */
export async function createLoginToken(db: Kysely<Database>, userId: number, now = new Date()) {
  await db.deleteFrom('login_tokens').where('expires_at', '<=', now.toISOString()).execute()
  return createOneTimeKey(db, 'login_tokens', userId, loginTokenLifetimeDays * dayMs, now)
}

/**
 * Uses the token up and gives its user; undefined for a token that is unknown, used or expired. A
 * token comes by mail, so using one confirms the account's address (the sign-up mail's link).
 */
export function consumeLoginToken(db: Kysely<Database>, token: string, now = new Date()) {
  return consumeLoginTokenWithHash(db, loginTokenHash(token), now)
}

/** A token's SHA-256: how it is stored, and how a token waiting on the server (a person asked first) is kept. */
export const loginTokenHash = sha256Hex

/** `consumeLoginToken` by the token's hash. */
export async function consumeLoginTokenWithHash(db: Kysely<Database>, tokenHash: string, now = new Date()) {
  const userId = await consumeOneTimeKeyWithHash(db, 'login_tokens', tokenHash, now)
  if (userId !== undefined) await confirmUserEmail(db, userId)
  return userId
}

/** The user a valid token (given as its hash) would sign in, without using it up: a signed-in person is asked before another account's link swaps them. */
export function findLoginTokenUser(db: Kysely<Database>, tokenHash: string, now = new Date()) {
  return findOneTimeKeyUser(db, 'login_tokens', tokenHash, now)
}
