import { describe, expect, test } from 'vitest'
import { indexableRobots } from '~/utils/page-meta'
import { sites } from '~/sites/index'
import { listingPath, parseListingPath } from '~/models/listings/listing-path'
import type { SiteKey } from '~/models/sites/site-profile'
import { canonicalHref, decodeEntities, metaContent, productionPages } from '../support/http'

const { fetchPage, db } = productionPages()

const hostOf = (key: SiteKey) => `${key}.localhost`

async function sitemapHtml(key: SiteKey, path: string) {
  const response = await fetchPage(hostOf(key), path, { headers: { accept: 'text/html' } })
  expect(response.status, path).toBe(200)
  return decodeEntities(await response.text())
}

function hrefsOf(html: string) {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1]!)
}

function listingHrefsOf(key: SiteKey, html: string) {
  return hrefsOf(html).filter((href) => parseListingPath(sites[key], href) !== undefined)
}

/** Where a site's listings are, with plain SQL: its property-type scope, any status unless `condition` says. */
function listingsWhere(key: SiteKey, condition: string, ...parameters: unknown[]) {
  const scopeBits = sites[key].listingScopeBits
  const rows = db
    .prepare(
      `select listings.id, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation
       from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
       where (${scopeBits} = 0 or listings.property_types & ${scopeBits} != 0) and (${condition})`,
    )
    .all(...parameters) as { id: number; acres: number; countyName: string; stateAbbreviation: string }[]
  return rows.map((row) => listingPath(sites[key], row)).sort()
}

function slugsWhere(table: 'states' | 'counties', condition: string) {
  return (db.prepare(`select slug from ${table} where ${condition} order by slug`).all() as { slug: string }[]).map((row) => row.slug)
}

const stateHasListings = (scopeBits: number) =>
  `exists (select 1 from listings where state_id = states.id and (${scopeBits} = 0 or property_types & ${scopeBits} != 0))`
const countyHasListings = 'exists (select 1 from listings where county_id = counties.id)'

describe('the sitemap home page', () => {
  test('on the land site it links every state with listings, the main searches and the market insights', async () => {
    const html = await sitemapHtml('land', '/sitemap/')
    expect(html).toContain('<title>Sitemap | LandAtlas</title>')
    expect(canonicalHref(html)).toBe('http://land.localhost/sitemap/')
    expect(metaContent(html, 'robots')).toBe(indexableRobots)
    const hrefs = hrefsOf(html)
    for (const slug of slugsWhere('states', stateHasListings(0))) expect(hrefs).toContain(`/sitemap/${slug}`)
    for (const slug of slugsWhere('states', `not ${stateHasListings(0)}`)) expect(hrefs).not.toContain(`/sitemap/${slug}`)
    expect(hrefs).toEqual(expect.arrayContaining(['/', '/market-insights/', '/search/all-land/', '/search/hunting-land-for-sale/']))
  })

  test.each([
    ['farm', '/sitemap/', (slug: string) => `/sitemap/${slug.toLowerCase()}/`, '/land'],
    ['hunting', '/sitemap', (slug: string) => `/sitemap/${slug.toLowerCase()}`, '/land'],
  ] as const)('on the %s site it is %s and links the states where the site has listings', async (key, path, statePath, nationalSearch) => {
    const html = await sitemapHtml(key, path)
    expect(canonicalHref(html)).toBe(`http://${hostOf(key)}${path}`)
    const hrefs = hrefsOf(html)
    const withListings = slugsWhere('states', stateHasListings(sites[key].listingScopeBits))
    expect(hrefs.filter((href) => href.startsWith('/sitemap/') && href !== path).sort()).toEqual(withListings.map(statePath).sort())
    expect(hrefs).toContain(nationalSearch)
  })

  test("the valuation site's sitemap lists its own pages and no places", async () => {
    const html = await sitemapHtml('value', '/sitemap/')
    expect(html).toContain('<title>Sitemap | AcreWorth</title>')
    expect(hrefsOf(html)).toContain('/')
    expect(hrefsOf(html).some((href) => href.startsWith('/sitemap/') && href !== '/sitemap/')).toBe(false)
  })
})

describe("a state's sitemap", () => {
  test('links every county of the state with listings, its featured and new listings, its landing and its searches', async () => {
    const html = await sitemapHtml('land', '/sitemap/Texas')
    expect(html).toContain('<title>Texas Listings by County – Sitemap | LandAtlas</title>')
    expect(canonicalHref(html)).toBe('http://land.localhost/sitemap/Texas')
    const hrefs = hrefsOf(html)
    const counties = hrefs.filter((href) => /^\/sitemap\/[^/]+-County-TX$/.test(href))
    expect(counties.sort()).toEqual(slugsWhere('counties', `state_id = 48 and ${countyHasListings}`).map((slug) => `/sitemap/${slug}`))
    expect(hrefs).toEqual(expect.arrayContaining(['/sitemap/', '/sitemap/featured-listing/TX', '/sitemap/new-listing/TX', '/Texas', '/search/texas-land-for-sale/']))
  })

  test('links a state’s featured or new listings only while they list something: an empty list is noindex (decision 0062)', async () => {
    const stateLinks = hrefsOf(await sitemapHtml('hunting', '/sitemap')).filter((href) => /^\/sitemap\/[a-z-]+$/.test(href) && !/-county-|-parish-/.test(href))
    expect(stateLinks.length).toBeGreaterThan(10)
    let emptyLists = 0
    for (const statePath of stateLinks) {
      const html = await sitemapHtml('hunting', statePath)
      const lists = hrefsOf(html).filter((href) => /^\/sitemap\/(featured|new)-listing\//.test(href))
      emptyLists += 2 - lists.length
      for (const list of lists) expect(metaContent(await sitemapHtml('hunting', list), 'robots'), list).toBe(indexableRobots)
    }
    // The hunting site's small inventory leaves some states without featured or new listings: their links are gone.
    expect(emptyLists).toBeGreaterThan(0)
  })

  test("on the farm site it links only the counties with farm listings, in the farm site's spelling", async () => {
    const html = await sitemapHtml('farm', '/sitemap/nebraska/')
    const scope = sites.farm.listingScopeBits
    const expected = slugsWhere('counties', `state_id = 31 and exists (select 1 from listings where county_id = counties.id and property_types & ${scope} != 0)`)
    expect(
      hrefsOf(html)
        .filter((href) => /^\/sitemap\/[a-z-]+-county-ne\/$/.test(href))
        .sort(),
    ).toEqual(expected.map((slug) => `/sitemap/${slug.toLowerCase()}/`))
    expect(hrefsOf(html)).toContain('/nebraska-land-for-sale')
  })
})

describe("a county's sitemap", () => {
  test('links every listing of the county, sold and off-market ones too', async () => {
    const html = await sitemapHtml('land', '/sitemap/Yukon-Koyukuk-Borough-AK')
    expect(listingHrefsOf('land', html).sort()).toEqual(listingsWhere('land', "counties.slug = 'Yukon-Koyukuk-Borough-AK'"))
    expect(listingsWhere('land', "counties.slug = 'Yukon-Koyukuk-Borough-AK' and listings.status in (3, 4)").length).toBeGreaterThan(0)
    expect(html).toMatch(/ · (Sold|Off Market)</)
    expect(hrefsOf(html)).toEqual(expect.arrayContaining(['/Yukon-Koyukuk-Borough-AK', '/search/alaska-land-for-sale/yukon-koyukuk-borough/']))
    expect(html).toContain('<a href="/sitemap/Alaska"')
  })

  test.each(['farm', 'hunting'] as const)('on the %s site it links only the listings the site shows', async (key) => {
    const path = key === 'farm' ? '/sitemap/cherry-county-ne/' : '/sitemap/cherry-county-ne'
    const expected = listingsWhere(key, "counties.slug = 'Cherry-County-NE'")
    expect(expected.length).toBeLessThan(listingsWhere('land', "counties.slug = 'Cherry-County-NE'").length)
    const html = await sitemapHtml(key, path)
    expect(listingHrefsOf(key, html).sort()).toEqual(expected)
  })

  test('a county without listings is a page for people, not for the index', async () => {
    const [slug] = slugsWhere('counties', `not ${countyHasListings}`)
    const html = await sitemapHtml('land', `/sitemap/${slug}`)
    expect(metaContent(html, 'robots')).toBe('noindex, follow')
    expect(html).toContain('LandAtlas has no listings in')
  })
})

describe('featured and new listings of a state', () => {
  test("the featured listings are the state's active diamond, platinum and gold listings", async () => {
    const html = await sitemapHtml('land', '/sitemap/featured-listing/TX')
    expect(html).toContain('<title>Featured Listings in Texas – Sitemap | LandAtlas</title>')
    expect(listingHrefsOf('land', html).sort()).toEqual(
      listingsWhere('land', "states.abbreviation = 'TX' and listings.status in (1, 2) and listings.upgrade_level in (1, 2, 3)"),
    )
  })

  test("the new listings are the state's active listings of the past 30 days, within the site's scope", async () => {
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString()
    for (const [key, path] of [
      ['land', '/sitemap/new-listing/TX'],
      ['hunting', '/sitemap/new-listing/tx'],
    ] as const) {
      const html = await sitemapHtml(key, path)
      expect(listingHrefsOf(key, html).sort(), key).toEqual(
        listingsWhere(key, "states.abbreviation = 'TX' and listings.status in (1, 2) and listings.created_at >= ?", since),
      )
    }
  })
})

describe('sitemap addresses', () => {
  test.each([
    ['land', '/sitemap/Atlantis'],
    ['land', '/sitemap/Nowhere-County-TX'],
    ['land', '/sitemap/featured-listing/ZZ'],
    ['land', '/sitemap/new-listing/Texas'],
    ['land', '/sitemap/Texas/page-2'],
    ['land', '/sitemap/Cherry-County-NE/page-2'],
    ['land', '/sitemap/Texas/Travis-County-TX'],
    ['farm', '/sitemap/atlantis/'],
    ['hunting', '/sitemap/nowhere-county-tx'],
    ['value', '/sitemap/Texas'],
  ] as const)("on the %s site %s is the site's 404 page", async (key, path) => {
    const response = await fetchPage(hostOf(key), path, { headers: { accept: 'text/html' } })
    expect(response.status).toBe(404)
    expect(await response.text()).toContain(sites[key].wording.notFound.replace("'", '&#x27;'))
  })

  test.each([
    ['land', '/sitemap', '/sitemap/'],
    ['land', '/sitemap/texas', '/sitemap/Texas'],
    ['land', '/sitemap/travis-county-tx/', '/sitemap/Travis-County-TX'],
    ['land', '/sitemap/featured-listing/tx', '/sitemap/featured-listing/TX'],
    ['land', '/sitemap/Cherry-County-NE/page-1', '/sitemap/Cherry-County-NE'],
    ['farm', '/sitemap', '/sitemap/'],
    ['farm', '/sitemap/Texas', '/sitemap/texas/'],
    ['hunting', '/sitemap/', '/sitemap'],
    ['hunting', '/sitemap/Travis-County-TX', '/sitemap/travis-county-tx'],
  ] as const)('on the %s site %s answers 301 to %s', async (key, path, canonical) => {
    const response = await fetchPage(hostOf(key), path, { headers: { accept: 'text/html' } })
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe(canonical)
  })
})
