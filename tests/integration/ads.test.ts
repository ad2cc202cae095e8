import SQLite from 'better-sqlite3'
import path from 'node:path'
import { parse } from 'node-html-parser'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sites } from '~/sites/index'
import { listingPath } from '~/models/listings/listing-path'
import { type SiteFetch, decodeEntities, loadRequestHandler } from '../support/http'
import { privateDataDir } from '../support/private-data'

/**
 * First-party ads (issue 17 §8) on the production build, on a private copy of the test database
 * (clicks and impressions are counted, and the last test removes ads): a labelled slot of fixed
 * size on the home, landing, search and listing pages of the three listing sites, filled for the
 * page's place; a click route that counts and redirects only to our own pages; an impression
 * endpoint that answers bad requests with their status.
 */
const dataDir = privateDataDir('ads')
let fetchPage: SiteFetch
let db: SQLite.Database

beforeAll(async () => {
  process.env.DATA_DIR = dataDir
  process.env.SITE_ENVIRONMENT = 'production'
  db = new SQLite(path.join(dataDir, 'marketplace.db'))
  fetchPage = await loadRequestHandler()
})

afterAll(() => {
  delete process.env.SITE_ENVIRONMENT
  db.close()
})

const hosts = { land: 'land.localhost', farm: 'farm.localhost', hunting: 'hunting.localhost', value: 'value.localhost' } as const
type ListingSiteKey = Exclude<keyof typeof hosts, 'value'>
const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const texas = 48
let clientCounter = 0
/** Each request from its own address: the counting allowances are per address. */
const client = () => `203.0.113.${++clientCounter}`

/** A Texas listing for sale that every listing site shows (timberland is in the farm and hunting sites' scopes). */
const texasListing = () =>
  db
    .prepare(
      `select listings.id, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation, listings.county_id as countyId
       from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
       where listings.state_id = ? and listings.status = 1 and listings.property_types & 16 != 0 order by listings.id limit 1`,
    )
    .get(texas) as { id: number; acres: number; countyName: string; stateAbbreviation: string; countyId: number }

const texasPages: Record<ListingSiteKey, { kind: string; path: string }[]> = {
  land: [
    { kind: 'home', path: '/' },
    { kind: 'landing', path: '/Texas' },
    { kind: 'search', path: '/search/texas-land-for-sale/' },
  ],
  farm: [
    { kind: 'home', path: '/' },
    { kind: 'search', path: '/texas-land-for-sale/' },
  ],
  hunting: [
    { kind: 'home', path: '/' },
    { kind: 'search', path: '/texas-land-for-sale' },
  ],
}

async function pageOf(host: string, pagePath: string) {
  const response = await fetchPage(host, pagePath, { headers: { 'user-agent': browser, 'x-forwarded-for': client() } })
  expect(response.status, pagePath).toBe(200)
  return parse(await response.text())
}

/** The places an ad targets, as 'state:48' and 'county:48453'; none for a national ad. */
const targetsOf = (adId: number) =>
  (db.prepare('select place_kind, place_id from ad_places where ad_id = ?').all(adId) as { place_kind: string; place_id: number }[]).map(
    (place) => `${place.place_kind}:${place.place_id}`,
  )

const statsOf = (adId: number) =>
  db.prepare('select coalesce(sum(impressions), 0) as impressions, coalesce(sum(clicks), 0) as clicks from ad_daily_stats where ad_id = ?').get(adId) as {
    impressions: number
    clicks: number
  }

/** The ad slot of a page: its label, its link and its fixed-size card, checked; answers the ad's id. */
function adSlotOf(page: ReturnType<typeof parse>, pagePath: string) {
  const slots = page.querySelectorAll('aside[data-ad-kind]')
  expect(slots, `${pagePath} has one ad slot`).toHaveLength(1)
  const slot = slots[0]!
  const label = page.getElementById(slot.getAttribute('aria-labelledby')!)
  expect(label?.text, pagePath).toBe('Advertisement')
  const links = slot.querySelectorAll('a')
  expect(links, pagePath).toHaveLength(1)
  const link = links[0]!
  expect(link.getAttribute('href')).toMatch(/^\/ads\/\d+\/click$/)
  expect(link.getAttribute('rel')).toBe('sponsored')
  expect(decodeEntities(link.text).trim().length, `${pagePath}: the link has a name`).toBeGreaterThan(10)
  // Reserved dimensions: a card of fixed height, a picture box of fixed width and height whose picture is sized too.
  const card = link.closest('div.relative')!
  expect(card.classList.contains('h-32'), pagePath).toBe(true)
  const pictureBox = card.querySelector('div.h-full')!
  expect(pictureBox.classList.contains('w-32'), pagePath).toBe(true)
  const noScriptPicture = parse(pictureBox.querySelector('noscript')?.innerHTML ?? '').querySelector('img')
  expect(noScriptPicture?.getAttribute('width')).toBe('192')
  expect(noScriptPicture?.getAttribute('height')).toBe('128')
  return Number(link.getAttribute('href')!.split('/')[2])
}

describe('the ad slot', () => {
  test.each(Object.keys(texasPages) as ListingSiteKey[])(
    'the %s site has a labelled slot of fixed size on its home, landing (the land site), search and listing pages',
    async (key) => {
      const listing = texasListing()
      const pages = [...texasPages[key], { kind: 'listing', path: listingPath(sites[key], listing) }]
      for (const { kind, path: pagePath } of pages) {
        const adId = adSlotOf(await pageOf(hosts[key], pagePath), pagePath)
        const targets = targetsOf(adId)
        // The home page's ad is national; a Texas page's targets Texas (or the listing's county), or is national when none does.
        const fits = kind === 'home' ? [] : [`state:${texas}`, ...(kind === 'listing' ? [`county:${listing.countyId}`] : [])]
        expect(targets.length === 0 || targets.some((target) => fits.includes(target)), `${key} ${pagePath} shows ad ${adId} for ${targets.join(', ')}`).toBe(true)
      }
    },
  )

  test('a page targeted by a county ad shows it', async () => {
    const county = db
      .prepare(
        `select counties.slug, ad_places.ad_id from ad_places join counties on counties.id = ad_places.place_id
         where ad_places.place_kind = 'county' and (select count(*) from ad_places as other where other.place_kind = 'county' and other.place_id = ad_places.place_id) = 1
         order by ad_places.ad_id limit 1`,
      )
      .get() as { slug: string; ad_id: number }
    expect(adSlotOf(await pageOf(hosts.land, `/${county.slug}`), county.slug)).toBe(county.ad_id)
  })

  test("the valuation site has no ads, nor does a broker's own results page", async () => {
    const valuationHome = await pageOf(hosts.value, '/')
    expect(valuationHome.querySelectorAll('aside[data-ad-kind]')).toHaveLength(0)
    const broker = db.prepare('select account_id from listings where status = 1 group by account_id order by count(*) desc limit 1').get() as { account_id: number }
    const brokerResults = await pageOf(hosts.land, `/member/${broker.account_id}/`)
    expect(brokerResults.querySelectorAll('aside[data-ad-kind]')).toHaveLength(0)
  })
})

describe('the click route', () => {
  const click = (host: string, clickPath: string, userAgent = browser) =>
    fetchPage(host, clickPath, { redirect: 'manual', headers: { 'user-agent': userAgent, 'x-forwarded-for': client() } })
  const adOf = (condition: string) => (db.prepare(`select id from ads where ${condition} order by id limit 1`).get() as { id: number }).id

  test("counts the click and leads to the broker page's message form or the lender's contact form", async () => {
    const brokerAd = adOf('account_id is not null')
    const lenderAd = adOf("finance_center_id = (select id from finance_centers where name = 'American Rural Land Lending Cooperative')")
    const before = statsOf(brokerAd).clicks
    const response = await click(hosts.land, `/ads/${brokerAd}/click`)
    expect(response.status).toBe(302)
    const accountId = (db.prepare('select account_id from ads where id = ?').get(brokerAd) as { account_id: number }).account_id
    expect(response.headers.get('location')).toMatch(new RegExp(`^/member/[a-z0-9-]+/${accountId}#contact-seller$`))
    expect(statsOf(brokerAd).clicks).toBe(before + 1)
    const farmResponse = await click(hosts.farm, `/ads/${lenderAd}/click`)
    const lenderId = (db.prepare('select finance_center_id from ads where id = ?').get(lenderAd) as { finance_center_id: number }).finance_center_id
    expect(farmResponse.headers.get('location')).toBe(`/financing?fcid=${lenderId}#finance-contact`)
    // Where it leads: the broker page with its message form open, the finance page with its form.
    const brokerPage = await pageOf(hosts.land, response.headers.get('location')!.split('#')[0]!)
    expect(brokerPage.getElementById('contact-seller')?.querySelector('form[method="post"]')).not.toBeNull()
    const financePage = await pageOf(hosts.farm, farmResponse.headers.get('location')!.split('#')[0]!)
    expect(financePage.getElementById('finance-contact')?.querySelector('form[method="post"]')).not.toBeNull()
  })

  test('every ad leads to a path on the same site, whatever the request asks for', async () => {
    const ads = db.prepare('select id from ads order by id').all() as { id: number }[]
    for (const key of ['land', 'farm', 'hunting'] as const) {
      for (const { id } of ads) {
        for (const query of ['', '?redirectTo=https://evil.example/', '?to=//evil.example', '?url=%2F%2Fevil.example']) {
          const response = await click(hosts[key], `/ads/${id}/click${query}`)
          expect([302, 404], `${key} ad ${id}`).toContain(response.status)
          if (response.status === 404) continue
          const location = response.headers.get('location')!
          expect(location, `${key} ad ${id}${query}`).toMatch(/^\/(?![/\\])/)
          expect(location).not.toContain('evil')
        }
      }
    }
  })

  test("an unknown ad, one the site does not show, and any ad on the valuation site are the site's 404 page; crawlers are not counted", async () => {
    for (const [host, clickPath] of [
      [hosts.land, '/ads/99999999/click'],
      [hosts.land, '/ads/abc/click'],
      [hosts.land, `/ads/${adOf("finance_center_id = (select id from finance_centers where name = 'Big Sky Ag Lending')")}/click`],
      [hosts.value, `/ads/${adOf('account_id is not null')}/click`],
    ] as const) {
      const response = await click(host, clickPath)
      expect(response.status, `${host}${clickPath}`).toBe(404)
      expect(response.headers.get('content-type')).toContain('text/html')
    }
    const ad = adOf('account_id is not null')
    const before = statsOf(ad).clicks
    expect((await click(hosts.land, `/ads/${ad}/click`, 'Googlebot/2.1 (+http://www.google.com/bot.html)')).status).toBe(302)
    expect(statsOf(ad).clicks).toBe(before)
  })
})

describe('the impression endpoint', () => {
  const beacon = (adPath: string, { origin = `http://${hosts.land}`, userAgent = browser, address = client(), method = 'POST' } = {}) =>
    fetchPage(hosts.land, adPath, { method, headers: { origin, 'user-agent': userAgent, 'x-forwarded-for': address } })
  const nationalAd = () => (db.prepare('select id from ads where id not in (select ad_id from ad_places) order by id limit 1').get() as { id: number }).id

  test('a beacon from the page counts one impression', async () => {
    const ad = nationalAd()
    const before = statsOf(ad).impressions
    const response = await beacon(`/ads/${ad}/impression`)
    expect(response.status).toBe(204)
    expect(statsOf(ad).impressions).toBe(before + 1)
    const row = db.prepare('select site_id, day from ad_daily_stats where ad_id = ? order by day desc limit 1').get(ad) as { site_id: number; day: string }
    expect(row).toEqual({ site_id: sites.land.siteId, day: new Date().toISOString().slice(0, 10) })
  })

  test('bad requests are refused with their status, and nothing is counted', async () => {
    const ad = nationalAd()
    const before = statsOf(ad).impressions
    expect((await beacon(`/ads/${ad}/impression`, { origin: 'https://evil.example' })).status).toBe(403)
    expect((await beacon(`/ads/${ad}/impression`, { method: 'GET' })).status).toBe(405)
    expect((await beacon('/ads/99999999/impression')).status).toBe(404)
    expect((await beacon('/ads/0/impression')).status).toBe(404)
    expect((await beacon('/ads/1e3/impression')).status).toBe(404)
    expect(statsOf(ad).impressions).toBe(before)
    // A crawler's beacon is answered but not counted.
    expect((await beacon(`/ads/${ad}/impression`, { userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).status).toBe(204)
    expect(statsOf(ad).impressions).toBe(before)
  })

  test('one address is counted up to its allowance, then told to slow down', async () => {
    const ad = nationalAd()
    const address = '198.51.100.250'
    const statuses = []
    for (let count = 0; count < 121; count++) statuses.push((await beacon(`/ads/${ad}/impression`, { address })).status)
    expect(statuses.slice(0, 120).every((status) => status === 204)).toBe(true)
    expect(statuses[120]).toBe(429)
  })
})

// Last: it removes ads from this file's private database.
test('with no ad targeted at the place and no national ad, a page has no slot at all', async () => {
  db.exec(`delete from ads where id not in (select ad_id from ad_places)
    or id in (select ad_id from ad_places where (place_kind = 'state' and place_id = 30) or (place_kind = 'county' and place_id between 30000 and 30999))`)
  for (const [host, pagePath] of [
    [hosts.land, '/Montana'],
    [hosts.land, '/search/montana-land-for-sale/'],
    [hosts.farm, '/'],
  ] as const) {
    const html = await (await fetchPage(host, pagePath, { headers: { 'user-agent': browser } })).text()
    expect(html, `${host}${pagePath}`).not.toContain('data-ad-kind')
    expect(html).not.toContain('Advertisement')
  }
})
