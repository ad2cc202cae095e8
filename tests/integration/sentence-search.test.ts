import { parse } from 'node-html-parser'
import { describe, expect, test } from 'vitest'
import { decodeEntities, productionPages } from '../support/http'

const { fetchPage } = productionPages()

const find = (host: string, sentence: string, from?: string) => fetchPage(host, `/find?${new URLSearchParams({ q: sentence, ...(from !== undefined && { from }) })}`)

/** Where `/find` sends the sentence on the site. */
const foundAt = async (host: string, sentence: string) => (await find(host, sentence)).headers.get('location')

const titleSentence = 'hunting land in Brewster County TX under 250000 with water'

describe('search box sentences (issue 40)', () => {
  test('the title sentence on the land site goes to its canonical search with water as a keyword', async () => {
    const response = await find('land.localhost', titleSentence)
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/search/texas-land-for-sale/brewster-county/hunting-land-for-sale/price-under-250000/?keywords=water')
  })

  test('the farm and hunting sites answer in their own grammars', async () => {
    const hunting = await find('hunting.localhost', titleSentence)
    expect(hunting.headers.get('location')).toBe('/texas-land-for-sale/brewster-county/hunting-land/price-under-250000?keywords=water')
    const farm = await find('farm.localhost', 'ranches in Gallatin County MT over 100 acres with a house')
    expect(farm.headers.get('location')).toBe('/montana-land-for-sale/gallatin-county/ranches/acres-over-100/with-house')
  })

  test('a sentence without a place searches the whole country', async () => {
    const response = await find('land.localhost', 'cheap land with owner financing under $20k')
    expect(response.headers.get('location')).toBe('/search/cheap-land-for-sale/price-under-20000/owner-financing/')
  })

  test('"within 30 miles of" a city searches the area around it, named by the city', async () => {
    const response = await find('land.localhost', 'ranch within 30 miles of Austin TX')
    const location = response.headers.get('location')!
    expect(location).toMatch(/^\/search\/ranches-for-sale\/lat30\.\d+\/long-97\.\d+\/within-30-miles\/$/)
    const page = parse(decodeEntities(await (await fetchPage('land.localhost', location)).text()))
    expect(page.querySelector('h1')?.text.trim()).toBe('Ranches for Sale Within 30 Miles of Austin, TX')
    expect(page.querySelector('title')?.text).toMatch(/^Ranches for Sale Within 30 Miles of Austin, TX – \d+ Listings?$/)
    expect(page.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/ within 30 miles of Austin, TX/)
    const removal = page.querySelector('ul[aria-label="Chosen locations"] a')
    expect(removal?.getAttribute('aria-label')).toBe('Remove Within 30 miles of Austin, TX')
    expect(removal?.getAttribute('href')).toBe('/search/ranches-for-sale/')
  })

  test("a point that is no town's own is named by the town nearest it", async () => {
    const page = parse(decodeEntities(await (await fetchPage('land.localhost', '/search/all-land/lat30.45/long-97.55/within-10-miles/')).text()))
    expect(page.querySelector('h1')?.text.trim()).toMatch(/^Land for Sale Within 10 Miles of a Point Near [A-Z][A-Za-z .'-]+, TX$/)
  })

  test('an ambiguous place asks first, and each choice keeps the rest of the sentence', async () => {
    const response = await find('land.localhost', 'Springfield hunting land under 100k')
    expect(response.status).toBe(200)
    const page = parse(decodeEntities(await response.text()))
    expect(page.querySelector('h1')?.text).toBe('Which “Springfield hunting land under 100k” did you mean?')
    const hrefs = page.querySelectorAll('main li a').map((link) => link.getAttribute('href'))
    expect(hrefs).toContain('/search/illinois-land-for-sale/springfield/hunting-land-for-sale/price-under-100000/')
    expect(hrefs).toContain('/search/missouri-land-for-sale/springfield/hunting-land-for-sale/price-under-100000/')
  })

  test('a place name alone is read as before, keeping the search the box was used on', async () => {
    const response = await find('land.localhost', 'Travis or Hays County', '/search/texas-land-for-sale/farms-for-sale/')
    expect(response.headers.get('location')).toBe('/search/texas-land-for-sale/hays-county/travis-county/farms-for-sale/')
  })

  test('the results page shows what was understood as chips, each removal a link to the search without it', async () => {
    const location = (await find('land.localhost', titleSentence)).headers.get('location')!
    const page = parse(decodeEntities(await (await fetchPage('land.localhost', location)).text()))
    const chips = page.querySelectorAll('ul[aria-label="Chosen filters"] li')
    expect(chips.map((chip) => chip.text.replace('×', '').trim())).toEqual(['Hunting Land', 'Under $250,000', '“water”'])
    const removals = page.querySelectorAll('ul[aria-label="Chosen filters"] a').map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])
    expect(removals).toEqual([
      ['Remove Hunting Land', '/search/texas-land-for-sale/brewster-county/price-under-250000/?keywords=water'],
      ['Remove Under $250,000', '/search/texas-land-for-sale/brewster-county/hunting-land-for-sale/?keywords=water'],
      ['Remove “water”', '/search/texas-land-for-sale/brewster-county/hunting-land-for-sale/price-under-250000/'],
    ])
    expect(page.querySelector('ul[aria-label="Chosen locations"]')?.text).toContain('Brewster County')
  })

  test('places named as people call them: a lake by its short name, a state by its initial or older abbreviation, a mistyped county', async () => {
    const sentences = [
      'homesite near lake hartwell sc',
      'land near lake sam rayburn',
      'land in n. carolina',
      'okla ranch with mineral rights',
      'ranch in brewser county',
    ]
    expect(await Promise.all(sentences.map((sentence) => foundAt('land.localhost', sentence)))).toEqual([
      '/search/south-carolina-land-for-sale/near-hartwell-lake/homesites-for-sale/',
      '/search/texas-land-for-sale/near-sam-rayburn-reservoir/',
      '/search/north-carolina-land-for-sale/',
      '/search/oklahoma-land-for-sale/ranches-for-sale/mineral-rights/',
      '/search/texas-land-for-sale/brewster-county/ranches-for-sale/',
    ])
  })

  test('a price per acre and a year of sale become their filters, each a chip', async () => {
    expect(await foundAt('land.localhost', 'land under $5,000 an acre in texas')).toBe('/search/texas-land-for-sale/price-per-acre-under-5000/')
    const sold = (await foundAt('land.localhost', 'ranches sold in 2024 in texas'))!
    expect(sold).toBe('/search/texas-land-for-sale/ranches-for-sale/sold-2024-01-01-2024-12-31/')
    const page = parse(decodeEntities(await (await fetchPage('land.localhost', sold)).text()))
    const chips = page.querySelectorAll('ul[aria-label="Chosen filters"] li').map((chip) => chip.text.replace('×', '').trim())
    expect(chips).toEqual(['Ranches', 'Sold in 2024'])
    expect(page.querySelector('ul[aria-label="Chosen filters"] a[aria-label="Remove Sold in 2024"]')?.getAttribute('href')).toBe(
      '/search/texas-land-for-sale/ranches-for-sale/status-sold/',
    )
  })

  test('the valuation site’s box takes "40 acres in Travis County" for a valuation', async () => {
    const response = await fetchPage('value.localhost', `/value/?${new URLSearchParams({ county: '40 acres in Travis County' })}`)
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toMatch(/^\/value\/.*travis.*40/i)
  })
})
