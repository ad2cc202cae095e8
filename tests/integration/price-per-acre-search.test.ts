import { parse } from 'node-html-parser'
import { describe, expect, test } from 'vitest'
import { canonicalHref, decodeEntities, metaContent, productionPages } from '../support/http'
import { countWhere } from '../support/test-database'

/**
 * A price per acre range (issue 40, beyond the spec) on every listing site, read as a buyer reads
 * the page: the count, the price per acre each card prints, the chip and its removal.
 */
const { fetchPage, db } = productionPages()

const underFiveThousandAnAcre = 'state_id = 48 and price > 2 and acres > 0 and cast(price as real) / acres <= 5000'
const farmScope = 'property_types & (1 | 2 | 256 | 16) != 0'
const huntingScope = 'property_types & (128 | 4 | 16 | 512 | 2048) != 0'

function resultsCount(html: string) {
  const match = html.match(/>([\d,]+) results</)
  return match ? Number(match[1]!.replaceAll(',', '')) : undefined
}

/** Each card's printed price per acre ('$2,345/acre'), in dollars; NaN where a card prints none. */
function cardPricesPerAcre(html: string) {
  return parse(html)
    .querySelectorAll('article')
    .map((card) => {
      const printed = card.text.match(/\$([\d,]+)\/acre/)
      return printed ? Number(printed[1]!.replaceAll(',', '')) : Number.NaN
    })
}

function chip(html: string, label: string) {
  return parse(html).querySelector(`ul[aria-label="Chosen filters"] a[aria-label="Remove ${label}"]`)
}

describe('a price per acre range in the URL', () => {
  test.each([
    ['land.localhost', '/search/texas-land-for-sale/price-per-acre-under-5000/', '/search/texas-land-for-sale/', '1 = 1'],
    ['farm.localhost', '/texas-land-for-sale/price-per-acre-under-5000', '/texas-land-for-sale', farmScope],
    ['hunting.localhost', '/texas-land-for-sale/price-per-acre-under-5000', '/texas-land-for-sale', huntingScope],
  ])('%s%s lists only land at 5,000 dollars an acre or less, with a chip that removes the filter', async (host, path, withoutPath, scope) => {
    const response = await fetchPage(host, path)
    expect(response.status).toBe(200)
    const html = decodeEntities(await response.text())
    const expected = countWhere(db, `${underFiveThousandAnAcre} and ${scope}`)
    expect(expected).toBeGreaterThan(25)
    expect(expected).toBeLessThan(countWhere(db, `state_id = 48 and ${scope}`))
    expect(resultsCount(html)).toBe(expected)
    const pricesPerAcre = cardPricesPerAcre(html)
    expect(pricesPerAcre).toHaveLength(25)
    for (const pricePerAcre of pricesPerAcre) expect(pricePerAcre).toBeLessThanOrEqual(5_000)
    expect(chip(html, 'Under $5,000 an acre')?.getAttribute('href')).toBe(withoutPath)
    expect(canonicalHref(html)).toBe(`http://${host}${path}`)
    // A filtered page, as a price range is: crawlers follow it but do not index it.
    expect(metaContent(html, 'robots')).toBe('noindex, follow')
  })

  test('a range with both bounds, cheapest per acre first, starts at or above its lower bound', async () => {
    const path = '/search/texas-land-for-sale/price-per-acre-1000-5000/sort-price-per-acre-low/'
    const html = decodeEntities(await (await fetchPage('land.localhost', path)).text())
    expect(resultsCount(html)).toBe(countWhere(db, `${underFiveThousandAnAcre} and cast(price as real) / acres >= 1000`))
    const pricesPerAcre = cardPricesPerAcre(html)
    expect(pricesPerAcre[0]).toBeGreaterThanOrEqual(1_000)
    expect(pricesPerAcre).toEqual([...pricesPerAcre].sort((a, b) => a - b))
    expect(chip(html, '$1,000 to $5,000 an acre')?.getAttribute('href')).toBe('/search/texas-land-for-sale/sort-price-per-acre-low/')
  })
})

describe('the filter panel without JavaScript', () => {
  test('sends the price per acre fields to their readable token, after the price token', async () => {
    const query = 'filters=1&sortOrder=default&priceMax=900%2C000&pricePerAcreMin=&pricePerAcreMax=%245%2C000&acresMin=40'
    const response = await fetchPage('land.localhost', `/search/texas-land-for-sale/?${query}`)
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/search/texas-land-for-sale/price-under-900000/price-per-acre-under-5000/acres-over-40/')
  })

  test('shows the range filled in beside the price, counted as one filter', async () => {
    const html = decodeEntities(await (await fetchPage('land.localhost', '/search/texas-land-for-sale/price-per-acre-1000-5000/')).text())
    const panel = parse(html)
    const legends = panel.querySelectorAll('form fieldset legend').map((legend) => legend.text.trim())
    expect(legends.slice(0, 3)).toEqual(['Price', 'Price per acre', 'Acres'])
    expect(panel.querySelector('input[name="pricePerAcreMin"]')?.getAttribute('value')).toBe('1000')
    expect(panel.querySelector('input[name="pricePerAcreMax"]')?.getAttribute('value')).toBe('5000')
    expect(html).toContain('Max price per acre ($)')
    expect(html).toMatch(/Filter(<!-- -->)? \(1\)/)
  })
})
