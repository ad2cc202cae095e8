import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { type Page, expect, test } from '@playwright/test'
import { demoUsers } from '../../app/models/accounts/demo-users'
import { enterSecondFactor, logIn, siteUrl, waitForHydration } from './support'

/**
 * Every page type on every site, scanned by axe-core against WCAG 2.1 A/AA and axe's best
 * practices (labels, names, contrast, landmarks, heading order, keyboard-reachable scroll areas),
 * once as the server sends it and once hydrated.
 */

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface Violation {
  id: string
  help: string
  targets: string[]
}

async function axeViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> }
      }
    ).axe
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] })
    return result.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }))
  })
}

/** A listing and a broker page reached by links, so the scan follows whatever the seed made. */
async function firstHref(page: Page, url: string, selector: string) {
  await page.goto(url)
  const href = await page.locator(selector).first().getAttribute('href')
  expect(href).toBeTruthy()
  return new URL(href!, url).toString()
}

type PageRef = string | ((page: Page) => Promise<string>)

const landListing = (page: Page) => firstHref(page, siteUrl('land', '/search/texas-land-for-sale/'), 'article a[href*="/property/"]')

/** What each scan opens: fixed paths, and a listing and broker page of each kind reached by links. */
const pages: [name: string, ref: PageRef][] = [
  ['land home', siteUrl('land', '/')],
  ['land state search', siteUrl('land', '/search/texas-land-for-sale/')],
  ['land filtered search', siteUrl('land', '/search/all-land/acres-10-50/sort-price-high/')],
  ['land national search with the state map', siteUrl('land', '/search/all-land/')],
  ['land map view', siteUrl('land', '/search/texas-land-for-sale/?view=map')],
  ['land state landing', siteUrl('land', '/Texas')],
  ['land national landing', siteUrl('land', '/market-insights/')],
  ['land broker directory', siteUrl('land', '/broker/')],
  ['land sitemap', siteUrl('land', '/sitemap/')],
  ['land login', siteUrl('land', '/login/')],
  ['land signup', siteUrl('land', '/signup/')],
  ['land feedback', siteUrl('land', '/feedback/')],
  ['land terms', siteUrl('land', '/termsofuse/')],
  ['land feed documentation', siteUrl('land', '/landfeed/docs/')],
  ['land feed states', siteUrl('land', '/landfeed/states/')],
  ['land 404', siteUrl('land', '/no-such-page-x/')],
  ['land listing', landListing],
  ['land broker page', async (page) => firstHref(page, await landListing(page), 'a[href^="/member/"]')],
  ['farm home', siteUrl('farm', '/')],
  ['farm search', siteUrl('farm', '/texas-land-for-sale/')],
  ['farm listing', (page) => firstHref(page, siteUrl('farm', '/texas-land-for-sale/'), 'article a[href*="/property/"]')],
  ['hunting home', siteUrl('hunting', '/')],
  ['hunting agent directory', siteUrl('hunting', '/find-agent/')],
  ['hunting listing', (page) => firstHref(page, siteUrl('hunting', '/texas-land-for-sale/'), 'article a[href*="/pid/"]')],
  ['value home', siteUrl('value', '/')],
  ['value valuation', siteUrl('value', '/value/texas/travis-county/40-acres/recreational-land/')],
  ['value county-level range', siteUrl('value', '/value/texas/travis-county/1-acres/recreational-land/lat30.2672/long-97.7431/')],
  ['value form with messages', siteUrl('value', '/value/?state=texas&county=Travis&acres=0')],
  ['value accuracy', siteUrl('value', '/value/accuracy/')],
  ['value national land values', siteUrl('value', '/land-values/')],
  ['value state land values', siteUrl('value', '/land-values/texas/')],
  ['value county land values', siteUrl('value', '/land-values/texas/travis-county/')],
]

/** Hydration rarely changes markup; these pages have the most script-driven parts, so they are scanned hydrated too. */
const hydratedScans = new Set(['land home', 'land state search', 'land map view', 'land listing', 'farm search'])

for (const [name, ref] of pages) {
  for (const scripts of ['without scripts', 'with scripts'] as const) {
    if (scripts === 'with scripts' && !hydratedScans.has(name)) continue
    test(`${name} passes axe ${scripts}`, async ({ browser }, testInfo) => {
      test.skip(testInfo.project.name === 'js-off', 'axe itself needs JavaScript; the scan without scripts blocks the page scripts itself')
      const context = await browser.newContext()
      // The page as the server sends it: its own scripts never load (axe is evaluated by the test).
      if (scripts === 'without scripts') await context.route(/\.js(\?|$)/, (route) => route.abort())
      const page = await context.newPage()
      const url = typeof ref === 'string' ? ref : await ref(page)
      await page.goto(url)
      await page.waitForLoadState('load')
      const found = (await axeViolations(page)).map((violation) => `${violation.id} (${violation.help}) at ${violation.targets.join(' | ')}`)
      await context.close()
      expect(found, url).toEqual([])
    })
  }
}

/** The feedback modal open with its messages, and the saved-search popover shown (a faked clock brings it on). */
test('the feedback modal and a popover pass axe', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'axe itself needs JavaScript')
  await page.clock.install()
  await page.goto(siteUrl('land', '/search/texas-land-for-sale/'))
  await waitForHydration(page)
  await page.clock.runFor(30_000)
  await expect(page.getByRole('status', { name: 'Save this search' })).toBeVisible()
  await page.locator('footer').getByRole('link', { name: 'Feedback' }).click()
  const dialog = page.getByRole('dialog', { name: 'Send us feedback' })
  await dialog.getByRole('button', { name: 'Send feedback' }).click()
  await expect(dialog.getByText('This field is required.')).toBeVisible()
  expect((await axeViolations(page)).map((violation) => `${violation.id} (${violation.help}) at ${violation.targets.join(' | ')}`)).toEqual([])
})

/** A drawn area's map view (decision 0025) with maplibre up and its drawing tools open, one corner in. */
test('the drawing tools of the interactive map pass axe', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'axe itself needs JavaScript')
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(siteUrl('land', '/search/texas-land-for-sale/map-26_-106.5_36.5_-93.5/polygon-qoxm7prieeeaqppupqrli2767ay/?view=map'))
  await expect(page.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 20_000 })
  await page.getByRole('button', { name: 'Draw an area' }).click()
  const drawing = page.getByRole('form', { name: 'Draw an area' })
  await drawing.getByRole('button', { name: 'Add the centre as a corner' }).click()
  await expect(drawing.getByText('(1 of at least 3)')).toBeVisible()
  expect((await axeViolations(page)).map((violation) => `${violation.id} (${violation.help}) at ${violation.targets.join(' | ')}`)).toEqual([])
})

/** The sellers' tool (issue 15), hydrated, signed in as the demo seller: its list, every step of the form, a listing, the leads and the statistics. */
test('the sellers’ tool passes axe', async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'axe itself needs JavaScript')
  // Ten pages, each hydrated and scanned: on two busy cores that is more than the default 30 s.
  test.setTimeout(90_000)
  const context = await browser.newContext()
  const page = await context.newPage()
  await logIn(page, { email: 'demo.seller@example.com', password: 'demo-seller-1' })
  await page.goto(siteUrl('land', '/account/listings/'))
  const listingHref = await page.locator('table a[href^="/account/listings/"]').first().getAttribute('href')
  // A draft with mistakes saved on its first steps, so the scans see the fields' messages too.
  await page.goto(siteUrl('land', '/account/listings/new/'))
  await page.getByLabel('State', { exact: true }).selectOption('TX')
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page.getByText('This field is required.').first()).toBeVisible()
  const draft = new URL(page.url()).pathname.replace(/place\/$/, '')
  const steps = ['place', 'price', 'features', 'description', 'photos', 'review'].map((step) => `${draft}${step}/`)
  const found: string[] = []
  for (const path of ['/account/listings/', ...steps, listingHref!, '/account/leads/', '/account/listings/statistics/']) {
    await page.goto(siteUrl('land', path))
    await page.waitForLoadState('networkidle')
    found.push(...(await axeViolations(page)).map((violation) => `${path}: ${violation.id} (${violation.help}) at ${violation.targets.join(' | ')}`))
  }
  await context.close()
  expect(found).toEqual([])
})

/** The administrators' Site Analytics (issue 17 §7) with a page view in its tables, hydrated, signed in as the demo administrator, with My Account that links it. */
test('the administrators’ pages (Site Analytics, Scheduled Jobs) pass axe', async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'axe itself needs JavaScript')
  const context = await browser.newContext()
  const page = await context.newPage()
  const beacon = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/analytics')
  await page.goto(siteUrl('farm', '/land'))
  await beacon
  await page.goto(siteUrl('farm', '/login'))
  await page.getByLabel('E-mail').fill('demo.admin@example.com')
  await page.getByLabel('Password').fill('demo-admin-1')
  await page.locator('#main').getByRole('button', { name: 'Log in' }).click()
  // Administrators give a second factor (decision 0052): the demo one's published secret.
  await enterSecondFactor(page, { email: 'demo.admin@example.com', totpSecret: demoUsers.find((user) => user.isAdmin)!.totpSecret! })
  const found: string[] = []
  for (const path of ['/account/', '/account/analytics/', '/account/jobs/', '/account/security/']) {
    await page.goto(siteUrl('farm', path))
    await page.waitForLoadState('networkidle')
    if (path === '/account/analytics/') await expect(page.getByRole('region', { name: 'Page views and web vitals by page type' })).toBeVisible()
    found.push(...(await axeViolations(page)).map((violation) => `${path}: ${violation.id} (${violation.help}) at ${violation.targets.join(' | ')}`))
  }
  await context.close()
  expect(found).toEqual([])
})

/** The Lands Connector (issue 17), hydrated: the buyer's list, the form with its messages, a request and its change, and the professionals' reply page. */
test('the Lands Connector passes axe', async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'axe itself needs JavaScript')
  test.setTimeout(90_000)
  const context = await browser.newContext()
  const page = await context.newPage()
  const found: string[] = []
  const scan = async (url: string) => {
    expect((await page.goto(url))?.status(), url).toBe(200)
    await page.waitForLoadState('networkidle')
    found.push(...(await axeViolations(page)).map((violation) => `${url}: ${violation.id} (${violation.help}) at ${violation.targets.join(' | ')}`))
  }
  await logIn(page, { email: 'demo.buyer@example.com', password: 'demo-buyer-1' })
  await page.goto(siteUrl('land', '/lands-connector/new/'))
  await page.getByRole('group', { name: 'Place 1' }).getByLabel('State').selectOption({ label: 'Texas' })
  await page.getByRole('button', { name: 'Send my request' }).click()
  await expect(page.getByText('This field is required.')).toBeVisible()
  found.push(...(await axeViolations(page)).map((violation) => `the form with messages: ${violation.id} (${violation.help}) at ${violation.targets.join(' | ')}`))
  await page.getByLabel('I am pre-approved for a loan').check()
  await page.getByLabel('When do you want to buy?').selectOption({ label: 'Just looking' })
  const message = `A small ranch near Austin (${Date.now().toString(36)}).`
  await page.getByLabel('Your message to land professionals').fill(message)
  await page.getByRole('button', { name: 'Send my request' }).click()
  await expect(page).toHaveURL(/\/lands-connector\/\d+\//)
  const requestUrl = page.url().replace(/\?.*$/, '')
  // The reply page's signed link is in the e-mails to the professionals (the test server writes them to its outbox).
  const outbox = path.join(process.env.TEST_DATA_DIR ?? '.test-data', 'outbox')
  const replyPath = fs
    .readdirSync(outbox)
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, ''))
    .filter((mail) => mail.includes(message))
    .map((mail) => /\/lands-connector\/reply\/[^/\s]+\//.exec(mail)?.[0])
    .find(Boolean)
  expect(replyPath).toBeTruthy()
  for (const url of [requestUrl, `${requestUrl}edit/`, siteUrl('land', '/lands-connector/'), siteUrl('land', replyPath)]) await scan(url)
  await page.goto(requestUrl)
  await page.getByRole('button', { name: 'Delete this request' }).click()
  await expect(page).toHaveURL(/deleted=1/)
  await context.close()
  expect(found).toEqual([])
})
