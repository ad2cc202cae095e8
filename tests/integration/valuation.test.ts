import { beforeAll, describe, expect, test } from 'vitest'
import { demoUsers } from '~/models/accounts/demo-users'
import { decodeEntities, metaContent, productionPages, sessionCookie } from '../support/http'

/** AcreWorth's valuation without JavaScript (issue 16 §1–2, first part): the form's answers and the valuation page. */
const { fetchPage, db } = productionPages()
const host = 'value.localhost'
const get = (path: string, pageHost = host, cookie?: string) => fetchPage(pageHost, path, { redirect: 'manual', headers: cookie ? { cookie } : {} })
const text = async (response: Response) =>
  decodeEntities(await response.text())
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')

describe('the valuation form', () => {
  test("is on AcreWorth's home page, a GET to /value/ that works without scripts", async () => {
    const html = await (await get('/')).text()
    expect(html).toMatch(/<form [^>]*action="\/value\/" method="get"/)
    expect(html).toContain('>Value my land<')
  })

  test('sends good inputs to the valuation’s own address', async () => {
    const response = await get('/value/?state=texas&county=Travis&acres=40&types=recreational-land&beds=3&baths=2&latitude=30.2672&longitude=-97.7431')
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/value/texas/travis-county/40-acres/recreational-land/house-3-bed-2-bath/lat30.2672/long-97.7431/')
  })

  test('reads a city or a zip as the search box does: its county, and its centre as the point', async () => {
    for (const typed of ['Austin', '78701']) {
      const response = await get(`/value/?state=texas&county=${typed}&acres=40`)
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toMatch(/^\/value\/texas\/travis-county\/40-acres\/lat30\.\d+\/long-97\.\d+\/$/)
    }
  })

  test('answers impossible inputs in words, keeping what was typed', async () => {
    const zero = await get('/value/?state=texas&county=Travis&acres=0')
    expect(zero.status).toBe(400)
    const zeroText = await text(zero)
    expect(zeroText).toContain('This value must be at least 0.01.')
    const outside = await text(await get('/value/?state=texas&county=Travis&acres=40&latitude=30.05&longitude=-98'))
    expect(outside).toContain('This point is not in Travis County, TX: move it onto the land, or choose the county it is in.')
    expect(await text(await get('/value/?state=texas&county=Atlantis&acres=40'))).toContain('There is no county, city or zip of that name in Texas.')
    expect(await text(await get('/value/?state=texas&county=90210&acres=40'))).toContain('This zip code is in California, not Texas.')
    expect(await text(await get('/value/?county=Travis&acres=40'))).toContain('This field is required.')
  })
})

describe('a valuation', () => {
  test('shows the estimate, its range, its confidence and the sales it rests on, and is not indexed', async () => {
    const response = await get('/value/texas/travis-county/40-acres/recreational-land/lat30.2672/long-97.7431/')
    expect(response.status).toBe(200)
    const html = decodeEntities(await response.text())
    expect(metaContent(html, 'robots')).toContain('noindex')
    const page = await text(new Response(html))
    expect(page).toMatch(/Estimated value \$[\d,]+ \$[\d,]+ an acre · 80 % range \$[\d,]+ to \$[\d,]+/)
    expect(page).toMatch(/(High|Medium|Low) confidence/)
    expect(page).toMatch(/The \d+ sales it rests on/)
  })

  test("shows each comparable's gross adjustment in its own column", async () => {
    const html = decodeEntities(await (await get('/value/texas/travis-county/40-acres/recreational-land/lat30.2672/long-97.7431/')).text())
    expect(html).toContain('<th scope="col" class="px-3 py-2 font-semibold text-right">Gross adjustment</th>')
    const page = await text(new Response(html))
    expect(page).toMatch(/[+−]\d+ % \d+ %/)
    expect(page).toContain('more than 100 % of its price is left out')
  })

  test('with too few comparable sales near the parcel, says so and shows a county-level range instead of a figure', async () => {
    // One acre of Travis County recreational land: in the test data's few sales, none near enough is alike enough within the cap.
    const response = await get('/value/texas/travis-county/1-acres/recreational-land/lat30.2672/long-97.7431/')
    expect(response.status).toBe(200)
    const page = await text(response)
    expect(page).toMatch(/A county-level range: too few comparable sales near this parcel \$[\d,]+ to \$[\d,]+ Fewer than 3 sales nearby/)
    expect(page).not.toContain('Estimated value')
    expect(page).not.toMatch(/The \d+ sales it rests on/)
  })

  test('another spelling, an unknown county, or another site is a 404', async () => {
    expect((await get('/value/texas/travis-county/40.00-acres/')).status).toBe(404)
    expect((await get('/value/texas/atlantis-county/40-acres/')).status).toBe(404)
    expect((await get('/value/texas/travis-county/40-acres/', 'land.localhost')).status).toBe(404)
  })
})

describe("a valuation's context", () => {
  const path = '/value/texas/travis-county/40-acres/recreational-land/lat30.2672/long-97.7431/'

  test('numbers each comparable on a server-drawn map, as in the table, and links it to its listing on the site that shows it', async () => {
    const html = decodeEntities(await (await get(path)).text())
    const rows = Number(/The (\d+) sales it rests on/.exec(await text(new Response(html)))?.[1])
    expect(rows).toBeGreaterThan(0)
    const map = html.slice(html.indexOf('<svg viewBox="0 0 640 400"'), html.indexOf('</svg>', html.indexOf('<svg viewBox="0 0 640 400"')))
    expect(map).toContain('comparable sales, numbered as in the table')
    expect([...map.matchAll(/<text [^>]*>(\d+)<\/text>/g)].map((match) => Number(match[1]))).toEqual(Array.from({ length: rows }, (_, index) => index + 1))
    const links = [...html.matchAll(/<a href="(http:\/\/(?:land|farm|hunting)\.localhost[^"]+)"[^>]*aria-label="Sale (\d+): the listing"/g)]
    expect(links.map((link) => Number(link[2]))).toEqual(Array.from({ length: rows }, (_, index) => index + 1))
    const first = new URL(links[0]![1]!)
    const listing = await fetchPage(first.host, first.pathname, { redirect: 'manual' })
    expect(listing.status).toBe(200)
    expect(await text(listing)).toMatch(/Sold/)
  })

  test("charts the county's and the state's median price per acre of land sold by quarter, with the figures in a table", async () => {
    const html = decodeEntities(await (await get(path)).text())
    const page = await text(new Response(html))
    expect(page).toContain('How land prices moved in Travis County, TX and Texas')
    const chart = html.slice(html.indexOf('id="trend-heading"'), html.indexOf('id="featured-listings"'))
    expect(chart).toMatch(/<svg [^>]*role="img"/)
    expect(chart).toMatch(/<desc [^>]*>[^<]*Travis County: [^<]*Texas: [^<]*<\/desc>/)
    expect(chart).toMatch(/<table[\s\S]*\d{4} Q[1-4]/)
  })

  test('shows land for sale nearby on the other sites, a way to list this land, and its county’s land values', async () => {
    const html = decodeEntities(await (await get(path)).text())
    const nearby = html.slice(html.indexOf('id="featured-listings"'), html.indexOf('id="sell-heading"'))
    expect([...nearby.matchAll(/<h3 class="card-title"><a href="http:\/\/(land|farm|hunting)\.localhost\//g)].length).toBeGreaterThanOrEqual(3)
    expect(html).toContain('href="/account/listings/new/?state=TX&amp;county=Travis+County&amp;latitude=30.2672&amp;longitude=-97.7431"'.replaceAll('&amp;', '&'))
    expect(html).toContain('href="/land-values/texas/travis-county/"')
  })
})

describe('saving a valuation', () => {
  const path = '/value/texas/travis-county/41-acres/recreational-land/'
  let cookie: string
  let addressCounter = 0
  const post = (pagePath: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
    addressCounter += 1
    return fetchPage(host, pagePath, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: `http://${host}`,
        'x-forwarded-for': `198.18.16.${addressCounter}`,
        cookie,
        ...headers,
      },
      redirect: 'manual',
    })
  }

  beforeAll(async () => {
    cookie = await sessionCookie(fetchPage, host, demoUsers[0], '198.18.16.250')
  })

  test('a visitor is asked to sign in first, and a post without a session goes to the login', async () => {
    const html = await (await get(path)).text()
    expect(await text(new Response(html))).toContain('Sign in to save this valuation and hear when comparable land sells.')
    // The site's one login address (issue 39); the login page comes back here by the Referer.
    expect(html).toMatch(/<a href="\/login"[^>]*>Sign in to save this valuation<\/a>/)
    const response = await post(path, { intent: 'save' }, { cookie: '' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toMatch(/^\/login\?redirectTo=%2Fvalue%2Ftexas%2Ftravis-county%2F41-acres/)
  })

  test('a signed-in user saves it, turns the e-mail on and off, finds it in the account and deletes it', async () => {
    expect(await text(await get(path, host, cookie))).toContain('Save this valuation')
    const saved = await post(path, { intent: 'save' })
    expect(saved.status).toBe(303)
    expect(saved.headers.get('location')).toBe(`${path}#saved`)
    expect(await text(await get(path, host, cookie))).toContain('Saved to your valuations .')
    expect((await post(path, { intent: 'alert' })).status).toBe(303)
    expect(await text(await get(path, host, cookie))).toContain('We will e-mail you when comparable land sells.')

    const account = await text(await get('/account/valuations/', host, cookie))
    expect(account).toContain('41 acres in Travis County, Texas')
    expect(account).toContain('We e-mail you when comparable land sells.')
    const row = db.prepare('select id, alert from saved_valuations where path = ?').get(path) as { id: number; alert: number }
    expect(row.alert).toBe(1)
    expect((await post('/account/valuations/', { id: String(row.id), intent: 'alert-off' })).status).toBe(303)
    expect((db.prepare('select alert from saved_valuations where id = ?').get(row.id) as { alert: number }).alert).toBe(0)
    expect((await post('/account/valuations/', { id: String(row.id), intent: 'delete' })).status).toBe(303)
    expect(await text(await get('/account/valuations/?deleted=1', host, cookie))).toContain('The valuation is deleted.')
    expect(db.prepare('select count(*) as count from saved_valuations where path = ?').get(path)).toEqual({ count: 0 })
  })

  test("another user's saved valuation cannot be changed, a foreign origin is refused, and other sites have no saved valuations", async () => {
    const otherCookie = await sessionCookie(fetchPage, host, demoUsers[1], '198.18.16.251')
    expect((await post(path, { intent: 'save' }, { cookie: otherCookie })).status).toBe(303)
    const other = db.prepare('select id from saved_valuations where path = ?').get(path) as { id: number }
    try {
      expect((await post('/account/valuations/', { id: String(other.id), intent: 'alert' })).status).toBe(404)
      expect((await post('/account/valuations/', { id: String(other.id), intent: 'delete' })).status).toBe(404)
      // Refused before any action runs (the framework's own origin check answers 400), and nothing saved.
      expect([400, 403]).toContain((await post(path, { intent: 'save' }, { origin: 'https://evil.example' })).status)
      expect(db.prepare('select count(*) as count from saved_valuations where path = ?').get(path)).toEqual({ count: 1 })
      expect((await get('/account/valuations/', 'land.localhost', cookie)).status).toBe(404)
    } finally {
      expect((await post('/account/valuations/', { id: String(other.id), intent: 'delete' }, { cookie: otherCookie })).status).toBe(303)
    }
  })
})
