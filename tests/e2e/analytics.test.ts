import { expect, type Page, test } from '@playwright/test'
import { demoUsers } from '../../app/models/accounts/demo-users'
import { sites } from '../../app/sites/index'
import { openTestDatabase } from '../support/test-database'
import { enterSecondFactor, siteUrl, waitForHydration } from './support'

/**
 * First-party analytics in the browser (issue 17 §7): with scripts, a page's data layer holds its
 * events (and a client-side navigation's), its page view reaches our endpoint after the load
 * event, and its web vitals when the visitor leaves; without scripts nothing is sent and nothing fails. The administrators' page is
 * plain HTML either way.
 */
const admin = demoUsers.find((user) => user.email === 'demo.admin@example.com')!

/** Rows the server stored for a site since `since`, by event and metric. */
function storedSince(siteId: number, since: string) {
  const db = openTestDatabase()
  try {
    return db.prepare('select page_type as pageType, event, metric from analytics_events where site_id = ? and created_at >= ?').all(siteId, since) as {
      pageType: string
      event: string
      metric: string | null
    }[]
  } finally {
    db.close()
  }
}

/** Script errors, and any answer of our endpoint but a 204 (the browser's own favicon request is no concern of this page's). */
function collectProblems(page: Page) {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(String(error)))
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text())
  })
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/analytics' && response.status() !== 204) problems.push(`${response.status()} ${response.url()}`)
  })
  return problems
}

test('with scripts, a search page’s data layer has its page and search events; the page view is sent after load and the web vitals when the visitor leaves', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'the data layer needs scripts')
  const problems = collectProblems(page)
  const since = new Date().toISOString()
  const beacon = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/analytics')
  await page.goto(siteUrl('hunting', '/land'))
  expect((await beacon).status()).toBe(204)
  const dataLayer = (await page.evaluate(() => (window as unknown as { dataLayer: object[] }).dataLayer)) as Record<string, unknown>[]
  expect(dataLayer[0]).toEqual({ event: 'page', pageType: 'search' })
  expect(dataLayer[1]).toMatchObject({ event: 'search', pageType: 'search' })
  expect(dataLayer[1]!.resultCount).toBeGreaterThan(0)

  // Sorting after hydration is a client-side navigation: the new page pushes its own events.
  await waitForHydration(page)
  await page.getByLabel('Sort by').selectOption('price-desc')
  await expect(page).toHaveURL(/sort-price-high/)
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { dataLayer: { event: string }[] }).dataLayer.map((item) => item.event)))
    .toEqual(['page', 'search', 'page', 'search'])

  // Leaving the page hides it: its vitals are final and go out in the last beacon.
  await page.goto(siteUrl('hunting', '/sitemap/'))
  await expect
    .poll(() => {
      const rows = storedSince(sites.hunting.siteId, since)
      return {
        pageViews: rows.filter((row) => row.event === 'page' && row.pageType === 'search').length >= 2,
        searches: rows.some((row) => row.event === 'search'),
        vitals: [...new Set(rows.filter((row) => row.event === 'web-vital' && row.pageType === 'search').map((row) => row.metric))].sort(),
      }
    })
    .toEqual({ pageViews: true, searches: true, vitals: ['CLS', 'FCP', 'LCP'] })
  expect(problems).toEqual([])
})

test('without scripts, pages send nothing and show no error', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-on', 'this is the page without scripts')
  const problems = collectProblems(page)
  const beacons: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/analytics') beacons.push(request.url())
  })
  await page.goto(siteUrl('farm', '/land'))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.goto(siteUrl('farm', '/'))
  expect(beacons).toEqual([])
  expect(problems).toEqual([])
})

test('an administrator reaches Site Analytics from My Account and reads its tables', async ({ page }) => {
  await page.goto(siteUrl('value', '/login'))
  await page.getByLabel('E-mail', { exact: true }).fill(admin.email)
  await page.getByLabel('Password').fill(admin.password)
  await page.locator('#main').getByRole('button', { name: 'Log in' }).click()
  // Administrators give a second factor (decision 0052); the session cookie arrives with the answer to its post.
  await enterSecondFactor(page, { email: admin.email, totpSecret: admin.totpSecret! })
  await page.goto(siteUrl('value', '/account/'))
  await page.getByRole('link', { name: /Site Analytics/ }).click()
  await expect(page).toHaveURL(/\/account\/analytics\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Site Analytics' })).toBeVisible()
  const totals = page.getByRole('table', { name: 'Last 30 days' })
  for (const label of ['Page views', 'Searches', 'Listing views', 'File downloads', 'Leads']) {
    await expect(totals.getByRole('rowheader', { name: label })).toBeVisible()
  }
  await expect(page.getByRole('heading', { level: 2, name: 'By page type' })).toBeVisible()
})
