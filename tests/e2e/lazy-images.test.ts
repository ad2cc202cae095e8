import { type ElementHandle, type Page, expect, test } from '@playwright/test'
import { layoutShiftsOf, recordLayoutShifts, siteUrl } from './support'

/**
 * Spec §9, lazy image margin 40 px (decision 0040): on a phone, a search page fetches the photos in
 * view, not those of the cards below it, which the browser's own lazy loading fetched from 1,250 px
 * away; a photo loads as the visitor scrolls to it, and nothing moves when it does. Without
 * scripts, the browser's own lazy loading still brings every photo in.
 */
const searchPath = '/search/texas-land-for-sale/'
const phone = { width: 412, height: 823 }

/** The photo ids the page has fetched, from the image requests' last path part (`1-{id}`). */
function recordPhotoRequests(page: Page) {
  const photoIds = new Set<string>()
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (path.startsWith('/resizedimages/')) photoIds.add(path.slice(path.lastIndexOf('/') + 1))
  })
  return photoIds
}

/** Each card's first photo: its id and how far below the top of the page its box starts, in page order. */
function cardPhotos(page: Page) {
  return page.locator('article .card-photo').evaluateAll((boxes) =>
    boxes.map((box) => {
      const image = box.querySelector('img') as HTMLImageElement
      const source = image.getAttribute('data-lazy-src') ?? image.getAttribute('src') ?? ''
      return { photoId: source.slice(source.lastIndexOf('/') + 1), top: image.getBoundingClientRect().top + window.scrollY }
    }),
  )
}

test('on a phone, the photos of the cards below the first view are fetched only as the visitor scrolls to them', async ({ page }, testInfo) => {
  const hasScripts = testInfo.project.name === 'js-on'
  await page.setViewportSize(phone)
  if (hasScripts) await recordLayoutShifts(page)
  const requested = recordPhotoRequests(page)
  await page.goto(siteUrl('land', searchPath))
  await page.waitForLoadState('networkidle')
  const photos = await cardPhotos(page)
  const [firstPhoto] = photos
  expect(firstPhoto && firstPhoto.top < phone.height).toBe(true)
  // Drawn at once: from the page itself, where the first card's photo travels (decision 0041).
  expect(
    await page
      .locator('article .card-photo img')
      .first()
      .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 1 && image.currentSrc.slice(0, 11)),
  ).toBe('data:image/')
  // Far below the first view: past the lazy margin and past the 300 px within which a card starts its carousel (spec §4).
  const farBelow = photos.filter((photo) => photo.top > phone.height + 400)
  expect(farBelow.length).toBeGreaterThan(3)
  const fetchedEarly = farBelow.filter((photo) => requested.has(photo.photoId))
  if (hasScripts) expect(fetchedEarly).toEqual([])

  // Scrolling to a card far down brings its photo, drawn, in both.
  const target = page.locator('article .card-photo').nth(photos.indexOf(farBelow[2] as (typeof photos)[number]))
  await target.scrollIntoViewIfNeeded()
  await expect
    .poll(() =>
      target
        .locator('img')
        .first()
        .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 1 && image.currentSrc),
    )
    .toContain(farBelow[2]?.photoId)
  expect(requested).toContain(farBelow[2]?.photoId)
  if (hasScripts) expect(await layoutShiftsOf(page)).toEqual([])
})

/** Scrolls the page so that the image's top edge is `below` px under the viewport's bottom edge, then lets a few frames pass. */
async function bringImageTo(image: ElementHandle<HTMLImageElement>, below: number) {
  await image.evaluate(async (element, distance) => {
    window.scrollBy(0, element.getBoundingClientRect().top - window.innerHeight - distance)
    for (let frame = 0; frame < 4; frame++) await new Promise(requestAnimationFrame)
  }, below)
}

const isHeld = (image: ElementHandle<HTMLImageElement>) => image.evaluate((element) => element.hasAttribute('data-lazy-src'))

test('with scripts, a lazy image loads once it is within 40 px of the viewport, and in the map view’s list once it is in view', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'without scripts the distance is the browser’s own')
  await page.goto(siteUrl('land', searchPath))
  await page.waitForLoadState('networkidle')
  // A broker's portrait on a card: the card's photo becomes a carousel from 300 px away (spec §4), which fetches it itself.
  const portrait = (await page.locator('article img[data-lazy-src]:not(.card-photo img)').nth(6).elementHandle()) as ElementHandle<HTMLImageElement>
  await bringImageTo(portrait, 60)
  expect(await isHeld(portrait)).toBe(true)
  await bringImageTo(portrait, 20)
  await expect.poll(() => isHeld(portrait)).toBe(false)
  await expect.poll(() => portrait.evaluate((image) => image.complete && image.naturalWidth > 1)).toBe(true)

  await page.goto(siteUrl('land', `${searchPath}?view=map`))
  await page.waitForLoadState('networkidle')
  const thumbnail = (await page.locator('ol img[data-lazy-src]').nth(3).elementHandle()) as ElementHandle<HTMLImageElement>
  await bringImageTo(thumbnail, 20)
  expect(await isHeld(thumbnail)).toBe(true)
  await bringImageTo(thumbnail, -10)
  await expect.poll(() => isHeld(thumbnail)).toBe(false)
})
