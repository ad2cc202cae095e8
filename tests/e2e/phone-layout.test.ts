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
