import crypto from 'node:crypto'
import polyline from '@mapbox/polyline'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { maxClientLogs } from '~/models/logs/client-log.server'
import { demoUsers } from '~/models/accounts/demo-users'
import { normalizeCriteria } from '~/models/search/search-criteria'
import { sites } from '~/sites/index'
import { buildSearchPath } from '~/models/search/search-path'
import { listingPath } from '~/models/listings/listing-path'
import { type SiteFetch, decodeEntities, loadRequestHandler, sessionCookie } from '../support/http'
import { privateDataDir } from '../support/private-data'

/**
 * The spec §7 calls (issue 17 item 6), on a private copy of the test database (they store log
 * entries and count searches): each answers good input, refuses bad input with a 400 and a JSON
 * error, refuses another site's request and a client over its limit, and is spelled as the spec
 * spells it (another spelling is a JSON 404).
 */
const dataDir = privateDataDir('api-calls')
let fetchPage: SiteFetch
let db: SQLite.Database
const land = 'land.localhost'
const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36'
let clientCounter = 0

/** A client address of its own, so no test shares another's rate limit. */
const newClient = () => `203.0.113.${++clientCounter}`

interface CallOptions {
  method?: 'GET' | 'POST'
  body?: unknown
  origin?: string
  client?: string
  headers?: Record<string, string>
  host?: string
}

function call(pathname: string, { method = 'GET', body, origin, client = newClient(), headers = {}, host = land }: CallOptions = {}) {
  return fetchPage(host, pathname, {
    method,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'x-forwarded-for': client, ...(origin ? { origin } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
  })
}

async function json(response: Response) {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  return (await response.json()) as unknown
}

/** A 400, 403, 404, 405 or 429 with `{ error }`: never an HTML page, never a stack trace. */
async function expectJsonError(response: Response, status: number) {
  expect(response.status).toBe(status)
  const body = (await json(response)) as { error: string }
  expect(typeof body.error).toBe('string')
  expect(body.error).not.toMatch(/\n\s+at /)
  return body.error
}

/** Another site's page may not use the call; nor may one client call it more than `limit` times a window. */
async function expectGuarded(pathname: string, { method = 'GET', body, limit }: Pick<CallOptions, 'method' | 'body'> & { limit: number }) {
  await expectJsonError(await call(pathname, { method, body, origin: 'https://elsewhere.example' }), 403)
  const client = newClient()
  for (let index = 0; index < limit; index += 1) expect((await call(pathname, { method, body, client })).status).not.toBe(429)
  await expectJsonError(await call(pathname, { method, body, client }), 429)
  expect((await call(pathname, { method, body })).status).not.toBe(429)
}

const listingRows = () =>
  db
    .prepare(
      `select listings.id, listings.title, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation
       from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
       where listings.status = 1 order by listings.id limit 2 offset 10`,
    )
    .all() as { id: number; title: string; acres: number; countyName: string; stateAbbreviation: string }[]

const today = new Date().toISOString().slice(0, 10)
const searchCount = (siteId: number, stateId: number, searchType: string) =>
  (
    db
      .prepare('select coalesce(sum(searches), 0) as n from search_counts where site_id = ? and day = ? and state_id = ? and search_type = ?')
      .get(siteId, today, stateId, searchType) as {
      n: number
    }
  ).n
const texas = 48
const vermont = 50

beforeAll(async () => {
  process.env.DATA_DIR = dataDir
  process.env.FEATURE_FLAGS = 'recentlyViewed, betaMap=false'
  db = new SQLite(path.join(dataDir, 'marketplace.db'))
  // The hunting site's browsers searched Vermont and timberland above all, enough to rank its footer
  // (written before the first request: the footers' lists are counted once per ten minutes).
  const add = db.prepare('insert into search_counts (site_id, day, state_id, search_type, searches) values (?, ?, ?, ?, ?)')
  add.run(sites.hunting.siteId, today, vermont, 'timberland', 400)
  add.run(sites.hunting.siteId, today, texas, '', 20)
  fetchPage = await loadRequestHandler()
})

afterAll(() => {
  db.close()
  delete process.env.FEATURE_FLAGS
})

describe('GET /api/featureflag/{name}', () => {
  test('answers { value } from FEATURE_FLAGS; a flag it does not name is false', async () => {
    expect(await json(await call('/api/featureflag/recentlyViewed'))).toEqual({ value: true })
    expect(await json(await call('/api/featureflag/betaMap'))).toEqual({ value: false })
    expect(await json(await call('/api/featureflag/neverHeardOf'))).toEqual({ value: false })
  })

  test('a name that is no flag name is a 400; another spelling of the path a 404; a POST a 405', async () => {
    await expectJsonError(await call('/api/featureflag/two%20words'), 400)
    await expectJsonError(await call(`/api/featureflag/${'x'.repeat(65)}`), 400)
    await expectJsonError(await call('/api/FeatureFlag/recentlyViewed'), 404)
    await expectJsonError(await call('/api/featureflag/recentlyViewed', { method: 'POST', body: {} }), 405)
  })

  test('refuses other sites and clients over the limit', async () => {
    await expectGuarded('/api/featureflag/recentlyViewed', { limit: 120 })
  })
})

describe('GET /api/Property/getviewedlistings/{ids}', () => {
  test('answers the listings in the order asked, with their links; unknown ids are left out', async () => {
    const [first, second] = listingRows()
    const listings = (await json(await call(`/api/Property/getviewedlistings/${second!.id}-999999999-${first!.id}`))) as Record<string, unknown>[]
    expect(listings.map((listing) => listing.id)).toEqual([second!.id, first!.id])
    expect(listings[0]).toMatchObject({ title: second!.title, relativeUrl: listingPath(sites.land, second!), statusDisplay: '' })
    expect(listings[0]!.priceDisplay).toMatch(/^\$|Contact for Price|Auction/)
    expect(listings[0]!.acresDisplay).toMatch(/ac/)
  })

  test('ids that are not whole numbers joined by hyphens, or too many, are a 400; the lower-case spelling and the valuation site a 404', async () => {
    for (const ids of ['abc', '12--34', '12,34', '0', Array.from({ length: 13 }, (_, index) => index + 1).join('-')]) {
      await expectJsonError(await call(`/api/Property/getviewedlistings/${ids}`), 400)
    }
    await expectJsonError(await call('/api/property/getviewedlistings/12'), 404)
    await expectJsonError(await call('/api/Property/getviewedlistings/12', { host: 'value.localhost' }), 404)
  })

  test('refuses other sites and clients over the limit', async () => {
    await expectGuarded(`/api/Property/getviewedlistings/${listingRows()[0]!.id}`, { limit: 60 })
  })
})

describe('POST /api/property/searchUrl/{siteId}', () => {
  const travisHunting = { stateId: texas, countyIdList: [48453], propertyTypes: ['hunting-land'], priceMax: 250000 }

  test('answers the search URL of spec §3 criteria as plain text, in each site’s grammar', async () => {
    const response = await call('/api/property/searchUrl/0', { method: 'POST', body: travisHunting })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await response.text()).toBe('/search/texas-land-for-sale/travis-county/hunting-land-for-sale/price-under-250000/')
    const farm = await call('/api/property/searchUrl/1080', {
      method: 'POST',
      body: { stateAbbreviation: 'tx', propertyTypes: 2, sortOrderId: 'PRICE_DESC' },
      host: 'farm.localhost',
    })
    expect(await farm.text()).toBe('/texas-land-for-sale/ranches/sort-price-high')
    const searched = await fetchPage(land, '/search/texas-land-for-sale/travis-county/hunting-land-for-sale/price-under-250000/')
    expect(searched.status).toBe(200)
  })

  test('a price per acre range, pricePerAcreMin and pricePerAcreMax (beyond spec §3), is its path token on each site', async () => {
    const body = { stateAbbreviation: 'TX', priceMax: 900000, pricePerAcreMin: '1000', pricePerAcreMax: 5000.4 }
    expect(await (await call('/api/property/searchUrl/0', { method: 'POST', body })).text()).toBe(
      '/search/texas-land-for-sale/price-under-900000/price-per-acre-1000-5000/',
    )
    const farm = await call('/api/property/searchUrl/1080', { method: 'POST', body: { stateAbbreviation: 'TX', pricePerAcreMax: 5000 }, host: 'farm.localhost' })
    expect(await farm.text()).toBe('/texas-land-for-sale/price-per-acre-under-5000')
  })

  test('a lake (its lakeIdList) is the search near it; a lake of two states takes the state named with it', async () => {
    const lakeId = (name: string) => (db.prepare('select id from lakes where name = ?').get(name) as { id: number }).id
    const urlOf = async (body: object) => (await call('/api/property/searchUrl/0', { method: 'POST', body })).text()
    expect(await urlOf({ lakeIdList: [lakeId('Lake Okeechobee')] })).toBe('/search/florida-land-for-sale/near-lake-okeechobee/')
    expect(await urlOf({ lakeIdList: [lakeId('Lake Tahoe')], stateAbbreviation: 'NV' })).toBe('/search/nevada-land-for-sale/near-lake-tahoe/')
    // Without a state, Lake Tahoe could be California's or Nevada's: no one search to name.
    expect(await urlOf({ lakeIdList: [lakeId('Lake Tahoe')] })).toBe('')
    expect(await urlOf({ lakeIdList: [lakeId('Lake Okeechobee')], stateId: texas })).toBe('')
  })

  test('a drawn area, as spec §3 mapEncodedCords (Google’s encoded polyline), is the map box and polygon tokens', async () => {
    const triangle: [number, number][] = [
      [29.5, -99.5],
      [29.5, -95.5],
      [32.5, -97.5],
    ]
    const response = await call('/api/property/searchUrl/0', { method: 'POST', body: { stateId: texas, mapEncodedCords: polyline.encode(triangle) } })
    expect(await response.text()).toBe(buildSearchPath(sites.land, normalizeCriteria({ state: 'texas', mapPolygon: triangle })))
    const notAnArea = await call('/api/property/searchUrl/0', { method: 'POST', body: { stateId: texas, mapEncodedCords: polyline.encode(triangle.slice(0, 2)) } })
    expect(await notAnArea.text()).toBe('/search/texas-land-for-sale/')
  })

  test('an unknown place, or places of two states, is an empty string (spec §7)', async () => {
    for (const body of [{ countyIdList: [99999] }, { stateId: vermont, countyIdList: [48453] }, { zip: '00000' }]) {
      const response = await call('/api/property/searchUrl/0', { method: 'POST', body })
      expect(response.status).toBe(200)
      expect(await response.text()).toBe('')
    }
  })

  test('a body that is not criteria, or another site’s id, is a 400; a GET a 405', async () => {
    for (const body of ['{not json', '[1, 2]', '"texas"', { priceMin: { at: 'least' } }, { countyIdList: 'travis' }]) {
      await expectJsonError(await call('/api/property/searchUrl/0', { method: 'POST', body }), 400)
    }
    await expectJsonError(await call('/api/property/searchUrl/1080', { method: 'POST', body: travisHunting }), 400)
    await expectJsonError(await call('/api/property/searchUrl/zero', { method: 'POST', body: travisHunting }), 400)
    await expectJsonError(await call('/api/property/searchUrl/0'), 405)
  })

  test('refuses other sites and clients over the limit', async () => {
    await expectGuarded('/api/property/searchUrl/0', { method: 'POST', body: travisHunting, limit: 60 })
  })
})

describe('POST /logging/log/', () => {
  const logRows = (message: string) =>
    db
      .prepare('select severity, message, page_url as pageUrl, user_agent as userAgent, component_stack as componentStack from client_logs where message = ?')
      .all(message) as Record<string, unknown>[]

  test('stores a message and prints it as one line of the server log', async () => {
    const printed = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const message = 'Map tiles failed\nforged line'
    const response = await call('/logging/log/', {
      method: 'POST',
      body: { message, referringUrl: 'https://search.example/', logSeverity: 'Warning', url: 'http://land.localhost/search/all-land/' },
      headers: { 'user-agent': browser },
    })
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
    expect(logRows(message)).toEqual([{ severity: 'warning', message, pageUrl: 'http://land.localhost/search/all-land/', userAgent: browser, componentStack: null }])
    expect(printed).toHaveBeenCalledWith('[client log] warning site 0 http://land.localhost/search/all-land/ "Map tiles failed forged line"')
    printed.mockRestore()
  })

  test('keeps a client error’s component stack, but prints no stack and answers nothing back', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const message = 'TypeError: listing.broker is undefined'
    const componentStack = '\n    at ListingBroker (listing-broker.tsx:20)\n    at ListingPage'
    const response = await call('/logging/log/', { method: 'POST', body: { message, logSeverity: 'error', componentStack, userAgent: browser } })
    expect(response.status).toBe(204)
    expect(logRows(message)[0]).toMatchObject({ severity: 'error', componentStack })
    expect(printed).toHaveBeenCalledTimes(1)
    expect(String(printed.mock.calls[0]![0])).not.toContain('ListingBroker')
    printed.mockRestore()
  })

  test('keeps only the newest entries', async () => {
    const fill = db.prepare("insert into client_logs (site_id, severity, message, created_at) values (0, 'debug', 'filler', '2026-01-01T00:00:00Z')")
    db.transaction(() => {
      for (let index = 0; index < maxClientLogs; index += 1) fill.run()
    })()
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    expect((await call('/logging/log/', { method: 'POST', body: { message: 'the newest', logSeverity: 'information' } })).status).toBe(204)
    vi.restoreAllMocks()
    expect((db.prepare('select count(*) as n from client_logs').get() as { n: number }).n).toBe(maxClientLogs)
    expect(logRows('the newest')).toHaveLength(1)
  })

  test('an entry without a message or with an unknown severity is a 400 that echoes nothing', async () => {
    for (const body of [{ logSeverity: 'error' }, { message: 'x', logSeverity: 'fatal' }, { message: '   ', logSeverity: 'error' }, 'not json', { message: 'x' }]) {
      const error = await expectJsonError(await call('/logging/log/', { method: 'POST', body }), 400)
      expect(error).not.toContain('fatal')
    }
    await expectJsonError(await call('/logging/log/'), 405)
  })

  test('refuses other sites and clients over the limit', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    await expectGuarded('/logging/log/', { method: 'POST', body: { message: 'flood', logSeverity: 'debug' }, limit: 20 })
    vi.restoreAllMocks()
  })
})

describe('GET /api/validation/validatePhoneNumber/{phone}', () => {
  const check = (phone: string) => call(`/api/validation/validatePhoneNumber/${encodeURIComponent(phone)}`)

  test('a North American number in service succeeds; one not in service fails; another length cannot be validated', async () => {
    expect(await json(await check('(512) 555-0123'))).toEqual({ success: true, unableToValidate: false, phoneNumber: '+15125550123' })
    expect(await json(await check('512-111-0123'))).toEqual({ success: false, unableToValidate: false, phoneNumber: null })
    expect(await json(await check('442-079-460958'))).toEqual({ success: false, unableToValidate: true, phoneNumber: null })
  })

  test('a number the spec §5 format refuses is a 400 with the format’s message', async () => {
    expect(await expectJsonError(await check('call me'), 400)).toBe('Please enter a validly formatted phone number.')
    await expectJsonError(await check('+1 512 555 0123'), 400)
    await expectJsonError(await call('/api/validation/validatephonenumber/5125550123'), 404)
  })

  test('refuses other sites and clients over the limit', async () => {
    await expectGuarded('/api/validation/validatePhoneNumber/5125550123', { limit: 30 })
  })
})

describe('GET /api/location/financeByLocationData/{siteId}/{locationType}/{ids}', () => {
  const lender = async (pathname: string, host = land) =>
    ((await json(await call(pathname, { host }))) as { financeId: number; name: string; href: string } | null)?.name

  test('answers the most specific lender of a county, region or state, else the default', async () => {
    expect(await lender('/api/location/financeByLocationData/0/2/48453')).toBe('Capital Area Farmers Bank')
    expect(await lender('/api/location/financeByLocationData/0/1/4809')).toBe('Hill Country Farm Credit')
    expect(await lender('/api/location/financeByLocationData/0/0/48')).toBe('Lone Star Land Credit, ACA')
    expect(await lender('/api/location/financeByLocationData/0/3')).toBe('American Rural Land Lending Cooperative')
    // Two Texas counties fall back to the state's lender, as a search of both does.
    expect(await lender('/api/location/financeByLocationData/0/2/48453-48491')).toBe('Lone Star Land Credit, ACA')
    const center = (await json(await call('/api/location/financeByLocationData/0/2/48453'))) as Record<string, unknown>
    expect(center).toMatchObject({ financeId: 4, href: '/financing?fcid=4', checkboxLabel: expect.any(String) })
    expect(JSON.stringify(center)).not.toContain('@')
  })

  test('a site without finance centers answers null', async () => {
    expect(await json(await call('/api/location/financeByLocationData/2005/3', { host: 'value.localhost' }))).toBeNull()
  })

  test('a wrong site id, location type or id list is a 400; an unknown place a 404', async () => {
    for (const pathname of ['/0/7/48', '/1080/2/48453', '/0/two/48453', '/0/2/abc', '/0/2']) {
      await expectJsonError(await call(`/api/location/financeByLocationData${pathname}`), 400)
    }
    await expectJsonError(await call('/api/location/financeByLocationData/0/2/99999'), 404)
  })

  test('refuses other sites and clients over the limit', async () => {
    await expectGuarded('/api/location/financeByLocationData/0/3', { limit: 60 })
  })
})

describe('GET /api/content/financeCenterFullInfo/{id}', () => {
  test('answers a lender the site shows; another site’s, an inactive or an unknown one is a 404', async () => {
    expect(await json(await call('/api/content/financeCenterFullInfo/2'))).toMatchObject({
      financeId: 2,
      name: 'Lone Star Land Credit, ACA',
      href: '/financing?fcid=2',
    })
    expect(await json(await call('/api/content/financeCenterFullInfo/7', { host: 'hunting.localhost' }))).toMatchObject({ name: 'Southern Pine Timberland Finance' })
    for (const id of [7, 8, 999999]) await expectJsonError(await call(`/api/content/financeCenterFullInfo/${id}`), 404)
  })

  test('an id that is not a positive whole number is a 400', async () => {
    for (const id of ['abc', '0', '-3']) await expectJsonError(await call(`/api/content/financeCenterFullInfo/${id}`), 400)
  })

  test('refuses other sites and clients over the limit', async () => {
    await expectGuarded('/api/content/financeCenterFullInfo/2', { limit: 60 })
  })
})

describe('GET /api/popular/statenames/0 and PropertyTypeNames/0', () => {
  const footerColumn = async (host: string, pathname: string, heading: string) => {
    const html = decodeEntities(await (await fetchPage(host, pathname)).text())
    const footer = html.slice(html.indexOf('<footer'))
    const column = footer.slice(footer.indexOf(`>${heading}</h2>`))
    return [...column.slice(0, column.indexOf('</section>')).matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map((match) => match[1])
  }

  test('with few searches counted, the states rank by listings and the searches are the site’s own', async () => {
    const states = (await json(await call('/api/popular/statenames/0'))) as { name: string; href: string; listings: number }[]
    expect(states).toHaveLength(51)
    expect(states.map((state) => state.listings)).toEqual([...states.map((state) => state.listings)].sort((a, b) => b - a))
    expect(states[0]!.href).toBe(`/search/${states[0]!.name.toLowerCase().replaceAll(' ', '-')}-land-for-sale/`)
    expect((await footerColumn(land, '/', 'Popular States'))[0]).toBe(`${states[0]!.name} Land For Sale`)
    const searches = (await json(await call('/api/popular/PropertyTypeNames/0'))) as { name: string; href: string }[]
    expect(searches.slice(0, 2)).toEqual([
      { name: 'Farms for Sale', href: '/search/farms-for-sale/', searches: expect.any(Number) },
      { name: 'Ranches for Sale', href: '/search/ranches-for-sale/', searches: expect.any(Number) },
    ])
  })

  test('once enough searches are counted, the footer and the calls rank by them', async () => {
    const states = (await json(await call('/api/popular/statenames/0', { host: 'hunting.localhost' }))) as { name: string; searches: number }[]
    expect(states.slice(0, 2)).toEqual([expect.objectContaining({ name: 'Vermont', searches: 400 }), expect.objectContaining({ name: 'Texas', searches: 20 })])
    expect((await footerColumn('hunting.localhost', '/land', 'Hunting Land by State')).slice(0, 2)).toEqual(['Vermont Land For Sale', 'Texas Land For Sale'])
    const searches = (await json(await call('/api/popular/PropertyTypeNames/0', { host: 'hunting.localhost' }))) as { name: string; href: string }[]
    expect(searches[0]).toEqual({ name: 'Timberland for Sale', href: '/land/timberland', searches: 400 })
  })

  test('a scope other than 0 is a 400; another spelling or list a 404, as on a site without search', async () => {
    await expectJsonError(await call('/api/popular/statenames/48'), 400)
    await expectJsonError(await call('/api/popular/StateNames/0'), 404)
    await expectJsonError(await call('/api/popular/propertytypenames/0'), 404)
    await expectJsonError(await call('/api/Popular/statenames/0'), 404)
    await expectJsonError(await call('/api/popular/statenames/0', { host: 'value.localhost' }), 404)
  })

  test('refuses other sites and clients over the limit', async () => {
    await expectGuarded('/api/popular/statenames/0', { limit: 60 })
  })
})

describe('POST /api/Popular/logPopularSearch/{siteId}', () => {
  test('counts a search per site, state and type for the day', async () => {
    const before = searchCount(sites.land.siteId, texas, 'farms')
    const response = await call('/api/Popular/logPopularSearch/0', { method: 'POST', body: { stateId: texas, propertyTypes: ['farms', 'ranches'] } })
    expect(response.status).toBe(204)
    expect(searchCount(sites.land.siteId, texas, 'farms')).toBe(before + 1)
    expect(searchCount(sites.land.siteId, texas, 'ranches')).toBeGreaterThan(0)
  })

  test('a browser’s search page counts its search on its first page; a script’s, a crawler’s and a later page do not', async () => {
    const before = searchCount(sites.land.siteId, texas, 'hunting-land')
    const page = (pathname: string, userAgent?: string) => fetchPage(land, pathname, { headers: userAgent ? { 'user-agent': userAgent } : {} })
    expect((await page('/search/texas-land-for-sale/hunting-land-for-sale/', browser)).status).toBe(200)
    expect((await page('/search/texas-land-for-sale/hunting-land-for-sale/')).status).toBe(200)
    expect((await page('/search/texas-land-for-sale/hunting-land-for-sale/', 'Googlebot/2.1 (+http://www.google.com/bot.html)')).status).toBe(200)
    expect((await page('/search/texas-land-for-sale/hunting-land-for-sale/page-2/', browser)).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(searchCount(sites.land.siteId, texas, 'hunting-land')).toBe(before + 1)
  })

  test('null criteria are logged critical-yellow and refused; other bad criteria are a 400', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await expectJsonError(await call('/api/Popular/logPopularSearch/0', { method: 'POST', body: 'null' }), 400)
    vi.restoreAllMocks()
    const logged = db.prepare("select count(*) as n from client_logs where severity = 'critical-yellow' and message like 'logPopularSearch%'").get() as { n: number }
    expect(logged.n).toBe(1)
    for (const body of ['{', { countyIdList: [99999] }, { priceMin: true }]) {
      await expectJsonError(await call('/api/Popular/logPopularSearch/0', { method: 'POST', body }), 400)
    }
    await expectJsonError(await call('/api/Popular/logPopularSearch/1113', { method: 'POST', body: {} }), 400)
    await expectJsonError(await call('/api/popular/logPopularSearch/0', { method: 'POST', body: {} }), 404)
  })

  test('refuses other sites and clients over the limit', async () => {
    await expectGuarded('/api/Popular/logPopularSearch/0', { method: 'POST', body: { stateId: vermont }, limit: 30 })
  })
})

describe('GET /api/authenticate/isloggedin and logininfo/{siteId}', () => {
  const buyer = demoUsers.find((user) => user.email === 'demo.buyer@example.com')!

  test('a visitor is not logged in', async () => {
    expect(await json(await call('/api/authenticate/isloggedin'))).toBe(false)
    expect(await json(await call('/api/authenticate/logininfo/0'))).toEqual({
      isLoggedIn: false,
      userInfo: null,
      hashedEmail: null,
      message: null,
      errors: [],
      isAdmin: false,
    })
  })

  test('a signed-in user is, with the spec §3 login info and no password', async () => {
    const cookie = await sessionCookie(fetchPage, land, buyer, newClient())
    expect(await json(await call('/api/authenticate/isloggedin', { headers: { cookie } }))).toBe(true)
    const response = await call('/api/authenticate/logininfo/0', { headers: { cookie } })
    expect(response.headers.get('cache-control')).toBe('no-store')
    const info = (await json(response)) as Record<string, unknown>
    expect(info).toMatchObject({
      isLoggedIn: true,
      hashedEmail: crypto.createHash('sha256').update(buyer.email).digest('hex'),
      isAdmin: false,
      userInfo: expect.objectContaining({ email: buyer.email, contactName: buyer.contactName, isSeller: false, listOfLiked: expect.any(Array) }),
    })
    expect(JSON.stringify(info)).not.toMatch(/password/i)
  })

  test('another site’s id or a word is a 400; another spelling a 404', async () => {
    await expectJsonError(await call('/api/authenticate/logininfo/1080'), 400)
    await expectJsonError(await call('/api/authenticate/logininfo/land'), 400)
    await expectJsonError(await call('/api/authenticate/isLoggedIn'), 404)
  })

  test('refuses other sites and clients over the limit', async () => {
    await expectGuarded('/api/authenticate/isloggedin', { limit: 120 })
  })
})

describe('anything else under /api/', () => {
  test('is a JSON 404, to a GET and a POST', async () => {
    await expectJsonError(await call('/api/nothing/here'), 404)
    await expectJsonError(await call('/api/nothing', { method: 'POST', body: {} }), 404)
  })
})
