import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'

/**
 * Keys that open an account once, within a lifetime: password reset keys (/reset/{resetKey}) and
 * login tokens (spec §4 login by token). Each is 256 random bits, and only its SHA-256 is stored,
 * so a leaked database opens no account.
 */
export type OneTimeKeyTable = 'password_resets' | 'login_tokens'

/** SHA-256 in hex: how a key is stored, and the spec §7 login info's `hashedEmail`. */
export function sha256Hex(text: string) {
  return createHash('sha256').update(text).digest('hex')
}

/** A new key for the user, valid for `lifetimeMs` from `now`. */
export async function createOneTimeKey(db: Kysely<Database>, table: OneTimeKeyTable, userId: number, lifetimeMs: number, now: Date) {
  const key = randomBytes(32).toString('base64url')
  await db
    .insertInto(table)
    .values({ user_id: userId, key_hash: sha256Hex(key), expires_at: new Date(now.getTime() + lifetimeMs).toISOString(), created_at: now.toISOString() })
    .execute()
  return key
}

/** The user a key belongs to (given as its SHA-256), if it is unused and unexpired, without using it up. */
export async function findOneTimeKeyUser(db: Kysely<Database>, table: OneTimeKeyTable, keyHash: string, now: Date) {
  const row = await db
    .selectFrom(table)
    .select('user_id')
    .where('key_hash', '=', keyHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  return row?.user_id
}

/**
 * Marks the key used and gives its user, in one statement, so two requests with one key cannot
 * both succeed; undefined for a key that is unknown, used or expired.
 */
export function consumeOneTimeKey(db: Kysely<Database>, table: OneTimeKeyTable, key: string, now: Date) {
  return consumeOneTimeKeyWithHash(db, table, sha256Hex(key), now)
}

/** The same, by the key's SHA-256: for a key that waits on the server, kept only as its hash. */
export async function consumeOneTimeKeyWithHash(db: Kysely<Database>, table: OneTimeKeyTable, keyHash: string, now: Date) {
  const row = await db
    .updateTable(table)
    .set({ used_at: now.toISOString() })
    .where('key_hash', '=', keyHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning('user_id')
    .executeTakeFirst()
  return row?.user_id
}
