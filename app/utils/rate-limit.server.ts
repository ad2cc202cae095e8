import { type Kysely, sql } from 'kysely'
import type { Database } from '~/models/db/db-schema'

/** Windows this old are over for every limit we set (the longest is a day) and can go. */
const keptWindowsMs = 2 * 24 * 60 * 60_000

/**
 * Fixed-window request counting per key (e.g. 'contact:203.0.113.7'), in the database, so every
 * worker process and every server counts against one limit (decision 0024). One atomic upsert a
 * request: a window that has run out starts again at 1, otherwise its count goes up by one.
 */
export async function isRateLimited(db: Kysely<Database>, key: string, { limit, windowMs }: { limit: number; windowMs: number }, now = Date.now()) {
  const endedBefore = now - windowMs
  try {
    const { count } = await db
      .insertInto('rate_limit_windows')
      .values({ key, window_started_at: now, count: 1 })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          // Both expressions read the row as it was before the update, on SQLite and PostgreSQL alike.
          count: sql<number>`case when rate_limit_windows.window_started_at <= ${endedBefore} then 1 else rate_limit_windows.count + 1 end`,
          window_started_at: sql<number>`case when rate_limit_windows.window_started_at <= ${endedBefore} then ${now} else rate_limit_windows.window_started_at end`,
        }),
      )
      .returning('count')
      .executeTakeFirstOrThrow()
    return count > limit
  } catch (error) {
    // A limit is a guard, not the page: when the count cannot be written, the request goes on.
    console.error(`Counting requests for ${key} failed`, error)
    return false
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

/** The client's address as the proxy in front reports it; direct connections share one bucket. */
export function clientAddress(request: Request) {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'direct'
}
