import { expect, test } from '@playwright/test'
import { demoUsers } from '~/models/accounts/demo-users'
import { logIn, siteUrl, waitForHydration } from './support'

/**
 * Spec §4 "Download button disabled with no results or while downloading (label 'Downloading...')"
 * and §6 "main land site at wide widths only": a seller's Download on the search results.
 */
const seller = demoUsers.find((user) => user.email === 'demo.seller@example.com')!
const wide = { width: 1280, height: 900 }

test("a seller's Download saves the results' CSV: a link without scripts, with them a button that says 'Downloading...' meanwhile", async ({ page }, testInfo) => {
  await page.setViewportSize(wide)
  await logIn(page, seller)
  await page.goto(siteUrl('land', '/search/texas-land-for-sale/'))
  if (testInfo.project.name === 'js-off') {
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download', exact: true }).click()
    expect((await download).suggestedFilename()).toBe('search-texas-land-for-sale.csv')
    return
  }
  await waitForHydration(page)
  // The file is held back until the button has been seen busy.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/download/search?**', async (route) => {
    await held
    await route.continue()
  })
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Downloading...' })).toBeDisabled()
  release()
  expect((await download).suggestedFilename()).toBe('search-texas-land-for-sale.csv')
  await expect(page.getByRole('button', { name: 'Download', exact: true })).toBeEnabled()
})

test('the Download is hidden below the wide breakpoint, and disabled with no results, saying why', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 })
  await logIn(page, seller)
  await page.goto(siteUrl('land', '/search/texas-land-for-sale/'))
  await expect(page.getByText('results', { exact: false }).first()).toBeVisible()
  await expect(page.locator('[data-download="search-results"]')).toBeHidden()
  await page.setViewportSize(wide)
  await expect(page.locator('[data-download="search-results"]')).toBeVisible()
  await page.goto(siteUrl('land', '/search/texas-land-for-sale/acres-over-5000000/'))
  await expect(page.getByRole('button', { name: 'Download (no results to download)' })).toBeDisabled()
})
