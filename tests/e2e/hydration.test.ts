import { expect, test } from '@playwright/test'
import { openTestDatabase } from '../support/test-database'
import { holdScripts, siteUrl, waitForHydration } from './support'

/**
 * With scripts, the pages with listing cards, menus and lazily hydrated parts (the rural market
 * section, the card carousel, the JSON-LD, a land value page's chart) hydrate without an error or
 * warning, and every resource they ask for (scripts, styles, the icon sprite, photos) is there.
 */
for (const [site, path] of [
  ['land', '/search/texas-land-for-sale/'],
  ['farm', '/texas-land-for-sale'],
  ['hunting', '/land'],
  ['land', '/Texas'],
  ['land', '/'],
  ['value', '/land-values/texas/travis-county/'],
] as const) {
  test(`${site} ${path} hydrates cleanly`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'js-off', 'hydration needs scripts')
    const problems: string[] = []
    // The browser's own favicon request is no resource of the page; its responses are checked below.
    // Playwright says so when it blocks the service worker, as these tests' configuration asks.
    const expectedMessages = /^(Failed to load resource|Service Worker registration blocked by Playwright)/
    page.on('console', (message) => {
      if (['error', 'warning'].includes(message.type()) && !expectedMessages.test(message.text())) problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(String(error)))
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`)
    })
    await page.goto(siteUrl(site, path))
    await page.waitForLoadState('networkidle')
    // Brings cards near the viewport, so their carousels load.
    await page.mouse.wheel(0, 3000)
    await page.waitForLoadState('networkidle')
    await page.locator('header summary:visible').first().click()
    expect(problems).toEqual([])
  })
}

test('with scripts, no script is fetched before the page has loaded, and the page hydrates after it (decision 0013)', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'hydration needs scripts')
  await page.goto(siteUrl('land', '/search/texas-land-for-sale/'))
  await waitForHydration(page)
  const timings = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    const scripts = performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
    return { loadEventStart: navigation!.loadEventStart, scriptStarts: scripts.map((entry) => entry.startTime) }
  })
  expect(timings.scriptStarts.length).toBeGreaterThan(0)
  expect(Math.min(...timings.scriptStarts)).toBeGreaterThanOrEqual(timings.loadEventStart)
})

test('what a visitor types before the scripts arrive is still there after hydration, and searches', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'hydration needs scripts')
  const releaseScripts = await holdScripts(page)
  await page.goto(siteUrl('hunting'))
  const box = page.getByRole('combobox', { name: 'Location or property ID' })
  await box.fill('Springfield')
  releaseScripts()
  await waitForHydration(page)
  await expect(box).toHaveValue('Springfield')
  await box.press('Enter')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Which “Springfield” did you mean?')
})

test('with scripts, a page that fails to render in the browser leads to /error/, naming the page that failed (spec §4, §8)', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'without scripts every page is drawn by the server, which answers its own error page')
  await page.goto(siteUrl('land', '/search/texas-land-for-sale/'))
  await waitForHydration(page)
  // The sorted results arrive without their cards' photos, so drawing the cards throws.
  await page.route('**/*.data*', async (route) => {
    // Node, which fetches for the test, cannot resolve *.localhost: ask the server by its address, naming the host.
    const url = new URL(route.request().url())
    const response = await route.fetch({ url: url.href.replace(url.hostname, '127.0.0.1'), headers: { ...route.request().headers(), host: url.host } })
    await route.fulfill({ response, body: (await response.text()).replaceAll('"imageIds"', '"imageIdz"') })
  })
  await page.getByLabel('Sort by').selectOption({ index: 1 })
  await expect(page).toHaveURL(/\/error\/\?eurl=%2Fsearch%2Ftexas-land-for-sale%2F/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // The error went to the client log (POST /logging/log/, spec §7) with the component stack of the card that failed.
  const db = openTestDatabase()
  try {
    const logged = db
      .prepare(`select severity, component_stack as componentStack from client_logs where page_url like ? and message like 'TypeError%' order by id desc limit 1`)
      .get('%/search/texas-land-for-sale/%') as { severity: string; componentStack: string } | undefined
    expect(logged?.severity).toBe('error')
    // The card is an <article>; its component is in the shared `app` chunk (decision 0032).
    expect(logged?.componentStack).toMatch(/assets\/app-[\w-]+\.js[^\n]*\n\s+at article /)
  } finally {
    db.close()
  }
})
