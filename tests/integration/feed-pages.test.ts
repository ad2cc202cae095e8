import { parse } from 'node-html-parser'
import { describe, expect, test } from 'vitest'
import { feedFields } from '~/models/feeds/feed-fields'
import { feedErrorTexts, recordReasons } from '~/models/feeds/feed-reasons'
import { demoUsers } from '~/models/accounts/demo-users'
import { normalizeCriteria } from '~/models/search/search-criteria'
import { sites } from '~/sites/index'
import { listingPath } from '~/models/listings/listing-path'
import { buildSearchPath } from '~/models/search/search-path'
import { canonicalHref, metaContent, productionPages, sessionCookie } from '../support/http'

/**
 * The partner feed as people see it (issue 14): the documentation and the state counts on the main
 * land site, the import reports of the demo partner's seller, and the administrator's review of
 * held listings, all from the demo feed that `prepare-data` imports through the quality gate.
 */
const { fetchPage, db } = productionPages()
const [buyer, seller, admin] = demoUsers
const logIn = (user: (typeof demoUsers)[number]) => sessionCookie(fetchPage, 'land.localhost', user, '198.51.100.241')
const page = async (path: string, cookie?: string) => {
  const response = await fetchPage('land.localhost', path, { headers: cookie ? { cookie } : {}, redirect: 'manual' })
  return { status: response.status, location: response.headers.get('location'), html: await response.text() }
}

describe('partner documentation on the main land site', () => {
  test('/landfeed/docs/ documents every field and every code the importer uses, and is indexable', async () => {
    const { status, html } = await page('/landfeed/docs/')
    expect(status).toBe(200)
    expect(metaContent(html, 'robots')).toMatch(/^index, follow/)
    expect(canonicalHref(html)).toBe('http://land.localhost/landfeed/docs/')
    const main = parse(html).querySelector('main')!
    const rowHeadings = main.querySelectorAll('tbody th').map((cell) => cell.text)
    for (const field of feedFields) expect(rowHeadings).toContain(field.name)
    for (const code of [...Object.keys(recordReasons), ...Object.keys(feedErrorTexts)]) expect(rowHeadings).toContain(code)
    expect(main.querySelector('pre')?.text).toContain('<listings type="full">')
  })

  test('/landfeed/states/ counts each state’s active feed listings as the database holds them', async () => {
    const { status, html } = await page('/landfeed/states/')
    expect(status).toBe(200)
    expect(metaContent(html, 'robots')).toMatch(/^index, follow/)
    const rows = parse(html).querySelectorAll('main tbody tr')
    expect(rows).toHaveLength(51)
    const expected = db
      .prepare(
        'select states.name as name, count(*) as count from listings join states on states.id = listings.state_id where partner_id is not null and status in (1, 2) group by states.name',
      )
      .all() as { name: string; count: number }[]
    expect(expected.length).toBeGreaterThan(5)
    const shown = new Map(rows.map((row) => [row.querySelector('th')!.text.trim(), Number(row.querySelectorAll('td')[0]!.text.replaceAll(',', ''))]))
    for (const { name, count } of expected) expect(shown.get(name), name).toBe(count)
    const texasLink = rows.find((row) => row.querySelector('th')?.text.trim() === 'Texas')?.querySelector('a')
    if (shown.get('Texas')) expect(texasLink?.getAttribute('href')).toBe('/search/texas-land-for-sale/')
  })

  test('the footer links the partner pages; the other sites lead to them (spec §2 shared routes, issue 39 item 4)', async () => {
    const footer = parse((await page('/')).html).querySelector('footer')!
    const hrefs = footer.querySelectorAll('a').map((link) => link.getAttribute('href'))
    for (const path of ['/landfeed/docs/', '/landfeed/states/', '/farmcredit/documentation/listings/', '/farmcredit/documentation/leads/'])
      expect(hrefs).toContain(path)
    for (const site of [sites.farm, sites.hunting, sites.value]) {
      for (const path of ['/landfeed/docs/', '/landfeed/states/', '/LandFeed/Docs']) {
        const response = await fetchPage(site.devHost, path, { redirect: 'manual' })
        expect(response.status, `${site.key} ${path}`).toBe(301)
        expect(response.headers.get('location')).toBe(`http://land.localhost${path.toLowerCase().replace(/\/?$/, '/')}`)
      }
      // The land site's other content pages stay its own.
      expect((await fetchPage(site.devHost, '/farmcredit/documentation/listings/', { redirect: 'manual' })).status).toBe(404)
    }
  })
})

describe('listings from the feed', () => {
  /** The newest active feed listing: the demo import is the newest inventory of the seeded data. */
  const feedListing = () =>
    db
      .prepare(
        `select listings.id, listings.title, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation,
                lower(states.slug) as stateToken
         from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
         where listings.partner_id is not null and listings.status = 1 order by listings.created_at desc, listings.id desc limit 1`,
      )
      .get() as { id: number; title: string; acres: number; countyName: string; stateAbbreviation: string; stateToken: string }

  test('an accepted feed listing has its page, is first among its state’s newest listings, and is in the XML sitemaps', async () => {
    const listing = feedListing()
    const path = listingPath(sites.land, listing)
    const detail = await page(path)
    expect(detail.status).toBe(200)
    expect(parse(detail.html).querySelector('h1')?.text).toBe(listing.title)
    // The quality gate's checks, which only a feed listing has.
    expect(parse(detail.html).text).toContain('Checked against other partners’ listings of the same land')
    const newest = parse((await page(buildSearchPath(sites.land, normalizeCriteria({ state: listing.stateToken, sortOrder: 'newest' })))).html)
    const firstCard = newest.querySelector('main article a[href*="/property/"]')
    expect(firstCard?.getAttribute('href')).toBe(path)
    const index = (await page('/sitemap.xml')).html
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
    const listingFiles = await Promise.all(files.map(async (file) => (await page(file)).html))
    expect(listingFiles.some((xml) => xml.includes(`<loc>http://land.localhost${path}</loc>`))).toBe(true)
  })
})

describe('import reports and review', () => {
  test('a visitor is sent to log in; a buyer finds no such page', async () => {
    const visitor = await page('/account/feeds/')
    expect(visitor.status).toBe(302)
    expect(visitor.location).toContain('/login?redirectTo=%2Faccount%2Ffeeds%2F')
    const cookie = await logIn(buyer)
    expect((await page('/account/feeds/', cookie)).status).toBe(404)
    expect((await page('/account/feeds/review/', cookie)).status).toBe(404)
    const run = db.prepare('select id from feed_runs order by id limit 1').get() as { id: number }
    expect((await page(`/account/feeds/${run.id}/`, cookie)).status).toBe(404)
  })

  test("the partner's seller sees its import, its report with reason codes, and the listings not on the sites", async () => {
    const cookie = await logIn(seller)
    const home = parse((await page('/account/', cookie)).html)
    expect(home.querySelectorAll('main a').map((link) => link.getAttribute('href'))).toContain('/account/feeds/')
    const feeds = await page('/account/feeds/', cookie)
    expect(feeds.status).toBe(200)
    expect(metaContent(feeds.html, 'robots')).toContain('noindex')
    const run = db.prepare('select * from feed_runs order by id limit 1').get() as { id: number; received: number; rejected: number }
    const runLink = parse(feeds.html).querySelector(`a[href="/account/feeds/${run.id}/"]`)
    expect(runLink).not.toBeNull()
    const report = parse((await page(`/account/feeds/${run.id}/`, cookie)).html).querySelector('main')!
    expect(report.text).toContain(run.received.toLocaleString('en-US'))
    const reported = db.prepare('select count(*) as count from feed_run_records where run_id = ?').get(run.id) as { count: number }
    expect(report.querySelectorAll('ul li p.font-semibold')).toHaveLength(reported.count)
    expect(report.text).toContain('MISSING_FIELD')
    expect((await page('/account/feeds/999999/', cookie)).status).toBe(404)
    expect((await page('/account/feeds/review/', cookie)).status).toBe(404)
  })

  test('an administrator rejects a held listing with a plain form post; the partner sees it rejected', async () => {
    const held = db.prepare("select partner_id, partner_listing_id from feed_records where outcome = 'held' order by partner_listing_id limit 1").get() as
      { partner_id: number; partner_listing_id: string } | undefined
    expect(held).toBeDefined()
    const cookie = await logIn(admin)
    const review = await page('/account/feeds/review/', cookie)
    expect(review.status).toBe(200)
    expect(parse(review.html).querySelector(`button[aria-label^="Reject ${held!.partner_listing_id}"]`)).not.toBeNull()
    const decision = await fetchPage('land.localhost', '/account/feeds/review/', {
      method: 'POST',
      body: new URLSearchParams({ partnerId: String(held!.partner_id), partnerListingId: held!.partner_listing_id, decision: 'reject' }),
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: 'http://land.localhost' },
      redirect: 'manual',
    })
    expect(decision.status).toBe(303)
    expect(decision.headers.get('location')).toBe('/account/feeds/review/?decided=reject')
    const after = await page('/account/feeds/review/?decided=reject', cookie)
    expect(after.html).toContain('The listing is rejected; its partner sees why.')
    expect(parse(after.html).querySelector(`button[aria-label^="Reject ${held!.partner_listing_id}"]`)).toBeNull()
    const sellerView = parse((await page('/account/feeds/', await logIn(seller))).html).querySelector('main')!.text
    expect(sellerView).toContain(`Rejected: ${held!.partner_listing_id}`)
    expect(sellerView).toContain('REVIEW_REJECTED')
    // A seller's own post to the review is refused on the server, whatever the page showed.
    const forged = await fetchPage('land.localhost', '/account/feeds/review/', {
      method: 'POST',
      body: new URLSearchParams({ partnerId: String(held!.partner_id), partnerListingId: held!.partner_listing_id, decision: 'approve' }),
      headers: { cookie: await logIn(seller), 'content-type': 'application/x-www-form-urlencoded', origin: 'http://land.localhost' },
      redirect: 'manual',
    })
    expect(forged.status).toBe(404)
  })
})
