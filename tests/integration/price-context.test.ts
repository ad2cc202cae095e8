import { parse } from 'node-html-parser'
import { describe, expect, test } from 'vitest'
import { sites } from '~/sites/index'
import { listingPath } from '~/models/listings/listing-path'
import { decodeEntities, productionPages } from '../support/http'

/**
 * Price context in search and on listing pages (issue 19 items 1, 5 and 6) through the production
 * handler on the test database, whose price contexts `prepareData` worked out: the below-median
 * filter and sort, with and without scripts, and the server-drawn sections crawlers read.
 */
const { fetchPage, db } = productionPages()

async function pageHtml(host: string, path: string) {
  const response = await fetchPage(host, path)
  expect(response.status, path).toBe(200)
  return decodeEntities(await response.text())
}

/** Active listings whose price per acre is below their comparables' median, read with plain SQL. */
function belowMedianIds(): number[] {
  const rows = db
    .prepare(
      `select listings.id from listings join listing_price_contexts on listing_price_contexts.listing_id = listings.id
       where listings.status in (1, 2) and listing_price_contexts.price_per_acre_ratio < 1`,
    )
    .all() as { id: number }[]
  return rows.map((row) => row.id)
}

const listingIdsOn = (html: string) => [...html.matchAll(/href="\/property\/[^"]*\/(\d+)\/"/g)].map((match) => Number(match[1]))

describe('the below-median filter and sort', () => {
  const filtered = '/search/all-land/below-county-median/'

  test('the filter finds exactly the active listings priced below their median, and counts as a filter', async () => {
    const expected = belowMedianIds()
    expect(expected.length).toBeGreaterThan(25)
    const html = await pageHtml('land.localhost', filtered)
    expect(html).toContain(`<title>United States Land for Sale – ${expected.length.toLocaleString('en-US')} Listings`)
    const document = parse(html)
    expect(document.querySelector('input[name="belowMedianPricePerAcre"]')?.hasAttribute('checked')).toBe(true)
    expect(document.querySelectorAll('summary').map((summary) => summary.text)).toContain('Filter (1)')
    const shown = listingIdsOn(html)
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.every((id) => expected.includes(id))).toBe(true)
  })

  test('without scripts, the filter form and the sort form redirect to the grammar’s tokens', async () => {
    const filter = await fetchPage('land.localhost', '/search/all-land/?filters=1&belowMedianPricePerAcre=on')
    expect(filter.status).toBe(303)
    expect(filter.headers.get('location')).toBe(filtered)
    const sort = await fetchPage('land.localhost', `${filtered}?sort=price-per-acre-below-median`)
    expect(sort.headers.get('location')).toBe('/search/all-land/below-county-median/sort-below-county-median/')
  })

  test('the sort puts the listing furthest below its median first', async () => {
    const [furthest] = db
      .prepare(
        `select listings.id from listings join listing_price_contexts on listing_price_contexts.listing_id = listings.id
         where listings.status in (1, 2) and price_per_acre_ratio is not null order by price_per_acre_ratio, listings.id limit 1`,
      )
      .all() as { id: number }[]
    const html = await pageHtml('land.localhost', '/search/all-land/sort-below-county-median/')
    expect(listingIdsOn(html)[0]).toBe(furthest!.id)
  })

  test('the rural sites speak the same tokens', async () => {
    await pageHtml('farm.localhost', '/land/below-county-median/sort-below-county-median')
  })
})

describe('a listing page’s context for crawlers', () => {
  function listingWith(condition: string) {
    return db
      .prepare(
        `select listings.id, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation
         from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
         join listing_price_contexts on listing_price_contexts.listing_id = listings.id
         where ${condition} order by listings.id limit 1`,
      )
      .get() as { id: number; acres: number; countyName: string; stateAbbreviation: string }
  }

  test('a priced sale: its price against the median, the checks, the land around it, and valid JSON-LD, all in the HTML', async () => {
    const listing = listingWith('listings.status = 1 and listings.sale_type = 1 and listings.price > 2')
    const html = await pageHtml('land.localhost', listingPath(sites.land, listing))
    const document = parse(html)
    const section = (id: string) => document.querySelector(`#${id}`)?.text ?? ''
    expect(section('price-context')).toMatch(/Asking \$[\d,]+ an acre: (\d+ % (below|above)|about) the median of \$[\d,]+ an acre/)
    expect(section('price-context')).toContain('See the full valuation on AcreWorth')
    expect(document.querySelector('#price-context a')?.getAttribute('href')).toMatch(/^http:\/\/value\.localhost\/value\//)
    expect(document.querySelector('#price-context svg[role="img"]')).not.toBeNull()
    expect(section('checks')).toContain(`Location matches ${listing.countyName}`)
    expect(section('surroundings')).toMatch(/Nearest town\d+ mi \w+ of [^,]+, [A-Z]{2}/)
    const graph = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.text) as { '@graph': Record<string, unknown>[] }
    const realEstate = graph['@graph'].find((node) => node['@type'] === 'RealEstateListing')!
    expect(realEstate.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(realEstate.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'USD' })
  })

  test.each([
    ['an auction', 'listings.status = 1 and listings.sale_type = 2'],
    ['Contact for Price', 'listings.status = 1 and listings.sale_type = 1 and listings.price = 0'],
  ])('%s gets the context without a verdict', async (_kind, condition) => {
    const html = await pageHtml('land.localhost', listingPath(sites.land, listingWith(condition)))
    const context = parse(html).querySelector('#price-context')!.text
    expect(context).toContain('so it is not compared')
    expect(context).not.toMatch(/% (below|above)|about the median/)
  })
})
