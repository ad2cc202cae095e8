import { describe, expect, test } from 'vitest'
import { canonicalHref, decodeEntities, metaContent, productionPages } from '../support/http'
import { type AreaVertex, encodeArea } from '~/models/search/drawn-area'
import { normalizeCriteria } from '~/models/search/search-criteria'
import { sites } from '~/sites/index'
import type { SiteProfile } from '~/models/sites/site-profile'
import { buildSearchPath } from '~/models/search/search-path'

const { fetchPage, db } = productionPages()

/** A triangle over most of Texas, with its south-east corner first: not the normal order. */
const triangle: AreaVertex[] = [
  [26, -93.5],
  [36.5, -100],
  [26, -106.5],
]
const box = 'map-26_-106.5_36.5_-93.5'

/** The listings a site shows inside the triangle, worked out here by plain SQL and ray casting. */
function activeListingsInTriangle(site: SiteProfile) {
  const scope = site.listingScopeBits ? `and (property_types & ${site.listingScopeBits}) != 0` : ''
  const rows = db.prepare(`select id, latitude, longitude from listings where status in (1, 2) and state_id = 48 ${scope} and latitude >= 26`).all() as {
    id: number
    latitude: number
    longitude: number
  }[]
  // Inside when between the two slanted sides at the listing's latitude (the base is latitude 26).
  const halfWidth = (latitude: number) => ((36.5 - latitude) / 10.5) * 6.5
  return rows.filter((row) => Math.abs(row.longitude + 100) <= halfWidth(row.latitude))
}

const pathOn = (site: SiteProfile, view?: 'map') => buildSearchPath(site, normalizeCriteria({ state: 'texas', mapPolygon: triangle }), { view })

async function page(host: string, path: string) {
  const response = await fetchPage(host, path)
  expect(response.status, `${host}${path}`).toBe(200)
  return response.text()
}

/** The location box's tags: label and the href of the link that removes it. */
function locationTags(html: string) {
  const list = html.match(/<ul[^>]*aria-label="Chosen locations"[^>]*>(.*?)<\/ul>/)?.[1] ?? ''
  return [...list.matchAll(/<li[^>]*>([^<]+)<a href="([^"]+)"/g)].map((match) => ({ label: decodeEntities(match[1]!), removeHref: decodeEntities(match[2]!) }))
}

describe('a drawn-area search (spec §3 map corners with an encoded polygon)', () => {
  test('its URL is the map box plus the polygon token, in normal order', () => {
    expect(pathOn(sites.land)).toMatch(/^\/search\/texas-land-for-sale\/map-26_-106\.5_36\.5_-93\.5\/polygon-[a-z2-7]+\/$/)
  })

  test.each([sites.land, sites.farm, sites.hunting])(
    'on $key: the listings inside the area, a heading that says so, noindex, canonical without it',
    async (site) => {
      const host = `${site.key}.localhost`
      const html = await page(host, pathOn(site))
      const expected = activeListingsInTriangle(site).length
      expect(expected).toBeGreaterThan(25)
      expect(html).toContain(`>${expected} results<`)
      expect(html).toContain('Land for Sale in a Drawn Area of Texas</h1>')
      expect(html).toMatch(/<title>Land for Sale in a Drawn Area of Texas – \d+ Listings?/)
      expect(metaContent(html, 'robots')).toContain('noindex')
      expect(canonicalHref(html)).toBe(`http://${host}${buildSearchPath(site, normalizeCriteria({ state: 'texas' }))}`)
      expect(locationTags(html)).toContainEqual({ label: 'Drawn area', removeHref: buildSearchPath(site, normalizeCriteria({ state: 'texas' })) })
    },
  )

  test('Save Search saves the drawn area, not the whole state the canonical URL names', async () => {
    const html = await page('land.localhost', pathOn(sites.land))
    const saveForm = html.match(/<form action="\/account\/savedsearches\/" method="post">(.*?)<\/form>/)?.[1] ?? ''
    expect(saveForm).toContain(`name="path" value="${pathOn(sites.land)}"`)
  })

  test('its map points are every listing inside the area, and its map view draws the area', async () => {
    const response = await fetchPage('land.localhost', `/map-points${pathOn(sites.land)}`)
    const collection = (await response.json()) as { features: { id: number }[] }
    expect(collection.features.map((feature) => feature.id).sort()).toEqual(
      activeListingsInTriangle(sites.land)
        .map((row) => row.id)
        .sort(),
    )
    const mapView = await page('land.localhost', pathOn(sites.land, 'map'))
    expect(mapView).toMatch(/<svg[^>]*aria-label="Map of the results on this page"[^>]*><path d="M[^"]+z"/)
  })

  test('pages and sorts within the area', async () => {
    const base = normalizeCriteria({ state: 'texas', mapPolygon: triangle, sortOrder: 'price-asc' })
    const html = await page('land.localhost', buildSearchPath(sites.land, { ...base, page: 2 }))
    expect(html).toContain(`>${activeListingsInTriangle(sites.land).length} results<`)
    expect(html).toContain('– Page 2')
  })

  test("the map's drawing form answers with the area's URL, in the map view", async () => {
    const corners = triangle.map(([latitude, longitude]) => `${latitude},${longitude}`).join(' ')
    const response = await fetchPage('land.localhost', `/search/texas-land-for-sale/?corners=${encodeURIComponent(corners)}&view=map`)
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(pathOn(sites.land, 'map'))
  })

  test("'Search this area' on a drawn area's map searches the box shown instead", async () => {
    const response = await fetchPage('land.localhost', `${pathOn(sites.land)}?area=1&south=30&west=-98&north=31&east=-97&view=map`)
    expect(response.headers.get('location')).toBe('/search/texas-land-for-sale/map-30_-98_31_-97/?view=map')
  })

  test('another box or corner order for the same area is redirected to its normal URL', async () => {
    const respelled = pathOn(sites.land).replace(box, 'map-20_-110_40_-90')
    const response = await fetchPage('land.localhost', respelled)
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe(pathOn(sites.land))
  })

  const tooManyCorners = encodeArea(Array.from({ length: 201 }, (_, index): AreaVertex => [31 + Math.sin(index / 32), -97 + Math.cos(index / 32)]))
  test.each([
    ['not base32', 'polygon-abc1'],
    ['no area (two corners)', `polygon-${encodeArea(triangle.slice(0, 2))}`],
    ['more than 200 corners', `polygon-${tooManyCorners}`],
    ['overlong', `polygon-${'a'.repeat(2500)}`],
  ])('a broken area token (%s) is a 404', async (_name, token) => {
    for (const [host, path] of [
      ['land.localhost', `/search/texas-land-for-sale/${box}/${token}/`],
      ['farm.localhost', `/texas-land-for-sale/${token}`],
    ] as const) {
      expect((await fetchPage(host, path)).status, `${host}${path}`).toBe(404)
    }
  })
})
