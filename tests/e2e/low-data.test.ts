import { expect, test } from '@playwright/test'
import { siteUrl, waitForHydration } from './support'

/**
 * Low data (issue 20 item 2) in a browser, with and without scripts: a browser sending
 * `Save-Data: on` gets the lighter page and says so, and the footer's toggle turns it off (though
 * the browser still sends the header) and on again, back on the same page each time.
 */
const searchPath = '/search/texas-land-for-sale/'
const lowDataLine = 'Low data is on — photos are smaller and maps load when you ask.'

test('a Save-Data browser gets the lighter page, and the footer turns Low data off and on', async ({ page }, testInfo) => {
  await page.setExtraHTTPHeaders({ 'Save-Data': 'on' })
  await page.goto(siteUrl('land', searchPath))
  const footer = page.getByRole('contentinfo')
  const firstPhoto = page.locator('article .card-photo img').first()
  const firstCarousel = page
    .locator('article')
    .first()
    .getByRole('group', { name: /^Photos of / })
  await expect(footer.getByText(lowDataLine)).toBeVisible()
  await expect(firstPhoto).toHaveAttribute('srcset', /\/cover\/40\/webp\/.* 480w$/)
  if (testInfo.project.name === 'js-on') {
    // With scripts, a card near the viewport would become a carousel of its photos: not with Low data.
    await waitForHydration(page)
    await page.locator('article').nth(1).scrollIntoViewIfNeeded()
    await page.waitForLoadState('networkidle')
    await expect(firstCarousel).toHaveCount(0)
  }

  await footer.getByRole('button', { name: 'Turn off Low data' }).click()
  await expect(page).toHaveURL(siteUrl('land', searchPath))
  await expect(footer.getByText(lowDataLine)).toHaveCount(0)
  await expect(firstPhoto).toHaveAttribute('srcset', /\/cover\/60\/webp\/.* 960w$/)
  if (testInfo.project.name === 'js-on') {
    // …which it does once Low data is off.
    await waitForHydration(page)
    await expect(firstCarousel).toBeVisible()
  }

  await footer.getByRole('button', { name: 'Turn on Low data' }).click()
  await expect(page).toHaveURL(siteUrl('land', searchPath))
  await expect(footer.getByText(lowDataLine)).toBeVisible()
  await expect(firstPhoto).toHaveAttribute('srcset', /\/cover\/40\/webp\/.* 480w$/)
})
