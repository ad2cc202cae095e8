import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type BeaconEvent, recordAnalyticsEvents } from '~/models/analytics/analytics-events.server'
import { analyticsReport } from '~/models/analytics/analytics-report.server'
import { rawRetentionDays, rollUpAnalytics } from '~/models/analytics/analytics-rollup.server'
import type { PageType, WebVital } from '~/models/analytics/page-analytics'
import type { Database } from '~/models/db/db-schema'
import { migrateToLatest } from '~/models/db/db.server'
import { createKysely, type DatabaseTarget } from '~/models/db/dialect.server'
import { quantile } from '~/utils/statistics'
import { freshPostgresTarget, freshSqliteTarget } from '../support/fresh-database'

/**
 * The daily roll-up of the data layer's events (issue 17 §7) on each database: a finished day
 * becomes one row per site and page type with its counts and the 75th percentile of each web vital,
 * exactly once however many processes run the job; old events are pruned; the administrators'
 * report adds the days not rolled up yet and the leads.
 */
const postgresUrl = process.env.TEST_POSTGRES_URL

const targets = [
  { name: 'SQLite', enabled: true, target: async () => freshSqliteTarget('analytics-rollup') },
  { name: 'PostgreSQL', enabled: !!postgresUrl, target: () => freshPostgresTarget(postgresUrl!, 'analytics_rollup') },
]

const now = new Date('2026-05-10T15:00:00.000Z')
const at = (day: string, time = '12:00:00') => new Date(`${day}T${time}.000Z`)

const land = 0
const farm = 1080

/** A page view of `pageType` with its vitals, as the browser's beacons carry them. */
function pageView(pageType: PageType, vitals: Partial<Record<WebVital, number>> = {}): BeaconEvent[] {
  return [
    { event: 'page', pageType },
    ...Object.entries(vitals).map(([metric, value]) => ({ event: 'web-vital' as const, pageType, metric: metric as WebVital, value })),
  ]
}

/** Deterministic spread of values, so the 75th percentile is not an obvious one. */
const spread = (count: number, scale: number) => Array.from({ length: count }, (_, index) => Math.round(((index * 7919) % count) * scale + scale))

describe.each(targets)('the analytics roll-up on $name', ({ enabled, target }) => {
  let db: Kysely<Database>
  let second: Kysely<Database>
  const searchLcp = spread(41, 97)
  const searchCls = spread(41, 0.013).map((value) => Math.round(value * 10000) / 10000)

  beforeAll(async () => {
    if (!enabled) return
    const where: DatabaseTarget = await target()
    db = createKysely(where)
    second = createKysely(where)
    await migrateToLatest(db)
    // May 9 (finished): 41 search page views on land, each with LCP and CLS, 2 of them searches; a listing view and a download; farm's home.
    for (let index = 0; index < searchLcp.length; index++) {
      await recordAnalyticsEvents(
        db,
        land,
        pageView('search', { LCP: searchLcp[index]!, CLS: searchCls[index]! }),
        at('2026-05-09', `10:${String(index).padStart(2, '0')}:00`),
      )
    }
    await recordAnalyticsEvents(
      db,
      land,
      [
        { event: 'search', pageType: 'search', resultCount: 25 },
        { event: 'search', pageType: 'search', resultCount: 0 },
      ],
      at('2026-05-09'),
    )
    await recordAnalyticsEvents(
      db,
      land,
      [...pageView('listing', { FCP: 900 }), { event: 'listing', pageType: 'listing', listingId: 7 }],
      at('2026-05-09', '23:59:59'),
    )
    await recordAnalyticsEvents(db, land, [{ event: 'file-download', pageType: 'search', file: 'search-results' }], at('2026-05-09'))
    await recordAnalyticsEvents(db, farm, pageView('home', { LCP: 1200 }), at('2026-05-09'))
    // May 3: old enough to be pruned once rolled up. May 10 (today): not finished.
    await recordAnalyticsEvents(db, land, pageView('home', { LCP: 3000 }), at('2026-05-03'))
    await recordAnalyticsEvents(db, land, pageView('search', { LCP: 5000 }), at('2026-05-10', '08:00:00'))
  }, 60_000)

  afterAll(async () => {
    await second?.destroy()
    await db?.destroy()
  })

  test.skipIf(!enabled)('two processes rolling up at once roll each finished day up once, today not at all', async () => {
    const runs = await Promise.all([rollUpAnalytics(db, now), rollUpAnalytics(second, now)])
    const rolled = runs.flatMap((run) => run.rolledUpDays).sort()
    expect(rolled).toEqual(['2026-05-03', '2026-05-04', '2026-05-05', '2026-05-06', '2026-05-07', '2026-05-08', '2026-05-09'])
    expect((await rollUpAnalytics(db, now)).rolledUpDays).toEqual([])
    const days = await db.selectFrom('analytics_daily').select('day').distinct().orderBy('day').execute()
    expect(days.map((row) => row.day)).toEqual(['2026-05-03', '2026-05-09'])
  })

  test.skipIf(!enabled)('a day’s row per site and page type counts its events and holds each vital’s 75th percentile', async () => {
    const rows = await db.selectFrom('analytics_daily').selectAll().where('day', '=', '2026-05-09').orderBy('site_id').orderBy('page_type').execute()
    expect(rows.map((row) => [row.site_id, row.page_type])).toEqual([
      [land, 'listing'],
      [land, 'search'],
      [farm, 'home'],
    ])
    const [listing, search, farmHome] = rows
    expect(search).toMatchObject({
      page_views: 41,
      searches: 2,
      listing_views: 0,
      file_downloads: 1,
      lcp_samples: 41,
      cls_samples: 41,
      fcp_samples: 0,
      fcp_p75: null,
    })
    expect(search!.lcp_p75).toBe(quantile(searchLcp, 0.75))
    expect(search!.cls_p75).toBeCloseTo(quantile(searchCls, 0.75), 10)
    // Not the mean, the median or the maximum: the value three quarters of the way up.
    expect(search!.lcp_p75).not.toBe(Math.max(...searchLcp))
    expect(listing).toMatchObject({ page_views: 1, listing_views: 1, fcp_samples: 1, fcp_p75: 900, lcp_samples: 0, lcp_p75: null })
    expect(farmHome).toMatchObject({ page_views: 1, lcp_samples: 1, lcp_p75: 1200 })
  })

  test.skipIf(!enabled)(`events older than ${rawRetentionDays} finished days are pruned; later ones and today’s are kept`, async () => {
    const left = await db.selectFrom('analytics_events').select('created_at').distinct().execute()
    const days = [...new Set(left.map((row) => row.created_at.slice(0, 10)))].sort()
    expect(days).toEqual(['2026-05-09', '2026-05-10'])
  })

  test.skipIf(!enabled)('the report adds today’s events to the rolled-up days, and counts the site’s leads', async () => {
    const listing = await db
      .insertInto('accounts')
      .values({
        account_type: 1,
        broker_type: 4,
        parent_account_id: null,
        contact_name: 'A Broker',
        company_name: 'Land Co',
        email: 'broker@example.com',
        description: '',
        is_free: 0,
        is_seller: 1,
        alc_certified: 0,
        alc_advanced_certified: 0,
        opt_in_lead_targeting: 0,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const lead = (siteId: number, createdAt: string) => ({
      account_id: listing.id,
      site_id: siteId,
      name: 'B',
      email: 'b@example.com',
      message: 'Hi',
      created_at: createdAt,
      read_at: null,
    })
    await db
      .insertInto('leads')
      .values([
        lead(land, '2026-05-10T09:00:00.000Z'),
        lead(land, '2026-04-20T09:00:00.000Z'),
        lead(land, '2026-03-01T09:00:00.000Z'),
        lead(farm, '2026-05-10T09:00:00.000Z'),
      ])
      .execute()

    const report = await analyticsReport(db, land, now)
    expect(report).toMatchObject({ firstDay: '2026-04-11', lastDay: '2026-05-10' })
    expect(report.totals).toEqual({ pageViews: 41 + 1 + 1 + 1, searches: 2, listingViews: 1, fileDownloads: 1, leads: 2 })
    expect(report.byPageType.map((row) => [row.pageType, row.pageViews])).toEqual([
      ['search', 42],
      ['home', 1],
      ['listing', 1],
    ])
    // Search: May 9's 41 samples and today's one, weighted by their samples.
    const search = report.byPageType[0]!
    expect(search.vitals.LCP.samples).toBe(42)
    expect(search.vitals.LCP.p75).toBeCloseTo((quantile(searchLcp, 0.75) * 41 + 5000) / 42, 6)
    expect(search.vitals.FCP).toEqual({ samples: 0, p75: null })
    expect((await analyticsReport(db, farm, now)).totals).toEqual({ pageViews: 1, searches: 0, listingViews: 0, fileDownloads: 0, leads: 1 })
  })
})
