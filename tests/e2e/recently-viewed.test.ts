import { type Page, expect, test } from '@playwright/test'
import { landListings } from '../support/test-database'
import { siteUrl, waitForHydration } from './support'

const strip = (page: Page) => page.getByRole('region', { name: 'Recently viewed' })

/** Spec §7 getviewedlistings: the listings a browser opened, kept in its storage, on the home and search pages. */
test('a buyer who viewed two listings finds them, newest first, under Recently viewed on the home and search pages', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'the strip is drawn by scripts from browser storage (below: nothing without them)')
  const [first, second] = landListings('listings.status = 1', { limit: 2, offset: 30 })
  for (const listing of [first!, second!]) {
    await page.goto(siteUrl('land', listing.path))
    await waitForHydration(page)
  }
  for (const path of ['/', '/search/all-land/']) {
    await page.goto(siteUrl('land', path))
    await waitForHydration(page)
    const links = strip(page).getByRole('link')
    await expect(links).toHaveCount(2)
    await expect(links.first()).toHaveAttribute('href', second!.path)
    await expect(links.first()).toContainText(second!.title)
    await expect(links.nth(1)).toHaveAttribute('href', first!.path)
  }
  await strip(page).getByRole('link').nth(1).click()
  await expect(page).toHaveURL(siteUrl('land', first!.path))
})

test('without scripts, or before any listing was viewed, there is no Recently viewed strip', async ({ page }, testInfo) => {
  if (testInfo.project.name === 'js-off') {
    await page.goto(siteUrl('land', landListings('listings.status = 1', { limit: 1, offset: 30 })[0]!.path))
  }
  await page.goto(siteUrl('land', '/'))
  if (testInfo.project.name === 'js-on') await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Popular states', exact: true })).toBeVisible()
  await expect(strip(page)).toHaveCount(0)
})
