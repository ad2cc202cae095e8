import { expect, test } from '@playwright/test'
import { siteUrl } from './support'

/** Rural buyers are mostly on phones: no page may be wider than a 390 px screen (a card or a long address once pushed it sideways). */
test.use({ viewport: { width: 390, height: 844 } })

const pages = [
  ['land', '/'],
  ['land', '/search/texas-land-for-sale/'],
  ['land', '/Texas'],
  ['land', '/broker/'],
  ['farm', '/texas-land-for-sale'],
  ['hunting', '/find-agent/'],
  ['value', '/'],
] as const

for (const [site, path] of pages) {
  test(`${site} ${path} fits a phone screen`, async ({ page }) => {
    await page.goto(siteUrl(site, path))
    await page.waitForLoadState('load')
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }))
    expect(widths.page).toBeLessThanOrEqual(widths.screen)
  })
}

test('a listing page fits a phone screen', async ({ page }) => {
  await page.goto(siteUrl('land', '/search/all-land/'))
  await page.locator('article').first().getByRole('heading').getByRole('link').click()
  await page.waitForLoadState('load')
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }))
  expect(widths.page).toBeLessThanOrEqual(widths.screen)
})

test("a card's photo strip takes the finger: a swipe moves its photos, a tap opens the listing", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'without scripts a card has one photo, inside the card link')
  await page.goto(siteUrl('land', '/search/texas-land-for-sale/'))
  const strip = page.locator('[aria-roledescription="carousel"]').first()
  await expect(strip).toBeVisible()
  const box = (await strip.boundingBox())!
  // What a finger touching the middle of the photo lands on must be the strip, not the card's stretched title link.
  const underFinger = await page.evaluate(
    ([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest('[aria-roledescription="carousel"]')),
    [box.x + box.width / 2, box.y + box.height / 2],
  )
  expect(underFinger).toBe(true)
  const track = strip.locator('[tabindex="0"]')
  await track.evaluate((element) => element.scrollTo({ left: element.clientWidth }))
  await expect(strip.getByText(/^Photo 2 of \d+$/)).toBeAttached()
  const cardHref = await strip.locator('xpath=ancestor::article').locator('h3 a, h2 a').first().getAttribute('href')
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  await expect(page).toHaveURL(new URL(cardHref!, page.url()).toString())
})
