import path from 'node:path'
import { afterAll, afterEach, describe, expect, test } from 'vitest'
import { createKysely } from '~/models/db/dialect.server'
import { emptyCriteria, normalizeCriteria } from '~/models/search/search-criteria'
import { isIndexableSearch } from '~/models/search/search-seo'
import { sitemapFileEntries, sitemapIndexFiles } from '~/models/sitemaps/sitemap.server'
import { searchFacets } from '~/models/sitemaps/sitemap-places.server'
import { maxBytesPerFile, maxUrlsPerFile } from '~/models/sitemaps/sitemap-xml'
import { sites } from '~/sites/index'
import { listingPath } from '~/models/listings/listing-path'
import type { SiteKey } from '~/models/sites/site-profile'
import { canonicalHref, metaContent, productionPages } from '../support/http'

const { fetchPage, db } = productionPages()
const modelDb = createKysely({ sqliteFile: path.join(process.env.TEST_DATA_DIR ?? process.env.DATA_DIR ?? '.test-data', 'marketplace.db') })
afterAll(() => modelDb.destroy())

const siteKeys: SiteKey[] = ['land', 'farm', 'hunting', 'value']
const listingSiteKeys: SiteKey[] = ['land', 'farm', 'hunting']
const hostOf = (key: SiteKey) => `${key}.localhost`
const originOf = (key: SiteKey) => `http://${hostOf(key)}`
const w3cDatetime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/

interface ParsedSitemap {
  root: 'urlset' | 'sitemapindex'
  entries: { loc: string; lastmod?: string }[]
}

const xmlEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/**
 * Reads a sitemap document strictly: the declaration, the root with the sitemaps.org namespace,
 * one `<url>` or `<sitemap>` per line with an escaped `<loc>` and an optional `<lastmod>`, and
 * nothing else. Anything out of that shape (an unescaped '&', a stray tag) fails the test.
 */
function parseSitemapXml(xml: string): ParsedSitemap {
  const lines = xml.split('\n')
  expect(lines[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>')
  const open = lines[1]?.match(/^<(urlset|sitemapindex) xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">$/)
  expect(open, lines[1]).not.toBeNull()
  const root = open![1] as ParsedSitemap['root']
  expect(lines.slice(-2)).toEqual([`</${root}>`, ''])
  const tag = root === 'urlset' ? 'url' : 'sitemap'
  const entryPattern = new RegExp(`^<${tag}><loc>([^<>]+)</loc>(?:<lastmod>([^<>]+)</lastmod>)?</${tag}>$`)
  const entries = lines.slice(2, -2).map((line) => {
    const match = line.match(entryPattern)
    expect(match, line).not.toBeNull()
    const [, loc, lastmod] = match!
    expect(loc!.replace(/&(amp|lt|gt|quot|apos);/g, ''), 'every & starts an entity').not.toContain('&')
    return { loc: loc!.replace(/&(amp|lt|gt|quot|apos);/g, (_entity, name: string) => xmlEntities[name]!), lastmod }
  })
  return { root, entries }
}

async function fetchXml(key: SiteKey, path: string) {
  const response = await fetchPage(hostOf(key), path)
  expect(response.status, path).toBe(200)
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8')
  expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/)
  const xml = await response.text()
  expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(maxBytesPerFile)
  return parseSitemapXml(xml)
}

interface SiteSitemaps {
  index: ParsedSitemap
  /** By file path ('/sitemaps/listings-tx.xml'). */
  files: Map<string, ParsedSitemap>
}

const sitemapsBySite = new Map<SiteKey, Promise<SiteSitemaps>>()

/** A site's index and every file it names, fetched once for all the tests that read them. */
function siteSitemaps(key: SiteKey) {
  let sitemaps = sitemapsBySite.get(key)
  if (!sitemaps) {
    sitemaps = (async () => {
      const index = await fetchXml(key, '/sitemap.xml')
      const files = new Map<string, ParsedSitemap>()
      for (const entry of index.entries) {
        const filePath = new URL(entry.loc).pathname
        files.set(filePath, await fetchXml(key, filePath))
      }
      return { index, files }
    })()
    sitemapsBySite.set(key, sitemaps)
  }
  return sitemaps
}

interface ListingRow {
  id: number
  acres: number
  countyName: string
  stateAbbreviation: string
  updatedAt: string
}

/** Every listing a site shows, read with plain SQL: the site's property-type scope, any status. */
function listingsOfSite(key: SiteKey): ListingRow[] {
  const scopeBits = sites[key].listingScopeBits
  return db
    .prepare(
      `select listings.id, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation,
              listings.updated_at as updatedAt
       from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
       where ? = 0 or listings.property_types & ? != 0`,
    )
    .all(scopeBits, scopeBits) as ListingRow[]
}

const secondsOf = (timestamp: string) => `${timestamp.slice(0, 19)}Z`

describe('XML sitemaps', () => {
  test.each(siteKeys)("the %s site's /sitemap.xml indexes its own files, each a well-formed urlset within the protocol's limits", async (key) => {
    const { index, files } = await siteSitemaps(key)
    expect(index.root).toBe('sitemapindex')
    expect(index.entries.length).toBeGreaterThan(0)
    const locations = new Set<string>()
    for (const entry of index.entries) {
      expect(entry.loc).toMatch(new RegExp(`^${originOf(key)}/sitemaps/[a-z0-9-]+\\.xml$`))
      if (entry.lastmod !== undefined) expect(entry.lastmod).toMatch(w3cDatetime)
      const file = files.get(new URL(entry.loc).pathname)!
      expect(file.root).toBe('urlset')
      expect(file.entries.length).toBeGreaterThan(0)
      expect(file.entries.length).toBeLessThanOrEqual(maxUrlsPerFile)
      for (const url of file.entries) {
        expect(url.loc.startsWith(`${originOf(key)}/`), url.loc).toBe(true)
        if (url.lastmod !== undefined) expect(url.lastmod).toMatch(w3cDatetime)
        expect(locations.has(url.loc), `${url.loc} appears twice`).toBe(false)
        locations.add(url.loc)
      }
      // An index entry's date is its file's newest.
      const newest = file.entries
        .map((url) => url.lastmod)
        .filter((lastmod) => lastmod !== undefined)
        .sort()
        .at(-1)
      expect(entry.lastmod).toBe(newest)
    }
  })

  test.each(listingSiteKeys)("every listing the %s site shows appears exactly once, in its state's file, with its own lastmod", async (key) => {
    const { files } = await siteSitemaps(key)
    const expected = new Map<string, string[]>()
    for (const listing of listingsOfSite(key)) {
      const fileName = `/sitemaps/listings-${listing.stateAbbreviation.toLowerCase()}.xml`
      expected.set(fileName, [...(expected.get(fileName) ?? []), `${originOf(key)}${listingPath(sites[key], listing)} ${secondsOf(listing.updatedAt)}`])
    }
    const actual = new Map(
      [...files]
        .filter(([filePath]) => filePath.startsWith('/sitemaps/listings-'))
        .map(([filePath, file]) => [filePath, file.entries.map((url) => `${url.loc} ${url.lastmod}`)]),
    )
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort())
    for (const [filePath, urls] of expected) expect(actual.get(filePath)!.sort(), filePath).toEqual(urls.sort())
  })

  test('the valuation site has no listings, searches or brokers: its sitemap is its land value pages and its pages', async () => {
    const { index, files } = await siteSitemaps('value')
    const origin = originOf('value')
    expect(index.entries.map((entry) => entry.loc)).toEqual([`${origin}/sitemaps/landings.xml`, `${origin}/sitemaps/pages.xml`])
    const states = (db.prepare('select slug from states').all() as { slug: string }[]).map((state) => `${origin}/land-values/${state.slug.toLowerCase()}/`)
    expect(files.get('/sitemaps/landings.xml')!.entries.map((url) => url.loc)).toEqual(expect.arrayContaining([`${origin}/land-values/`, ...states]))
    expect(files.get('/sitemaps/pages.xml')!.entries.map((url) => url.loc)).toEqual([`${origin}/`, `${origin}/sitemap/`])
  })

  test.each(listingSiteKeys)('the %s site lists its home, HTML sitemap and broker directory as pages', async (key) => {
    const { files } = await siteSitemaps(key)
    const pages = files.get('/sitemaps/pages.xml')!.entries.map((url) => new URL(url.loc).pathname)
    expect(pages).toEqual(expect.arrayContaining(['/', key === 'hunting' ? '/sitemap' : '/sitemap/']))
  })

  test('the land site lists its landing pages: national, and the states, regions, counties and cities with listings', async () => {
    const { files } = await siteSitemaps('land')
    const landings = new Set(files.get('/sitemaps/landings.xml')!.entries.map((url) => new URL(url.loc).pathname))
    const states = db.prepare('select slug from states where exists (select 1 from listings where state_id = states.id and status in (1, 2))').all() as {
      slug: string
    }[]
    const counties = db.prepare('select slug from counties where exists (select 1 from listings where county_id = counties.id and status in (1, 2))').all() as {
      slug: string
    }[]
    const emptyCounty = db
      .prepare('select slug from counties where not exists (select 1 from listings where county_id = counties.id and status in (1, 2)) limit 1')
      .get() as { slug: string }
    const cities = db.prepare('select slug from cities where exists (select 1 from listings where city_id = cities.id and status in (1, 2))').all() as {
      slug: string
    }[]
    const emptyCity = db.prepare('select slug from cities where not exists (select 1 from listings where city_id = cities.id) limit 1').get() as { slug: string }
    expect(landings.has('/market-insights/')).toBe(true)
    for (const { slug } of [...states, ...counties, ...cities]) expect(landings.has(`/${slug}`), slug).toBe(true)
    expect(landings.has(`/${emptyCounty.slug}`)).toBe(false)
    // Decision 0062: the District's landing, without land for sale, is noindex and not listed.
    expect(landings.has('/District-of-Columbia')).toBe(false)
    expect(landings.has(`/${emptyCity.slug}`)).toBe(false)
  })

  test.each([
    ['farm', '/texas-land-for-sale/farms'],
    ['hunting', '/texas-land-for-sale/hunting-land'],
  ] as const)('the %s site lands on its national, state and county searches, and lists its other searches (%s) apart', async (key, typeSearch) => {
    const { files } = await siteSitemaps(key)
    const landings = files.get('/sitemaps/landings.xml')!.entries.map((url) => new URL(url.loc).pathname)
    expect(landings[0]).toBe('/land')
    expect(landings).toContain('/texas-land-for-sale')
    expect(
      landings.slice(1).every((landing) => /^\/[a-z-]+-land-for-sale(\/[a-z0-9-]+-(county|parish|borough))?$/.test(landing)),
      landings.join(' '),
    ).toBe(true)
    const searches = files.get('/sitemaps/searches.xml')!.entries.map((url) => new URL(url.loc).pathname)
    expect(searches).toContain(typeSearch)
    expect(searches.some((search) => landings.includes(search))).toBe(false)
  })

  test('a search the sitemaps list finds something, and an empty one is left out', async () => {
    const { files } = await siteSitemaps('land')
    const searches = new Set(files.get('/sitemaps/searches.xml')!.entries.map((url) => new URL(url.loc).pathname))
    const count = (condition: string) =>
      (
        db.prepare(`select count(*) as count from listings join states on states.id = listings.state_id where status in (1, 2) and ${condition}`).get() as {
          count: number
        }
      ).count
    for (const [searchPath, condition] of [
      ['/search/texas-land-for-sale/', "states.abbreviation = 'TX'"],
      ['/search/texas-land-for-sale/beachfront-for-sale/', "states.abbreviation = 'TX' and property_types & 1024 != 0"],
      ['/search/rhode-island-land-for-sale/auctions/', "states.abbreviation = 'RI' and sale_type = 2"],
      ['/search/wyoming-land-for-sale/log-cabins-for-sale/', "states.abbreviation = 'WY' and amenities & 65536 != 0"],
    ] as const) {
      expect(searches.has(searchPath), searchPath).toBe(count(condition) > 0)
    }
  })

  test("the sitemaps name the site's configured origin, as its canonical links do", async () => {
    const testOrigins = process.env.SITE_ORIGINS
    process.env.SITE_ORIGINS = `${testOrigins},farm=https://www.farmranchfinder.example`
    try {
      const response = await fetchPage('www.farmranchfinder.example', '/sitemap.xml')
      const index = parseSitemapXml(await response.text())
      expect(index.entries[0]!.loc).toMatch(/^https:\/\/www\.farmranchfinder\.example\/sitemaps\//)
      const pages = parseSitemapXml(await (await fetchPage('www.farmranchfinder.example', '/sitemaps/pages.xml')).text())
      expect(pages.entries[0]!.loc).toBe('https://www.farmranchfinder.example/')
    } finally {
      process.env.SITE_ORIGINS = testOrigins
    }
  })

  test.each(['/sitemaps/listings-zz.xml', '/sitemaps/listings-tx-2.xml', '/sitemaps/listings-tx-1.xml', '/sitemaps/searches-99.xml', '/sitemaps/other.xml'])(
    '%s is a 404',
    async (filePath) => {
      expect((await fetchPage(hostOf('land'), filePath)).status).toBe(404)
    },
  )

  test('the valuation site has no listing files', async () => {
    expect((await fetchPage(hostOf('value'), '/sitemaps/listings-tx.xml')).status).toBe(404)
  })
})

describe('splitting past the per-file limit', () => {
  const urlsPerFile = 40

  test('a state with more listings than the limit is split into numbered files holding each of its listings once', async () => {
    const texasCount = listingsOfSite('land').filter((listing) => listing.stateAbbreviation === 'TX').length
    expect(texasCount).toBeGreaterThan(urlsPerFile)
    const files = await sitemapIndexFiles(modelDb, sites.land, { urlsPerFile })
    const texasFiles = files.filter((file) => typeof file.file.kind === 'object' && file.file.kind.listingsOf === 'TX')
    const partCount = Math.ceil(texasCount / urlsPerFile)
    expect(texasFiles.map((file) => file.path)).toEqual(
      Array.from({ length: partCount }, (_, index) => (index === 0 ? '/sitemaps/listings-tx.xml' : `/sitemaps/listings-tx-${index + 1}.xml`)),
    )
    const parts = await Promise.all(texasFiles.map((file) => sitemapFileEntries(modelDb, sites.land, file.file, { urlsPerFile })))
    const whole = await sitemapFileEntries(modelDb, sites.land, { kind: { listingsOf: 'tx' }, part: 1 })
    parts.forEach((part, index) => {
      expect(part!.length).toBeLessThanOrEqual(urlsPerFile)
      expect(texasFiles[index]!.lastmod).toBe(
        part!
          .map((entry) => entry.lastmod!)
          .sort()
          .at(-1),
      )
    })
    expect(parts.flatMap((part) => part!.map((entry) => entry.path)).sort()).toEqual(whole!.map((entry) => entry.path).sort())
    expect(await sitemapFileEntries(modelDb, sites.land, { kind: { listingsOf: 'tx' }, part: partCount + 1 }, { urlsPerFile })).toBeUndefined()
  })

  test('searches past the limit are split the same way, every search in one part', async () => {
    const whole = (await sitemapFileEntries(modelDb, sites.hunting, { kind: 'searches', part: 1 }))!
    const files = (await sitemapIndexFiles(modelDb, sites.hunting, { urlsPerFile })).filter((file) => file.file.kind === 'searches')
    expect(files).toHaveLength(Math.ceil(whole.length / urlsPerFile))
    expect(files[1]!.path).toBe('/sitemaps/searches-2.xml')
    const parts = await Promise.all(files.map((file) => sitemapFileEntries(modelDb, sites.hunting, file.file, { urlsPerFile })))
    expect(parts.flatMap((part) => part!.map((entry) => entry.path))).toEqual(whole.map((entry) => entry.path))
  })
})

describe('the searches sitemaps list', () => {
  test('every facet is an indexable search, already in normal form, at each place level it is listed for', () => {
    const places = {
      national: {},
      state: { state: 'texas' },
      region: { state: 'texas', places: ['central-texas-region'] },
      county: { state: 'texas', places: ['travis-county'] },
      city: { state: 'texas', places: ['austin'] },
      lake: { state: 'florida', places: ['near-lake-okeechobee'] },
    }
    for (const facet of searchFacets) {
      for (const level of facet.levels) {
        const criteria = { ...emptyCriteria, ...places[level], ...facet.criteria }
        expect(normalizeCriteria(criteria), `${facet.key} at ${level}`).toEqual(criteria)
        expect(isIndexableSearch(criteria), `${facet.key} at ${level}`).toBe(true)
      }
    }
  })
})

/**
 * Up to `count` entries spread evenly over a file, first and last included: the same sample every run.
 */
function sample<Item>(items: Item[], count: number) {
  if (items.length <= count) return items
  return Array.from({ length: count }, (_, index) => items[Math.round((index * (items.length - 1)) / (count - 1))]!)
}

const sampledKinds = [
  ['listings', 2],
  ['landings', 20],
  ['searches', 20],
  ['brokers', 20],
  ['pages', 20],
] as const

// Landing pages (land site) and broker pages come from other branches: those samples answer 200 once they are merged.
describe('sampled sitemap URLs are canonical, indexable pages', () => {
  // The valuation site has its land value pages and pages alone (previous describe).
  const sampled = siteKeys.flatMap((key) =>
    sampledKinds.filter(([kind]) => key !== 'value' || kind === 'pages' || kind === 'landings').map(([kind, perFile]) => [key, kind, perFile] as const),
  )
  test.each(sampled)('on the %s site, %s URLs answer 200 with a self canonical and no noindex', async (key, kind, perFile) => {
    const { files } = await siteSitemaps(key)
    const urls = [...files].filter(([filePath]) => filePath.startsWith(`/sitemaps/${kind}`)).flatMap(([, file]) => sample(file.entries, perFile))
    expect(urls.length).toBeGreaterThan(0)
    for (const { loc } of urls) {
      const url = new URL(loc)
      const response = await fetchPage(hostOf(key), `${url.pathname}${url.search}`, { headers: { accept: 'text/html' } })
      expect(response.status, loc).toBe(200)
      const html = await response.text()
      expect(canonicalHref(html), loc).toBe(loc)
      expect(metaContent(html, 'robots'), loc).not.toMatch(/noindex/)
    }
  })
})

describe('the sitemaps and the pages agree on what is indexed (decision 0062)', () => {
  const statePaths = new Set((db.prepare('select slug from states').all() as { slug: string }[]).map((state) => `/${state.slug}`))
  test.each([
    ['land', 'every state landing', (path: string) => statePaths.has(path)],
    ['value', 'every land value page', () => true],
  ] as const)('on the %s site, %s the sitemaps list is indexable', async (key, _pages, isChecked) => {
    const { files } = await siteSitemaps(key)
    const paths = files
      .get('/sitemaps/landings.xml')!
      .entries.map((url) => new URL(url.loc).pathname)
      .filter(isChecked)
    expect(paths.length).toBeGreaterThanOrEqual(50)
    const noindex: string[] = []
    for (const path of paths) {
      const html = await (await fetchPage(hostOf(key), path, { headers: { accept: 'text/html' } })).text()
      if (/noindex/.test(metaContent(html, 'robots') ?? '')) noindex.push(path)
    }
    expect(noindex).toEqual([])
  })
})

describe('robots.txt', () => {
  afterEach(() => {
    process.env.SITE_ENVIRONMENT = 'production'
    delete process.env.SITE_HOSTS
  })

  test.each(siteKeys)('the %s site points crawlers at its own sitemap and keeps them out of private pages only', async (key) => {
    const response = await fetchPage(hostOf(key), '/robots.txt')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const lines = (await response.text()).split('\n')
    expect(lines[0]).toBe('User-agent: *')
    expect(lines).toContain(`Sitemap: ${originOf(key)}/sitemap.xml`)
    for (const privatePath of ['/account/', '/api/', '/login', '/signup/', '/addlisting/', '/find?']) expect(lines).toContain(`Disallow: ${privatePath}`)
    const disallowed = lines.filter((line) => line.startsWith('Disallow:')).map((line) => line.slice('Disallow:'.length).trim())
    for (const publicPath of [
      '/',
      '/resizedimages/1/2/cover/80/1-3',
      '/search/all-land/',
      '/property/a/1/',
      '/sitemap/',
      '/sitemap.xml',
      '/member/a/1',
      '/find-agent/',
      '/financing',
    ]) {
      expect(
        disallowed.some((rule) => publicPath.startsWith(rule)),
        publicPath,
      ).toBe(false)
    }
  })

  test('it names the configured origin', async () => {
    const testOrigins = process.env.SITE_ORIGINS
    process.env.SITE_ORIGINS = `${testOrigins},hunting=https://www.wildacres.example`
    try {
      const text = await (await fetchPage('www.wildacres.example', '/robots.txt')).text()
      expect(text).toContain('Sitemap: https://www.wildacres.example/sitemap.xml')
    } finally {
      process.env.SITE_ORIGINS = testOrigins
    }
  })

  test('outside production every crawler is kept out, and no sitemap is named', async () => {
    process.env.SITE_ENVIRONMENT = 'staging'
    const text = await (await fetchPage(hostOf('land'), '/robots.txt')).text()
    expect(text).toBe('User-agent: *\nDisallow: /\n')
  })
})
