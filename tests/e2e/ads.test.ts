import { type Page, expect, test } from '@playwright/test'
import { adImpression } from '~/models/ads/ad'
import { brokerDisplayName } from '~/utils/format'
import { countyWithOnlyAd, openTestDatabase } from '../support/test-database'
import { layoutShiftsOf, recordLayoutShifts, siteUrl, waitForFrameDrawn, waitForHydration, waitForIntersectionUpdate } from './support'

/**
 * First-party ads (issue 17 §8) in a browser: the slot and its link are in the page without
 * scripts; with them, an ad scrolled into view reports its impression, its picture arrives
 * without moving anything (CLS 0, measured in the page), and a click on a broker's or a lender's
 * ad opens their contact form.
 */

function impressionsOf(adId: number) {
  const db = openTestDatabase()
  try {
    return (db.prepare('select coalesce(sum(impressions), 0) as impressions from ad_daily_stats where ad_id = ?').get(adId) as { impressions: number }).impressions
  } finally {
    db.close()
  }
}

const adSlot = (page: Page) => page.getByRole('complementary', { name: 'Advertisement' })

test('without scripts the slot is in the page: labelled, a link with a name, its picture loaded', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-on', 'the page as a browser without scripts gets it; with scripts the picture waits for the slot to come near')
  const { slug, adId } = countyWithOnlyAd('broker')
  await page.goto(siteUrl('land', `/${slug}`))
  const slot = adSlot(page)
  await expect(slot.getByText('Advertisement', { exact: true })).toBeVisible()
  const link = slot.getByRole('link')
  await expect(link).toHaveAttribute('href', `/ads/${adId}/click`)
  await expect(link).toHaveAccessibleName(/^Looking for land in .+\?$/)
  await expect(slot.locator('img')).toHaveJSProperty('complete', true)
  expect(await slot.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
})

test('an ad seen for a second reports one impression; one below the fold reports none', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'the impression beacon is a script; without scripts no impression is counted (README)')
  const { slug, adId } = countyWithOnlyAd('broker')
  await page.setViewportSize({ width: 1280, height: 700 })
  const beacons: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/impression')) beacons.push(request.url())
  })
  // The second an impression waits for passes when the test runs the page's clock on.
  await page.clock.install()
  await page.goto(siteUrl('land', `/${slug}`))
  await waitForHydration(page)
  const slot = adSlot(page)
  await expect(slot).not.toBeInViewport()
  // The page's observer has seen the slot below the fold, and a second has passed since.
  await waitForIntersectionUpdate(slot)
  await page.clock.runFor(adImpression.milliseconds)
  expect(beacons).toEqual([])
  const before = impressionsOf(adId)
  const beacon = page.waitForResponse((response) => response.url().endsWith(`/ads/${adId}/impression`))
  await slot.scrollIntoViewIfNeeded()
  expect((await beacon).status()).toBe(204)
  expect(impressionsOf(adId)).toBeGreaterThan(before)
  // One per page view: staying, or scrolling away and back, sends no second one.
  await page.mouse.wheel(0, -2_000)
  await expect(slot).not.toBeInViewport()
  await waitForIntersectionUpdate(slot)
  await slot.scrollIntoViewIfNeeded()
  await waitForIntersectionUpdate(slot)
  await page.clock.runFor(adImpression.milliseconds)
  expect(beacons).toHaveLength(1)
})

test('the picture arrives as the slot comes near, and nothing on the page moves (CLS 0)', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'the layout-shift observer is a script')
  await recordLayoutShifts(page)
  for (const path of ['/', `/${countyWithOnlyAd('finance').slug}`, '/search/texas-land-for-sale/']) {
    await page.goto(siteUrl('land', path))
    await waitForHydration(page)
    const slot = adSlot(page)
    const picture = slot.locator('img:not(noscript img)')
    await slot.scrollIntoViewIfNeeded()
    await expect(picture).toHaveJSProperty('complete', true)
    expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth), path).toBeGreaterThan(0)
    // A frame laid out with the picture in it: a shift the picture made is recorded by then.
    await waitForFrameDrawn(page)
    expect(await layoutShiftsOf(page), path).toEqual([])
  }
})

test("a broker's ad opens the broker's message form", async ({ page }) => {
  const ad = countyWithOnlyAd('broker')
  await page.goto(siteUrl('land', `/${ad.slug}`))
  await adSlot(page).getByRole('link').click()
  await expect(page).toHaveURL(/\/member\/[a-z0-9-]+\/\d+#contact-seller$/)
  const name = brokerDisplayName({ contactName: ad.contactName, companyName: ad.companyName })
  const dialog = page.getByRole('dialog', { name: `Contact ${name}` })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Full name')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Send message' })).toBeVisible()
})

test("a lender's ad opens the lender's contact form", async ({ page }) => {
  const ad = countyWithOnlyAd('finance')
  await page.goto(siteUrl('land', `/${ad.slug}`))
  await adSlot(page).getByRole('link').click()
  await expect(page).toHaveURL(/\/financing\?fcid=\d+#finance-contact$/)
  const form = page.getByRole('region', { name: `Contact ${ad.lenderName}` })
  await expect(form.getByLabel('Full name')).toBeInViewport()
  await expect(form.getByRole('button', { name: 'Send message' })).toBeVisible()
})

test('spec §9 ad margins: the picture is fetched within 5 viewports of the slot and drawn within 2, not before', async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'without scripts the browser loads the picture with the page')
  const viewportHeight = 300
  // A sharp screen: the picture it draws is the 2× one of the source set, not the fallback.
  const context = await browser.newContext({ viewport: { width: 1280, height: viewportHeight }, deviceScaleFactor: 2 })
  const page = await context.newPage()
  const pictureRequests: string[] = []
  page.on('request', (request) => pictureRequests.push(new URL(request.url()).pathname))
  await page.goto(siteUrl('land', '/search/texas-land-for-sale/'))
  await waitForHydration(page)
  const slot = adSlot(page)
  const drawnPicture = slot.locator('img:not(noscript img)')
  // The picture's document, as the no-script copy names it: the last segment of its address.
  const document = /src="[^"]*\/([^/"]+)"/.exec((await slot.locator('noscript').textContent()) ?? '')![1]!
  const isPictureRequested = () => pictureRequests.some((path) => path.endsWith(`/${document}`))
  const slotTop = await slot.evaluate((element) => element.getBoundingClientRect().top + window.scrollY)
  /** Scrolls so the slot's top is `viewports` viewport heights below the viewport's bottom edge, and the page's observers have seen it there. */
  const scrollToSlotBelow = async (viewports: number) => {
    await page.evaluate((top) => window.scrollTo(0, top), slotTop - viewportHeight - viewports * viewportHeight)
    await waitForIntersectionUpdate(slot)
  }

  expect(slotTop).toBeGreaterThan(7 * viewportHeight)
  await scrollToSlotBelow(6)
  expect(isPictureRequested()).toBe(false)
  await expect(drawnPicture).toHaveCount(0)
  await scrollToSlotBelow(4)
  await expect.poll(isPictureRequested).toBe(true)
  await expect(drawnPicture).toHaveCount(0)
  await scrollToSlotBelow(1)
  await expect(drawnPicture).toHaveCount(1)
  // A generated picture is drawn by the server on its first request: on a busy machine that takes seconds.
  await expect(drawnPicture).toHaveJSProperty('complete', true, { timeout: 20_000 })
  // Fetched once: the picture drawn is the one fetched ahead, from the browser's cache.
  expect(pictureRequests.filter((path) => path.endsWith(`/${document}`))).toHaveLength(1)
  await context.close()
})
