import { type Page, expect, test } from '@playwright/test'
import { siteUrl } from './support'

/** From the national results, open the first card by its title, as a buyer would. */
async function openFirstResult(page: Page) {
  await page.goto(siteUrl('land', '/search/all-land/'))
  const titleLink = page.locator('article').first().getByRole('heading').getByRole('link')
  const title = (await titleLink.textContent())!.trim()
  await titleLink.click()
  await expect(page).toHaveURL(/\/property\/[a-z0-9-]+\/\d+\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  return title
}

test('a buyer opens a listing from the search results', async ({ page }) => {
  await openFirstResult(page)
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'United States' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'About this property' })).toBeVisible()
})

test('without JavaScript, every photo is a link to its full-size picture', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-on', 'with scripts the same links open the carousel (next test)')
  await openFirstResult(page)
  const photos = page.getByRole('region', { name: 'Photos' })
  const second = photos.getByRole('link', { name: /photo 2 of \d+$/ })
  await second.scrollIntoViewIfNeeded()
  const fullSize = /\/resizedimages\/0\/1600\/inside\/80\/1-\d+$/
  const [response] = await Promise.all([page.waitForResponse(fullSize), second.click()])
  await expect(page).toHaveURL(fullSize)
  expect(response.headers()['content-type']).toMatch(/^image\//)
})

test('with JavaScript, the photos open a full-screen carousel the keyboard pages through', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'the carousel is a script enhancement; without scripts the photos are plain links (previous test)')
  const title = await openFirstResult(page)
  // Before the scripts have run, a photo is a plain link to the full-size picture (previous test).
  await page.waitForLoadState('networkidle')
  const firstPhoto = page.getByRole('link', { name: /photo 1 of \d+$/ }).first()
  const alt = await firstPhoto.locator('img').getAttribute('alt')
  const total = Number(alt?.match(/of (\d+)$/)?.[1])
  await firstPhoto.click()
  const carousel = page.getByRole('dialog', { name: `Photos of ${title}` })
  await expect(carousel).toBeVisible()
  await expect(carousel.getByText(`1/${total}`)).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(carousel.getByText(`2/${total}`)).toBeVisible()
  await expect(carousel.getByRole('img', { name: `${title}, photo 2 of ${total}` })).toBeInViewport()
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(carousel.getByText(`${total}/${total}`)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(carousel).toBeHidden()
  await expect(firstPhoto).toBeFocused()
})
