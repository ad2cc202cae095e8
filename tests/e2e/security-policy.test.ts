import { type Page, expect, test } from '@playwright/test'
import { contactableListing, openTestDatabase } from '../support/test-database'
import { siteUrl, waitForHydration } from './support'

/**
 * Issue 18 item 2: every page runs under a Content-Security-Policy with per-response nonces
 * (decision 0023). What the pages do with scripts still works under it, with no violation: the
 * interactive map (maplibre's workers, our shapes), the video and tour players, the data layer's
 * beacons; and forms without scripts still post (the browser sends the page's own Origin).
 */
test.use({ viewport: { width: 1280, height: 800 } })

/** Everything the browser reports as blocked by the policy: the page's own events and the console's messages. */
async function watchPolicyViolations(page: Page) {
  const consoleReports: string[] = []
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) consoleReports.push(message.text())
  })
  await page.addInitScript(() => {
    const reports: string[] = []
    Object.assign(window, { policyViolations: reports })
    document.addEventListener('securitypolicyviolation', (event) => reports.push(`${event.violatedDirective} ${event.blockedURI}`))
  })
  return async () => [...consoleReports, ...(await page.evaluate(() => (window as unknown as { policyViolations: string[] }).policyViolations))]
}

test('with scripts: the interactive map draws and the data layer sends its beacon, with no policy violation', async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'the scripts are what the policy governs')
  const violations = await watchPolicyViolations(page)
  const beacon = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/analytics')
  await page.goto(siteUrl('land', '/search/texas-land-for-sale/?view=map'))
  await expect(page.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 20_000 })
  // The map drew its points: its worker ran and our shapes loaded.
  await expect(page.getByRole('region', { name: 'Map' }).getByRole('link', { name: /^\d+\. / })).toHaveCount(25)
  expect((await beacon).status()).toBe(204)
  await waitForHydration(page)
  expect(await violations()).toEqual([])
})

test('with scripts: a listing’s video and virtual tour players open, with no policy violation', async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'without scripts the players are links to their hosts')
  const listing = openTestDatabase()
    .prepare(
      `select id from listings where status = 1 and video_url like 'https://www.youtube.com/%' and virtual_tour_url is not null and image_ids != '[]' order by id limit 1`,
    )
    .get() as { id: number }
  const violations = await watchPolicyViolations(page)
  // A player's frame is asked for only once the policy lets it through (the network here is closed: the request then fails).
  const frameRequested = (host: string) => page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).host === host)
  await page.goto(siteUrl('land', `/property/${listing.id}`))
  await waitForHydration(page)
  const videoFrame = frameRequested('www.youtube-nocookie.com')
  await page.getByRole('link', { name: 'Watch video' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\//)
  await videoFrame
  const tourFrame = frameRequested('tours.example')
  await dialog.getByRole('tab', { name: 'Virtual tour' }).click()
  await expect(dialog.locator('iframe')).toHaveAttribute('src', /^https:\/\/tours\.example\//)
  await tourFrame
  expect(await violations()).toEqual([])
})

test('without scripts: the contact form posts with the page’s own Origin and is accepted', async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, 'the plain form post')
  const listing = contactableListing(21)
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '203.0.113.181' })
  await page.goto(siteUrl('land', listing.path))
  await page.getByRole('complementary', { name: 'Seller' }).getByRole('link', { name: 'Contact Seller' }).click()
  const dialog = page.getByRole('dialog', { name: /^Contact / })
  await dialog.getByLabel('Full name').fill('Pat Buyer')
  await dialog.getByLabel('E-mail').fill('pat@example.com')
  await dialog.getByLabel('Message').fill('Is the gate locked?')
  const post = page.waitForRequest((request) => request.method() === 'POST')
  await dialog.getByRole('button', { name: 'Send message' }).click()
  expect((await post).headers().origin).toBe(new URL(siteUrl('land')).origin)
  await expect(page.getByRole('status')).toHaveText('Your message was sent. The seller will reply to the e-mail address you gave.')
})
