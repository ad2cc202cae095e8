import { type Page, expect, test } from '@playwright/test'
import { openFilterPanel, searchResultsUrl, siteUrl, waitForPageReady } from './support'

/**
 * After filtering or sorting, the buyer sees the new results: the page opens (without scripts) or
 * moves (with them) to the results' heading, where it kept its place at the bottom of the long
 * filter column and showed the ad and the footer.
 */

/** The results' heading is in view, with the first result card below it; where the page moved to it, at the top of the screen. */
async function expectResultsInView(page: Page, { atTop }: { atTop: boolean }) {
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toBeInViewport()
  if (atTop) await expect.poll(() => heading.evaluate((element) => Math.round(element.getBoundingClientRect().top))).toBeLessThan(80)
  await expect(page.locator('article').first()).toBeInViewport()
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport })

    test("'Apply filters' at the foot of the filter column shows the results' heading", async ({ page }, testInfo) => {
      await page.goto(siteUrl('land', '/search/texas-land-for-sale/'))
      await waitForPageReady(page, testInfo)
      // On a phone the panel starts closed above the results (spec §9).
      if (viewport.width < 640) await page.locator('summary', { hasText: 'Filter' }).click()
      else await openFilterPanel(page, testInfo)
      await page.getByLabel('Min acres').fill('5')
      const apply = page.getByRole('button', { name: 'Apply filters' })
      await apply.scrollIntoViewIfNeeded()
      await apply.click()
      await expect(page).toHaveURL(searchResultsUrl('land', '/search/texas-land-for-sale/acres-over-5/'))
      await expectResultsInView(page, { atTop: true })
      // With scripts, focus follows, so the keyboard and screen readers go on from the results.
      if (testInfo.project.name === 'js-on') await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
      await page.screenshot({ path: testInfo.outputPath('after-apply-filters.png') })
    })
  })
}

test('a sort shows the results in the new order from their heading', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto(siteUrl('land', '/search/texas-land-for-sale/'))
  await waitForPageReady(page, testInfo)
  const sort = page.getByLabel('Sort by')
  await sort.focus()
  await sort.selectOption('price-desc')
  const sortButton = page.getByRole('button', { name: 'Sort', exact: true })
  if (testInfo.project.name === 'js-off') await sortButton.click()
  await expect(page).toHaveURL(searchResultsUrl('land', '/search/texas-land-for-sale/sort-price-high/'))
  // Without scripts the new page opens at the heading; with them the results change in place below the control.
  await expectResultsInView(page, { atTop: testInfo.project.name === 'js-off' })
  // With scripts the order changes below the control, which keeps focus: choosing an option moves nobody elsewhere.
  if (testInfo.project.name === 'js-on') await expect(sort).toBeFocused()
})
