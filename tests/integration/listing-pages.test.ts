import { parse } from 'node-html-parser'
import { describe, expect, test } from 'vitest'
import { sites } from '~/sites/index'
import { listingPath } from '~/models/listings/listing-path'
import { canonicalHref, decodeEntities, productionPages } from '../support/http'

const { fetchPage, db } = productionPages()

interface ListingFacts {
  id: number
  acres: number
  countyName: string
  stateAbbreviation: string
  title: string
  imageIds: number[]
}

/** The first listing matching `condition`, read with plain SQL (not the code under test). */
function listingWhere(condition: string): ListingFacts {
  const row = db
    .prepare(
      `select listings.id, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation,
              listings.title, listings.image_ids as imageIds
       from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
       where ${condition} order by listings.id limit 1`,
    )
    .get() as Omit<ListingFacts, 'imageIds'> & { imageIds: string }
  return { ...row, imageIds: JSON.parse(row.imageIds) as number[] }
}

const hosts = { land: 'land.localhost', farm: 'farm.localhost', hunting: 'hunting.localhost' } as const
/** Farm & Ranch Finder's scope (its profile): farms, ranches, horse property, timberland. */
const farmScope = 'listings.property_types & (1 | 2 | 256 | 16) != 0'
/** Wild Acres' scope: hunting, recreational, timberland, lakefront, riverfront. */
const huntingScope = 'listings.property_types & (128 | 4 | 16 | 512 | 2048) != 0'
const activePaid = 'listings.status = 1 and listings.listing_level != 3 and listings.upgrade_level != -10'
const timberland = listingWhere(`${activePaid} and listings.property_types & 16 != 0 and ${farmScope} and ${huntingScope}`)

async function pageHtml(host: string, path: string) {
  const response = await fetchPage(host, path)
  expect(response.status).toBe(200)
  return decodeEntities(await response.text())
}

/** A JSON-LD node, with the fields these tests read from the nodes of the types that have them. */
interface JsonLdNode {
  '@type': string
  offers?: { '@type': string; priceCurrency: string; price: number; availability: string; description?: string }
  thumbnailUrl?: string[]
  embedUrl?: string
  uploadDate?: string
  name?: string
  geo: { '@type': string }
  itemListElement: { name: string; item: string }[]
}

function jsonLdGraph(html: string): JsonLdNode[] {
  const json = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1]
  return JSON.parse(json ?? '{}')['@graph'] ?? []
}

describe('canonical listing paths', () => {
  test.each(Object.entries(hosts))('the %s site answers 200 on its own canonical shape, with the title as the one h1', async (key, host) => {
    const canonical = listingPath(sites[key as keyof typeof hosts], timberland)
    const html = await pageHtml(host, canonical)
    expect(canonicalHref(html)).toBe(`http://${host}${canonical}`)
    expect(html.match(/<h1[ >]/g)).toHaveLength(1)
    expect(html).toMatch(new RegExp(`<h1[^>]*>${timberland.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`))
  })

  test('the canonical paths are the three shapes of spec §2', () => {
    expect(listingPath(sites.land, timberland)).toMatch(new RegExp(`^/property/[a-z0-9-]+/${timberland.id}/$`))
    expect(listingPath(sites.farm, timberland)).toMatch(new RegExp(`^/property/[a-z0-9-]+-${timberland.id}/$`))
    expect(listingPath(sites.hunting, timberland)).toMatch(new RegExp(`^/[a-z0-9-]+/pid/${timberland.id}/$`))
  })

  test.each([
    ['land', `/property/wrong-slug/${timberland.id}/`],
    ['land', `/property/${timberland.id}`],
    ['land', `/listing/texas/somewhere/${timberland.id}`],
    ['farm', `/property/wrong-slug-${timberland.id}/`],
    ['hunting', `/pid/${timberland.id}/`],
    ['hunting', `/somewhere-else/pid/${timberland.id}`],
  ] as const)('on the %s site %s answers 301 to the canonical path', async (key, path) => {
    const response = await fetchPage(hosts[key], path)
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe(listingPath(sites[key], timberland))
  })

  test("a client navigation's data request for the canonical path (with its trailing slash, `_.data`) answers the listing", async () => {
    const response = await fetchPage(hosts.land, `${listingPath(sites.land, timberland)}_.data?_routes=property`)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain(timberland.title)
  })

  test('the canonical path without its trailing slash, as a data request of a page loaded before decision 0054, is no redirect', async () => {
    const path = listingPath(sites.land, timberland).replace(/\/$/, '.data')
    const response = await fetchPage(hosts.land, `${path}?_routes=property`)
    expect(response.status).toBe(200)
  })
})

describe('not found', () => {
  test('an unknown id answers 404 with the site text', async () => {
    const land = await fetchPage(hosts.land, '/property/some-land/999999999/')
    expect(land.status).toBe(404)
    expect(decodeEntities(await land.text())).toContain("You went off the grid! Let's get you back on the map")
    const hunting = await fetchPage(hosts.hunting, '/some-land/pid/999999999/')
    expect(hunting.status).toBe(404)
    expect(decodeEntities(await hunting.text())).toContain("We couldn't find this page")
  })

  test("another site's shape answers 404", async () => {
    expect((await fetchPage(hosts.land, listingPath(sites.farm, timberland))).status).toBe(404)
    expect((await fetchPage(hosts.land, listingPath(sites.hunting, timberland))).status).toBe(404)
    expect((await fetchPage(hosts.farm, listingPath(sites.land, timberland))).status).toBe(404)
    expect((await fetchPage(hosts.farm, `/pid/${timberland.id}/`)).status).toBe(404)
    expect((await fetchPage(hosts.hunting, listingPath(sites.land, timberland))).status).toBe(404)
  })

  test("a listing outside the farm site's scope answers 404 there and 200 on the land site", async () => {
    const outside = listingWhere(`listings.status = 1 and not (${farmScope})`)
    expect((await fetchPage(hosts.farm, listingPath(sites.farm, outside))).status).toBe(404)
    expect((await fetchPage(hosts.land, listingPath(sites.land, outside))).status).toBe(200)
  })

  test('the valuation site has no listing pages', async () => {
    expect((await fetchPage('value.localhost', listingPath(sites.land, timberland))).status).toBe(404)
  })
})

describe('market status', () => {
  test('a sold paid listing answers 200 with its Sold badge, no contact section, and similar land for sale', async () => {
    const sold = listingWhere("listings.status = 4 and listings.listing_level != 3 and listings.upgrade_level != -10 and listings.sales_date not like '0%'")
    const html = await pageHtml(hosts.land, listingPath(sites.land, sold))
    expect(html).toMatch(/>Sold \d{1,2}\/\d{1,2}\/\d{2}</)
    expect(html).not.toContain('id="contact"')
    expect(html).toContain('Similar properties for sale nearby')
    // Available land comes right after the facts, before the description.
    expect(html.indexOf('id="similar-heading"')).toBeLessThan(html.indexOf('id="description-heading"'))
  })

  test('an active paid listing has the contact section with a tap-to-call link and no form yet', async () => {
    const html = await pageHtml(hosts.land, listingPath(sites.land, timberland))
    const contact = html.match(/<section id="contact"[^]*?<\/section>/)?.[0] ?? ''
    expect(contact).toMatch(/href="tel:\+?\d{10,}"/)
    expect(contact).not.toContain('<form')
  })
})

describe('head and structured data', () => {
  test('JSON-LD is a RealEstateListing with an Offer, a Place with coordinates, and the breadcrumb trail of working search links', async () => {
    const html = await pageHtml(hosts.land, listingPath(sites.land, timberland))
    const graph = jsonLdGraph(html)
    const types = graph.map((node) => node['@type'])
    expect(types).toEqual(expect.arrayContaining(['RealEstateListing', 'Place', 'BreadcrumbList']))
    const listing = graph.find((node) => node['@type'] === 'RealEstateListing')!
    expect(listing.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'USD', availability: 'https://schema.org/InStock' })
    expect(listing.offers!.price).toBeGreaterThan(2)
    const place = graph.find((node) => node['@type'] === 'Place')!
    expect(place.geo['@type']).toBe('GeoCoordinates')
    const breadcrumbs = graph.find((node) => node['@type'] === 'BreadcrumbList')!
    expect(breadcrumbs.itemListElement[0]?.name).toBe('United States')
    expect(breadcrumbs.itemListElement.length).toBeGreaterThanOrEqual(3)
    for (const crumb of breadcrumbs.itemListElement) {
      expect(html).toContain(`href="${new URL(crumb.item).pathname}"`)
      expect((await fetchPage(hosts.land, new URL(crumb.item).pathname)).status).toBe(200)
    }
  })

  test('a listing with a video adds a VideoObject with its name, thumbnail, upload date and player', async () => {
    const withVideo = listingWhere(`${activePaid} and listings.video_url is not null and listings.image_ids != '[]'`)
    const html = await pageHtml(hosts.land, listingPath(sites.land, withVideo))
    const video = jsonLdGraph(html).find((node) => node['@type'] === 'VideoObject')!
    expect(video.name).toMatch(/^Video of /)
    expect(video.thumbnailUrl).toHaveLength(1)
    expect(video.thumbnailUrl![0]).toMatch(/^http:\/\/land\.localhost\/resizedimages\//)
    expect(Number.isNaN(Date.parse(video.uploadDate!))).toBe(false)
    expect(video.embedUrl).toMatch(/^https:\/\/(www\.youtube\.com\/embed\/|player\.vimeo\.com\/video\/)/)
    expect(html).toContain('Watch video')
  })

  test.each([
    ['Contact for Price', 'listings.price in (0, 1)'],
    ['an auction without a price', 'listings.price = 2'],
  ])('%s has no Offer (an Offer needs a price)', async (_label, condition) => {
    const unpriced = listingWhere(`listings.status = 1 and ${condition}`)
    const graph = jsonLdGraph(await pageHtml(hosts.land, listingPath(sites.land, unpriced)))
    expect(graph.find((node) => node['@type'] === 'RealEstateListing')!.offers).toBeUndefined()
  })

  test('the title names acres, kind of land, county and price, and the Open Graph image is absolute', async () => {
    const html = await pageHtml(hosts.land, listingPath(sites.land, timberland))
    expect(html).toMatch(
      new RegExp(`<title>[\\d,.]+ Acres? of [A-Za-z ]+ in ${timberland.countyName}, ${timberland.stateAbbreviation} – [^<]+ \\| LandAtlas</title>`),
    )
    expect(html).toContain(`<meta property="og:image" content="http://land.localhost/resizedimages/630/1200/cover/80/1-${timberland.imageIds[0]}"`)
    expect(html).toContain(`<meta property="og:url" content="http://land.localhost${listingPath(sites.land, timberland)}"`)
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"')
  })

  test('a diamond listing asks for the transparent header; others keep the solid one', async () => {
    const diamond = listingWhere('listings.status = 1 and listings.upgrade_level = 3')
    const headerClasses = async (path: string) => parse(await pageHtml(hosts.land, path)).querySelector('header')?.classList
    expect((await headerClasses(listingPath(sites.land, diamond)))?.contains('header-over-photo')).toBe(true)
    expect((await headerClasses(listingPath(sites.land, timberland)))?.contains('header-over-photo')).toBe(false)
  })
})

describe('photos without JavaScript', () => {
  test('the first photo is fetched first and never lazy', async () => {
    const html = await pageHtml(hosts.land, listingPath(sites.land, timberland))
    const firstImage = html.match(/<img [^>]*>/)?.[0] ?? ''
    expect(firstImage).toContain(`/1-${timberland.imageIds[0]}`)
    expect(firstImage).toMatch(/fetchpriority="high"/i)
    expect(firstImage).not.toContain('loading="lazy"')
    // The spec's 900 x 600 for a wide screen; a phone's 600 x 400 is a link, or, when the page carries
    // the 750 px rendition a phone draws (decision 0041), that rendition instead.
    expect(firstImage).toMatch(/srcSet="(?:[^"]*600w|data:image\/webp;base64,[^ ]+ 750w)[^"]*900w/)
  })

  test('every photo of the listing is a link to its full-size picture', async () => {
    const html = await pageHtml(hosts.land, listingPath(sites.land, timberland))
    expect(timberland.imageIds.length).toBeGreaterThan(1)
    for (const imageId of timberland.imageIds) expect(html).toContain(`href="/resizedimages/0/1600/inside/80/1-${imageId}"`)
  })
})
