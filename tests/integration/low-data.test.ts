import { describe, expect, test } from 'vitest'
import { canonicalHref } from '../support/http'
import { productionServer } from '../support/server'

/**
 * Low data (issue 20 item 2, decision 0033) through the production server: the same address is a
 * lighter page for `Save-Data: on` or the footer's cookie, and neither the server's page cache, a
 * CDN (Vary) nor a browser's revalidation (ETag, 304) ever hands one visitor the other's page.
 */
const { fetchPage } = productionServer()
const land = 'land.localhost'
const searchPath = '/search/texas-land-for-sale/'
const saveData = { 'save-data': 'on' }
const lowDataLine = 'Low data is on — photos are smaller and maps load when you ask.'

const isLight = (html: string) => html.includes(lowDataLine)

describe('the same search with and without Save-Data', () => {
  test('two pages: smaller card photos, the line saying so, each its own ETag, and Vary names Save-Data', async () => {
    const normal = await fetchPage(land, searchPath)
    const light = await fetchPage(land, searchPath, { headers: saveData })
    const [normalHtml, lightHtml] = await Promise.all([normal.text(), light.text()])
    expect(isLight(normalHtml)).toBe(false)
    expect(isLight(lightHtml)).toBe(true)
    // Card photos: quality 60 up to 960 px wide normally; quality 40 and no wider than 480 px with Low data.
    expect(normalHtml).toMatch(/\/resizedimages\/640\/960\/cover\/60\/webp\//)
    expect(lightHtml).not.toMatch(/\/resizedimages\/\d+\/\d+\/cover\/60\//)
    expect(lightHtml).not.toContain('/640/960/')
    expect(lightHtml).toMatch(/\/resizedimages\/320\/480\/cover\/40\/webp\//)
    for (const response of [normal, light]) {
      expect(response.headers.get('vary')).toMatch(/Cookie/)
      expect(response.headers.get('vary')).toMatch(/Save-Data/)
      expect(response.headers.get('cache-control')).toMatch(/^public, .*s-maxage=60/)
    }
    expect(light.headers.get('etag')).not.toBe(normal.headers.get('etag'))
  })

  test('the server’s page cache keeps them apart, and a 304 never hands the normal page to a Save-Data visitor', async () => {
    const normal = await fetchPage(land, searchPath)
    const light = await fetchPage(land, searchPath, { headers: saveData })
    const [normalAgain, lightAgain] = await Promise.all([fetchPage(land, searchPath), fetchPage(land, searchPath, { headers: saveData })])
    expect(normalAgain.headers.get('x-page-cache')).toBe('hit')
    expect(lightAgain.headers.get('x-page-cache')).toBe('hit')
    expect(normalAgain.headers.get('etag')).toBe(normal.headers.get('etag'))
    expect(lightAgain.headers.get('etag')).toBe(light.headers.get('etag'))
    expect(isLight(await normalAgain.text())).toBe(false)
    expect(isLight(await lightAgain.text())).toBe(true)

    // A browser holding the normal page turns Save-Data on: it gets the light page, not a 304.
    const revalidated = await fetchPage(land, searchPath, { headers: { ...saveData, 'if-none-match': normal.headers.get('etag')! } })
    expect(revalidated.status).toBe(200)
    expect(isLight(await revalidated.text())).toBe(true)
    const unchanged = await fetchPage(land, searchPath, { headers: { ...saveData, 'if-none-match': light.headers.get('etag')! } })
    expect(unchanged.status).toBe(304)
  })

  test('the visitor’s cookie wins over the header either way, and is part of the cache’s key', async () => {
    const normal = await fetchPage(land, searchPath)
    const light = await fetchPage(land, searchPath, { headers: saveData })
    for (let round = 0; round < 2; round += 1) {
      const turnedOff = await fetchPage(land, searchPath, { headers: { ...saveData, cookie: 'low-data=off' } })
      expect(isLight(await turnedOff.text())).toBe(false)
      expect(turnedOff.headers.get('etag')).toBe(normal.headers.get('etag'))
      const turnedOn = await fetchPage(land, searchPath, { headers: { cookie: 'low-data=on' } })
      expect(isLight(await turnedOn.text())).toBe(true)
      expect(turnedOn.headers.get('etag')).toBe(light.headers.get('etag'))
    }
  })
})

describe('the footer’s toggle', () => {
  test('a plain form post keeps the choice a year and goes back to the page', async () => {
    const page = await (await fetchPage(land, searchPath)).text()
    expect(page).toMatch(/<form [^>]*action="\/low-data" method="post"><input type="hidden" name="lowData" value="on"\/>.*?Turn on/)

    const response = await fetchPage(land, '/low-data', {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: `http://${land}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ lowData: 'on', returnTo: `${searchPath}?sort=newest` }),
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`${searchPath}?sort=newest`)
    expect(response.headers.get('set-cookie')).toBe('low-data=on; Path=/; Max-Age=31536000; SameSite=Lax')
  })

  test('back to the page as the browser spelled it, when it says', async () => {
    const response = await fetchPage(land, '/low-data', {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: `http://${land}`, referer: `http://${land}${searchPath}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ lowData: 'off', returnTo: '/search/texas-land-for-sale' }),
    })
    expect(response.headers.get('location')).toBe(searchPath)
    expect(response.headers.get('set-cookie')).toMatch(/^low-data=off;/)
  })

  test('it never sends anyone to another site', async () => {
    const response = await fetchPage(land, '/low-data', {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: `http://${land}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ lowData: 'off', returnTo: '//evil.example/' }),
    })
    expect(response.headers.get('location')).toBe('/')
  })
})

describe('maps and ads wait', () => {
  test('a listing’s property map is a link, not a picture', async () => {
    const search = await (await fetchPage(land, searchPath)).text()
    const listingPath = /href="(\/property\/[^"]+)"/.exec(search)![1]!
    const normal = await (await fetchPage(land, listingPath)).text()
    const light = await (await fetchPage(land, listingPath, { headers: saveData })).text()
    expect(normal).toMatch(/<img[^>]+src="\/listing-map\/\d+\/property\.svg"/)
    expect(light).not.toMatch(/<img[^>]+src="\/listing-map\//)
    expect(light).toMatch(/<a href="\/listing-map\/\d+\/property\.svg"[^>]*>Show the map of the property in /)
  })

  test('a valuation’s map of its sales comes only when asked for, by a link', async () => {
    const valuationPath = '/value/texas/travis-county/40-acres/recreational-land/lat30.2672/long-97.7431/'
    const mapTitle = 'Map of the parcel in'
    const normal = await (await fetchPage('value.localhost', valuationPath)).text()
    expect(normal).toContain(mapTitle)
    const light = await (await fetchPage('value.localhost', valuationPath, { headers: saveData })).text()
    expect(light).not.toContain(mapTitle)
    const showMap = /<a href="([^"]+)"[^>]*>Show the map of these sales<\/a>/.exec(light)![1]!.replaceAll('&amp;', '&')
    expect(showMap).toBe(`${valuationPath}?map=shown#comparables-heading`)
    const shown = await (await fetchPage('value.localhost', showMap.split('#')[0]!, { headers: saveData })).text()
    expect(shown).toContain(mapTitle)
    // The same page at a second address: its canonical stays the valuation's own.
    expect(canonicalHref(shown)).toBe(`http://value.localhost${valuationPath}`)
  })
})
