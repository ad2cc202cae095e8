import { describe, expect, test } from 'vitest'
import { canonicalHref, decodeEntities, metaContent, productionPages } from '../support/http'
import { countWhere } from '../support/test-database'

const { fetchPage, db } = productionPages()

interface Place {
  id: number
  name: string
  slug: string
}

const states = db.prepare('select id, name, slug, abbreviation from states order by name').all() as (Place & { abbreviation: string })[]
const texas = states.find((state) => state.abbreviation === 'TX')!
const farmScope = 'property_types & (1 | 2 | 256 | 16) != 0'
const huntingScope = 'property_types & (128 | 4 | 16 | 512 | 2048) != 0'

function countiesOf(stateId: number) {
  return db.prepare(`select id, name || ' ' || suffix as name, slug from counties where state_id = ? order by name`).all(stateId) as Place[]
}

/** The Texas county with the most active listings: a county page with figures worth checking. */
const busiestTexasCounty = db
  .prepare(
    `select counties.id, counties.name, counties.suffix, counties.slug from listings join counties on counties.id = listings.county_id
     where listings.state_id = 48 and listings.status in (1, 2) group by counties.id order by count(*) desc, counties.name limit 1`,
  )
  .get() as Place & { suffix: string }

/** The median of the active listings' real prices (and prices per acre) where `condition` holds, in whole dollars. */
function medians(condition: string, ...parameters: unknown[]) {
  const rows = db.prepare(`select price, acres from listings where status in (1, 2) and price > 2 and (${condition})`).all(...parameters) as {
    price: number
    acres: number
  }[]
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    const middle = sorted.length >> 1
    return sorted.length === 0 ? null : Math.round(sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2)
  }
  return { price: median(rows.map((row) => row.price)), perAcre: median(rows.filter((row) => row.acres > 0).map((row) => row.price / row.acres)) }
}

const dollars = (value: number | null) => (value === null ? 'Not enough data' : `$${value.toLocaleString('en-US')}`)

/** The figure a landing block shows under a label ('Properties for sale', 'Median asking price'…). */
function figure(html: string, label: string) {
  return html.match(new RegExp(`>${label}</dt><dd[^>]*>([^<]*)<`))?.[1]
}

/**
 * Each place with listings (`column` = its id, within `scope`) is linked at `pathOf` it; one without
 * is named without a link, as its page is noindex (decision 0062).
 */
function expectPlaceLinks(html: string, places: Place[], column: string, pathOf: (place: Place) => string, scope = '1 = 1') {
  const listed = places.map((place) => ({ place, listings: countWhere(db, `${column} = ? and ${scope}`, place.id) }))
  expect(listed.some(({ listings }) => listings > 0)).toBe(true)
  for (const { place, listings } of listed) {
    const isLinked = html.includes(`href="${pathOf(place)}"`)
    expect(isLinked, `${place.slug} (${listings} listings) linked`).toBe(listings > 0)
    if (listings === 0) expect(html.includes(`<li>${place.name}<small>(0)</small></li>`), `${place.name} named`).toBe(true)
  }
}

async function page(host: string, path: string) {
  const response = await fetchPage(host, path)
  expect(response.status, path).toBe(200)
  return decodeEntities(await response.text())
}

describe('state landings', () => {
  test.each(states.map((state) => [state.slug, state] as const))('/%s answers 200 with its active listing count', async (slug, state) => {
    const html = await page('land.localhost', `/${slug}`)
    const count = countWhere(db, 'state_id = ?', state.id)
    expect(html).toContain(`<title>${state.name} Land for Sale – ${count.toLocaleString('en-US')} ${count === 1 ? 'Listing' : 'Listings'} | LandAtlas</title>`)
    expect(figure(html, 'Properties for sale')).toBe(count.toLocaleString('en-US'))
    expect(canonicalHref(html)).toBe(`http://land.localhost/${slug}`)
    // Decision 0062: a state without land for sale says so and is noindex, as an empty search is.
    if (count > 0) expect(metaContent(html, 'robots')).toContain('index, follow')
    else {
      expect(metaContent(html, 'robots')).toBe('noindex, follow')
      expect(html).toContain(`No land for sale in ${state.name} right now`)
    }
  })

  test('the District of Columbia, without land for sale, says so and is noindex', async () => {
    expect(countWhere(db, "state_id = (select id from states where abbreviation = 'DC')")).toBe(0)
    const html = await page('land.localhost', '/District-of-Columbia')
    expect(metaContent(html, 'robots')).toBe('noindex, follow')
    expect(metaContent(html, 'description')).toBe('No land for sale in District of Columbia right now.')
  })

  test('Texas shows its median price and price per acre, and links every county and region with listings', async () => {
    const html = await page('land.localhost', '/Texas')
    const expected = medians('state_id = 48')
    expect(figure(html, 'Median asking price')).toBe(dollars(expected.price))
    expect(figure(html, 'Median price per acre')).toBe(dollars(expected.perAcre))
    expectPlaceLinks(html, countiesOf(texas.id), 'county_id', (county) => `/${county.slug}`)
    const regions = db.prepare('select id, name, slug from regions where state_id = 48').all() as Place[]
    expectPlaceLinks(html, regions, 'region_id', (region) => `/${region.slug}-Region`)
    expect(html).toContain('href="/search/texas-land-for-sale/"')
  })

  test("Louisiana's landing links every parish with listings under that name", async () => {
    const louisiana = states.find((state) => state.abbreviation === 'LA')!
    const html = await page('land.localhost', `/${louisiana.slug}`)
    expect(html).toContain('Parishes in Louisiana')
    expectPlaceLinks(html, countiesOf(louisiana.id), 'county_id', (parish) => `/${parish.slug}`)
  })

  test('inventory by property type counts each type and links its search in the state', async () => {
    const html = await page('land.localhost', '/Texas')
    const farms = countWhere(db, 'state_id = 48 and property_types & 1 != 0')
    expect(html).toContain(`<a href="/search/texas-land-for-sale/farms-for-sale/">Farms</a><small>(${farms.toLocaleString('en-US')})</small>`)
  })

  test('featured listings are the newest diamond, then platinum listings of the state', async () => {
    const html = await page('land.localhost', '/Texas')
    const featured = db
      .prepare(
        'select id from listings where state_id = 48 and status in (1, 2) and upgrade_level >= 2 order by upgrade_level desc, created_at desc, id desc limit 6',
      )
      .all() as { id: number }[]
    const section = html.slice(html.indexOf('Properties for sale in Texas'))
    const shownIds = [...section.matchAll(/href="\/property\/[^"]+\/(\d+)\/"/g)].map((match) => Number(match[1]))
    expect([...new Set(shownIds)]).toEqual(featured.map((listing) => listing.id))
  })
})

describe('county, region and national landings', () => {
  /** The listings the landing's ItemList names, in order. */
  const itemListUrls = (html: string) => {
    const graph = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!)['@graph'] as {
      '@type': string
      itemListElement: { url: string }[]
    }[]
    return graph.find((node) => node['@type'] === 'ItemList')?.itemListElement.map((item) => new URL(item.url).pathname)
  }

  test('a county with listings but none featured shows them: its title, cards and ItemList agree', async () => {
    const county = db
      .prepare(
        `select counties.id, counties.slug from counties join listings on listings.county_id = counties.id and listings.status in (1, 2)
         where counties.state_id = 48 group by counties.id having max(listings.upgrade_level) < 2 order by count(*) desc limit 1`,
      )
      .get() as { id: number; slug: string }
    const count = countWhere(db, 'county_id = ?', county.id)
    const html = await page('land.localhost', `/${county.slug}`)
    expect(html).toMatch(new RegExp(`Land for Sale – ${count} Listings? \\| LandAtlas</title>`))
    const cardLinks = [...new Set([...html.matchAll(/<article[\s\S]*?<a href="(\/property\/[^"]+)"/g)].map((match) => match[1]))]
    expect(cardLinks).toHaveLength(Math.min(6, count))
    expect(itemListUrls(html)).toEqual(cardLinks)
  })

  test('a county without listings says 0 in its title, shows no cards and has no empty ItemList', async () => {
    const html = await page('land.localhost', '/Travis-County-TX')
    expect(countWhere(db, 'county_id = 48453')).toBe(0)
    expect(html).toContain('Travis County, TX Land for Sale – 0 Listings | LandAtlas</title>')
    expect(html).not.toContain('<article')
    expect(itemListUrls(html)).toBeUndefined()
  })

  test('a county landing shows its count and median, links its searches and carries breadcrumbs in JSON-LD', async () => {
    const county = busiestTexasCounty
    const html = await page('land.localhost', `/${county.slug}`)
    const count = countWhere(db, 'county_id = ?', county.id)
    const expected = medians('county_id = ?', county.id)
    expect(html).toContain(`<title>${county.name} ${county.suffix}, TX Land for Sale – ${count} ${count === 1 ? 'Listing' : 'Listings'} | LandAtlas</title>`)
    expect(figure(html, 'Properties for sale')).toBe(count.toLocaleString('en-US'))
    expect(figure(html, 'Median asking price')).toBe(dollars(expected.price))
    expect(figure(html, 'Median price per acre')).toBe(dollars(expected.perAcre))
    const token = county.slug.replace(/-TX$/, '').toLowerCase()
    expect(html).toContain(`href="/search/texas-land-for-sale/${token}/"`)
    const jsonLd = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!)
    const names = jsonLd['@graph'][0].itemListElement.map((item: { name: string }) => item.name)
    expect(names[0]).toBe('United States')
    expect(names[1]).toBe('Texas')
    expect(names.at(-1)).toBe(`${county.name} ${county.suffix}`)
  })

  test("a region landing counts the region's listings and links each of its counties with listings", async () => {
    const region = db.prepare("select id, name, slug from regions where slug = 'Central-Texas'").get() as Place
    const html = await page('land.localhost', `/${region.slug}-Region`)
    expect(figure(html, 'Properties for sale')).toBe(countWhere(db, 'region_id = ?', region.id).toLocaleString('en-US'))
    const counties = db.prepare(`select id, name || ' ' || suffix as name, slug from counties where region_id = ? order by name`).all(region.id) as Place[]
    expectPlaceLinks(html, counties, 'county_id', (county) => `/${county.slug}`)
    expect(canonicalHref(html)).toBe(`http://land.localhost/${region.slug}-Region`)
  })

  test("a city landing (spec §2 /{city-or-county}-{ST}/) counts the city's listings, links its search and carries its trail through the county", async () => {
    // Uvalde is a city in Uvalde County: /Uvalde-TX is the city, /Uvalde-County-TX the county.
    const city = db.prepare("select id, name, slug, county_id as countyId from cities where slug = 'Uvalde-TX'").get() as Place & { countyId: number }
    const county = db.prepare('select id, name, suffix, slug from counties where id = ?').get(city.countyId) as Place & { suffix: string }
    expect(county.slug).toBe('Uvalde-County-TX')
    const count = countWhere(db, 'city_id = ?', city.id)
    expect(count).toBeGreaterThan(0)
    const html = await page('land.localhost', '/Uvalde-TX')
    expect(html).toContain(`<title>Uvalde, TX Land for Sale – ${count} ${count === 1 ? 'Listing' : 'Listings'} | LandAtlas</title>`)
    expect(html).toMatch(/<h1[^>]*>Uvalde, TX Land for Sale<\/h1>/)
    expect(canonicalHref(html)).toBe('http://land.localhost/Uvalde-TX')
    expect(figure(html, 'Properties for sale')).toBe(count.toLocaleString('en-US'))
    expect(html).toContain('href="/search/texas-land-for-sale/uvalde/"')
    const jsonLd = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!)
    const names = jsonLd['@graph'][0].itemListElement.map((item: { name: string }) => item.name)
    expect(names.slice(-2)).toEqual([`${county.name} ${county.suffix}`, 'Uvalde'])
    expect(names[0]).toBe('United States')

    const countyHtml = await page('land.localhost', `/${county.slug}`)
    expect(countyHtml).toContain(`<title>Uvalde County, TX Land for Sale – ${countWhere(db, 'county_id = ?', county.id)}`)
    // The county's page lists its cities, each with listings linking to the city's landing.
    const cities = db.prepare('select id, name, slug from cities where county_id = ?').all(county.id) as Place[]
    expectPlaceLinks(countyHtml, cities, 'city_id', (city) => `/${city.slug}`)
  })

  test('the national landing counts every active listing and links every state landing with listings', async () => {
    const html = await page('land.localhost', '/market-insights/')
    expect(figure(html, 'Properties for sale')).toBe(countWhere(db, '1 = 1').toLocaleString('en-US'))
    for (const state of states) {
      if (countWhere(db, 'state_id = ?', state.id) > 0) expect(html).toContain(`<a href="/${state.slug}">${state.name} Land For Sale</a>`)
      else expect(html).toContain(`<li>${state.name} Land For Sale<small>(0)</small></li>`)
    }
    expect(canonicalHref(html)).toBe('http://land.localhost/market-insights/')
  })

  test.each([
    ['/austin-tx', '/Austin-TX'],
    ['/UVALDE-TX/', '/Uvalde-TX'],
    ['/texas', '/Texas'],
    ['/TEXAS/', '/Texas'],
    ['/new-mexico', '/New-Mexico'],
    ['/travis-county-tx', '/Travis-County-TX'],
    ['/central-texas-region', '/Central-Texas-Region'],
    ['/United-States/', '/market-insights/'],
    ['/united-states', '/market-insights/'],
    ['/market-insights', '/market-insights/'],
  ])('%s answers 301 to %s', async (path, location) => {
    // As a browser or crawler asks: React Router's data requests need not spell the trailing slash.
    const response = await fetchPage('land.localhost', path, { headers: { accept: 'text/html' } })
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe(location)
  })

  test.each(['/Atlantis', '/Atlantis-County-TX', '/Travis-County-ZZ', '/Travis-Parish-TX', '/Atlantis-Region', '/Texas-Region', '/Atlantis-TX', '/Austin-ZZ'])(
    '%s answers 404',
    async (path) => {
      const response = await fetchPage('land.localhost', path)
      expect(response.status).toBe(404)
      expect(decodeEntities(await response.text())).toContain("You went off the grid! Let's get you back on the map")
    },
  )

  test('the other sites have no landing pages', async () => {
    for (const host of ['farm.localhost', 'hunting.localhost', 'value.localhost']) {
      expect((await fetchPage(host, '/Texas')).status).toBe(404)
      expect((await fetchPage(host, '/market-insights/')).status).toBe(404)
    }
  })
})

describe('landing content on the rural sites', () => {
  test.each([
    ['farm.localhost', farmScope],
    ['hunting.localhost', huntingScope],
  ])('%s shows the Texas market on its plain Texas search, linking every county with listings', async (host, scope) => {
    const html = await page(host, '/texas-land-for-sale')
    expect(html).toContain('Land market in Texas')
    expect(figure(html, 'Properties for sale')).toBe(countWhere(db, `state_id = 48 and ${scope}`).toLocaleString('en-US'))
    expect(figure(html, 'Median asking price')).toBe(dollars(medians(`state_id = 48 and ${scope}`).price))
    expectPlaceLinks(html, countiesOf(texas.id), 'county_id', (county) => `/texas-land-for-sale/${county.slug.replace(/-TX$/, '').toLowerCase()}`, scope)
  })

  test('a county search shows the county market; a filtered search or a later page does not', async () => {
    const token = busiestTexasCounty.slug.replace(/-TX$/, '').toLowerCase()
    const html = await page('farm.localhost', `/texas-land-for-sale/${token}`)
    expect(figure(html, 'Properties for sale')).toBe(countWhere(db, `county_id = ? and ${farmScope}`, busiestTexasCounty.id).toLocaleString('en-US'))
    expect(await page('farm.localhost', '/texas-land-for-sale/farms')).not.toContain('Land market in')
    expect(await page('farm.localhost', '/texas-land-for-sale/page-2')).not.toContain('Land market in')
  })
})

describe('home pages', () => {
  test.each([
    ['land.localhost', (state: Place) => `/${state.slug}`, '1 = 1'],
    ['farm.localhost', (state: Place) => `/${state.slug.toLowerCase()}-land-for-sale`, farmScope],
    ['hunting.localhost', (state: Place) => `/${state.slug.toLowerCase()}-land-for-sale`, huntingScope],
  ])('%s links to every state with listings, with a transparent header over the photo', async (host, statePath, scope) => {
    const html = await page(host, '/')
    for (const state of states) {
      if (countWhere(db, `state_id = ? and ${scope}`, state.id) > 0) expect(html).toContain(`<a href="${statePath(state)}">${state.name} Land For Sale</a>`)
      else expect(html).toContain(`<li>${state.name} Land For Sale<small>(0)</small></li>`)
    }
    expect(html).toContain('Popular states')
    expect(html).toMatch(/fetchpriority="high"/i)
  })

  test('the land home links featured listings, property types and market insights', async () => {
    const html = await page('land.localhost', '/')
    expect(html).toContain('Featured properties')
    expect(html).toMatch(/href="\/property\/[^"]+\/\d+\/"/)
    expect(html).toContain(`<a href="/search/farms-for-sale/">Farms</a><small>(${countWhere(db, 'property_types & 1 != 0').toLocaleString('en-US')})</small>`)
    expect(html).toContain('href="/market-insights/"')
  })

  test('the valuation home tables every state with land for sale, with its median price and price per acre, linked to its land values, and links no search', async () => {
    const html = await page('value.localhost', '/')
    const row = (state: (typeof states)[number]) => new RegExp(`<a href="/land-values/${state.slug.toLowerCase()}/"[^>]*>${state.name}</a></th>`)
    const statesForSale = states.filter((state) => countWhere(db, 'state_id = ?', state.id) > 0)
    for (const state of statesForSale) {
      const expected = medians('state_id = ?', state.id)
      const dash = (value: number | null) => (value === null ? '–' : dollars(value))
      expect(html).toMatch(
        new RegExp(
          `${row(state).source}<td[^>]*>${countWhere(db, 'state_id = ?', state.id).toLocaleString('en-US')}</td><td[^>]*>\\${dash(expected.price)}</td><td[^>]*>\\${dash(expected.perAcre)}</td>`,
        ),
      )
    }
    // The hero counts the table's rows: no row is an empty one.
    for (const state of states.filter((state) => !statesForSale.includes(state))) expect(html).not.toMatch(row(state))
    const hasDistrict = statesForSale.some((state) => state.name === 'District of Columbia')
    const stateCount = statesForSale.length - (hasDistrict ? 1 : 0)
    expect(html).toContain(`properties for sale in ${stateCount} states${hasDistrict ? ' and the District of Columbia' : ''}</p>`)
    expect(html.match(/<tr class="border-t/g)).toHaveLength(statesForSale.length)
    expect(html).not.toMatch(/href="\/(search|property|land)[/"?]/)
  })
})

describe('Land for Sale Near Me', () => {
  const nearMeHref = (html: string) => html.match(/<a href="([^"]*)"[^>]*>Land for Sale Near Me</)?.[1]

  test("goes to the visitor's zip search when the CDN names a known zip, else their state, else the country", async () => {
    const withZip = await fetchPage('land.localhost', '/', { headers: { 'x-visitor-zip': '78701-1234' } })
    expect(withZip.headers.get('vary')).toContain('x-visitor-zip')
    expect(nearMeHref(await withZip.text())).toBe('/search/texas/78701-land-for-sale/')
    const withState = await fetchPage('land.localhost', '/', { headers: { 'x-visitor-zip': '00000', 'x-visitor-state': 'US-MT' } })
    expect(nearMeHref(await withState.text())).toBe('/search/montana-land-for-sale/')
    expect(nearMeHref(await (await fetchPage('land.localhost', '/')).text())).toBe('/search/all-land/')
    const farm = await fetchPage('farm.localhost', '/', { headers: { 'x-visitor-zip': '78701' } })
    expect(nearMeHref(await farm.text())).toBe('/texas/78701-land-for-sale')
  })

  test("the browser's position leads to the zip search of the nearest listing, which has results", async () => {
    const response = await fetchPage('land.localhost', '/find?near=30.27,-97.74')
    expect(response.status).toBe(303)
    const location = response.headers.get('location')!
    expect(location).toMatch(/^\/search\/[a-z-]+\/\d{5}-land-for-sale\/$/)
    const zip = location.match(/(\d{5})-land-for-sale/)![1]
    const html = await page('land.localhost', location)
    expect(html).toContain(`${countWhere(db, 'zip = ?', zip)} results`)
    expect(countWhere(db, 'zip = ?', zip)).toBeGreaterThan(0)
  })

  test('a position far from any land goes to the whole country', async () => {
    const response = await fetchPage('land.localhost', '/find?near=51.5,-0.1')
    expect(response.headers.get('location')).toBe('/search/all-land/')
  })
})
