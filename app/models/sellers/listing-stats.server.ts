import { type Kysely, sql } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { listingEventType } from '~/models/listings/enumerations'
import { type ListingStatistics, type StatisticsPeriod, sellerEventTypes } from './listing-stats'
import type { SellerScope } from './seller-scope.server'

const dayMilliseconds = 86_400_000

/**
 * The period's UTC days, the last being today: events are stamped in UTC (ISO text), and a seller's
 * time zone is not known, so a day is a UTC day everywhere, chart and table alike.
 */
function statisticsWindow(days: StatisticsPeriod, now: Date) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const dates = Array.from({ length: days }, (_, index) => new Date(today - (days - 1 - index) * dayMilliseconds).toISOString().slice(0, 10))
  return { since: `${dates[0]}T00:00:00.000Z`, until: now.toISOString(), dates }
}

interface StatisticsQuery {
  scope: SellerScope
  days: StatisticsPeriod
  /** The period ends now; tests pass their own. */
  now?: Date
}

// The ISO text's date part: the same UTC day on SQLite and PostgreSQL, with no date functions.
const eventDay = sql<string>`substr(${sql.ref('listing_events.created_at')}, 1, 10)`

/**
 * The spec §3 events of the scope's listings, or of one of them, over the last `days` days: a
 * total and a count per day for each type a seller is shown. One grouped query, which reads the
 * (listing_id, event_type, created_at) index for each listing. Undefined when `listingId` is not a
 * listing of the scope, so another seller's listing is as unknown as a missing one.
 */
export async function findListingStatistics(db: Kysely<Database>, query: StatisticsQuery & { listingId?: undefined }): Promise<ListingStatistics>
export async function findListingStatistics(db: Kysely<Database>, query: StatisticsQuery & { listingId: number }): Promise<ListingStatistics | undefined>
export async function findListingStatistics(
  db: Kysely<Database>,
  { scope, days, listingId, now = new Date() }: StatisticsQuery & { listingId?: number },
): Promise<ListingStatistics | undefined> {
  let listings = db.selectFrom('listings').select('listings.id').where('listings.account_id', 'in', scope.accountIds)
  if (listingId !== undefined) {
    listings = listings.where('listings.id', '=', listingId)
    if (!(await listings.executeTakeFirst())) return undefined
  }
  const { since, until, dates } = statisticsWindow(days, now)
  const rows = await db
    .selectFrom('listing_events')
    .select((eb) => ['listing_events.event_type', eventDay.as('day'), eb.fn.countAll<number>().as('count')])
    .where('listing_events.listing_id', 'in', listings)
    .where(
      'listing_events.event_type',
      'in',
      sellerEventTypes.map((type) => listingEventType[type.key]),
    )
    .where((eb) => eb.between('listing_events.created_at', since, until))
    .groupBy(['listing_events.event_type', eventDay])
    .execute()
  const dayIndex = new Map(dates.map((date, index) => [date, index]))
  const series = sellerEventTypes.map(({ key, label }) => ({ key, label, total: 0, daily: dates.map(() => 0) }))
  for (const row of rows) {
    const entry = series.find((candidate) => listingEventType[candidate.key] === row.event_type)
    const index = dayIndex.get(row.day)
    if (!entry || index === undefined) continue
    entry.daily[index] = Number(row.count)
    entry.total += Number(row.count)
  }
  return { days, dates, series }
}

/** The scope's listings most viewed (spec §3 'details viewed') over the last `days` days, most first. */
export async function findMostViewedListings(db: Kysely<Database>, { scope, days, now = new Date(), limit = 10 }: StatisticsQuery & { limit?: number }) {
  const { since, until } = statisticsWindow(days, now)
  const rows = await db
    .selectFrom('listing_events')
    .innerJoin('listings', 'listings.id', 'listing_events.listing_id')
    .select((eb) => ['listings.id', 'listings.title', eb.fn.countAll<number>().as('views')])
    .where('listings.account_id', 'in', scope.accountIds)
    .where('listing_events.event_type', '=', listingEventType.detailsViewed)
    .where((eb) => eb.between('listing_events.created_at', since, until))
    .groupBy(['listings.id', 'listings.title'])
    .orderBy('views', 'desc')
    .orderBy('listings.id')
    .limit(limit)
    .execute()
  return rows.map((row) => ({ id: row.id, title: row.title, views: Number(row.views) }))
}

export interface ListingActivity {
  /** Spec §3 'details viewed' events. */
  views: number
  /** Messages in `leads` about the listing. */
  leads: number
}

/**
 * Views and leads since `since` of each of `listingIds` (a page of Manage Listings), zeros for a
 * listing with none: two grouped queries, however many listings. The caller has already scoped
 * the ids to the seller.
 */
export async function recentActivityByListing(db: Kysely<Database>, listingIds: number[], since: Date): Promise<Map<number, ListingActivity>> {
  const activity = new Map(listingIds.map((id) => [id, { views: 0, leads: 0 }]))
  if (listingIds.length === 0) return activity
  const sinceIso = since.toISOString()
  const [views, leads] = await Promise.all([
    db
      .selectFrom('listing_events')
      .select((eb) => ['listing_id', eb.fn.countAll<number>().as('count')])
      .where('listing_id', 'in', listingIds)
      .where('event_type', '=', listingEventType.detailsViewed)
      .where('created_at', '>=', sinceIso)
      .groupBy('listing_id')
      .execute(),
    db
      .selectFrom('leads')
      .select((eb) => ['listing_id', eb.fn.countAll<number>().as('count')])
      .where('listing_id', 'in', listingIds)
      .where('created_at', '>=', sinceIso)
      .groupBy('listing_id')
      .execute(),
  ])
  for (const row of views) activity.get(row.listing_id)!.views = Number(row.count)
  for (const row of leads) if (row.listing_id !== null) activity.get(row.listing_id)!.leads = Number(row.count)
  return activity
}
