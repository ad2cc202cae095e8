import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'

/** How long a /reset/{resetKey} link works. */
export const resetKeyLifetimeMinutes = 60

function hashOfKey(resetKey: string) {
  return createHash('sha256').update(resetKey).digest('hex')
}

/** A new reset key for the user (256 random bits); only its hash is stored. */
export async function createResetKey(db: Kysely<Database>, userId: number, now = new Date()) {
  const resetKey = randomBytes(32).toString('base64url')
  await db
    .insertInto('password_resets')
    .values({
      user_id: userId,
      key_hash: hashOfKey(resetKey),
      expires_at: new Date(now.getTime() + resetKeyLifetimeMinutes * 60_000).toISOString(),
      created_at: now.toISOString(),
    })
    .execute()
  return resetKey
}

/** The user a reset key belongs to, if it is unused and unexpired. */
export async function findResetKeyUser(db: Kysely<Database>, resetKey: string, now = new Date()) {
  const row = await db
    .selectFrom('password_resets')
    .select('user_id')
    .where('key_hash', '=', hashOfKey(resetKey))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  return row?.user_id
}

/**
 * Marks the key used and gives its user, in one statement, so two submissions of one link cannot
 * both succeed; the user's other open keys are used up too (a new password voids older links).
 */
export async function consumeResetKey(db: Kysely<Database>, resetKey: string, now = new Date()) {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now.toISOString() })
    .where('key_hash', '=', hashOfKey(resetKey))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning('user_id')
    .executeTakeFirst()
  if (!row) return undefined
  await db.updateTable('password_resets').set({ used_at: now.toISOString() }).where('user_id', '=', row.user_id).where('used_at', 'is', null).execute()
  return row.user_id
}
