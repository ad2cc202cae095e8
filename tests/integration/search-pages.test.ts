import { parse } from 'node-html-parser'
import { describe, expect, test } from 'vitest'
import { canonicalHref, decodeEntities, metaContent, productionPages } from '../support/http'
import { countWhere } from '../support/test-database'

const { fetchPage, db } = productionPages()

function resultsCount(html: string) {
  const match = html.match(/>([\d,]+) results</)
  return match ? Number(match[1]!.replaceAll(',', '')) : undefined
}

function cardCount(html: string) {
  return html.match(/<article/g)?.length ?? 0
}

const landingCounts: [string, string][] = [
  ['all-land', '1 = 1'],
  ['farms-for-sale', 'property_types & 1 != 0'],
  ['ranches-for-sale', 'property_types & 2 != 0'],
  ['residential-land-for-sale', 'property_types & 8 != 0'],
  ['recreational-land-for-sale', 'property_types & 4 != 0'],
  ['hunting-land-for-sale', 'property_types & 128 != 0'],
  ['undeveloped-land-for-sale', 'property_types & 32 != 0'],
  ['horse-property-for-sale', 'property_types & 256 != 0'],
  ['commercial-land-for-sale', 'property_types & 64 != 0'],
  ['present-use-orchard-vineyards', 'amenities & (4 | 32) != 0'],
  ['waterfront-for-sale', 'property_types & 3584 != 0'],
  ['auctions', 'sale_type = 2'],
  ['hunting-land-for-sale/auctions', 'sale_type = 2 and property_types & 128 != 0'],
  ['farms-for-sale/auctions', 'sale_type = 2 and property_types & 1 != 0'],
  ['residential-land-for-sale/auctions', 'sale_type = 2 and property_types & 8 != 0'],
  ['log-cabins-for-sale', 'amenities & 65536 != 0'],
  ['cheap-land-for-sale', 'price between 3 and 50000'],
  ['off-grid-land-for-sale', 'amenities & 2048 != 0'],
  ['land-with-mineral-rights-for-sale', 'mineral_rights = 1'],
]

describe('land site landing paths', () => {
  test.each(landingCounts)('/search/%s/ answers 200 with every matching active listing', async (landing, condition) => {
    const response = await fetchPage('land.localhost', `/search/${landing}/`)
    expect(response.status).toBe(200)
    const html = await response.text()
    const expected = countWhere(db, condition)
    expect(resultsCount(html)).toBe(expected)
    expect(cardCount(html)).toBe(Math.min(25, expected))
    expect(canonicalHref(html)).toBe(`http://land.localhost/search/${landing}/`)
  })
})

describe('grammar per site', () => {
  test("the farm and hunting sites 404 the land site's /search/ paths, and the land site 404s theirs", async () => {
    for (const host of ['farm.localhost', 'hunting.localhost']) {
      expect((await fetchPage(host, '/search/all-land/')).status).toBe(404)
      expect((await fetchPage(host, '/search/texas-land-for-sale/')).status).toBe(404)
    }
    expect((await fetchPage('land.localhost', '/land')).status).toBe(404)
    expect((await fetchPage('land.localhost', '/texas-land-for-sale')).status).toBe(404)
  })

  test('the farm site searches its own scope at /land and /{state}-land-for-sale', async () => {
    const national = await fetchPage('farm.localhost', '/land')
    expect(national.status).toBe(200)
    // Farm & Ranch Finder lists farms, ranches, horse property and timberland (its profile's scope).
    expect(resultsCount(await national.text())).toBe(countWhere(db, 'property_types & (1 | 2 | 256 | 16) != 0'))
    const texas = await fetchPage('farm.localhost', '/texas-land-for-sale/farms')
    expect(texas.status).toBe(200)
    expect(resultsCount(await texas.text())).toBe(countWhere(db, 'state_id = 48 and property_types & 1 != 0'))
  })

  test('the valuation site has no search', async () => {
    expect((await fetchPage('value.localhost', '/search/all-land/')).status).toBe(404)
    expect((await fetchPage('value.localhost', '/land')).status).toBe(404)
  })
})

describe('canonical URLs', () => {
  test.each([
    ['/search/Texas-Land-For-Sale/', '/search/texas-land-for-sale/'],
    ['/search/texas-land-for-sale/page-1/', '/search/texas-land-for-sale/'],
    ['/search/texas-land-for-sale/sort-price-high/price-under-250000/', '/search/texas-land-for-sale/price-under-250000/sort-price-high/'],
    ['/search/all-land/farms-for-sale/', '/search/farms-for-sale/'],
    ['/search/texas-land-for-sale?utm_source=mail', '/search/texas-land-for-sale/'],
  ])('%s answers 301 to %s', async (path, location) => {
    const response = await fetchPage('land.localhost', path)
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe(location)
  })

  test('an unknown place or token answers 404 with the site text', async () => {
    for (const path of ['/search/texas-land-for-sale/atlantis-county/', '/search/narnia-land-for-sale/', '/search/texas-land-for-sale/travis-county/bogus/']) {
      const response = await fetchPage('land.localhost', path)
      expect(response.status).toBe(404)
      expect(decodeEntities(await response.text())).toContain("You went off the grid! Let's get you back on the map")
    }
  })

  test('a page past the last answers 404', async () => {
    expect((await fetchPage('land.localhost', '/search/all-land/page-999/')).status).toBe(404)
  })
})

describe('no results', () => {
  test('a search that finds nothing says so and offers the wider searches: without the filters, then the whole country', async () => {
    expect(countWhere(db, 'state_id = 48 and acres >= 5000000')).toBe(0)
    const response = await fetchPage('land.localhost', '/search/texas-land-for-sale/acres-over-5000000/')
    expect(response.status).toBe(200)
    const html = decodeEntities(await response.text())
    expect(resultsCount(html)).toBe(0)
    expect(cardCount(html)).toBe(0)
    const view = parse(html).querySelector('section[aria-labelledby="results-heading"]')!
    expect(view.querySelector('h2:not(.sr-only)')?.text).toBe('No properties match this search')
    expect(view.querySelectorAll('li > a').map((link) => [link.text, link.getAttribute('href')])).toEqual([
      ['All land for sale in Texas', '/search/texas-land-for-sale/'],
      ['Anywhere in the United States', '/search/all-land/acres-over-5000000/'],
    ])
  })
})

describe('results pages for crawlers', () => {
  test('a state page has a counted title, a description with the price range, and JSON-LD', async () => {
    const html = decodeEntities(await (await fetchPage('land.localhost', '/search/texas-land-for-sale/')).text())
    const count = countWhere(db, 'state_id = 48')
    expect(html).toContain(`<title>Texas Land for Sale – ${count.toLocaleString('en-US')} Listings</title>`)
    expect(metaContent(html, 'description')).toMatch(new RegExp(`^${count} land listings for sale in Texas, priced from \\$`))
    expect(metaContent(html, 'robots')).toContain('index, follow')
    const jsonLd = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!)
    const [breadcrumbs, items] = jsonLd['@graph']
    expect(breadcrumbs.itemListElement.map((item: { name: string }) => item.name)).toEqual(['United States', 'Texas'])
    expect(items.itemListElement).toHaveLength(Math.min(25, count))
  })

  test('sorted and multi-facet pages are noindex, follow; one property type in a state is indexable', async () => {
    const sorted = await (await fetchPage('land.localhost', '/search/texas-land-for-sale/sort-price-high/')).text()
    expect(metaContent(sorted, 'robots')).toBe('noindex, follow')
    const facets = await (await fetchPage('land.localhost', '/search/texas-land-for-sale/farms-for-sale/ranches-for-sale/')).text()
    expect(metaContent(facets, 'robots')).toBe('noindex, follow')
    const oneType = await (await fetchPage('land.localhost', '/search/texas-land-for-sale/ranches-for-sale/')).text()
    expect(metaContent(oneType, 'robots')).toContain('index, follow')
  })

  test('a search that finds nothing is noindex, follow, even where the same search with results is indexable', async () => {
    expect(countWhere(db, 'state_id = 11')).toBe(0)
    const empty = await fetchPage('land.localhost', '/search/district-of-columbia-land-for-sale/')
    expect(empty.status).toBe(200)
    const html = await empty.text()
    expect(html).toContain('Listings</title>')
    expect(metaContent(html, 'robots')).toBe('noindex, follow')
  })

  test.each([
    ['land.localhost', 'land'],
    ['farm.localhost', 'farm'],
    ['hunting.localhost', 'hunting'],
  ])("the menu's Owner Financing link on %s leads to an indexable landing with its own title and heading", async (host, siteKey) => {
    const home = decodeEntities(await (await fetchPage(host, '/')).text())
    const href = home.match(/<a href="([^"]+)" class="menu-link">Owner Financing<\/a>/)?.[1]
    expect(href, siteKey).toBeDefined()
    const response = await fetchPage(host, href!)
    expect(response.status).toBe(200)
    const html = decodeEntities(await response.text())
    const title = html.match(/<title>([^<]*)<\/title>/)![1]!
    expect(title).toMatch(/^United States Owner Financed Land for Sale – [\d,]+ Listings$/)
    expect(parse(html).querySelector('h1')?.text.trim()).toBe('United States Owner Financed Land for Sale')
    expect(metaContent(html, 'robots')).toContain('index, follow')
    expect(metaContent(html, 'robots')).not.toContain('noindex')
    expect(canonicalHref(html)).toBe(`http://${host}${href}`)
    expect(metaContent(html, 'description')).toMatch(/owner financed land listings for sale in United States/)
  })

  test.each([
    ['land.localhost', '/search/texas-land-for-sale/'],
    ['farm.localhost', '/texas-land-for-sale'],
    ['hunting.localhost', '/texas-land-for-sale'],
  ])("broker names on %s cards link straight to the broker's page, not through /propertylink/", async (host, path) => {
    const html = await (await fetchPage(host, path)).text()
    const brokerLinks = parse(html)
      .querySelectorAll('a.card-broker-name')
      .map((link) => link.getAttribute('href')!)
    expect(brokerLinks.length).toBeGreaterThan(0)
    expect(html).not.toContain('/propertylink/')
    for (const brokerHref of new Set(brokerLinks.slice(0, 3))) {
      const response = await fetchPage(host, brokerHref, { redirect: 'manual' })
      expect(response.status, brokerHref).toBe(200)
      expect(canonicalHref(await response.text())).toBe(`http://${host}${brokerHref}`)
    }
  })

  test.each(['sort-az', 'sort-za', 'sort-listings-high'])('the spec §2 token %s is a sorted search (noindex, follow), not a 404', async (token) => {
    const response = await fetchPage('land.localhost', `/search/all-land/${token}/`)
    expect(response.status).toBe(200)
    const html = decodeEntities(await response.text())
    expect(resultsCount(html)).toBe(countWhere(db, '1 = 1'))
    expect(metaContent(html, 'robots')).toBe('noindex, follow')
    expect(canonicalHref(html)).toBe(`http://land.localhost/search/all-land/${token}/`)
    const titles = parse(html)
      .querySelectorAll('h3.card-title a')
      .map((link) => link.text.trim())
    if (token !== 'sort-listings-high') {
      const sorted = [...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      expect(titles).toEqual(token === 'sort-az' ? sorted : sorted.reverse())
    }
  })

  test('page 2 links back and forward and is its own canonical', async () => {
    const html = await (await fetchPage('land.localhost', '/search/all-land/page-2/')).text()
    expect(canonicalHref(html)).toBe('http://land.localhost/search/all-land/page-2/')
    expect(html).toContain('<link rel="prev" href="/search/all-land/"')
    expect(html).toContain('<link rel="next" href="/search/all-land/page-3/"')
    expect(html).toContain('href="/search/all-land/page-3/"')
  })
})

describe('sold searches', () => {
  const countSold = (condition: string, ...parameters: unknown[]) =>
    (db.prepare(`select count(*) as count from listings where status = 4 and (${condition})`).get(...parameters) as { count: number }).count

  test('a sale price range in a state lists every sold listing in it, titled as sold and not indexed', async () => {
    const path = '/search/texas-land-for-sale/sold-price-100000-500000/'
    const response = await fetchPage('land.localhost', path)
    expect(response.status).toBe(200)
    const html = decodeEntities(await response.text())
    const expected = countSold('state_id = 48 and sales_price between 100000 and 500000')
    expect(expected).toBeGreaterThan(0)
    expect(resultsCount(html)).toBe(expected)
    expect(cardCount(html)).toBe(Math.min(25, expected))
    expect(html).toContain(`<title>Texas Land Sold – ${expected.toLocaleString('en-US')} ${expected === 1 ? 'Listing' : 'Listings'}</title>`)
    expect(canonicalHref(html)).toBe(`http://land.localhost${path}`)
    expect(metaContent(html, 'robots')).toBe('noindex, follow')
  })

  test('sold date bounds on the farm site count the sold listings of its scope sold on those days', async () => {
    const [earliest] = db.prepare('select min(sales_date) as day from listings where status = 4').pluck().all() as string[]
    const since = earliest!.replace(/^(\d{4})/, (year) => String(Number(year) + 1))
    const response = await fetchPage('farm.localhost', `/land/sold-since-${since}`)
    expect(response.status).toBe(200)
    const expected = countSold('property_types & (1 | 2 | 256 | 16) != 0 and sales_date >= ?', since)
    expect(expected).toBeGreaterThan(0)
    expect(resultsCount(await response.text())).toBe(expected)
    const between = await fetchPage('farm.localhost', `/land/sold-${earliest}-${since}`)
    expect(resultsCount(await between.text())).toBe(countSold('property_types & (1 | 2 | 256 | 16) != 0 and sales_date between ? and ?', earliest, since))
  })

  test('a status token beside a sold token is redirected away, and a day not on the calendar is a 404', async () => {
    const response = await fetchPage('land.localhost', '/search/texas-land-for-sale/status-sold/sold-price-under-500000/')
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/search/texas-land-for-sale/sold-price-under-500000/')
    expect((await fetchPage('land.localhost', '/search/all-land/sold-since-2025-02-30/')).status).toBe(404)
    expect((await fetchPage('land.localhost', '/search/texas-land-for-sale/sold-until-2025-13-01/')).status).toBe(404)
  })

  test('the filter form sends sale prices and dates to their readable tokens', async () => {
    const query =
      'filters=1&sortOrder=default&marketStatuses=available&marketStatuses=under-contract&salesPriceMin=100%2C000&salesPriceMax=&soldDateMin=2025-01-01&soldDateMax=12%2F31%2F2025'
    const response = await fetchPage('land.localhost', `/search/texas-land-for-sale/?${query}`)
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/search/texas-land-for-sale/sold-price-over-100000/sold-2025-01-01-2025-12-31/')
    const junk = await fetchPage('land.localhost', '/search/texas-land-for-sale/?filters=1&salesPriceMin=lots&soldDateMin=9999-99-99')
    expect(junk.status).toBe(303)
    expect(junk.headers.get('location')).toBe('/search/texas-land-for-sale/')
  })

  test('the filter panel shows the sold fields filled in and explains them', async () => {
    const html = decodeEntities(await (await fetchPage('land.localhost', '/search/texas-land-for-sale/sold-price-100000-500000/sold-since-2025-01-01/')).text())
    expect(html).toContain('A sale price or sold date shows sold listings only.')
    expect(html).toMatch(/<input type="number"[^>]*name="salesPriceMin"[^>]*value="100000"/)
    expect(parse(html).querySelector('input[name="soldDateMin"]')?.attributes).toMatchObject({ type: 'date', value: '2025-01-01' })
    const checkedStatuses = parse(html)
      .querySelectorAll('input[type="checkbox"][name="marketStatuses"]')
      .filter((box) => box.hasAttribute('checked'))
    expect(checkedStatuses.map((box) => box.getAttribute('value'))).toEqual(['sold'])
    // Status Sold, the sale price range and one sold date bound (spec §5).
    expect(html).toMatch(/Filter(<!-- -->)? \(3\)/)
  })
})

describe('forms without JavaScript', () => {
  test('the filter form lands on the canonical path of the chosen filters', async () => {
    const response = await fetchPage(
      'land.localhost',
      '/search/texas-land-for-sale/?filters=1&sortOrder=default&priceMax=250%2C000&acresMin=10&propertyTypes=hunting-land&ownerFinancing=on&keywordQuery=',
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/search/texas-land-for-sale/hunting-land-for-sale/price-under-250000/acres-over-10/owner-financing/')
  })

  test('the sort form keeps the filters and starts again at page 1', async () => {
    const response = await fetchPage('land.localhost', '/search/texas-land-for-sale/price-under-250000/page-2/?sort=acres-desc')
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/search/texas-land-for-sale/price-under-250000/sort-acres-high/')
  })

  test('a sort value outside the list falls back to Default (spec §2)', async () => {
    const response = await fetchPage('land.localhost', '/search/texas-land-for-sale/sort-price-high/?sort=cheapest-first')
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/search/texas-land-for-sale/')
  })

  test('the location box resolves a state, a county and a zip, and offers candidates when ambiguous', async () => {
    const state = await fetchPage('land.localhost', '/find?q=Texas')
    expect(state.headers.get('location')).toBe('/search/texas-land-for-sale/')
    const county = await fetchPage(
      'land.localhost',
      `/find?q=${encodeURIComponent('Travis County, TX')}&from=${encodeURIComponent('/search/montana-land-for-sale/farms-for-sale/')}`,
    )
    expect(county.headers.get('location')).toBe('/search/texas-land-for-sale/travis-county/farms-for-sale/')
    const zip = await fetchPage('land.localhost', '/find?q=78701')
    expect(zip.headers.get('location')).toBe('/search/texas/78701-land-for-sale/')
    const ambiguous = await fetchPage('land.localhost', '/find?q=Springfield')
    expect(ambiguous.status).toBe(200)
    const html = decodeEntities(await ambiguous.text())
    expect(html).toContain('Which “Springfield” did you mean?')
    expect(html).toContain('href="/search/illinois-land-for-sale/springfield/"')
  })

  test('a second county in the same state is added to the search, not swapped in', async () => {
    const response = await fetchPage(
      'land.localhost',
      `/find?q=${encodeURIComponent('Hays County, TX')}&from=${encodeURIComponent('/search/texas-land-for-sale/travis-county/')}`,
    )
    expect(response.headers.get('location')).toBe('/search/texas-land-for-sale/hays-county/travis-county/')
  })
})
