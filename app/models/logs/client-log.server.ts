import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { type LogSeverity, isErrorSeverity } from './log-severity'
import { redactSecrets } from './secret-urls'

/**
 * The browsers' log messages and client rendering errors (spec §7 POST /logging/log/ and the
 * client error log): kept in `client_logs`, newest `maxClientLogs` only, and printed as one line of
 * the server log. The component stack is kept for whoever reads the table, never printed.
 */
export interface ClientLogEntry {
  siteId: number
  severity: LogSeverity
  message: string
  pageUrl: string
  referringUrl: string
  userAgent: string
  componentStack: string | null
}

export const maxClientLogs = 10_000

/** Lengths kept of each text; a client may send anything. */
export const clientLogLimits = { message: 500, url: 500, userAgent: 300, componentStack: 4_000 } as const

// Control characters (newlines included) would split the one line or forge another.
const oneLine = (text: string, length: number) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').slice(0, length)

/** `[client log] error land https://…/page "message"` */
export function clientLogLine(entry: Pick<ClientLogEntry, 'siteId' | 'severity' | 'message' | 'pageUrl'>) {
  return `[client log] ${entry.severity} site ${entry.siteId} ${oneLine(entry.pageUrl, clientLogLimits.url) || '-'} ${JSON.stringify(oneLine(entry.message, clientLogLimits.message))}`
}

/** A text as kept: bounded, then without the secrets of any address in it (a page with `?token=`, a reset page). */
const keptText = (text: string, length: number) => redactSecrets(text.slice(0, length))

/** Stores the entry, drops what falls past the newest `maxClientLogs`, and prints its line. */
export async function recordClientLog(db: Kysely<Database>, entry: ClientLogEntry) {
  const kept: ClientLogEntry = {
    ...entry,
    message: keptText(entry.message, clientLogLimits.message),
    pageUrl: keptText(entry.pageUrl, clientLogLimits.url),
    referringUrl: keptText(entry.referringUrl, clientLogLimits.url),
    userAgent: entry.userAgent.slice(0, clientLogLimits.userAgent),
    componentStack: entry.componentStack === null ? null : keptText(entry.componentStack, clientLogLimits.componentStack),
  }
  const { id } = await db
    .insertInto('client_logs')
    .values({
      site_id: kept.siteId,
      severity: kept.severity,
      message: kept.message,
      page_url: kept.pageUrl,
      referring_url: kept.referringUrl,
      user_agent: kept.userAgent,
      component_stack: kept.componentStack,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .deleteFrom('client_logs')
    .where('id', '<=', id - maxClientLogs)
    .execute()
  const line = clientLogLine(kept)
  if (isErrorSeverity(kept.severity)) console.error(line)
  else if (kept.severity === 'warning') console.warn(line)
  else console.log(line)
}
