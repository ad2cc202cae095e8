import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { type LogSeverity, isErrorSeverity } from './log-severity'

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

/** Stores the entry, drops what falls past the newest `maxClientLogs`, and prints its line. */
export async function recordClientLog(db: Kysely<Database>, entry: ClientLogEntry) {
  const { id } = await db
    .insertInto('client_logs')
    .values({
      site_id: entry.siteId,
      severity: entry.severity,
      message: entry.message.slice(0, clientLogLimits.message),
      page_url: entry.pageUrl.slice(0, clientLogLimits.url),
      referring_url: entry.referringUrl.slice(0, clientLogLimits.url),
      user_agent: entry.userAgent.slice(0, clientLogLimits.userAgent),
      component_stack: entry.componentStack?.slice(0, clientLogLimits.componentStack) ?? null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .deleteFrom('client_logs')
    .where('id', '<=', id - maxClientLogs)
    .execute()
  const line = clientLogLine(entry)
  if (isErrorSeverity(entry.severity)) console.error(line)
  else if (entry.severity === 'warning') console.warn(line)
  else console.log(line)
}
