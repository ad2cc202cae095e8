import { parse } from 'node-html-parser'
import { expect, test } from 'vitest'
import { sites } from '~/sites/index'
import { productionPages } from '../support/http'

/** Browsers and crawlers ask every site for /favicon.ico without reading a page: it must answer with the site's icon. */
const { fetchPage } = productionPages()

test.each(Object.values(sites))('$name answers /favicon.ico with a permanent redirect to its own icon, which its pages carry inline', async (site) => {
  const host = site.devHost
  const ico = await fetchPage(host, '/favicon.ico', { redirect: 'manual' })
  expect(ico.status).toBe(301)
  const iconPath = ico.headers.get('location')!
  const icon = await fetchPage(host, iconPath)
  expect(icon.status).toBe(200)
  expect(icon.headers.get('content-type')).toBe('image/svg+xml')
  const svg = await icon.text()
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
  expect(svg).toContain(`fill="rgb(${site.theme.brand.replaceAll(' ', ',')})"`)
  expect(svg).toContain(`>${site.wordmark.map((part) => part.charAt(0)).join('')}</text>`)
  // The page carries the same icon in its head rather than sending the browser for it.
  const page = parse(await (await fetchPage(host, '/')).text())
  const pageIcon = page.querySelector('head link[rel=icon]')
  expect(pageIcon?.getAttribute('type')).toBe('image/svg+xml')
  expect(decodeURIComponent(pageIcon?.getAttribute('href')?.replace(/^data:image\/svg\+xml,/, '') ?? '')).toBe(svg)
})
