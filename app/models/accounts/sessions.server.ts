import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { sha256Hex } from './one-time-keys.server'

/**
 * Server-side sessions (issue 33 finding 2, decision 0047). A session's id is 256 random bits that
 * only its cookie carries; the row, found by the id's SHA-256, says whom it signs in. A session
 * idle for 30 days, or 90 days old, is over whatever its cookie says.
 */
const dayMs = 24 * 60 * 60 * 1000
export const sessionIdleLimitMs = 30 * dayMs
export const sessionLifetimeMs = 90 * dayMs
/** A session's last use is written at most this often: a signed-in page view is no write. */
const lastSeenResolutionMs = 60 * 60_000
/** Enough of a User-Agent to name a browser and system in Settings; the rest is a client's to fill. */
const userAgentLength = 200

export interface SessionValues {
  userId: number | null
  /** Whatever else the session keeps (a pending action, flashed notices), as JSON-safe values. */
  data: Record<string, unknown>
  userAgent?: string | null
}

export interface StoredSession {
  /** SHA-256 of the session's id: names a session (Settings' device list) without being one. */
  idHash: string
  userAgent: string | null
  createdAt: string
  lastSeenAt: string
}

const isOver = (row: { created_at: string; last_seen_at: string }, now: Date) =>
  now.getTime() - Date.parse(row.last_seen_at) > sessionIdleLimitMs || now.getTime() - Date.parse(row.created_at) > sessionLifetimeMs

/** Starts a session and gives its id, the secret its cookie will carry. */
export async function createSession(db: Kysely<Database>, { userId, data, userAgent }: SessionValues, now = new Date()) {
  const id = randomBytes(32).toString('base64url')
  await db
    .insertInto('sessions')
    .values({
      id_hash: sha256Hex(id),
      user_id: userId,
      data: JSON.stringify(data),
      user_agent: userAgent?.slice(0, userAgentLength) ?? null,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
    })
    .execute()
  return id
}

/** The session's values, or undefined for an id that is unknown, ended or over its idle or absolute limit. */
export async function readSession(db: Kysely<Database>, id: string, now = new Date()): Promise<SessionValues | undefined> {
  const idHash = sha256Hex(id)
  const row = await db.selectFrom('sessions').select(['user_id', 'data', 'created_at', 'last_seen_at']).where('id_hash', '=', idHash).executeTakeFirst()
  if (!row) return undefined
  if (isOver(row, now)) {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute()
    return undefined
  }
  if (now.getTime() - Date.parse(row.last_seen_at) > lastSeenResolutionMs) {
    await db.updateTable('sessions').set({ last_seen_at: now.toISOString() }).where('id_hash', '=', idHash).execute()
  }
  return { userId: row.user_id, data: JSON.parse(row.data) as Record<string, unknown> }
}

/** Keeps the session's new values; a session ended meanwhile stays ended. */
export async function updateSession(db: Kysely<Database>, id: string, { userId, data }: SessionValues) {
  await db
    .updateTable('sessions')
    .set({ user_id: userId, data: JSON.stringify(data) })
    .where('id_hash', '=', sha256Hex(id))
    .execute()
}

export async function deleteSession(db: Kysely<Database>, id: string) {
  await db.deleteFrom('sessions').where('id_hash', '=', sha256Hex(id)).execute()
}

/** The user's sessions still in force, the most recently used first: Settings' signed-in devices. */
export async function findUserSessions(db: Kysely<Database>, userId: number, now = new Date()): Promise<StoredSession[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id_hash', 'user_agent', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .orderBy('last_seen_at', 'desc')
    .execute()
  return rows
    .filter((row) => !isOver(row, now))
    .map((row) => ({ idHash: row.id_hash, userAgent: row.user_agent, createdAt: row.created_at, lastSeenAt: row.last_seen_at }))
}

/** Ends every session of the user but the one with id `keptId` (a password change, 'Sign out everywhere else'), or all of them. */
export async function endUserSessions(db: Kysely<Database>, userId: number, { keptId }: { keptId?: string } = {}) {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId)
  if (keptId) query = query.where('id_hash', '!=', sha256Hex(keptId))
  const result = await query.executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Deletes the sessions past their idle or absolute limit (the minute jobs): their cookies already sign no one in. */
export async function pruneSessions(db: Kysely<Database>, now = new Date()) {
  const result = await db
    .deleteFrom('sessions')
    .where((where) =>
      where.or([
        where('last_seen_at', '<', new Date(now.getTime() - sessionIdleLimitMs).toISOString()),
        where('created_at', '<', new Date(now.getTime() - sessionLifetimeMs).toISOString()),
      ]),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
