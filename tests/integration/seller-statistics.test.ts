import { parse } from 'node-html-parser'
import { describe, expect, test } from 'vitest'
import { demoUsers } from '~/models/accounts/demo-users'
import { sellerPaths } from '~/models/sellers/listing-draft'
import { sites } from '~/sites/index'
import { listingPath } from '~/models/listings/listing-path'
import { decodeEntities, metaContent, productionPages, sessionCookie } from '../support/http'

/** Issue 15 §6: a seller's listing statistics, for sellers only. */
const { fetchPage, db } = productionPages()
const host = 'land.localhost'
const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36' }
const demoUser = (email: string) => demoUsers.find((user) => user.email === email)!
const logIn = (email: string) => sessionCookie(fetchPage, host, demoUser(email), '203.0.113.150')

async function statisticsPage(cookie: string, query = '') {
  const response = await fetchPage(host, `${sellerPaths.statistics}${query}`, { headers: { cookie } })
  const html = decodeEntities(await response.text())
  return { response, html, page: parse(html) }
}

/** Each row of a table of the page: its heading cell's text (and link) and its figure. */
function tableRows(page: ReturnType<typeof parse>, label: string) {
  return page.querySelectorAll(`[aria-label="${label}"] tbody tr`).map((row) => ({
    name: row.querySelector('th')!.text,
    href: row.querySelector('th a')?.getAttribute('href'),
    figure: Number(row.querySelector('td')!.text.replaceAll(',', '')),
  }))
}

/** The public path of one of the seeded listings. */
function publicPath(listingId: number) {
  const listing = db
    .prepare(
      `select listings.id, listings.title, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation
       from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id where listings.id = ?`,
    )
    .get(listingId) as { id: number; title: string; acres: number; countyName: string; stateAbbreviation: string }
  return listingPath(sites.land, listing)
}

/** Events are written without holding up the page; give them a moment. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100))

describe('listing statistics', () => {
  test("a buyer's view of one of the seller's listings shows in the seller's statistics", async () => {
    const cookie = await logIn('demo.seller@example.com')
    const before = await statisticsPage(cookie, '?days=7')
    expect(before.response.status).toBe(200)
    expect(before.response.headers.get('cache-control')).toBe('private, no-store')
    expect(metaContent(before.html, 'robots')).toContain('noindex')
    expect(before.html).not.toContain('<footer')
    expect(before.page.querySelectorAll('svg[role="img"]')).toHaveLength(2)
    // The seed gives the demo seller's listings past views, so the most viewed table has rows.
    const [listing] = tableRows(before.page, 'Most viewed listings')
    const listingId = Number(listing!.href!.match(/^\/account\/listings\/(\d+)\/$/)![1])
    const viewsBefore = tableRows(before.page, 'What buyers did, last 7 days').find((row) => row.name === 'Details viewed')!.figure

    expect((await fetchPage(host, publicPath(listingId), { headers: browser })).status).toBe(200)
    await settle()

    const after = await statisticsPage(cookie, '?days=7')
    expect(tableRows(after.page, 'Most viewed listings').find((row) => row.href === listing!.href)!.figure).toBe(listing!.figure + 1)
    expect(tableRows(after.page, 'What buyers did, last 7 days').find((row) => row.name === 'Details viewed')!.figure).toBeGreaterThan(viewsBefore)
  })

  test('the period switches with ?days=, and anything else is 30 days', async () => {
    const cookie = await logIn('demo.seller@example.com')
    for (const [query, days] of [
      ['?days=7', 7],
      ['?days=90', 90],
      ['', 30],
      ['?days=365', 30],
      ['?days=seven', 30],
    ] as const) {
      const { response, page } = await statisticsPage(cookie, query)
      expect(response.status).toBe(200)
      expect(page.querySelector('nav[aria-label="Period"] a[aria-current="page"]')?.text).toBe(`${days} days`)
      expect(page.querySelectorAll('thead th').map((heading) => heading.text)).toContain(`Last ${days} days`)
      expect(page.querySelectorAll('svg[role="img"]')[0]!.querySelectorAll('text').at(-1)!.text).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/)
    }
  })

  test("the seller's ads show with their impressions and clicks over the period (issue 17 §8)", async () => {
    const { page } = await statisticsPage(await logIn('demo.seller@example.com'), '?days=7')
    // The seed gives the demo seller an ad with a month of figures; the table sums the last 7 days, today included.
    const expected = db
      .prepare(
        `select ads.headline, coalesce(sum(stats.impressions), 0) as impressions, coalesce(sum(stats.clicks), 0) as clicks
         from ads join users on users.account_id = ads.account_id and users.email = 'demo.seller@example.com'
         left join ad_daily_stats as stats on stats.ad_id = ads.id and stats.day >= date('now', '-6 days')
         group by ads.id order by ads.starts_on desc, ads.id`,
      )
      .all() as { headline: string; impressions: number; clicks: number }[]
    expect(expected.length).toBeGreaterThan(0)
    expect(expected[0]!.impressions).toBeGreaterThan(0)
    const rows = page.querySelectorAll('[aria-label="Impressions and clicks of your ads"] tbody tr').map((row) => ({
      headline: row.querySelector('th')!.childNodes[0]!.text,
      impressions: Number(row.querySelectorAll('td')[0]!.text.replaceAll(',', '')),
      clicks: Number(row.querySelectorAll('td')[1]!.text.replaceAll(',', '')),
    }))
    expect(rows).toEqual(expected)
    expect(page.querySelector('[aria-label="Impressions and clicks of your ads"] tbody th')!.text).toMatch(
      /Runs [A-Z][a-z]{2} \d{1,2}, \d{4} – [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    )
  })

  test('a buyer is told the statistics are for sellers (403)', async () => {
    const { response, html, page } = await statisticsPage(await logIn('demo.buyer@example.com'))
    expect(response.status).toBe(403)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(html).toContain('This part of your account is for sellers')
    expect(page.querySelector('a[href="/addlisting/"]')).not.toBeNull()
    expect(page.querySelector('svg[role="img"]')).toBeNull()
  })

  test('a visitor is sent to log in, and back afterwards', async () => {
    const response = await fetchPage(host, `${sellerPaths.statistics}?days=90`, { redirect: 'manual' })
    expect(response.status).toBe(302)
    const login = new URL(response.headers.get('location')!, `http://${host}`)
    expect(login.pathname).toBe('/login')
    expect(login.searchParams.get('redirectTo')).toBe(`${sellerPaths.statistics}?days=90`)
    expect(login.searchParams.get('section')).toBe('listing-statistics')
  })
})
