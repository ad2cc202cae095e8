import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import { type SiteFetch, canonicalHref, decodeEntities, loadRequestHandler, metaContent } from '../support/http'

let fetchPage: SiteFetch

beforeAll(async () => {
  fetchPage = await loadRequestHandler()
})

afterEach(() => {
  delete process.env.SITE_ENVIRONMENT
  delete process.env.SITE_HOSTS
})

describe('home pages', () => {
  test.each([
    ['land.localhost', 'land', 'LandAtlas', 'Enter a State, County, City, or ID'],
    ['farm.localhost', 'farm', 'Farm &amp; Ranch Finder', 'Enter a City, County, State, or ID'],
    ['hunting.localhost', 'hunting', 'Wild Acres', 'Enter a City, County, State, or ID'],
  ])('%s serves the %s site with its name and search placeholder', async (host, key, name, placeholder) => {
    const response = await fetchPage(host, '/')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain(`data-site="${key}"`)
    expect(html).toMatch(new RegExp(`<title>${name}[^<]*</title>`))
    expect(html).toContain(`placeholder="${placeholder}"`)
  })

  test('the valuation site has no listing search box', async () => {
    const html = await (await fetchPage('value.localhost', '/')).text()
    expect(html).toContain('data-site="value"')
    expect(html).toMatch(/<title>AcreWorth[^<]*<\/title>/)
    expect(html).not.toContain('placeholder=')
  })

  test('bare localhost is the land site', async () => {
    const html = await (await fetchPage('localhost:3000', '/')).text()
    expect(html).toContain('data-site="land"')
  })

  test('the home page counts the seeded listings', async () => {
    const html = await (await fetchPage('land.localhost', '/')).text()
    expect(html).toMatch(/[\d,]+ properties for sale in \d+ states/)
  })
})

describe('page head', () => {
  test('in production a page is indexable with large image previews and has a self canonical', async () => {
    process.env.SITE_ENVIRONMENT = 'production'
    const html = await (await fetchPage('farm.localhost', '/')).text()
    expect(metaContent(html, 'robots')).toBe('index, follow, max-image-preview:large, max-snippet:-1, max-video-preview:-1')
    expect(metaContent(html, 'description')).toMatch(/Farms, ranches/)
    expect(canonicalHref(html)).toBe('http://farm.localhost/')
  })

  test('outside production every page is noindex, nofollow', async () => {
    process.env.SITE_ENVIRONMENT = 'staging'
    for (const path of ['/', '/no-such-page', '/error/']) {
      const html = await (await fetchPage('land.localhost', path)).text()
      expect(metaContent(html, 'robots')).toBe('noindex, nofollow')
    }
  })

  test('a site canonicalises to its configured origin, whichever of its hosts served the page (decision 0046)', async () => {
    process.env.SITE_ENVIRONMENT = 'production'
    const html = await (await fetchPage('hunting.localhost', '/')).text()
    expect(canonicalHref(html)).toBe('http://hunting.localhost/')
    const testOrigins = process.env.SITE_ORIGINS
    process.env.SITE_ORIGINS = `${testOrigins},hunting=https://www.wildacres.example`
    process.env.SITE_HOSTS = 'wildacres.example=hunting'
    try {
      for (const host of ['wildacres.example', 'www.wildacres.example', 'hunting.localhost']) {
        const publicHtml = await (await fetchPage(host, '/')).text()
        expect(publicHtml).toContain('data-site="hunting"')
        expect(canonicalHref(publicHtml)).toBe('https://www.wildacres.example/')
      }
    } finally {
      process.env.SITE_ORIGINS = testOrigins
      delete process.env.SITE_HOSTS
    }
  })
})

describe('error pages', () => {
  test('an unknown path on the land site is a 404 that says it went off the grid', async () => {
    process.env.SITE_ENVIRONMENT = 'production'
    const response = await fetchPage('land.localhost', '/no/such/page')
    expect(response.status).toBe(404)
    const html = decodeEntities(await response.text())
    expect(html).toContain("You went off the grid! Let's get you back on the map")
    expect(metaContent(html, 'robots')).toBe('noindex, follow')
  })

  test.each(['farm.localhost', 'hunting.localhost', 'value.localhost'])('an unknown path on %s is a 404 that could not find the page', async (host) => {
    const response = await fetchPage(host, '/no-such-page')
    expect(response.status).toBe(404)
    const html = decodeEntities(await response.text())
    expect(html).toContain("We couldn't find this page")
    expect(html).not.toContain('off the grid')
  })

  test('/error/ shows the engineers-notified message and offers only a same-site retry', async () => {
    const html = decodeEntities(await (await fetchPage('land.localhost', '/error/?eurl=%2Fsome%2Fpage')).text())
    expect(html).toContain('An error has occurred, website engineers have been notified')
    expect(html).toContain('href="/some/page"')
    const offsite = await (await fetchPage('land.localhost', '/error/?eurl=%2F%2Fevil.example')).text()
    // The header's Log in link carries the page path (encoded) in redirectTo; no link may lead off the site.
    expect(offsite).not.toMatch(/href="(?:[a-z]+:)?\/\/evil\.example/)
  })
})
