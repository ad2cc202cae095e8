import { isIPv6 } from 'node:net'
import { type Kysely, sql } from 'kysely'
import type { Database } from '~/models/db/db-schema'

/** Windows this old are over for every limit we set (the longest is a day) and can go. */
const keptWindowsMs = 2 * 24 * 60 * 60_000

/** At most `limit` attempts in a window of `windowMs`. */
export type RateLimitWindow = { limit: number; windowMs: number }

/** One attempt as counted: how many its window holds so far (this one included), and when that window ends. */
export interface CountedAttempt {
  count: number
  windowEndsAt: number
}

/**
 * Fixed-window request counting per key (e.g. 'contact:203.0.113.7'), in the database, so every
 * worker process and every server counts against one limit (decision 0024). One atomic upsert a
 * request: a window that has run out starts again at 1, otherwise its count goes up by one.
 */
export async function isRateLimited(db: Kysely<Database>, key: string, window: RateLimitWindow, now = Date.now()) {
  return (await countAttempt(db, key, window, now)).count > window.limit
}

/**
 * Counts one attempt against `key` and answers the count of its window so far and when the window
 * ends (a count of 0 when it cannot be written: a limit is a guard, not the page, so the request
 * goes on). A limit that counts only some outcomes (failed logins) counts every attempt first, so
 * attempts at the same moment cannot slip past it, and takes back the ones that did not count
 * (`takeBackAttempt`).
 */
export async function countAttempt(db: Kysely<Database>, key: string, { windowMs }: RateLimitWindow, now = Date.now()): Promise<CountedAttempt> {
  const endedBefore = now - windowMs
  try {
    const counted = await db
      .insertInto('rate_limit_windows')
      .values({ key, window_started_at: now, count: 1 })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          // Both expressions read the row as it was before the update, on SQLite and PostgreSQL alike.
          count: sql<number>`case when rate_limit_windows.window_started_at <= ${endedBefore} then 1 else rate_limit_windows.count + 1 end`,
          window_started_at: sql<number>`case when rate_limit_windows.window_started_at <= ${endedBefore} then ${now} else rate_limit_windows.window_started_at end`,
        }),
      )
      .returning(['count', 'window_started_at'])
      .executeTakeFirstOrThrow()
    return { count: counted.count, windowEndsAt: Number(counted.window_started_at) + windowMs }
  } catch (error) {
    console.error(`Counting requests for ${key} failed`, error)
    return { count: 0, windowEndsAt: now }
  }
}

/** Takes back one attempt counted against `key` (a login that turned out right: only failures count). */
export async function takeBackAttempt(db: Kysely<Database>, key: string) {
  try {
    await db
      .updateTable('rate_limit_windows')
      .set({ count: sql<number>`count - 1` })
      .where('key', '=', key)
      .where('count', '>', 0)
      .execute()
  } catch (error) {
    console.error(`Taking back a request of ${key} failed`, error)
  }
}

/** Deletes windows long over (the minute jobs); answers how many went. */
export async function pruneRateLimitWindows(db: Kysely<Database>, now = Date.now()) {
  const { numDeletedRows } = await db
    .deleteFrom('rate_limit_windows')
    .where('window_started_at', '<', now - keptWindowsMs)
    .executeTakeFirst()
  return Number(numDeletedRows)
}

/**
 * The client's address as the proxy in front reports it, as a rate-limit key; direct connections
 * share one bucket. One IPv6 client holds a whole /64 (a home or a server gets at least that many
 * addresses), so an IPv6 address counts by its /64 prefix; an IPv4-mapped IPv6 address
 * (`::ffff:203.0.113.7`) is that IPv4 address.
 */
export function clientAddress(request: Request) {
  const address = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'direct'
  return isIPv6(address) ? ipv6ClientKey(address) : address
}

function ipv6ClientKey(address: string) {
  const groups = ipv6Groups(address)
  const isIpv4Mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff
  if (isIpv4Mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.')
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function ipv6Groups(address: string) {
  const [head = '', tail] = address.replace(/%.*$/, '').split('::')
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)]
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number)
          return [(a << 8) | b, (c << 8) | d]
        })
  const first = parse(head)
  const last = tail === undefined ? [] : parse(tail)
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last]
}
