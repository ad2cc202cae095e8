import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'

/**
 * The audit trail of security-relevant events (issue 33 finding 8, decision 0052): who (the user,
 * when known), what, when, from which client address and on which site, with a small JSON detail
 * that never holds a secret (no password, code, token or session id).
 */
export const securityEventKinds = [
  'login',
  'login-failed',
  'logout',
  'session-started',
  'password-changed',
  'password-reset',
  'second-factor-on',
  'second-factor-off',
  'second-factor-failed',
  'recovery-code-used',
  'recovery-codes-regenerated',
  'other-sessions-ended',
  'held-listing-approved',
  'held-listing-rejected',
] as const

export type SecurityEventKind = (typeof securityEventKinds)[number]

export interface SecurityEvent {
  kind: SecurityEventKind
  userId: number | null
  siteId: number | null
  clientAddress: string | null
  detail?: Record<string, string | number | boolean>
}

/** Writes one event of the audit trail. */
export async function recordSecurityEvent(db: Kysely<Database>, { kind, userId, siteId, clientAddress, detail = {} }: SecurityEvent, now = new Date()) {
  await db
    .insertInto('security_events')
    .values({ kind, user_id: userId, site_id: siteId, client_address: clientAddress, detail: JSON.stringify(detail), created_at: now.toISOString() })
    .execute()
}

/** The user's latest events, newest first: what Settings shows them of their own trail. */
export async function recentSecurityEvents(db: Kysely<Database>, userId: number, limit = 10) {
  const rows = await db
    .selectFrom('security_events')
    .select(['kind', 'client_address', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((row) => ({ kind: row.kind as SecurityEventKind, clientAddress: row.client_address, at: row.created_at }))
}
