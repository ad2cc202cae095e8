import { type Page, expect, test } from '@playwright/test'
import { searchResultsUrl, siteUrl, waitForHydration } from './support'

const phone = { width: 390, height: 844 }

/** The mobile menu: the header's <details> whose own summary reads Menu. */
function mobileMenu(page: Page) {
  const menu = page.locator('header details', { has: page.locator(':scope > summary', { hasText: 'Menu' }) })
  return { menu, button: menu.locator(':scope > summary'), nav: menu.getByRole('navigation', { name: 'Main' }) }
}

test.describe('on a phone', () => {
  test.use({ viewport: phone })

  test('the mobile menu opens and leads to a state search', async ({ page }) => {
    await page.goto(siteUrl('land'))
    const { button, nav } = mobileMenu(page)
    await expect(page.locator('header nav[aria-label="Main"]').first()).toBeHidden()
    await expect(nav).toBeHidden()
    await button.click()
    await expect(nav).toBeVisible()
    await nav.locator('summary', { hasText: 'Search By State' }).click()
    await nav
      .getByRole('list', { name: /^States / })
      .getByRole('link', { name: 'Texas Land For Sale' })
      .click()
    await expect(page).toHaveURL(siteUrl('land', '/search/texas-land-for-sale/'))
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Texas')
  })

  test('the farm site menu offers Find Agents and Add a Property', async ({ page }) => {
    await page.goto(siteUrl('farm'))
    const { button, nav } = mobileMenu(page)
    await button.click()
    await expect(nav.getByRole('link', { name: 'Find Agents' })).toHaveAttribute('href', '/real-estate-agents/')
    await expect(nav.getByRole('link', { name: 'Add a Property' })).toHaveAttribute('href', '/addlisting/?siteId=1080&utm_source=farm&utm_medium=referral')
  })

  test('with scripts, the open mobile menu scrolls to the top and locks the page until closed', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'js-off', 'scrolling to the top and locking the page are script enhancements; without scripts the menu just opens')
    await page.goto(siteUrl('land', '/search/texas-land-for-sale/'))
    await waitForHydration(page)
    await page.evaluate(() => window.scrollTo(0, 1500))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    const { button, nav } = mobileMenu(page)
    // The header scrolled away with the page; focus the menu button without scrolling back to it.
    await button.evaluate((summary: HTMLElement) => summary.focus({ preventScroll: true }))
    await page.keyboard.press('Enter')
    await expect(nav).toBeVisible()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden')
    await page.mouse.wheel(0, 800)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await page.keyboard.press('Escape')
    await expect(nav).toBeHidden()
    await expect(button).toBeFocused()
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('')
  })
})

test('the footer shows ten popular states and the rest behind More states', async ({ page }) => {
  await page.goto(siteUrl('land', '/search/all-land/'))
  const column = page.locator('footer section', { has: page.getByRole('heading', { name: 'Popular States' }) })
  await expect(column.getByRole('link')).toHaveCount(10)
  const more = column.getByRole('list', { name: 'More states' })
  await expect(more).toBeHidden()
  await column.locator('summary', { hasText: 'More states' }).click()
  await expect(more).toBeVisible()
  const hiddenBefore = more.getByRole('link').first()
  const href = await hiddenBefore.getAttribute('href')
  expect(href).toMatch(/^\/search\/[a-z-]+-land-for-sale\/$/)
  await hiddenBefore.click()
  await expect(page).toHaveURL(siteUrl('land', href!))
})

test('on a wide screen the land menu drops down the states, and a second menu replaces the first', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(siteUrl('land'))
  const nav = page.locator('header').getByRole('navigation', { name: 'Main' })
  await expect(mobileMenu(page).button).toBeHidden()
  await nav.locator('summary', { hasText: 'Search Land' }).click()
  await expect(nav.getByRole('list', { name: 'Auctions' })).toBeVisible()
  await nav.locator('summary', { hasText: 'Search By State' }).click()
  await expect(nav.getByRole('list', { name: 'Auctions' })).toBeHidden()
  await nav.getByRole('link', { name: 'Wyoming Land For Sale' }).click()
  await expect(page).toHaveURL(siteUrl('land', '/search/wyoming-land-for-sale/'))
})

test('the farm and hunting sites keep the mobile menu up to the larger-than-iPad-Pro width', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(siteUrl('hunting'))
  await expect(mobileMenu(page).button).toBeVisible()
  await page.setViewportSize({ width: 1440, height: 900 })
  await expect(mobileMenu(page).button).toBeHidden()
  await expect(page.locator('header').getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find Agents' })).toHaveAttribute('href', '/find-agent/')
})

test("the menu's Owner Financing leads to the owner financing landing, titled and headed as such", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(siteUrl('land'))
  const nav = page.locator('header').getByRole('navigation', { name: 'Main' })
  await nav.locator('summary', { hasText: 'Search Land' }).click()
  await nav.getByRole('link', { name: 'Owner Financing' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('United States Owner Financed Land for Sale')
  await expect(page).toHaveTitle(/^United States Owner Financed Land for Sale – [\d,]+ Listings$/)
})

test("the menu's state panel and the footer's columns keep their links through hydration and a client navigation (decision 0057)", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'without scripts every page is a whole document')
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(siteUrl('land', '/search/texas-land-for-sale/'))
  await waitForHydration(page)
  // Sorting with scripts changes the results in place: a client navigation, which keeps the root's frame.
  const firstResult = page.locator('main article').first()
  const firstBefore = await firstResult.textContent()
  await page.getByLabel('Sort by').selectOption('price-desc')
  await expect(page).toHaveURL(searchResultsUrl('land', '/search/texas-land-for-sale/sort-price-high/'))
  await expect(firstResult).not.toHaveText(firstBefore!)
  const popularStates = page.locator('footer section', { has: page.getByRole('heading', { name: 'Popular States' }) })
  await expect(popularStates.getByRole('link')).toHaveCount(10)
  const nav = page.locator('header').getByRole('navigation', { name: 'Main' })
  await nav.locator('summary', { hasText: 'Search By State' }).click()
  await nav.getByRole('link', { name: 'Wyoming Land For Sale' }).click()
  await expect(page).toHaveURL(siteUrl('land', '/search/wyoming-land-for-sale/'))
})
