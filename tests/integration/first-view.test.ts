import { parse } from 'node-html-parser'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { pageScriptSources } from '../../scripts/page-scripts'
import { productionServer } from '../support/server'
import { contactableListing } from '../support/test-database'

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
    // The whole of app/tailwind.css, minified: its own classes and Tailwind's.
    expect(stylesheet?.textContent).toContain('.card-photo')
    expect(stylesheet?.textContent.length).toBeGreaterThan(20_000)
    for (const style of document.querySelectorAll('style')) expect(style.getAttribute('nonce')).toBe(nonce)
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

  test("carries its priority photo at a phone's width in the page, and the wider renditions as links (decision 0041)", async () => {
    const document = parse(await (await fetchPage(land, path)).text())
    const candidates = (document.querySelector('img[fetchpriority=high]')?.getAttribute('srcset') ?? '').split(', ').map((candidate) => {
      const [url = '', descriptor = ''] = candidate.split(' ')
      return { url, width: Number.parseInt(descriptor, 10) }
    })
    const inline = candidates.filter((candidate) => candidate.url.startsWith('data:image/webp;base64,'))
    expect(inline).toHaveLength(1)
    const [phone] = inline
    // The narrowest rendition at least 700 px wide: what a 412 px phone at 1.75x draws across its screen.
    expect(phone!.width).toBe(Math.min(...candidates.map((candidate) => candidate.width).filter((width) => width >= 700)))
    const { width } = await sharp(Buffer.from(phone!.url.slice(phone!.url.indexOf(',') + 1), 'base64')).metadata()
    expect(width).toBe(phone!.width)
    for (const candidate of candidates.filter((candidate) => candidate !== phone)) expect(candidate.url).toMatch(/^\/resizedimages\//)
    // The head's preload of the photo names the same rendition, not its link, which a phone would then fetch.
    expect(document.querySelector('link[rel=preload][as=image]')?.getAttribute('imagesrcset')).toContain(`${phone!.url} ${phone!.width}w`)
  })

  test('fetches fewer than 10 scripts: none before it has loaded', async () => {
    const { firstView, afterLoad } = pageScriptSources(await (await fetchPage(land, path)).text())
    expect(firstView).toEqual([])
    expect(afterLoad.length).toBeGreaterThan(0)
    expect(afterLoad.length).toBeLessThan(10)
  })
})

test("a listing page carries its menu's and footer's links as links, not again in its hydration data (decision 0039)", async () => {
  const document = parse(await (await fetchPage(land, pages.listing)).text())
  const stateLinks = document.querySelectorAll('#menu-search-by-state a')
  expect(stateLinks.length).toBeGreaterThan(40)
  expect(document.querySelectorAll('#footer-columns a').length).toBeGreaterThan(40)
  const hydrationData = document
    .querySelectorAll('script')
    .map((script) => script.textContent)
    .filter((text) => text.includes('streamController'))
    .join('')
  expect(hydrationData).toContain('loaderData')
  // 'Texas Land For Sale' and the like: the listing's own data names its state, never with these words.
  for (const link of stateLinks) expect(hydrationData).not.toContain(link.text)
})

test("a search page's card photos offer a phone's width and say how wide they are shown", async () => {
  const document = parse(await (await fetchPage(land, pages.search)).text())
  const cardPhotos = document.querySelectorAll('article .card-photo img')
  expect(cardPhotos.length).toBeGreaterThan(10)
  for (const photo of cardPhotos) {
    expect(photo.getAttribute('sizes')).toBe('(min-width: 1025px) 33vw, (min-width: 601px) 50vw, calc(100vw - 2rem)')
    expect(
      photo
        .getAttribute('srcset')
        ?.split(', ')
        .map((candidate) => candidate.split(' ')[1]),
    ).toEqual(['320w', '480w', '640w', '720w', '960w'])
  }
})
