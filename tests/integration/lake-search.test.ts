import path from 'node:path'
import type { Kysely } from 'kysely'
import { parse } from 'node-html-parser'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { createKysely } from '~/models/db/dialect.server'
import { lakeShoreMiles, milesToPolygons, type Polygons } from '~/models/places/lake-shores.server'
import { type SiteFetch, canonicalHref, decodeEntities, loadRequestHandler, metaContent } from '../support/http'
import { writeLakesideListing } from '../support/lakeside-listing'
import { privateDataDir } from '../support/private-data'

/**
 * Lake searches (issue 17 §3) through the production handler, on a private copy of the test
 * database with a listing published by Lake Okeechobee: the page a crawler and a buyer get, the
 * location box with and without scripts, and the sitemaps.
 */
const dataDir = privateDataDir('lake-search')
let fetchPage: SiteFetch
let db: Kysely<Database>
let lakesideId: number
const lakesideTitle = 'Okeechobee lakeside pasture'
const okeechobeeSearch = '/search/florida-land-for-sale/near-lake-okeechobee/'

beforeAll(async () => {
  process.env.DATA_DIR = dataDir
  process.env.SITE_ENVIRONMENT = 'production'
  db = createKysely({ sqliteFile: path.join(dataDir, 'marketplace.db') })
  lakesideId = await writeLakesideListing(db, lakesideTitle)
  fetchPage = await loadRequestHandler()
})

afterAll(async () => {
  delete process.env.SITE_ENVIRONMENT
  await db?.destroy()
})

async function html(host: string, pathname: string) {
  const response = await fetchPage(host, pathname)
  expect(response.status, pathname).toBe(200)
  return decodeEntities(await response.text())
}

/** Florida's listings for sale within five miles of Lake Okeechobee, measured here from the lake's shape. */
async function listingsNearOkeechobee() {
  const lake = await db.selectFrom('lakes').select('polygons').where('name', '=', 'Lake Okeechobee').executeTakeFirstOrThrow()
  const polygons = JSON.parse(lake.polygons) as Polygons
  const listings = await db.selectFrom('listings').select(['id', 'latitude', 'longitude']).where('state_id', '=', 12).where('status', 'in', [1, 2]).execute()
  return listings
    .filter((listing) => milesToPolygons(polygons, listing) <= lakeShoreMiles)
    .map((listing) => listing.id)
    .sort((a, b) => a - b)
}

const listingIdOf = (url: string) => Number(url.match(/\/(\d+)\/?$/)?.[1])

describe('a lake search', () => {
  test('answers 200 with its title, canonical URL, description and JSON-LD, listing only land near the lake', async () => {
    const expected = await listingsNearOkeechobee()
    expect(expected).toContain(lakesideId)
    const page = await html('land.localhost', okeechobeeSearch)
    const listings = expected.length === 1 ? 'listing' : 'listings'
    expect(page).toContain(`<title>Lake Okeechobee, FL Land for Sale – ${expected.length} ${listings === 'listing' ? 'Listing' : 'Listings'}</title>`)
    expect(canonicalHref(page)).toBe(`http://land.localhost${okeechobeeSearch}`)
    expect(metaContent(page, 'robots')).toMatch(/^index, follow/)
    expect(metaContent(page, 'description')).toMatch(new RegExp(`^${expected.length} land ${listings} for sale near Lake Okeechobee, FL`))
    const document = parse(page)
    expect(document.querySelector('h1')?.text).toBe('Lake Okeechobee, FL Land for Sale')
    expect(page).toContain(`Land within ${lakeShoreMiles} miles of the shore of Lake Okeechobee.`)
    expect(page).toContain(`>${expected.length} results<`)
    const graph = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.text)['@graph'] as {
      '@type': string
      itemListElement: { name: string; item?: string; url?: string }[]
    }[]
    const breadcrumbs = graph.find((node) => node['@type'] === 'BreadcrumbList')!.itemListElement
    expect(breadcrumbs.map((crumb) => [crumb.name, crumb.item])).toEqual([
      ['United States', 'http://land.localhost/search/all-land/'],
      ['Florida', 'http://land.localhost/search/florida-land-for-sale/'],
      ['Lake Okeechobee', `http://land.localhost${okeechobeeSearch}`],
    ])
    const listed = graph.find((node) => node['@type'] === 'ItemList')!.itemListElement.map((item) => listingIdOf(item.url!))
    expect(listed).toHaveLength(Math.min(25, expected.length))
    expect(listed.filter((id) => !expected.includes(id))).toEqual([])
  })

  test('on a rural site it is spelled in that site’s grammar', async () => {
    const page = await html('hunting.localhost', '/florida-land-for-sale/near-lake-okeechobee')
    expect(canonicalHref(page)).toBe('http://hunting.localhost/florida-land-for-sale/near-lake-okeechobee')
    expect(page).toContain(lakesideTitle)
  })

  test('another spelling is sent to the canonical URL; an unknown lake, or a lake of another state, is a 404', async () => {
    const respelled = await fetchPage('land.localhost', '/search/Florida-Land-For-Sale/Near-Lake-Okeechobee/page-1/', { redirect: 'manual' })
    expect([respelled.status, respelled.headers.get('location')]).toEqual([301, okeechobeeSearch])
    expect((await fetchPage('land.localhost', '/search/texas-land-for-sale/near-lake-okeechobee/')).status).toBe(404)
    expect((await fetchPage('land.localhost', '/search/florida-land-for-sale/near-lake-atlantis/')).status).toBe(404)
  })
})

describe('the location box', () => {
  const suggestions = async (query: string, from?: string) => {
    const response = await fetchPage('land.localhost', `/api/locations?${new URLSearchParams({ q: query, ...(from && { from }) })}`)
    return (await response.json()) as { kind: string; label: string; href: string }[]
  }

  test('suggests the lake, and on a lake search offers another lake beside it', async () => {
    expect(await suggestions('Lake Okeech')).toEqual([{ kind: 'lake', label: 'Lake Okeechobee, FL', href: okeechobeeSearch }])
    expect(await suggestions('Lake Istokpoga', okeechobeeSearch)).toEqual([
      { kind: 'lake', label: 'Lake Istokpoga, FL', href: '/search/florida-land-for-sale/near-lake-istokpoga/near-lake-okeechobee/' },
    ])
    expect(await html('land.localhost', okeechobeeSearch)).toContain('placeholder="Enter another lake"')
  })

  test('without scripts, a lake typed in full leads to its search, and a lake of two states asks which', async () => {
    const match = await fetchPage('land.localhost', '/find?q=Lake+Okeechobee', { redirect: 'manual' })
    expect([match.status, match.headers.get('location')]).toEqual([303, okeechobeeSearch])
    const choices = parse(await html('land.localhost', '/find?q=Lake+Tahoe'))
    expect(choices.querySelectorAll('main li a').map((link) => [link.text.trim(), link.getAttribute('href')])).toEqual([
      ['Lake Tahoe, CA', '/search/california-land-for-sale/near-lake-tahoe/'],
      ['Lake Tahoe, NV', '/search/nevada-land-for-sale/near-lake-tahoe/'],
    ])
  })
})

describe('the sitemaps', () => {
  test('list the searches of lakes with land for sale near them, and not of lakes without', async () => {
    const lakesWithoutListings = await db
      .selectFrom('lake_states')
      .innerJoin('lakes', 'lakes.id', 'lake_states.lake_id')
      .innerJoin('states', 'states.id', 'lake_states.state_id')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('listing_lakes')
              .innerJoin('listings', 'listings.id', 'listing_lakes.listing_id')
              .whereRef('listing_lakes.lake_id', '=', 'lakes.id')
              .whereRef('listings.state_id', '=', 'states.id')
              .where('listings.status', 'in', [1, 2])
              .select('listing_lakes.lake_id'),
          ),
        ),
      )
      .select(['lakes.slug', 'states.slug as state_slug'])
      .execute()
    expect(lakesWithoutListings.length).toBeGreaterThan(100)
    const land = await html('land.localhost', '/sitemaps/searches.xml')
    expect(land).toContain(`<loc>http://land.localhost${okeechobeeSearch}</loc>`)
    for (const lake of lakesWithoutListings) {
      expect(land).not.toContain(`/search/${lake.state_slug.toLowerCase()}-land-for-sale/near-${lake.slug.toLowerCase()}/</loc>`)
    }
    expect(await html('hunting.localhost', '/sitemaps/searches.xml')).toContain('<loc>http://hunting.localhost/florida-land-for-sale/near-lake-okeechobee</loc>')
  })

  test('the state sitemap page links the lakes with listings near them', async () => {
    const links = parse(await html('land.localhost', '/sitemap/Florida')).querySelectorAll('a')
    const okeechobee = links.find((link) => link.text.trim() === 'Land near Lake Okeechobee')
    expect(okeechobee?.getAttribute('href')).toBe(okeechobeeSearch)
  })
})
