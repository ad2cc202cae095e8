import { type Page, expect, test } from '@playwright/test'
import { openSignupMailLink, siteUrl, waitForHydration } from './support'

/**
 * Favourites readable offline (issue 20 item 3, decision 0034): the service worker keeps a liked
 * listing's page and flyer, serves them with a notice once the network is gone, shows the offline
 * page (listing them) for anything else, and drops them when the person logs out.
 */

// Chromium's offline emulation reaches the worker's own requests only with this (playwright#2311).
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1'
test.use({ serviceWorkers: 'allow' })

const isKept = (page: Page, listingId: number) =>
  page.evaluate(async (id) => (await (await caches.open(`listing-${id}`)).match('/kept-listing.json')) !== undefined, listingId)

test('a favourite opens offline with a notice and its phone; any other page is the offline page listing it; logging out drops it', async ({
  page,
  context,
}, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'the service worker is registered by the page’s scripts; without them nothing is kept offline')
  // A whole journey of a dozen pages, a sign-up and a log-out: on two busy cores more than the default 30 s.
  test.setTimeout(60_000)
  await page.goto(siteUrl('land', '/signup/'))
  await page.getByLabel('Full name').fill('Pat Offline')
  const email = `offline-${Date.now().toString(36)}@example.com`
  await page.getByLabel('E-mail', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill('creek-side-42')
  await page.getByLabel('Confirm password').fill('creek-side-42')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await openSignupMailLink(page, email)
  await expect(page).toHaveURL(siteUrl('land', '/account/'))

  // A diamond result names its broker, with a phone.
  await page.goto(siteUrl('land', '/search/texas-land-for-sale/'))
  const listingLink = page
    .locator('article')
    .filter({ has: page.locator('a[href^="tel:"]') })
    .first()
    .locator('h3 a')
  const title = (await listingLink.textContent())!.trim()
  const listingPath = (await listingLink.getAttribute('href'))!
  const listingId = Number(listingPath.match(/(\d+)\/$/)![1])
  await page.goto(siteUrl('land', listingPath))
  await waitForHydration(page)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  const call = page.getByRole('link', { name: /^Call / })
  const callText = (await call.textContent())!
  await page.getByRole('button', { name: 'Save this property' }).click()
  await expect(page.getByRole('button', { name: 'Save this property' })).toHaveAttribute('aria-pressed', 'true')
  await expect.poll(() => isKept(page, listingId)).toBe(true)

  await context.setOffline(true)
  await page.goto(siteUrl('land', listingPath))
  await expect(page.getByRole('status').filter({ hasText: /^You are offline — this copy was saved on \w+ \d{1,2}, \d{4}$/ })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await expect(page.getByRole('link', { name: callText })).toBeVisible()
  await expect(page.locator('img[fetchpriority="high"]')).toHaveJSProperty('complete', true)
  expect(await page.locator('img[fetchpriority="high"]').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)

  await page.goto(siteUrl('land', `/flyer/${listingId}`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await expect(page.getByText(callText.replace(/^Call /, ''), { exact: true })).toBeVisible()

  await page.goto(siteUrl('land', '/Texas'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline')
  await page.getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(siteUrl('land', listingPath))
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible()

  await context.setOffline(false)
  await page.goto(siteUrl('land', '/logout'))
  await page.getByRole('button', { name: 'Log out' }).click()
  // The form posts as a document: look at the caches from the page it leads to, not the one it leaves.
  await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0)
  await expect.poll(() => isKept(page, listingId)).toBe(false)
  await context.setOffline(true)
  await page.goto(siteUrl('land', listingPath))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline')
  await expect(page.getByRole('link', { name: title })).toHaveCount(0)
})
