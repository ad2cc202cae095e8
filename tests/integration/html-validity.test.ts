import { parse } from 'node-html-parser'
import { describe, expect, test } from 'vitest'
import { productionPages } from '../support/http'

/**
 * What the W3C Nu validator checks that a change could quietly break, read from the served HTML
 * of every page type on every site (no validator ships with Debian): nothing after `</html>`
 * (the deferred framework scripts, decision 0013, stay inside <body>), and the location box's
 * combobox is a text input (role=combobox and aria-expanded are errors on <input type=search>).
 */
const { fetchPage, db } = productionPages()

const listingId = (db.prepare('select id from listings where status = 1 and has_video = 1 order by id limit 1').get() as { id: number }).id
const brokerId = (db.prepare('select account_id as id from listings where status = 1 and upgrade_level > 0 order by id limit 1').get() as { id: number }).id

const pagesBySite = {
  land: [
    '/',
    '/Texas',
    '/Travis-County-TX',
    '/market-insights/',
    '/search/texas-land-for-sale/',
    `/property/x/${listingId}/`,
    `/member/x/${brokerId}`,
    '/broker/',
    '/login',
    '/signup/',
    '/financing',
    '/sitemap/',
    '/termsofuse/',
    '/no-such-page/x',
  ],
  farm: ['/', '/texas-land-for-sale/ranches', `/property/x-${listingId}/`, '/real-estate-agents/', '/sitemap/'],
  hunting: ['/', '/land', `/pid/${listingId}`, '/find-agent/'],
  value: ['/', '/land-values/', '/land-values/texas/', '/value/texas/travis-county/40-acres/', '/value/accuracy/'],
} as const

/** The page a crawler lands on: redirects followed on the same site. */
async function landedHtml(host: string, path: string) {
  let location = path
  for (let hop = 0; hop < 3; hop += 1) {
    const response = await fetchPage(host, location, { redirect: 'manual' })
    if (response.status < 300 || response.status >= 400) return response.text()
    location = new URL(response.headers.get('location')!, `http://${host}`).pathname
  }
  throw new Error(`${host}${path} redirects too often`)
}

describe.each(Object.entries(pagesBySite))('every page type of the %s site', (siteKey, paths) => {
  test.each(paths)('%s ends at </html> and puts no combobox on a search input', async (path) => {
    const html = await landedHtml(`${siteKey}.localhost`, path)
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true)
    const afterDocument = html.slice(html.lastIndexOf('</html>') + '</html>'.length)
    expect(afterDocument.trim()).toBe('')
    expect(html.indexOf('</body>')).toBe(html.lastIndexOf('</body>'))
    expect(html.lastIndexOf('<script')).toBeLessThan(html.indexOf('</body>'))
    const document = parse(html)
    for (const input of document.querySelectorAll('input[type="search"]')) {
      expect(input.getAttribute('role')).toBeUndefined()
      expect(input.getAttribute('aria-expanded')).toBeUndefined()
    }
    for (const combobox of document.querySelectorAll('[role="combobox"]')) {
      expect(combobox.tagName === 'INPUT' ? combobox.getAttribute('type') : 'text').toBe('text')
    }
  })
})
