import { type Page, expect, test } from '@playwright/test'
import { landListings, openTestDatabase } from '../support/test-database'
import { siteUrl, waitForHydration, waitForPageReady } from './support'

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
  const carousel = page.getByRole('dialog', { name: `Photos and maps of ${title}` })
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

test('with JavaScript, the carousel loads the photos 3 either side of the one shown, and the next ones as it moves on', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'the carousel is a script enhancement')
  const [listing] = landListings('listings.status = 1 and json_array_length(listings.image_ids) >= 12', { limit: 1, offset: 0 })
  await page.goto(siteUrl('land', listing!.path))
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
  const firstPhoto = page.getByRole('link', { name: /photo 1 of \d+$/ }).first()
  const total = Number((await firstPhoto.locator('img').getAttribute('alt'))?.match(/of (\d+)$/)?.[1])
  await firstPhoto.click()
  const carousel = page.getByRole('dialog', { name: /^Photos and maps of / })
  await expect(carousel.getByText(`1/${total}`)).toBeVisible()
  /** The numbers of the photos whose pictures the carousel has asked for. */
  const loadedPhotos = async () =>
    (
      await carousel.locator('.keen-slider img').evaluateAll((images) => images.map((image) => Number(image.getAttribute('alt')?.match(/photo (\d+) of/)?.[1])))
    ).sort((a, b) => a - b)
  expect(await loadedPhotos()).toEqual([1, 2, 3, 4, total - 2, total - 1, total])
  await page.keyboard.press('ArrowRight')
  await expect(carousel.getByText(`2/${total}`)).toBeVisible()
  await expect.poll(loadedPhotos).toEqual([1, 2, 3, 4, 5, total - 2, total - 1, total])
})

test('the map link shows where the land is: the location section without JavaScript, the carousel map tabs with it', async ({ page }, testInfo) => {
  const title = await openFirstResult(page)
  await waitForPageReady(page, testInfo)
  await page.getByRole('link', { name: 'Map', exact: true }).click()
  if (testInfo.project.name === 'js-off') {
    await expect(page).toHaveURL(/#location$/)
    const map = page.getByRole('region', { name: 'Location' }).getByRole('img', { name: /^Map of the property in / })
    await expect(map).toBeInViewport()
    await expect.poll(() => map.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
    return
  }
  const carousel = page.getByRole('dialog', { name: `Photos and maps of ${title}` })
  await expect(carousel.getByRole('tab', { name: 'Property map' })).toHaveAttribute('aria-selected', 'true')
  // The dialog focuses its first control, Close; the selected tab is the next stop, and arrows move between tabs.
  await expect(carousel.getByRole('button', { name: /^Close/ })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(carousel.getByRole('tab', { name: 'Property map' })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(carousel.getByRole('tab', { name: 'Local map' })).toHaveAttribute('aria-selected', 'true')
  const localMap = carousel.getByRole('img', { name: /within its state$/ })
  await expect(localMap).toBeVisible()
  await expect.poll(() => localMap.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
  await page.keyboard.press('Escape')
  await expect(carousel).toBeHidden()
})

test('with JavaScript, the video plays inside the carousel and its player loads only when opened', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'without scripts "Watch video" opens the video on its host')
  const listing = openTestDatabase()
    .prepare(`select id from listings where status = 1 and video_url like 'https://www.youtube.com/%' and image_ids != '[]' order by id limit 1`)
    .get() as { id: number }
  await page.goto(siteUrl('land', `/property/${listing.id}`))
  await waitForPageReady(page, testInfo)
  await expect(page.locator('iframe')).toHaveCount(0)
  await page.getByRole('link', { name: 'Watch video' }).click()
  const player = page.getByRole('dialog').locator('iframe')
  await expect(player).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+$/)
  await expect(page.getByRole('tab', { name: 'Video' })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('tab', { name: 'Photos' }).click()
  await expect(player).toHaveCount(0)
  await expect(page.getByRole('dialog').getByText(/(^|\s)1\/\d+$/)).toBeVisible()
})
