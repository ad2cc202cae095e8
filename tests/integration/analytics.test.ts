import path from 'node:path'
import SQLite from 'better-sqlite3'
import { parse } from 'node-html-parser'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demoUsers } from '~/models/accounts/demo-users'
import { sites } from '~/sites/index'
import dataLayerLoader from 'virtual:browser-script/data-layer-loader'
import { decodeEntities, loadRequestHandler, metaContent, sessionCookie, type SiteFetch } from '../support/http'
import { privateDataDir } from '../support/private-data'

/**
 * First-party analytics (issue 17 §7) through the production build, on a private copy of the test
 * database: every page carries its data-layer events and the script that sends them (no
 * third-party script unless configured); the beacon endpoint stores good beacons for the site they
 * came to and refuses the rest; the administrators' page shows the figures the tables hold.
 */
const dataDir = privateDataDir('analytics')
let fetchPage: SiteFetch
let db: SQLite.Database
const [buyer, , admin] = demoUsers

const dayMs = 86_400_000
const dayBefore = (days: number) => new Date(Date.now() - days * dayMs).toISOString().slice(0, 10)

beforeAll(async () => {
  process.env.DATA_DIR = dataDir
  process.env.SITE_ENVIRONMENT = 'production'
  fetchPage = await loadRequestHandler()
  db = new SQLite(path.join(dataDir, 'marketplace.db'))
  // The copy holds whatever the browser tests sent; these tests count from nothing.
  db.exec('delete from analytics_events; delete from analytics_daily; delete from analytics_rollups')
})

/** The data layer script's address, as the page's last inline script names it (it changes with the build). */
const runtimePathOf = (html: string) => html.match(/data-src="(\/data-layer\/[0-9a-f]{12}\.js)"/)?.[1]

afterAll(() => {
  db.close()
  delete process.env.SITE_ENVIRONMENT
})

/** A beacon as navigator.sendBeacon sends it: a text body with its length, from the page's origin. */
function sendBeacon(host: string, body: unknown, { address = '203.0.113.10', headers = {} }: { address?: string; headers?: Record<string, string> } = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  return fetchPage(host, '/api/analytics', {
    method: 'POST',
    body: text,
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'content-length': String(Buffer.byteLength(text)),
      origin: `http://${host}`,
      'x-forwarded-for': address,
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      ...headers,
    },
  })
}

const eventCount = (siteId: number, event: string) =>
  (db.prepare('select count(*) as count from analytics_events where site_id = ? and event = ?').get(siteId, event) as { count: number }).count

describe('the data layer on the page', () => {
  test('a listing page pushes its page and listing events inline and ends with the script that sends them; no third-party script', async () => {
    const search = await (await fetchPage('land.localhost', '/search/texas-land-for-sale/')).text()
    const href = search.match(/href="(\/property\/[^"]+\/\d+\/)"/)![1]!
    const listingId = Number(href.match(/\/(\d+)\/$/)![1])
    const html = await (await fetchPage('land.localhost', href)).text()
    expect(html).toContain(
      `(window.dataLayer=window.dataLayer||[]).push({"event":"page","pageType":"listing"},{"event":"listing","pageType":"listing","listingId":${listingId}})`,
    )
    const body = html.slice(0, html.lastIndexOf('</body>'))
    expect(body.slice(body.lastIndexOf('<script '))).toBe(`<script data-src="${runtimePathOf(html)}">${dataLayerLoader}</script>`)
    expect(html).not.toContain('googletagmanager')
    expect(html).not.toMatch(/<script[^>]+src="https?:/)
  })

  test('the data layer’s script is one file for every site, cached for good; a page of another version gets it for a few minutes', async () => {
    const runtimePath = runtimePathOf(await (await fetchPage('farm.localhost', '/')).text())!
    expect(runtimePathOf(await (await fetchPage('value.localhost', '/')).text())).toBe(runtimePath)
    const script = await fetchPage('farm.localhost', runtimePath)
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const text = await script.text()
    // One classic script built by Vite from app/document/data-layer-runtime.client.ts, sending to our own endpoint.
    expect(text).toMatch(/^\(function\(\)\{"use strict";/)
    expect(text).toContain('"/api/analytics"')
    expect(text).toBe(await (await fetchPage('land.localhost', runtimePath)).text())
    const otherVersion = await fetchPage('farm.localhost', '/data-layer/0123456789ab.js')
    expect(otherVersion.headers.get('cache-control')).toBe('public, max-age=300')
    expect(await otherVersion.text()).toBe(text)
    expect((await fetchPage('farm.localhost', '/data-layer/anything.js')).status).toBe(404)
  })

  test('a search page pushes its search with the result count; a missing page is "not-found"', async () => {
    const html = await (await fetchPage('farm.localhost', '/land')).text()
    const resultCount = Number(
      decodeEntities(html)
        .match(/>([\d,]+) results</)![1]!
        .replaceAll(',', ''),
    )
    expect(html).toContain(`{"event":"page","pageType":"search"},{"event":"search","pageType":"search","resultCount":${resultCount}}`)
    const missing = await fetchPage('land.localhost', '/no-such-page/at-all/')
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('{"event":"page","pageType":"not-found"}')
  })

  test('with TAG_MANAGER=on the page’s script loads the site’s own container', async () => {
    process.env.TAG_MANAGER = 'on'
    try {
      const html = await (await fetchPage('hunting.localhost', '/')).text()
      // The loader's own element names the container for the script it adds (app/document/browser-scripts/data-layer-loader.ts).
      expect(html).toContain(` data-tag-manager="https://www.googletagmanager.com/gtm.js?id=${sites.hunting.trackingContainerId}">`)
    } finally {
      delete process.env.TAG_MANAGER
    }
  })
})

describe('the beacon endpoint', () => {
  test('stores a good beacon’s events for the site it was sent to, and answers 204', async () => {
    const before = { page: eventCount(sites.farm.siteId, 'page'), vital: eventCount(sites.farm.siteId, 'web-vital') }
    const response = await sendBeacon('farm.localhost', {
      events: [
        { event: 'page', pageType: 'search' },
        { event: 'search', pageType: 'search', resultCount: 7 },
        { event: 'web-vital', pageType: 'search', metric: 'LCP', value: 1834 },
        { event: 'web-vital', pageType: 'search', metric: 'CLS', value: 0.02 },
      ],
    })
    expect(response.status).toBe(204)
    expect(eventCount(sites.farm.siteId, 'page')).toBe(before.page + 1)
    expect(eventCount(sites.farm.siteId, 'web-vital')).toBe(before.vital + 2)
    const lcp = db.prepare("select page_type, value from analytics_events where site_id = ? and metric = 'LCP' order by id desc limit 1").get(sites.farm.siteId)
    expect(lcp).toEqual({ page_type: 'search', value: 1834 })
  })

  test('refuses bad beacons with a 400 and a JSON error, and stores nothing', async () => {
    const before = eventCount(sites.farm.siteId, 'page')
    for (const body of [
      '{"events":',
      'null',
      { events: [] },
      { events: [{ event: 'page', pageType: 'nowhere' }] },
      { events: [{ event: 'page', pageType: 'home' }, { event: 'x' }] },
    ]) {
      const response = await sendBeacon('farm.localhost', body, { address: '203.0.113.11' })
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(await response.json()).toHaveProperty('error')
    }
    expect(eventCount(sites.farm.siteId, 'page')).toBe(before)
  })

  test('refuses another site’s page (403), a beacon without its length (411) or too long (413)', async () => {
    const good = { events: [{ event: 'page', pageType: 'home' }] }
    expect((await sendBeacon('farm.localhost', good, { headers: { origin: 'https://elsewhere.example' } })).status).toBe(403)
    expect((await sendBeacon('farm.localhost', good, { headers: { origin: 'http://land.localhost' } })).status).toBe(403)
    const withoutLength = await fetchPage('farm.localhost', '/api/analytics', {
      method: 'POST',
      body: JSON.stringify(good),
      headers: { origin: 'http://farm.localhost' },
    })
    expect(withoutLength.status).toBe(411)
    const long = JSON.stringify({ events: [{ event: 'page', pageType: 'home' }], padding: 'x'.repeat(20_000) })
    expect((await sendBeacon('farm.localhost', long)).status).toBe(413)
  })

  test('a crawler’s beacon is answered like a visitor’s but not counted', async () => {
    const before = eventCount(sites.value.siteId, 'page')
    const response = await sendBeacon(
      'value.localhost',
      { events: [{ event: 'page', pageType: 'home' }] },
      { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } },
    )
    expect(response.status).toBe(204)
    expect(eventCount(sites.value.siteId, 'page')).toBe(before)
  })

  test('one address may send 600 beacons in ten minutes; the next is refused with a 429, another address is not', async () => {
    const bad = { events: [] }
    for (let index = 0; index < 600; index++) expect((await sendBeacon('land.localhost', bad, { address: '203.0.113.99' })).status).toBe(400)
    const refused = await sendBeacon('land.localhost', { events: [{ event: 'page', pageType: 'home' }] }, { address: '203.0.113.99' })
    expect(refused.status).toBe(429)
    expect(await refused.json()).toHaveProperty('error')
    expect((await sendBeacon('land.localhost', bad, { address: '203.0.113.100' })).status).toBe(400)
  })
})

describe('the administrators’ Site Analytics page', () => {
  const host = 'hunting.localhost'
  const huntingId = sites.hunting.siteId
  const page = async (cookie?: string) => fetchPage(host, '/account/analytics/', { headers: cookie ? { cookie } : {}, redirect: 'manual' })

  beforeAll(async () => {
    // Rolled-up days: three days ago (in the last 30 days) and forty days ago (not).
    const daily = db.prepare(
      `insert into analytics_daily (day, site_id, page_type, page_views, listing_views, searches, file_downloads, lcp_samples, lcp_p75, cls_samples, cls_p75, fcp_samples, fcp_p75)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    daily.run(dayBefore(3), huntingId, 'search', 120, 0, 90, 2, 100, 2000, 100, 0.05, 100, 1000)
    daily.run(dayBefore(3), huntingId, 'listing', 60, 60, 0, 0, 50, 3000, 50, 0.3, 0, null)
    daily.run(dayBefore(40), huntingId, 'search', 999, 0, 999, 0, 10, 9000, 0, null, 0, null)
    daily.run(dayBefore(3), sites.land.siteId, 'search', 5000, 0, 5000, 0, 0, null, 0, null, 0, null)
    const claim = db.prepare('insert into analytics_rollups (day, claimed_at, finished_at) values (?, ?, ?)')
    for (const days of [3, 40]) claim.run(dayBefore(days), new Date().toISOString(), new Date().toISOString())
    const account = db.prepare('select id from accounts order by id limit 1').get() as { id: number }
    const lead = db.prepare('insert into leads (listing_id, account_id, site_id, name, email, message, created_at) values (null, ?, ?, ?, ?, ?, ?)')
    lead.run(account.id, huntingId, 'A Buyer', 'a.buyer@example.com', 'Is it still for sale?', new Date().toISOString())
    lead.run(account.id, huntingId, 'B Buyer', 'b.buyer@example.com', 'Old message', new Date(Date.now() - 40 * dayMs).toISOString())
    // Today's page view, not rolled up yet: counted from the events.
    const beacon = await sendBeacon(
      host,
      {
        events: [
          { event: 'page', pageType: 'search' },
          { event: 'web-vital', pageType: 'search', metric: 'LCP', value: 4000 },
        ],
      },
      { address: '203.0.113.12' },
    )
    expect(beacon.status).toBe(204)
  })

  test('a visitor is sent to log in; a signed-in buyer is refused with a 403', async () => {
    const visitor = await page()
    expect(visitor.status).toBe(302)
    expect(visitor.headers.get('location')).toMatch(/^\/login\?redirectTo=%2Faccount%2Fanalytics%2F/)
    const refused = await page(await sessionCookie(fetchPage, host, buyer, '198.51.100.71'))
    expect(refused.status).toBe(403)
  })

  test('an administrator sees the last 30 days as the tables hold them, on a private, unindexed page linked from My Account', async () => {
    const cookie = await sessionCookie(fetchPage, host, admin, '198.51.100.72')
    const response = await page(cookie)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const html = await response.text()
    expect(metaContent(html, 'robots')).toMatch(/^noindex/)
    const main = parse(html).querySelector('main')!
    expect(main.querySelector('h1')?.text).toBe('Site Analytics')

    const leads = (
      db.prepare('select count(*) as count from leads where site_id = ? and created_at >= ?').get(huntingId, `${dayBefore(29)}T00:00:00.000Z`) as { count: number }
    ).count
    const [totals, byType] = main.querySelectorAll('table')
    const cells = (row: { querySelectorAll: (selector: string) => { text: string }[] }) => row.querySelectorAll('th, td').map((cell) => cell.text.trim())
    expect(totals!.querySelectorAll('tbody tr').map(cells)).toEqual([
      ['Page views', '181'],
      ['Searches', '90'],
      ['Listing views', '60'],
      ['File downloads', '2'],
      ['Leads', leads.toLocaleString('en-US')],
    ])
    expect(leads).toBeGreaterThanOrEqual(1)
    // Search: three days ago's 75th percentile of 100 page views and today's one page view, weighted.
    expect(byType!.querySelectorAll('tbody tr').map(cells)).toEqual([
      ['Search results', '121', '2.0 sgood · 101 measured', '0.05good · 100 measured', '1.0 sgood · 100 measured'],
      ['Listing', '60', '3.0 sneeds improvement · 50 measured', '0.30poor · 50 measured', '—'],
    ])

    const home = parse(await (await fetchPage(host, '/account/', { headers: { cookie } })).text())
    expect(home.querySelector('main a[href="/account/analytics/"]')?.text).toContain('Site Analytics')
  })

  test('the buyer’s My Account has no link to it', async () => {
    const cookie = await sessionCookie(fetchPage, host, buyer, '198.51.100.73')
    const home = parse(await (await fetchPage(host, '/account/', { headers: { cookie } })).text())
    expect(home.querySelector('a[href="/account/analytics/"]')).toBeNull()
  })
})
