import type { Kysely } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { listingEventType } from '~/models/listings/enumerations'
import { demoActivityListingCount } from '~/dev-data/listing-events'
import { sellerEventTypes } from '~/models/sellers/listing-stats'
import { findListingStatistics, findMostViewedListings, recentActivityByListing } from '~/models/sellers/listing-stats.server'
import type { SellerScope } from '~/models/sellers/seller-scope.server'
import { freshPostgresDatabase, freshSqliteDatabase, migrateAndSeed } from '../support/fresh-database'

const postgresUrl = process.env.TEST_POSTGRES_URL
const targets = [
  { name: 'SQLite', enabled: true, open: async () => freshSqliteDatabase('listing-stats') },
  { name: 'PostgreSQL', enabled: !!postgresUrl, open: () => freshPostgresDatabase(postgresUrl!, 'listing-stats') },
]

// Mid-afternoon (UTC) on a Monday: a 7-day period runs from Tuesday 17 November, 00:00 UTC.
const now = new Date('2026-11-23T15:00:00.000Z')
const scopeOf = (...accountIds: number[]): SellerScope => ({ userId: 1, accountId: accountIds[0]!, accountIds })

describe.each(targets)('listing statistics on $name', ({ enabled, open }) => {
  let db: Kysely<Database>
  // Two listings of the seller's account, and one of another account.
  let sellerAccount: number
  let otherAccount: number
  let first: number
  let second: number
  let othersListing: number

  const addEvents = (listingId: number, eventType: number, times: string[]) =>
    db
      .insertInto('listing_events')
      .values(times.map((createdAt) => ({ listing_id: listingId, site_id: 0, event_type: eventType, created_at: createdAt })))
      .execute()
  const addLead = (listingId: number, accountId: number, createdAt: string) =>
    db
      .insertInto('leads')
      .values({
        listing_id: listingId,
        account_id: accountId,
        site_id: 0,
        name: 'Dana Buyer',
        email: 'dana@stats.test',
        phone: null,
        message: 'Is it still for sale?',
        created_at: createdAt,
        read_at: null,
      })
      .execute()
  const seriesOf = async (scope: SellerScope, days: 7 | 30 | 90, listingId?: number) => {
    const statistics =
      listingId === undefined ? await findListingStatistics(db, { scope, days, now }) : await findListingStatistics(db, { scope, days, listingId, now })
    return Object.fromEntries((statistics?.series ?? []).map((series) => [series.key, series]))
  }

  beforeAll(async () => {
    if (!enabled) return
    db = await migrateAndSeed(await open(), { listings: 200, seed: 5 })
    const accounts = await db
      .selectFrom('listings')
      .select(['account_id', (eb) => eb.fn.min('id').as('first'), (eb) => eb.fn.max('id').as('last')])
      .where('account_id', '>', 1)
      .groupBy('account_id')
      .having((eb) => eb.fn.countAll(), '>=', 2)
      .orderBy('account_id')
      .limit(2)
      .execute()
    ;[sellerAccount, otherAccount] = accounts.map((account) => account.account_id) as [number, number]
    ;[first, second, othersListing] = [accounts[0]!.first, accounts[0]!.last, accounts[1]!.first]
  }, 120_000)

  afterAll(async () => {
    await db?.destroy()
  })

  test.skipIf(!enabled)("the seed gives a dozen of the demo seller's listings past activity, and no one else's", async () => {
    const listings = await db
      .selectFrom('listing_events')
      .innerJoin('listings', 'listings.id', 'listing_events.listing_id')
      .select(['listings.account_id', 'listings.id'])
      .distinct()
      .execute()
    expect(new Set(listings.map((listing) => listing.account_id))).toEqual(new Set([1]))
    expect(listings.length).toBeGreaterThan(0)
    expect(listings.length).toBeLessThanOrEqual(demoActivityListingCount)
    const demo = await seriesOf(scopeOf(1), 90)
    expect(demo.detailsViewed!.total).toBeGreaterThan(0)
    expect(demo.searchResults!.total).toBeGreaterThan(demo.detailsViewed!.total)
  })

  describe('with events of our own', () => {
    beforeEach(async () => {
      if (!enabled) return
      await db.deleteFrom('listing_events').execute()
      await db.deleteFrom('leads').execute()
    })

    test.skipIf(!enabled)('counts each shown type in total and per UTC day, with zeros for days without events', async () => {
      await addEvents(first, listingEventType.detailsViewed, ['2026-11-21T08:00:00.000Z', '2026-11-21T23:59:59.999Z', '2026-11-23T01:00:00.000Z'])
      await addEvents(second, listingEventType.detailsViewed, ['2026-11-22T00:00:00.000Z'])
      await addEvents(first, listingEventType.searchResults, ['2026-11-18T10:00:00.000Z', '2026-11-18T11:00:00.000Z'])
      for (const type of ['phoneClick', 'emailLead', 'flyersPrinted', 'sendToFriend', 'like'] as const) {
        await addEvents(second, listingEventType[type], ['2026-11-20T12:00:00.000Z'])
      }
      // Types sellers are not shown are not counted.
      await addEvents(first, listingEventType.showcase, ['2026-11-20T12:00:00.000Z'])
      const statistics = (await findListingStatistics(db, { scope: scopeOf(sellerAccount), days: 7, now }))!
      expect(statistics.dates).toEqual(['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23'])
      expect(statistics.series.map((series) => series.key)).toEqual(sellerEventTypes.map((type) => type.key))
      const series = Object.fromEntries(statistics.series.map((entry) => [entry.key, entry]))
      expect(series.detailsViewed).toMatchObject({ label: 'Details viewed', total: 4, daily: [0, 0, 0, 0, 2, 1, 1] })
      expect(series.searchResults).toMatchObject({ total: 2, daily: [0, 2, 0, 0, 0, 0, 0] })
      for (const key of ['phoneClick', 'emailLead', 'flyersPrinted', 'sendToFriend', 'like'] as const) {
        expect(series[key]).toMatchObject({ total: 1, daily: [0, 0, 0, 1, 0, 0, 0] })
      }
    })

    test.skipIf(!enabled)('a period starts at midnight UTC of its first day and ends now', async () => {
      await addEvents(first, listingEventType.detailsViewed, [
        '2026-11-16T23:59:59.999Z', // the day before a 7-day period
        '2026-11-17T00:00:00.000Z', // its first moment
        '2026-11-23T15:00:00.000Z', // now
        '2026-11-23T15:00:00.001Z', // after now
        '2026-10-25T00:00:00.000Z', // the first day of 30
        '2026-08-26T00:00:00.000Z', // the first day of 90
        '2026-08-25T23:59:59.999Z', // before it
      ])
      const views = async (days: 7 | 30 | 90) => (await seriesOf(scopeOf(sellerAccount), days)).detailsViewed!
      expect(await views(7)).toMatchObject({ total: 2, daily: [1, 0, 0, 0, 0, 0, 1] })
      expect((await views(30)).daily).toHaveLength(30)
      expect((await views(30)).total).toBe(4)
      expect((await views(30)).daily[0]).toBe(1)
      expect((await views(90)).daily).toHaveLength(90)
      expect((await views(90)).total).toBe(5)
      expect((await views(90)).daily[0]).toBe(1)
    })

    test.skipIf(!enabled)("another account's listing never counts, and is not found when asked for by id", async () => {
      await addEvents(first, listingEventType.detailsViewed, ['2026-11-22T10:00:00.000Z'])
      await addEvents(othersListing, listingEventType.detailsViewed, ['2026-11-22T10:00:00.000Z', '2026-11-22T11:00:00.000Z'])
      expect((await seriesOf(scopeOf(sellerAccount), 7)).detailsViewed!.total).toBe(1)
      expect((await seriesOf(scopeOf(otherAccount), 7)).detailsViewed!.total).toBe(2)
      expect(await findListingStatistics(db, { scope: scopeOf(sellerAccount), days: 7, listingId: othersListing, now })).toBeUndefined()
      expect(await findListingStatistics(db, { scope: scopeOf(sellerAccount), days: 7, listingId: 999_999_999, now })).toBeUndefined()
      // A corporate master's scope holds its children's accounts too.
      expect((await seriesOf(scopeOf(sellerAccount, otherAccount), 7)).detailsViewed!.total).toBe(3)
      expect((await seriesOf(scopeOf(sellerAccount, otherAccount), 7, othersListing)).detailsViewed!.total).toBe(2)
    })

    test.skipIf(!enabled)("one listing's figures are its own", async () => {
      await addEvents(first, listingEventType.detailsViewed, ['2026-11-22T10:00:00.000Z'])
      await addEvents(second, listingEventType.detailsViewed, ['2026-11-22T10:00:00.000Z', '2026-11-23T10:00:00.000Z'])
      expect((await seriesOf(scopeOf(sellerAccount), 7, second)).detailsViewed).toMatchObject({ total: 2, daily: [0, 0, 0, 0, 0, 1, 1] })
      expect((await seriesOf(scopeOf(sellerAccount), 7, first)).detailsViewed!.total).toBe(1)
    })

    test.skipIf(!enabled)("the most viewed listings are the scope's, most views first", async () => {
      await addEvents(first, listingEventType.detailsViewed, ['2026-11-22T10:00:00.000Z'])
      await addEvents(second, listingEventType.detailsViewed, ['2026-11-22T10:00:00.000Z', '2026-11-23T10:00:00.000Z'])
      await addEvents(second, listingEventType.searchResults, ['2026-11-22T10:00:00.000Z'])
      await addEvents(othersListing, listingEventType.detailsViewed, ['2026-11-22T10:00:00.000Z'])
      const listings = await findMostViewedListings(db, { scope: scopeOf(sellerAccount), days: 7, now })
      expect(listings.map(({ id, views }) => ({ id, views }))).toEqual([
        { id: second, views: 2 },
        { id: first, views: 1 },
      ])
      expect(listings[0]!.title).toEqual(expect.any(String))
    })

    test.skipIf(!enabled)('recent activity gives views and leads since a moment for each listing asked about', async () => {
      const since = new Date('2026-10-24T15:00:00.000Z')
      await addEvents(first, listingEventType.detailsViewed, ['2026-10-24T14:59:59.999Z', '2026-10-24T15:00:00.000Z', '2026-11-20T00:00:00.000Z'])
      await addEvents(first, listingEventType.searchResults, ['2026-11-20T00:00:00.000Z'])
      await addLead(first, sellerAccount, '2026-11-01T00:00:00.000Z')
      await addLead(first, sellerAccount, '2026-10-01T00:00:00.000Z')
      await addEvents(othersListing, listingEventType.detailsViewed, ['2026-11-20T00:00:00.000Z'])
      const activity = await recentActivityByListing(db, [first, second], since)
      expect([...activity]).toEqual([
        [first, { views: 2, leads: 1 }],
        [second, { views: 0, leads: 0 }],
      ])
      expect(await recentActivityByListing(db, [], since)).toEqual(new Map())
    })
  })
})
