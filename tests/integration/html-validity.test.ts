import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { parse } from 'node-html-parser'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { brokerPagePath, brokerDirectoryPath } from '~/models/brokers/broker-path'
import type { SiteKey } from '~/models/sites/site-profile'
import { sites } from '~/sites/index'
import { productionPages, sessionCookie } from '../support/http'

/**
 * One page of every type on every site, as served, run through the W3C Nu validator (the npm
 * package vnu-jar, on Java 17) in one run: no errors. Two things it would also catch are checked
 * by hand, for a message that says what broke: nothing after `</html>` (the deferred framework
 * scripts, decision 0013, stay inside <body>), and the location box's combobox is a text input.
 */
const { fetchPage, db } = productionPages()

/** A listing with a video (the page's every part) on the site. */
const listingIdOn = (siteKey: SiteKey) =>
  (
    db
      .prepare('select id from listings where status = 1 and has_video = 1 and (? = 0 or (property_types & ?) != 0) order by id limit 1')
      .get(sites[siteKey].listingScopeBits, sites[siteKey].listingScopeBits) as { id: number }
  ).id
const soldListingId = (db.prepare('select id from listings where status = 4 order by id limit 1').get() as { id: number }).id
const broker = db
  .prepare(
    `select accounts.id, accounts.contact_name as contactName, accounts.company_name as companyName from accounts
     where exists (select 1 from listings where listings.account_id = accounts.id and listings.status = 1 and listings.upgrade_level > 0)
     order by accounts.id limit 1`,
  )
  .get() as { id: number; contactName: string | null; companyName: string | null }

/** Who is signed in for a page: the seeded demo accounts (app/models/accounts/demo-users.ts). */
const signedIn = {
  buyer: { email: 'demo.buyer@example.com', password: 'demo-buyer-1' },
  seller: { email: 'demo.seller@example.com', password: 'demo-seller-1' },
} as const

interface PageCase {
  path: string
  as?: keyof typeof signedIn
  /** 200 unless said. */
  status?: number
}

/** The pages every site has. */
function everySitesPages(siteKey: SiteKey): PageCase[] {
  const site = sites[siteKey]
  const directory = brokerDirectoryPath(site)
  const brokerPages = [brokerPagePath(site, broker), brokerPagePath(site, broker, 'listings')].filter((page) => page !== undefined)
  return [
    { path: '/' },
    { path: '/login' },
    { path: '/login/forgot' },
    { path: '/signup/' },
    { path: '/feedback' },
    { path: '/sitemap/' },
    ...Object.values(site.contentPaths).map((path) => ({ path })),
    ...(directory ? [{ path: directory }] : []),
    ...brokerPages.map((page) => ({ path: page })),
    { path: '/account', as: 'buyer' },
    { path: '/no-such-page/x', status: 404 },
  ]
}

const pagesBySite: Record<SiteKey, PageCase[]> = {
  land: [
    ...everySitesPages('land'),
    { path: '/financing' },
    { path: '/Texas' },
    { path: '/Travis-County-TX' },
    { path: '/market-insights/' },
    { path: '/search/texas-land-for-sale/' },
    { path: '/search/texas-land-for-sale/?view=map' },
    { path: '/search/texas-land-for-sale/acres-over-5000000/' },
    { path: `/property/x/${listingIdOn('land')}/` },
    { path: `/property/x/${soldListingId}/` },
    { path: '/account/details', as: 'buyer' },
    { path: '/account/security', as: 'buyer' },
    { path: '/account/savedproperties', as: 'buyer' },
    { path: '/account/savedsearches', as: 'buyer' },
    { path: '/account/listings', as: 'seller' },
    { path: '/account/listings/statistics', as: 'seller' },
    { path: '/account/leads', as: 'seller' },
    { path: '/account/listings/new', as: 'seller' },
    { path: '/lands-connector', as: 'buyer' },
    { path: '/lands-connector/new', as: 'buyer' },
    { path: '/offline' },
  ],
  farm: [...everySitesPages('farm'), { path: '/texas-land-for-sale/ranches' }, { path: `/property/x-${listingIdOn('farm')}/` }, { path: '/financing' }],
  hunting: [...everySitesPages('hunting'), { path: '/land' }, { path: `/pid/${listingIdOn('hunting')}` }, { path: '/financing' }],
  value: [
    ...everySitesPages('value'),
    { path: '/land-values/' },
    { path: '/land-values/texas/' },
    { path: '/land-values/texas/travis-county/' },
    { path: '/value/' },
    { path: '/value/?county=Travis&acres=40', status: 400 },
    { path: '/value/texas/travis-county/40-acres/' },
    { path: '/value/accuracy/' },
    { path: '/account/valuations', as: 'buyer' },
  ],
}

const pageCases = (Object.entries(pagesBySite) as [SiteKey, PageCase[]][]).flatMap(([siteKey, cases]) =>
  cases.map((page) => ({ ...page, siteKey, name: `${siteKey} ${page.path}${page.as ? ` (${page.as})` : ''}` })),
)

/** The page a crawler or a person lands on: redirects followed on the same site. */
async function landedPage(host: string, path: string, cookie: string | undefined) {
  let location = path
  for (let hop = 0; hop < 3; hop += 1) {
    const response = await fetchPage(host, location, { redirect: 'manual', headers: cookie ? { cookie } : {} })
    if (response.status < 300 || response.status >= 400) return { status: response.status, html: await response.text() }
    const target = new URL(response.headers.get('location')!, `http://${host}`)
    location = `${target.pathname}${target.search}`
  }
  throw new Error(`${host}${path} redirects too often`)
}

interface NuMessage {
  type: 'error' | 'info' | 'non-document-error'
  subType?: string
  url: string
  lastLine?: number
  message: string
}

const pages = new Map<string, { status: number; html: string }>()
const messages = new Map<string, NuMessage[]>()
let folder = ''

beforeAll(async () => {
  const cookies = new Map<string, string>()
  for (const page of pageCases) {
    const host = `${page.siteKey}.localhost`
    let cookie: string | undefined
    if (page.as) {
      const key = `${host} ${page.as}`
      if (!cookies.has(key)) cookies.set(key, await sessionCookie(fetchPage, host, signedIn[page.as], `198.18.39.${cookies.size + 1}`))
      cookie = cookies.get(key)
    }
    pages.set(page.name, await landedPage(host, page.path, cookie))
  }
  folder = await mkdtemp(path.join(os.tmpdir(), 'nu-validator-'))
  const files = pageCases.map((page, index) => ({ name: page.name, file: path.join(folder, `page-${index}.html`) }))
  await Promise.all(files.map(({ name, file }) => writeFile(file, pages.get(name)!.html)))
  // One Java run for every page: starting the validator takes seconds, checking a page a fraction of one.
  const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar')
  const { stdout } = await promisify(execFile)('java', ['-jar', vnuJar, '--format', 'json', '--stdout', '--exit-zero-always', ...files.map(({ file }) => file)], {
    maxBuffer: 64 * 1024 * 1024,
  })
  const byFile = new Map(files.map(({ name, file }) => [`file:${file}`, name]))
  for (const message of (JSON.parse(stdout) as { messages: NuMessage[] }).messages) {
    const name = byFile.get(message.url) ?? message.url
    messages.set(name, [...(messages.get(name) ?? []), message])
  }
}, 180_000)

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true })
})

describe.each(Object.keys(pagesBySite))('every page type of the %s site', (siteKey) => {
  test.each(pageCases.filter((page) => page.siteKey === siteKey))('$name is valid HTML', ({ name, status = 200 }) => {
    const { status: landedStatus, html } = pages.get(name)!
    expect(landedStatus).toBe(status)
    const errors = (messages.get(name) ?? []).filter((message) => message.type !== 'info').map((message) => `line ${message.lastLine}: ${message.message}`)
    expect(errors).toEqual([])
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
