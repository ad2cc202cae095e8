import type { Kysely, Selectable } from 'kysely'
import type { AnalyticsDailyTable, Database } from '~/models/db/db-schema'
import { quantileRank } from '~/utils/statistics'
import { type WebVital, webVitals } from './page-analytics'

/**
 * The daily roll-up of the data layer's events (issue 17 §7): each finished UTC day becomes one
 * row per site and page type (counts, and the 75th percentile of each web vital); the events
 * themselves are kept `rawRetentionDays`, the daily rows `dailyRetentionDays`. The scheduled jobs
 * run it every minute; each day is claimed by one run before it is read, so any number of
 * processes may run it at once and each day is rolled up once.
 */

const dayMs = 86_400_000

/** A day is rolled up once it ended this long ago: a beacon sent at 23:59 may still be on its way. */
const settleMs = 10 * 60_000

export const rawRetentionDays = 3
export const dailyRetentionDays = 400

/** '2026-05-01' (UTC). */
export type Day = string

export const dayOf = (date: Date): Day => date.toISOString().slice(0, 10)
export const startOfDay = (day: Day) => `${day}T00:00:00.000Z`
export const addDays = (day: Day, days: number): Day => dayOf(new Date(Date.parse(startOfDay(day)) + days * dayMs))

/** A day's figures of one site and page type, as the daily table holds them. */
export type DailyFigures = Omit<Selectable<AnalyticsDailyTable>, 'day'>

export const vitalColumns = {
  LCP: { samples: 'lcp_samples', p75: 'lcp_p75' },
  CLS: { samples: 'cls_samples', p75: 'cls_p75' },
  FCP: { samples: 'fcp_samples', p75: 'fcp_p75' },
} as const satisfies Record<WebVital, { samples: keyof DailyFigures; p75: keyof DailyFigures }>

const countColumns = { page: 'page_views', listing: 'listing_views', search: 'searches', 'file-download': 'file_downloads' } as const

const isWebVital = (metric: string | null): metric is WebVital => webVitals.includes(metric as WebVital)

/**
 * The figures of the events sent in [from, to), by site and page type (of one site when `siteId`
 * is given). A percentile is read by the database from the vitals index, not by loading the values.
 */
export async function figuresBetween(db: Kysely<Database>, { from, to, siteId }: { from: string; to: string; siteId?: number }): Promise<DailyFigures[]> {
  let counts = db
    .selectFrom('analytics_events')
    .select(['site_id', 'page_type', 'event', 'metric', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy(['site_id', 'page_type', 'event', 'metric'])
  if (siteId !== undefined) counts = counts.where('site_id', '=', siteId)
  const figures = new Map<string, DailyFigures>()
  for (const group of await counts.execute()) {
    const key = `${group.site_id} ${group.page_type}`
    let row = figures.get(key)
    if (!row) {
      row = {
        site_id: group.site_id,
        page_type: group.page_type,
        page_views: 0,
        listing_views: 0,
        searches: 0,
        file_downloads: 0,
        lcp_samples: 0,
        lcp_p75: null,
        cls_samples: 0,
        cls_p75: null,
        fcp_samples: 0,
        fcp_p75: null,
      }
      figures.set(key, row)
    }
    const count = Number(group.count)
    if (group.event === 'web-vital' && isWebVital(group.metric)) {
      const columns = vitalColumns[group.metric]
      row[columns.samples] = count
      row[columns.p75] = await percentile75(db, { from, to, siteId: group.site_id, pageType: group.page_type, metric: group.metric }, count)
    } else if (group.event in countColumns) {
      row[countColumns[group.event as keyof typeof countColumns]] = count
    }
  }
  return [...figures.values()]
}

/** The 75th percentile (nearest rank, as `quantile` in utils/statistics.ts) of one vital's `count` values. */
async function percentile75(
  db: Kysely<Database>,
  { from, to, siteId, pageType, metric }: { from: string; to: string; siteId: number; pageType: string; metric: WebVital },
  count: number,
) {
  const row = await db
    .selectFrom('analytics_events')
    .select('value')
    .where('metric', '=', metric)
    .where('site_id', '=', siteId)
    .where('page_type', '=', pageType)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('value')
    .limit(1)
    .offset(quantileRank(count, 0.75))
    .executeTakeFirst()
  return row?.value ?? null
}

/** A claim not finished within this time was a run that died: another run takes the day over. */
const claimLeaseMs = 10 * 60_000

/**
 * Claims `day` for this run: a new claim, or one whose run died. One statement (an upsert), atomic
 * on SQLite and PostgreSQL, so of several runs at once exactly one gets it.
 */
async function claimDay(db: Kysely<Database>, day: Day, now: Date) {
  const claimedAt = now.toISOString()
  const result = await db
    .insertInto('analytics_rollups')
    .values({ day, claimed_at: claimedAt, finished_at: null })
    .onConflict((conflict) =>
      conflict
        .column('day')
        .doUpdateSet({ claimed_at: claimedAt })
        .where('analytics_rollups.finished_at', 'is', null)
        .where('analytics_rollups.claimed_at', '<', new Date(now.getTime() - claimLeaseMs).toISOString()),
    )
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

/**
 * Rolls up `day` unless another run has it. Every write is one statement, so no run holds a lock
 * while it reads; a run that dies after writing the rows leaves them to be written again, the same.
 */
async function rollUpDay(db: Kysely<Database>, day: Day, now: Date) {
  if (!(await claimDay(db, day, now))) return false
  const figures = await figuresBetween(db, { from: startOfDay(day), to: startOfDay(addDays(day, 1)) })
  if (figures.length > 0) {
    await db
      .insertInto('analytics_daily')
      .values(figures.map((row) => ({ ...row, day })))
      .onConflict((conflict) =>
        conflict.columns(['site_id', 'day', 'page_type']).doUpdateSet((eb) => {
          const columns = Object.keys(figures[0]!).filter((column) => column !== 'site_id' && column !== 'page_type') as (keyof DailyFigures)[]
          return Object.fromEntries(columns.map((column) => [column, eb.ref(`excluded.${column}`)]))
        }),
      )
      .execute()
  }
  await db.updateTable('analytics_rollups').set({ finished_at: now.toISOString() }).where('day', '=', day).execute()
  return true
}

/** The finished roll-ups from `firstDay` on. */
async function finishedDays(db: Kysely<Database>, firstDay: Day) {
  const rows = await db.selectFrom('analytics_rollups').select('day').where('day', '>=', firstDay).where('finished_at', 'is not', null).execute()
  return new Set(rows.map((row) => row.day))
}

/** The last day rolled up, if any. */
export async function lastFinishedDay(db: Kysely<Database>): Promise<Day | undefined> {
  const row = await db
    .selectFrom('analytics_rollups')
    .select((eb) => eb.fn.max('day').as('day'))
    .where('finished_at', 'is not', null)
    .executeTakeFirst()
  return row?.day ?? undefined
}

/**
 * Rolls up every finished day that has events and no roll-up yet, then deletes the events past
 * their retention (only of days rolled up: another run may still be reading a day it claimed) and
 * the daily rows past theirs.
 */
export async function rollUpAnalytics(db: Kysely<Database>, now = new Date()) {
  const openDay = dayOf(new Date(now.getTime() - settleMs))
  let pruneBefore = addDays(openDay, -rawRetentionDays)
  const oldest = await db
    .selectFrom('analytics_events')
    .select((eb) => eb.fn.min('created_at').as('createdAt'))
    .executeTakeFirst()
  const rolledUpDays: Day[] = []
  if (oldest?.createdAt) {
    const firstDay = oldest.createdAt.slice(0, 10)
    const finished = await finishedDays(db, firstDay)
    for (let day = firstDay; day < openDay; day = addDays(day, 1)) {
      if (!finished.has(day) && (await rollUpDay(db, day, now))) rolledUpDays.push(day)
    }
    const finishedNow = await finishedDays(db, firstDay)
    for (let day = firstDay; day < pruneBefore; day = addDays(day, 1)) {
      if (!finishedNow.has(day)) {
        pruneBefore = day
        break
      }
    }
  }
  const pruned = await db.deleteFrom('analytics_events').where('created_at', '<', startOfDay(pruneBefore)).executeTakeFirst()
  const oldestDailyDay = addDays(openDay, -dailyRetentionDays)
  await db.deleteFrom('analytics_daily').where('day', '<', oldestDailyDay).execute()
  await db.deleteFrom('analytics_rollups').where('day', '<', oldestDailyDay).execute()
  return { rolledUpDays, prunedEvents: Number(pruned.numDeletedRows) }
}
