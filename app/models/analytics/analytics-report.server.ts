import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { groupBy } from '~/utils/group-by'
import { addDays, type DailyFigures, dayOf, figuresBetween, lastFinishedDay, startOfDay, vitalColumns } from './analytics-rollup.server'
import { type PageType, pageTypeLabels, type WebVital, webVitals } from './page-analytics'

/**
 * The administrators' figures of one site over the last days (issue 17 §7): page views by page
 * type, searches, listing views, file downloads, leads, and the 75th percentile of each web vital
 * by page type. Finished days come from the daily roll-up; the days not rolled up yet (today, and
 * yesterday until the job has run) are figured from the events themselves.
 */

export interface VitalFigure {
  /** Page views that measured it. */
  samples: number
  /** The days' 75th percentiles, averaged weighted by their samples; null without samples. */
  p75: number | null
}

export interface PageTypeFigures {
  pageType: string
  label: string
  pageViews: number
  vitals: Record<WebVital, VitalFigure>
}

export interface AnalyticsReport {
  firstDay: string
  lastDay: string
  totals: { pageViews: number; searches: number; listingViews: number; fileDownloads: number; leads: number }
  byPageType: PageTypeFigures[]
}

export const reportDays = 30

export async function analyticsReport(db: Kysely<Database>, siteId: number, now: Date): Promise<AnalyticsReport> {
  const lastDay = dayOf(now)
  const firstDay = addDays(lastDay, -(reportDays - 1))
  const lastRolledUp = await lastFinishedDay(db)
  // Days after the last roll-up are read from the events, even one whose roll-up is under way.
  const liveFrom = lastRolledUp && lastRolledUp >= firstDay ? addDays(lastRolledUp, 1) : firstDay
  const [rolledUp, live, leads] = await Promise.all([
    db.selectFrom('analytics_daily').selectAll().where('site_id', '=', siteId).where('day', '>=', firstDay).where('day', '<', liveFrom).execute(),
    figuresBetween(db, { from: startOfDay(liveFrom), to: startOfDay(addDays(lastDay, 1)), siteId }),
    db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('site_id', '=', siteId)
      .where('created_at', '>=', startOfDay(firstDay))
      .executeTakeFirstOrThrow(),
  ])
  const rows: DailyFigures[] = [...rolledUp, ...live]
  const sum = (pick: (row: DailyFigures) => number, of = rows) => of.reduce((total, row) => total + pick(row), 0)

  const byPageType = [...groupBy(rows, (row) => row.page_type)].map(([pageType, typeRows]): PageTypeFigures => {
    const vitals = Object.fromEntries(
      webVitals.map((metric) => {
        const { samples, p75 } = vitalColumns[metric]
        const total = sum((row) => row[samples], typeRows)
        const weighted = sum((row) => (row[p75] ?? 0) * row[samples], typeRows)
        return [metric, { samples: total, p75: total > 0 ? weighted / total : null }]
      }),
    ) as Record<WebVital, VitalFigure>
    return { pageType, label: pageTypeLabels[pageType as PageType] ?? pageType, pageViews: sum((row) => row.page_views, typeRows), vitals }
  })
  byPageType.sort((a, b) => b.pageViews - a.pageViews || a.label.localeCompare(b.label))

  return {
    firstDay,
    lastDay,
    totals: {
      pageViews: sum((row) => row.page_views),
      searches: sum((row) => row.searches),
      listingViews: sum((row) => row.listing_views),
      fileDownloads: sum((row) => row.file_downloads),
      leads: Number(leads.count),
    },
    byPageType,
  }
}
