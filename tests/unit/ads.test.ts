import type { Insertable, Kysely } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { AdTable, Database } from '~/models/db/db-schema'
import { adDay, findAdDestination, findAdForPlace, findAdvertiserAdStatistics, recordAdEvent } from '~/models/ads/ads.server'
import { sites } from '~/sites/index'
import { freshPostgresDatabase, freshSqliteDatabase, migrateAndSeed } from '../support/fresh-database'

const postgresUrl = process.env.TEST_POSTGRES_URL
const targets = [
  { name: 'SQLite', enabled: true, open: async () => freshSqliteDatabase('ads') },
  { name: 'PostgreSQL', enabled: !!postgresUrl, open: () => freshPostgresDatabase(postgresUrl!, 'ads') },
]

const texas = 48
const travisCounty = 48453
const harrisCounty = 48201
const montana = 30
const now = new Date('2026-06-15T12:00:00Z')
const day = (offset: number) => adDay(new Date(now.getTime() + offset * 86_400_000))

/**
 * Ad selection (issue 17 §8) on a seeded database whose seeded ads are replaced, test by test, by
 * ads written here: the page's county before its state before the national ads, only ads running
 * on the day, only advertisers the site shows, taking turns among equals.
 */
describe.each(targets)('ads on $name', ({ enabled, open }) => {
  let db: Kysely<Database>
  const advertisers = { paidBroker: 0, otherPaidBroker: 0, freeBroker: 0, everySiteLender: 0, huntingOnlyLender: 0 }

  async function addAd(ad: Partial<Insertable<AdTable>> & { places?: { place_kind: 'state' | 'county'; place_id: number }[] }) {
    const { places = [], ...fields } = ad
    const { id } = await db
      .insertInto('ads')
      .values({
        account_id: fields.finance_center_id ? null : advertisers.paidBroker,
        headline: 'Land for sale',
        body: 'Tell us what you are looking for.',
        call_to_action: 'Message us',
        starts_on: day(-10),
        ends_on: day(10),
        created_at: now.toISOString(),
        ...fields,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (places.length > 0)
      await db
        .insertInto('ad_places')
        .values(places.map((place) => ({ ...place, ad_id: id })))
        .execute()
    return id
  }

  const adFor = async (place: { stateId?: number; countyId?: number }, { site = sites.land, rotationKey = '/Texas' } = {}) =>
    (await findAdForPlace(db, site, place, { rotationKey, now }))?.id ?? null

  beforeAll(async () => {
    if (!enabled) return
    db = await migrateAndSeed(await open(), { listings: 20, seed: 5 })
    const paid = await db.selectFrom('accounts').where('is_free', '=', 0).select('id').orderBy('id').limit(2).execute()
    advertisers.paidBroker = paid[0]!.id
    advertisers.otherPaidBroker = paid[1]!.id
    advertisers.freeBroker = (await db.selectFrom('accounts').where('is_free', '=', 1).select('id').orderBy('id').executeTakeFirstOrThrow()).id
    const lender = (name: string) => db.selectFrom('finance_centers').where('name', '=', name).select('id').executeTakeFirstOrThrow()
    advertisers.everySiteLender = (await lender('Lone Star Land Credit, ACA')).id
    advertisers.huntingOnlyLender = (await lender('Southern Pine Timberland Finance')).id
  }, 120_000)

  beforeEach(async () => {
    if (enabled) await db.deleteFrom('ads').execute()
  })

  afterAll(async () => {
    await db?.destroy()
  })

  test.skipIf(!enabled)("the page's county wins over its state, its state over the national ads", async () => {
    const national = await addAd({})
    const state = await addAd({ places: [{ place_kind: 'state', place_id: texas }] })
    const county = await addAd({ places: [{ place_kind: 'county', place_id: travisCounty }] })
    expect(await adFor({ stateId: texas, countyId: travisCounty })).toBe(county)
    expect(await adFor({ stateId: texas, countyId: harrisCounty })).toBe(state)
    expect(await adFor({ stateId: texas })).toBe(state)
    expect(await adFor({ stateId: montana })).toBe(national)
    // The home page is about no place: national ads only.
    expect(await adFor({})).toBe(national)
  })

  test.skipIf(!enabled)('an ad targeting several places shows in each of them', async () => {
    const ad = await addAd({
      places: [
        { place_kind: 'state', place_id: montana },
        { place_kind: 'county', place_id: harrisCounty },
      ],
    })
    expect(await adFor({ stateId: montana })).toBe(ad)
    expect(await adFor({ stateId: texas, countyId: harrisCounty })).toBe(ad)
    expect(await adFor({ stateId: texas, countyId: travisCounty })).toBeNull()
  })

  test.skipIf(!enabled)('with nothing targeted at the place and no national ad there is no ad', async () => {
    await addAd({ places: [{ place_kind: 'state', place_id: montana }] })
    expect(await adFor({ stateId: texas, countyId: travisCounty })).toBeNull()
    expect(await adFor({})).toBeNull()
  })

  test.skipIf(!enabled)('only ads running on the day count, their first and last days included', async () => {
    const texasPlace = [{ place_kind: 'state' as const, place_id: texas }]
    await addAd({ places: texasPlace, starts_on: day(1), ends_on: day(30) })
    await addAd({ places: texasPlace, starts_on: day(-30), ends_on: day(-1) })
    const national = await addAd({})
    expect(await adFor({ stateId: texas })).toBe(national)
    const startsToday = await addAd({ places: texasPlace, starts_on: day(0), ends_on: day(5) })
    expect(await adFor({ stateId: texas })).toBe(startsToday)
    await db
      .updateTable('ads')
      .set({ starts_on: day(-5), ends_on: day(0) })
      .where('id', '=', startsToday)
      .execute()
    expect(await adFor({ stateId: texas })).toBe(startsToday)
  })

  test.skipIf(!enabled)('only advertisers the site shows: paid brokers where it has broker pages, lenders where they lend', async () => {
    await addAd({ account_id: advertisers.freeBroker, places: [{ place_kind: 'state', place_id: texas }] })
    const huntingLender = await addAd({ finance_center_id: advertisers.huntingOnlyLender, places: [{ place_kind: 'state', place_id: texas }] })
    const national = await addAd({ finance_center_id: advertisers.everySiteLender })
    expect(await adFor({ stateId: texas })).toBe(national)
    expect(await adFor({ stateId: texas }, { site: sites.hunting })).toBe(huntingLender)
    // The valuation site has no ad slots at all.
    expect(await adFor({ stateId: texas }, { site: sites.value })).toBeNull()
  })

  test.skipIf(!enabled)('equally close ads take turns by page and day, the same page keeping its ad all day', async () => {
    const ids = [await addAd({}), await addAd({ account_id: advertisers.otherPaidBroker }), await addAd({ finance_center_id: advertisers.everySiteLender })]
    const pages = Array.from({ length: 60 }, (_, index) => `/search/texas-land-for-sale/page-${index + 2}/`)
    const shown = await Promise.all(pages.map((rotationKey) => adFor({ stateId: texas }, { rotationKey })))
    expect(new Set(shown)).toEqual(new Set(ids))
    for (const id of ids) expect(shown.filter((shownId) => shownId === id).length).toBeGreaterThan(8)
    expect(await Promise.all(pages.slice(0, 5).map((rotationKey) => adFor({ stateId: texas }, { rotationKey })))).toEqual(shown.slice(0, 5))
  })

  test.skipIf(!enabled)("a broker's ad leads to the broker page's message form, a lender's to its contact form, in each site's spelling", async () => {
    const broker = await addAd({})
    const lender = await addAd({ finance_center_id: advertisers.everySiteLender })
    const free = await addAd({ account_id: advertisers.freeBroker })
    const hidden = await addAd({ finance_center_id: advertisers.huntingOnlyLender })
    expect(await findAdDestination(db, sites.land, broker)).toMatch(new RegExp(`^/member/[a-z0-9-]+/${advertisers.paidBroker}#contact-seller$`))
    expect(await findAdDestination(db, sites.farm, broker)).toMatch(new RegExp(`^/broker/[a-z0-9-]+-${advertisers.paidBroker}/#contact-seller$`))
    expect(await findAdDestination(db, sites.hunting, broker)).toMatch(new RegExp(`^/profile/[a-z0-9-]+/${advertisers.paidBroker}#contact-seller$`))
    expect(await findAdDestination(db, sites.land, lender)).toBe(`/financing?fcid=${advertisers.everySiteLender}#finance-contact`)
    expect(await findAdDestination(db, sites.land, free)).toBeUndefined()
    expect(await findAdDestination(db, sites.land, hidden)).toBeUndefined()
    expect(await findAdDestination(db, sites.hunting, hidden)).toBe(`/financing?fcid=${advertisers.huntingOnlyLender}#finance-contact`)
    expect(await findAdDestination(db, sites.value, broker)).toBeUndefined()
    expect(await findAdDestination(db, sites.land, 999_999)).toBeUndefined()
  })

  test.skipIf(!enabled)('impressions and clicks add up in one row per ad, site and day', async () => {
    const ad = await addAd({})
    for (let count = 0; count < 3; count++) await recordAdEvent(db, { adId: ad, siteId: sites.land.siteId, event: 'impression', now })
    await recordAdEvent(db, { adId: ad, siteId: sites.land.siteId, event: 'click', now })
    await recordAdEvent(db, { adId: ad, siteId: sites.farm.siteId, event: 'impression', now })
    await recordAdEvent(db, { adId: ad, siteId: sites.land.siteId, event: 'impression', now: new Date(now.getTime() + 86_400_000) })
    const rows = await db.selectFrom('ad_daily_stats').where('ad_id', '=', ad).selectAll().orderBy('day').orderBy('site_id').execute()
    expect(rows).toEqual([
      { ad_id: ad, site_id: sites.land.siteId, day: day(0), impressions: 3, clicks: 1 },
      { ad_id: ad, site_id: sites.farm.siteId, day: day(0), impressions: 1, clicks: 0 },
      { ad_id: ad, site_id: sites.land.siteId, day: day(1), impressions: 1, clicks: 0 },
    ])
  })

  test.skipIf(!enabled)("an advertiser's report sums each of its ads' figures over the period, other advertisers' ads left out", async () => {
    const older = await addAd({ starts_on: day(-40) })
    const newer = await addAd({})
    const others = await addAd({ account_id: advertisers.otherPaidBroker })
    const record = (adId: number, event: 'impression' | 'click', daysAgo: number) =>
      recordAdEvent(db, { adId, siteId: sites.farm.siteId, event, now: new Date(now.getTime() - daysAgo * 86_400_000) })
    await record(older, 'impression', 8)
    for (const daysAgo of [0, 1, 6]) await record(older, 'impression', daysAgo)
    await record(older, 'click', 2)
    await record(others, 'impression', 0)
    expect(await findAdvertiserAdStatistics(db, { accountIds: [advertisers.paidBroker], sinceDay: day(-6) })).toEqual([
      { id: newer, headline: 'Land for sale', startsOn: day(-10), endsOn: day(10), impressions: 0, clicks: 0 },
      { id: older, headline: 'Land for sale', startsOn: day(-40), endsOn: day(10), impressions: 3, clicks: 1 },
    ])
  })
})
