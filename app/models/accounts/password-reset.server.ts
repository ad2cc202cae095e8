import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { consumeOneTimeKey, createOneTimeKey, findOneTimeKeyUser, sha256Hex } from './one-time-keys.server'
import { confirmUserEmail } from './user.server'

/** How long a /reset/{resetKey} link works. */
export const resetKeyLifetimeMinutes = 60

/** A new reset key for the user; only its hash is stored. */
export function createResetKey(db: Kysely<Database>, userId: number, now = new Date()) {
  return createOneTimeKey(db, 'password_resets', userId, resetKeyLifetimeMinutes * 60_000, now)
}

/** The user a reset key belongs to, if it is unused and unexpired. */
export function findResetKeyUser(db: Kysely<Database>, resetKey: string, now = new Date()) {
  return findOneTimeKeyUser(db, 'password_resets', sha256Hex(resetKey), now)
}

/**
 * Uses the key up and gives its user; the user's other open keys are used up too (a new password
 * voids older links). The key came by mail, so the account's address is confirmed.
 */
export async function consumeResetKey(db: Kysely<Database>, resetKey: string, now = new Date()) {
  const userId = await consumeOneTimeKey(db, 'password_resets', resetKey, now)
  if (userId === undefined) return undefined
  await db.updateTable('password_resets').set({ used_at: now.toISOString() }).where('user_id', '=', userId).where('used_at', 'is', null).execute()
  await confirmUserEmail(db, userId)
  return userId
}
