import { parse } from 'node-html-parser'
import sharp from 'sharp'
import { brokerPagePath } from '~/models/brokers/broker-path'
import { sites } from '~/sites/index'
import { describe, expect, test } from 'vitest'
import { deferredFrameworkScriptId } from '~/document/deferred-framework-id'
import { pageScriptSources } from '../../scripts/page-scripts'
import { productionServer } from '../support/server'
import { contactableListing, openTestDatabase } from '../support/test-database'

/**
 * Issue 20 item 1 (decision 0032): what a first view on a slow link costs, as the HTML decides
 * it. The stylesheet comes in the page (no round trip before the first paint) under the policy's
 * nonce, and so do the icons' shapes; the page's scripts are a handful of files, not dozens; card
 * photos offer a width near what a phone shows. `npm run bench:lighthouse` measures the rest.
 */
const { fetchPage } = productionServer()
const land = 'land.localhost'
const pages = { search: '/search/texas-land-for-sale/', home: '/', listing: contactableListing(0).path, landing: '/Texas' }

describe.each(Object.entries(pages))('the %s page', (_name, path) => {
  test('has its stylesheet inline, allowed by the nonce of its policy and not by unsafe-inline', async () => {
    const response = await fetchPage(land, path, { headers: { 'accept-encoding': 'identity' } })
    const html = await response.text()
    const policy = response.headers.get('content-security-policy') ?? ''
    const styleElements = policy.match(/style-src-elem[^;]*/)?.[0] ?? ''
    expect(styleElements).not.toContain('unsafe-inline')
    const nonce = styleElements.match(/'nonce-([^']+)'/)?.[1]
    const document = parse(html)
    expect(document.querySelectorAll('link[rel=stylesheet]')).toHaveLength(0)
    const stylesheet = document.querySelector('style#site-stylesheet')
    expect(stylesheet?.getAttribute('nonce')).toBe(nonce)
    for (const style of document.querySelectorAll('style')) expect(style.getAttribute('nonce')).toBe(nonce)
  })

  test('has inline the rules of the site stylesheet its markup uses, and names the whole file for after the first view (decision 0042)', async () => {
    const document = parse(await (await fetchPage(land, path)).text())
    const inline = document.querySelector('style#site-stylesheet')?.textContent ?? ''
    const wholeHref = document.getElementById(deferredFrameworkScriptId)?.getAttribute('data-stylesheet') ?? ''
    expect(wholeHref).toMatch(/^\/assets\/tailwind-[\w-]+\.css$/)
    const whole = await (await fetchPage(land, wholeHref)).text()
    expect(inline.length).toBeLessThan(whole.length * 0.8)
    const classes = new Set(document.querySelectorAll('[class]').flatMap((element) => element.classList.value))
    // Each plain one-class rule of the file is in the page exactly when the page uses its class.
    const rules = [...whole.matchAll(/\}(\.([a-z][\w-]*)\{[^}]*\})/g)]
    expect(rules.length).toBeGreaterThan(100)
    for (const [, rule, name] of rules) expect(inline.includes(rule!), rule).toBe(classes.has(name!))
  })

  test('draws its icons from shapes in the page, not from a file fetched at first view', async () => {
    const document = parse(await (await fetchPage(land, path)).text())
    const iconReferences = document.querySelectorAll('svg.icon use').map((use) => use.getAttribute('href'))
    expect(iconReferences.length).toBeGreaterThan(0)
    for (const reference of iconReferences) {
      expect(reference).toMatch(/^#[a-z-]+$/)
      expect(document.querySelector(`symbol${reference}`), reference).not.toBeNull()
    }
  })

  test("carries its priority photo at a phone's width in the page, the wider renditions as links and no narrower one (decision 0041)", async () => {
    const document = parse(await (await fetchPage(land, path)).text())
    const candidates = (document.querySelector('img[fetchpriority=high]')?.getAttribute('srcset') ?? '').split(', ').map((candidate) => {
      const [url = '', descriptor = ''] = candidate.split(' ')
      return { url, width: Number.parseInt(descriptor, 10) }
    })
    const inline = candidates.filter((candidate) => candidate.url.startsWith('data:image/webp;base64,'))
    expect(inline).toHaveLength(1)
    const [phone] = inline
    // The narrowest rendition at least 700 px wide (what a 412 px phone at 1.75x draws across its screen),
    // and the narrowest offered: a screen that needs less draws the one the page already holds.
    expect(phone!.width).toBeGreaterThanOrEqual(700)
    expect(phone!.width).toBe(Math.min(...candidates.map((candidate) => candidate.width)))
    expect(candidates.length).toBeGreaterThan(1)
    const { width } = await sharp(Buffer.from(phone!.url.slice(phone!.url.indexOf(',') + 1), 'base64')).metadata()
    expect(width).toBe(phone!.width)
    for (const candidate of candidates.filter((candidate) => candidate !== phone)) expect(candidate.url).toMatch(/^\/resizedimages\//)
    // The head's preload of the photo offers the same candidates: no link a phone, or a narrower screen, would then fetch.
    expect(document.querySelector('link[rel=preload][as=image]')?.getAttribute('imagesrcset')).toBe(
      candidates.map((candidate) => `${candidate.url} ${candidate.width}w`).join(', '),
    )
  })

  test('fetches fewer than 10 scripts: none before it has loaded', () => expectFewScripts(land, path))
})

/**
 * The valuation site's own pages share code with the sellers' tool and the partner documentation:
 * it travels in their parts (vite.config.ts), not in a file per module nor in the sellers' chunk.
 */
describe.each([
  ['value.localhost', '/value/texas/travis-county/40-acres/'],
  ['value.localhost', '/land-values/texas/'],
  ['value.localhost', '/terms-of-use/'],
  ['land.localhost', '/landfeed/docs/'],
])('%s%s', (host, path) => {
  test('fetches fewer than 10 scripts: none before it has loaded', () => expectFewScripts(host, path))
})

async function expectFewScripts(host: string, path: string) {
  const response = await fetchPage(host, path)
  expect(response.status).toBe(200)
  const { firstView, afterLoad } = pageScriptSources(await response.text())
  expect(firstView).toEqual([])
  expect(afterLoad.length).toBeGreaterThan(0)
  expect(afterLoad.length).toBeLessThan(10)
}

const hydrationDataOf = (document: ReturnType<typeof parse>) =>
  document
    .querySelectorAll('script')
    .map((script) => script.textContent)
    .filter((text) => text.includes('streamController'))
    .join('')

test("a listing page carries its menu's and footer's links as links, not again in its hydration data (decision 0039)", async () => {
  const document = parse(await (await fetchPage(land, pages.listing)).text())
  const stateLinks = document.querySelectorAll('#menu-search-by-state a')
  expect(stateLinks.length).toBeGreaterThan(40)
  expect(document.querySelectorAll('#footer-columns a').length).toBeGreaterThan(40)
  const hydrationData = hydrationDataOf(document)
  expect(hydrationData).toContain('loaderData')
  // 'Texas Land For Sale' and the like: the listing's own data names its state, never with these words.
  for (const link of stateLinks) expect(hydrationData).not.toContain(link.text)
})

describe.each([
  { site: land, path: pages.landing, heading: 'Counties in Texas' },
  { site: 'farm.localhost', path: '/texas-land-for-sale', heading: 'Counties in Texas' },
])('the links down to the places of $path on $site (issue 35 item 2)', ({ site, path, heading }) => {
  test("are links in the page, drawn from its data as a client navigation's page is", async () => {
    const document = parse(await (await fetchPage(site, path)).text())
    const group = document.querySelectorAll('h3').find((groupHeading) => groupHeading.text === heading)?.parentNode
    // Every county is named; those with listings are links (decision 0062).
    expect(group?.querySelectorAll('li').length).toBeGreaterThan(200)
    const countyLinks = group?.querySelectorAll('a') ?? []
    expect(countyLinks.length).toBeGreaterThan(50)
    const hydrationData = hydrationDataOf(document)
    const navigationData = await (await fetchPage(site, `${path.replace(/\/$/, '')}.data`)).text()
    for (const data of [hydrationData, navigationData]) {
      expect(data).toContain(heading)
      for (const link of countyLinks) expect(data).toContain(link.getAttribute('href'))
    }
  })
})

test("a search page's card photos offer a phone's width and say how wide they are shown", async () => {
  const document = parse(await (await fetchPage(land, pages.search)).text())
  const cardPhotos = document.querySelectorAll('article .card-photo img')
  expect(cardPhotos.length).toBeGreaterThan(10)
  for (const photo of cardPhotos) {
    expect(photo.getAttribute('sizes')).toBe('(min-width: 1025px) 33vw, (min-width: 601px) 50vw, calc(100vw - 2rem)')
    const widths = photo
      .getAttribute('srcset')
      ?.split(', ')
      .map((candidate) => candidate.split(' ')[1])
    // The first card's photo is in the page at 720 px, so no narrower one is offered (decision 0041).
    expect(widths).toEqual(photo.getAttribute('fetchpriority') === 'high' ? ['720w', '960w'] : ['320w', '480w', '640w', '720w', '960w'])
  }
  expect(cardPhotos.filter((photo) => photo.getAttribute('fetchpriority') === 'high')).toHaveLength(1)
})

test("a broker's page carries the portrait at a phone's density, and the first listing's photo, in the page (decision 0041)", async () => {
  const db = openTestDatabase()
  const broker = db
    .prepare(
      `select id, contact_name as contactName, company_name as companyName from accounts where portrait_document_id is not null and is_free = 0
       and exists (select 1 from listings where listings.account_id = accounts.id and listings.status in (1, 2)) order by id limit 1`,
    )
    .get() as { id: number; contactName: string; companyName: string }
  db.close()
  const document = parse(await (await fetchPage(land, brokerPagePath(sites.land, broker)!)).text())
  const priorityImages = document.querySelectorAll('img[fetchpriority=high]').map((image) => image.getAttribute('srcset') ?? '')
  expect(priorityImages).toHaveLength(2)
  const [portrait = '', firstListing = ''] = priorityImages
  // The 2x rendition, written in, is the only candidate: a 1x screen draws it too rather than fetch the smaller one.
  expect(portrait.split(', ').map((candidate) => candidate.slice(0, 11) + candidate.slice(candidate.lastIndexOf(' ')))).toEqual(['data:image/ 2x'])
  expect(firstListing.split(', ').filter((candidate) => candidate.startsWith('data:image/webp;base64,'))).toHaveLength(1)
})
