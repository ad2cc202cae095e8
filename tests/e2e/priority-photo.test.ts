import { type Page, expect, test } from '@playwright/test'
import { contactableListing } from '../support/test-database'
import { siteUrl, waitForHydration } from './support'

/**
 * Decision 0041: a page's priority photo comes inside the document at the width a phone draws it,
 * so a phone draws it without a request of its own (a round trip after the document on a rural
 * link); a wide screen still fetches its wider rendition. Hydration, and a result card turning
 * into a carousel, keep the photo as it came.
 */
/** Lighthouse's phone: 412 px wide at 1.75 device pixels per CSS pixel. */
const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 }

/** The photo renditions the page fetched, by path: `/resizedimages/{height}/{width}/…/1-{id}`. */
function recordPhotoRequests(page: Page) {
  const paths: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (path.startsWith('/resizedimages/')) paths.push(path)
  })
  return paths
}

/** The photo's renditions a phone would draw it from (700 px wide or more); the page shows the same photo smaller elsewhere too. */
const phoneRenditions = (paths: string[], photoId: string | undefined) => paths.filter((path) => path.endsWith(`/${photoId}`) && Number(path.split('/')[3]) >= 700)

const priorityPhoto = (page: Page) => page.locator('img[fetchpriority=high]')
const drawnSource = (page: Page) =>
  priorityPhoto(page).evaluate((image: HTMLImageElement) => (image.complete && image.naturalWidth > 0 ? image.currentSrc.slice(0, 40) : 'not drawn'))
/** The photo's document id, the last part of its renditions' paths (`1-{id}`). */
const photoIdOf = (page: Page) =>
  priorityPhoto(page).evaluate((image: HTMLImageElement) => {
    const networkCandidate = image.srcset.split(', ').find((candidate) => candidate.startsWith('/resizedimages/')) ?? ''
    return networkCandidate.slice(networkCandidate.lastIndexOf('/') + 1).split(' ')[0]
  })

test.describe('on a phone', () => {
  test.use(phone)

  test('a listing draws its first photo from the page itself, and keeps it through hydration', async ({ page }, testInfo) => {
    const requested = recordPhotoRequests(page)
    await page.goto(siteUrl('land', contactableListing(0).path))
    await expect.poll(() => drawnSource(page)).toMatch(/^data:image\/webp;base64,/)
    if (testInfo.project.name === 'js-on') await waitForHydration(page)
    await page.waitForLoadState('networkidle')
    const photoId = await photoIdOf(page)
    expect(photoId).toMatch(/^1-\d+$/)
    expect(phoneRenditions(requested, photoId)).toEqual([])
    expect(await drawnSource(page)).toMatch(/^data:/)
  })

  test('with scripts, the first result card becomes a carousel and its first slide is still the photo from the page', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'js-off', 'without scripts the card keeps its one photo')
    const requested = recordPhotoRequests(page)
    await page.goto(siteUrl('land', '/search/texas-land-for-sale/'))
    const photoId = await photoIdOf(page)
    const firstCard = page.locator('article').first()
    await expect(firstCard.getByRole('group', { name: /^Photos of / })).toBeVisible()
    await page.waitForLoadState('networkidle')
    const firstSlide = firstCard.locator('img').first()
    expect(await firstSlide.evaluate((image: HTMLImageElement) => image.currentSrc.slice(0, 11))).toBe('data:image/')
    expect(phoneRenditions(requested, photoId)).toEqual([])
  })
})

test('a wide screen fetches the wider rendition of the same photo', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const requested = recordPhotoRequests(page)
  await page.goto(siteUrl('land', contactableListing(0).path))
  await expect.poll(() => drawnSource(page)).toMatch(/^http:\/\/land\.localhost:\d+\/resized/)
  const photoId = await photoIdOf(page)
  expect(phoneRenditions(requested, photoId).length).toBeGreaterThan(0)
})
