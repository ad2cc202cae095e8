import { describe, expect, test } from 'vitest'
import { canonicalHref, decodeEntities, metaContent, productionPages } from '../support/http'
import { countWhere } from '../support/test-database'
import { sites } from '~/sites/index'
import { buildSearchPath, parseSearchPath } from '~/models/search/search-path'

const { fetchPage, db } = productionPages()

async function page(host: string, path: string) {
  const response = await fetchPage(host, path)
  expect(response.status, `${host}${path}`).toBe(200)
  return response.text()
}

/** The links of the List/Map toggle, by their text. */
function toggleLinks(html: string) {
  const toggle = html.match(/<nav aria-label="Results view"[^>]*>(.*?)<\/nav>/)?.[1]
  if (!toggle) return undefined
  return Object.fromEntries([...toggle.matchAll(/<a href="([^"]+)"[^>]*>(List|Map)<\/a>/g)].map((match) => [match[2]!, decodeEntities(match[1]!)]))
}

/** The server-drawn map's point links: SVG anchors with an accessible name. */
function mapPointLinks(html: string) {
  const map = html.match(/<svg[^>]*aria-label="Map of the results on this page"[^>]*>(.*?)<\/svg>/)?.[1] ?? ''
  return [...map.matchAll(/<a href="([^"]+)" aria-label="([^"]+)"/g)].map((match) => ({ href: match[1]!, label: decodeEntities(match[2]!) }))
}

/** The result cards' title links, in page order. */
function cardHrefs(html: string) {
  return [...html.matchAll(/<article[\s\S]*?<a href="([^"]+)"/g)].map((match) => match[1]!)
}

interface PointCollection {
  type: string
  features: { id: number; geometry: { coordinates: [number, number] }; properties: { href: string; price: string; acres: string; title: string } }[]
}

async function mapPoints(host: string, searchPath: string) {
  const response = await fetchPage(host, `/map-points${searchPath}`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toContain('application/geo+json')
  return (await response.json()) as PointCollection
}

const texas = '/search/texas-land-for-sale/'
const texasBounds = { south: 29.5, west: -99.5, north: 32.5, east: -95.5 }
const boundsToken = `map-${texasBounds.south}_${texasBounds.west}_${texasBounds.north}_${texasBounds.east}`
const insideTexasBounds = `state_id = 48 and latitude between ${texasBounds.south} and ${texasBounds.north} and longitude between ${texasBounds.west} and ${texasBounds.east}`

describe('the view in the search grammar', () => {
  test('the land site reads ?view=map into the normal path, never into the canonical one', () => {
    const parsed = parseSearchPath(sites.land, '/search/texas-land-for-sale/map-30_-99_31_-97/', new URLSearchParams('keywords=creek&view=map'))!
    expect(parsed.view).toBe('map')
    expect(parsed.normalPath).toBe('/search/texas-land-for-sale/map-30_-99_31_-97/?keywords=creek&view=map')
    expect(parsed.canonicalPath).toBe('/search/texas-land-for-sale/?keywords=creek')
    expect(buildSearchPath(sites.land, parsed.criteria, { view: 'map' })).toBe(parsed.normalPath)
  })

  test('a site without map search reads every view as the list', () => {
    const parsed = parseSearchPath(sites.farm, '/texas-land-for-sale', new URLSearchParams('view=map'))!
    expect(parsed.view).toBe('list')
    expect(buildSearchPath(sites.farm, parsed.criteria, { view: 'map' })).toBe('/texas-land-for-sale')
  })
})

describe('List/Map toggle', () => {
  test('the land site offers List and Map links to the same search; the list is the plain URL', async () => {
    const links = toggleLinks(await page('land.localhost', texas))
    expect(links).toEqual({ List: texas, Map: `${texas}?view=map` })
  })

  test('the toggle keeps the keywords and the page of the search', async () => {
    const links = toggleLinks(await page('land.localhost', '/search/texas-land-for-sale/page-2/?keywords=creek'))
    expect(links).toEqual({ List: '/search/texas-land-for-sale/page-2/?keywords=creek', Map: '/search/texas-land-for-sale/page-2/?keywords=creek&view=map' })
  })

  test('the farm and hunting sites have no toggle, and their ?view=map is no part of the URL', async () => {
    for (const host of ['farm.localhost', 'hunting.localhost']) {
      expect(toggleLinks(await page(host, '/texas-land-for-sale'))).toBeUndefined()
      const response = await fetchPage(host, '/texas-land-for-sale?view=map', { headers: { accept: 'text/html' } })
      expect(response.status).toBe(301)
      expect(response.headers.get('location')).toBe('/texas-land-for-sale')
      expect((await fetchPage(host, '/map-points/texas-land-for-sale')).status).toBe(404)
      expect((await fetchPage(host, '/map-shapes/states.geojson')).status).toBe(404)
    }
  })

  test('the map view is noindex, names the list without map bounds canonical and has no sort control from the breakpoint', async () => {
    const html = await page('land.localhost', `${texas}${boundsToken}/?view=map`)
    expect(metaContent(html, 'robots')).toContain('noindex')
    expect(canonicalHref(html)).toBe(`http://land.localhost${texas}`)
    expect(html).toMatch(/<div class="list-map:hidden"><form[^>]*>[\s\S]*?id="search-sort"/)
    const list = await page('land.localhost', texas)
    expect(metaContent(list, 'robots') ?? '').not.toContain('noindex')
    expect(list).not.toContain('class="list-map:hidden"><form')
  })
})

describe('server-drawn map view', () => {
  test('the SVG map has one link per result of the page, to the same canonical listing URLs as the list', async () => {
    const [mapView, listView] = await Promise.all([page('land.localhost', `${texas}?view=map`), page('land.localhost', texas)])
    const points = mapPointLinks(mapView)
    const listHrefs = cardHrefs(listView)
    expect(listHrefs).toHaveLength(25)
    expect(points.map((point) => point.href)).toEqual(listHrefs)
    expect(cardHrefs(mapView)).toEqual(listHrefs)
    points.forEach((point, index) => expect(point.label).toMatch(new RegExp(`^${index + 1}\\. .+, (\\$[\\d,]+|Auction|Contact for Price), [\\d.,]+ acres?$`)))
    for (const point of points.slice(0, 5)) {
      const listing = await page('land.localhost', point.href)
      expect(canonicalHref(listing)).toBe(`http://land.localhost${point.href}`)
    }
  })

  test('the map view pages with view=map, and its basemap is an SVG of the frame', async () => {
    const html = await page('land.localhost', `${texas}?view=map`)
    expect(html).toContain(`href="${texas}page-2/?view=map"`)
    expect(mapPointLinks(await page('land.localhost', `${texas}page-2/?view=map`))).toHaveLength(Math.min(25, countWhere(db, 'state_id = 48') - 25))
    const basemap = html.match(/<img src="(\/search-map\/[^"]+\.svg)"/)?.[1]
    const response = await fetchPage('land.localhost', basemap!)
    expect(response.headers.get('content-type')).toContain('image/svg+xml')
    expect(await response.text()).toMatch(/^<svg[^>]*viewBox="0 0 800 600"/)
  })

  test('a national map draws Alaska and Hawaii in boxes of their own, where their results get their points', async () => {
    const alaska = '/search/all-land/?keywords=alaska'
    const html = await page('land.localhost', `${alaska}&view=map`)
    const map = html.match(/<svg[^>]*aria-label="Map of the results on this page"[^>]*>(.*?)<\/svg>/)?.[1] ?? ''
    const circles = [...map.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)"/g)].map((match) => [Number(match[1]), Number(match[2])] as const)
    const alaskaCards = cardHrefs(html).filter((href) => href.includes('-ak/'))
    expect(alaskaCards.length).toBeGreaterThan(0)
    expect(mapPointLinks(html).map((point) => point.href)).toEqual(cardHrefs(html))
    // Alaska's box is the lower left corner of the 800 × 600 map, under the lower 48.
    const alaskaCircles = circles.filter((_, index) => cardHrefs(html)[index]!.includes('-ak/'))
    for (const [x, y] of alaskaCircles) expect(x < 210 && y > 430, `an Alaska point at ${x},${y}`).toBe(true)
    const basemap = await (await fetchPage('land.localhost', html.match(/<img src="(\/search-map\/[^"]+\.svg)"/)![1]!)).text()
    expect(basemap.match(/<rect x="\d+" y="\d+"/g)).toHaveLength(2)
  })

  test("'Search this area' and the filter form keep the map view and answer with the bounds in the path", async () => {
    const area = await fetchPage('land.localhost', `${texas}page-2/?area=1&south=29.5&west=-99.5&north=32.5&east=-95.5&view=map`)
    expect(area.status).toBe(303)
    expect(area.headers.get('location')).toBe(`${texas}${boundsToken}/?view=map`)
    const filtered = await fetchPage('land.localhost', `${texas}${boundsToken}/?filters=1&acresMin=5&view=map`)
    expect(filtered.headers.get('location')).toBe(`${texas}acres-over-5/${boundsToken}/?view=map`)
    const html = await page('land.localhost', `${texas}${boundsToken}/?view=map`)
    expect(html).toContain(`>${countWhere(db, insideTexasBounds)} results<`)
  })

  test('without scripts the map zooms by links: into each quarter of the frame, and back out', async () => {
    const html = await page('land.localhost', `${texas}${boundsToken}/?view=map`)
    const zoom = html.match(/<nav aria-label="Zoom the map"[^>]*>(.*?)<\/nav>/)?.[1] ?? ''
    const links = [...zoom.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((match) => [match[2], decodeEntities(match[1]!)])
    expect(links).toContainEqual(['Zoom in: north-west', `${texas}map-31_-99.5_32.5_-97.5/?view=map`])
    expect(links).toContainEqual(['Zoom out to the whole search', `${texas}?view=map`])
  })
})

describe('map points GeoJSON', () => {
  test('answers every match of the search, each with its canonical href', async () => {
    const collection = await mapPoints('land.localhost', texas)
    expect(collection.type).toBe('FeatureCollection')
    expect(collection.features).toHaveLength(countWhere(db, 'state_id = 48'))
    const ids = collection.features.map((feature) => feature.id)
    expect(new Set(ids).size).toBe(ids.length)
    const first = collection.features[0]!
    expect(first.properties.href).toMatch(new RegExp(`^/property/[a-z0-9-]+/${first.id}/$`))
    expect(first.properties.acres).toMatch(/acres?$/)
  })

  test('honours the map bounds and the filters of the path', async () => {
    const collection = await mapPoints('land.localhost', `${texas}acres-over-5/${boundsToken}/`)
    expect(collection.features).toHaveLength(countWhere(db, `${insideTexasBounds} and acres >= 5`))
    for (const { geometry } of collection.features) {
      const [longitude, latitude] = geometry.coordinates
      expect(latitude).toBeGreaterThanOrEqual(texasBounds.south)
      expect(latitude).toBeLessThanOrEqual(texasBounds.north)
      expect(longitude).toBeGreaterThanOrEqual(texasBounds.west)
      expect(longitude).toBeLessThanOrEqual(texasBounds.east)
    }
  })

  test('a path that is no search is a 404', async () => {
    expect((await fetchPage('land.localhost', '/map-points/search/nowhere-land-for-sale/')).status).toBe(404)
    expect((await fetchPage('land.localhost', '/map-points/search/texas-land-for-sale/bogus-token/')).status).toBe(404)
  })

  test('the basemap shapes are served as GeoJSON: the states, and one state’s counties', async () => {
    const states = (await (await fetchPage('land.localhost', '/map-shapes/states.geojson')).json()) as { features: { id: number }[] }
    expect(states.features.map((feature) => feature.id)).toContain(48)
    const counties = (await (await fetchPage('land.localhost', '/map-shapes/counties-48.geojson')).json()) as { features: unknown[] }
    expect(counties.features).toHaveLength(254)
    expect((await fetchPage('land.localhost', '/map-shapes/counties-99.geojson')).status).toBe(404)
  })
})

/** The states' names, with active listings and without. */
function statesByListings() {
  const rows = db.prepare('select id, name from states order by name').all() as { id: number; name: string }[]
  const hasListings = (state: { id: number }) => countWhere(db, 'state_id = ?', state.id) > 0
  return { withListings: rows.filter(hasListings).map((state) => state.name), without: rows.filter((state) => !hasListings(state)).map((state) => state.name) }
}

describe('state map filter', () => {
  test('the national search shows every state with listings as a link to its state search, each answering 200, and draws the others unlinked', async () => {
    const html = await page('land.localhost', '/search/all-land/')
    const states = [...html.matchAll(/<a href="([^"]+)" aria-label="([^"]+) Land For Sale" class="group[^"]*"><title>[^<]+<\/title><use href="([^"]+)"/g)]
    const expectedStates = statesByListings()
    expect(states.map((match) => decodeEntities(match[2]!))).toEqual(expectedStates.withListings)
    // Decision 0062: a state without listings is a noindex search, so the map names it without a link.
    expect(expectedStates.without).toEqual(['District of Columbia'])
    expect(html).toContain('<g><title>District of Columbia: no land for sale right now</title><use href=')
    for (const [, href] of states) expect((await fetchPage('land.localhost', href!)).status).toBe(200)
    const shapes = await fetchPage('land.localhost', states[0]![3]!.split('#')[0]!)
    expect(await shapes.text()).toContain(`id="${states[0]![3]!.split('#')[1]}"`)
  })

  test("the land site's home page shows the state map beside its state links; the farm site's does not", async () => {
    const stateLinks = (html: string) => html.match(/ Land For Sale" class="group/g)?.length ?? 0
    expect(stateLinks(await page('land.localhost', '/'))).toBe(statesByListings().withListings.length)
    expect(stateLinks(await page('farm.localhost', '/'))).toBe(0)
  })

  test("the land home carries the map's outlines itself and draws every state from them, so its first view fetches no shapes file (decision 0041)", async () => {
    const html = await page('land.localhost', '/')
    const references = [...html.matchAll(/<title>[^<]+<\/title><use href="([^"]+)"/g)].map((match) => match[1]!)
    expect(references).toHaveLength(51)
    const outlines = html.match(/<defs id="state-shapes">(.*?)<\/defs>/)?.[1] ?? ''
    for (const reference of references) {
      expect(reference).toMatch(/^#state-\d+$/)
      expect(outlines).toContain(`<path id="${reference.slice(1)}" d="M`)
    }
    expect(html).not.toMatch(/href="\/map-shapes\/states\.svg/)
  })

  test('a state search, and the map view, have no state map', async () => {
    expect(await page('land.localhost', texas)).not.toContain('Land For Sale" class="group')
    expect(await page('land.localhost', '/search/all-land/?view=map')).not.toContain('Land For Sale" class="group')
  })
})
