import { type Locator, type Page, type TestInfo, expect, test } from '@playwright/test'
import { landListings } from '../support/test-database'
import { fewPhotoListingTitles } from './global-setup'
import { siteUrl, waitForPageReady } from './support'

/**
 * What a buyer sees of a listing's photos: the full-screen viewer shows the photo (it once opened
 * black: keen-slider measured its slides inside the closed dialog, 0 wide), its other views show
 * theirs, and the hero lays out one, two and three or more photos with no empty block.
 */

/** The element is drawn: at least `minimumSize` pixels each way, wholly inside the viewport, and a picture that has arrived. */
async function expectSeen(element: Locator, minimumSize = 100) {
  await expect
    .poll(() =>
      element.evaluate((node, minimum) => {
        const box = node.getBoundingClientRect()
        return {
          isBigEnough: box.width >= minimum && box.height >= minimum,
          isInside: box.left >= -1 && box.top >= -1 && box.right <= window.innerWidth + 1 && box.bottom <= window.innerHeight + 1,
          hasPicture: !(node instanceof HTMLImageElement) || (node.complete && node.naturalWidth > 0),
        }
      }, minimumSize),
    )
    .toEqual({ isBigEnough: true, isInside: true, hasPicture: true })
}

/** The land site's page of a listing for sale with at least this many photos, and a video or tour where asked. */
function listingWith(condition: string) {
  const [listing] = landListings(`listings.status = 1 and ${condition}`, { limit: 1, offset: 0 })
  if (!listing) throw new Error(`No listing where ${condition}`)
  return listing
}

async function openViewer(page: Page, testInfo: TestInfo, listingPath: string) {
  await page.goto(siteUrl('land', listingPath))
  await waitForPageReady(page, testInfo)
  await page.getByRole('link', { name: /^View all \d+ photos$/ }).click()
  const viewer = page.getByRole('dialog', { name: /^Photos and maps of / })
  await expect(viewer).toBeVisible()
  return viewer
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport })

    test('the full-screen viewer shows each photo as it pages, by arrow key and button', async ({ page }, testInfo) => {
      test.skip(testInfo.project.name === 'js-off', 'the viewer is a script enhancement; without scripts each photo is a link to its picture')
      const listing = listingWith('json_array_length(listings.image_ids) >= 5')
      const viewer = await openViewer(page, testInfo, listing.path)
      const photo = (number: number) => viewer.getByRole('img', { name: new RegExp(`, photo ${number} of \\d+$`) })
      await expectSeen(photo(1))
      await page.screenshot({ path: testInfo.outputPath('viewer-photo-1.png') })
      await page.keyboard.press('ArrowRight')
      await expect(viewer.getByText(/(^|\s)2\/\d+$/)).toBeVisible()
      await expectSeen(photo(2))
      await viewer.getByRole('button', { name: 'Next photo' }).click()
      await expect(viewer.getByText(/(^|\s)3\/\d+$/)).toBeVisible()
      await expectSeen(photo(3))
    })

    test("the viewer's video, virtual tour and map views show what they hold", async ({ page }, testInfo) => {
      test.skip(testInfo.project.name === 'js-off', 'the viewer is a script enhancement')
      const listing = listingWith("listings.video_url like 'https://www.youtube.com/%' and listings.virtual_tour_url is not null and listings.image_ids != '[]'")
      const viewer = await openViewer(page, testInfo, listing.path)
      await viewer.getByRole('tab', { name: 'Video' }).click()
      await expectSeen(viewer.locator('iframe'))
      await viewer.getByRole('tab', { name: 'Virtual tour' }).click()
      await expectSeen(viewer.locator('iframe'))
      for (const [tab, name] of [
        ['Property map', /^Map of the property in /],
        ['Local map', /within its state$/],
      ] as const) {
        await viewer.getByRole('tab', { name: tab }).click()
        await expectSeen(viewer.getByRole('img', { name }))
      }
      await viewer.getByRole('tab', { name: 'Photos' }).click()
      await expectSeen(viewer.getByRole('img', { name: /, photo 1 of \d+$/ }))
    })
  })
}

test.describe('the hero at 1366×900', () => {
  test.use({ viewport: { width: 1366, height: 900 } })

  /** The hero's photos as drawn: each one's share of the hero's width and its height. */
  async function heroPhotos(page: Page, title: string) {
    const hero = page
      .getByRole('link', { name: `${title}, photo 1 of`, exact: false })
      .first()
      .locator('xpath=..')
    return hero.evaluate((element) => {
      const width = element.getBoundingClientRect().width
      return [...element.querySelectorAll('img')]
        .map((image) => image.getBoundingClientRect())
        .filter((box) => box.width > 0 && box.height > 0)
        .map((box) => ({ share: Math.round((box.width / width) * 100) / 100, height: Math.round(box.height) }))
    })
  }

  async function openFewPhotoListing(page: Page, testInfo: TestInfo, title: string) {
    const [listing] = landListings(`listings.title = '${title}'`, { limit: 1, offset: 0 })
    await page.goto(siteUrl('land', listing!.path))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    await waitForPageReady(page, testInfo)
  }

  test('one photo fills the hero, with no empty block beside it', async ({ page }, testInfo) => {
    await openFewPhotoListing(page, testInfo, fewPhotoListingTitles[1])
    await expectSeen(page.getByRole('img', { name: /, photo 1 of 1$/ }).first())
    expect(await heroPhotos(page, fewPhotoListingTitles[1])).toEqual([{ share: 1, height: 600 }])
    await page.screenshot({ path: testInfo.outputPath('hero-one-photo.png') })
  })

  test('two photos stand side by side, each half the hero', async ({ page }, testInfo) => {
    await openFewPhotoListing(page, testInfo, fewPhotoListingTitles[2])
    await expectSeen(page.getByRole('img', { name: /, photo 1 of 2$/ }).first())
    const photos = await heroPhotos(page, fewPhotoListingTitles[2])
    expect(photos).toHaveLength(2)
    for (const photo of photos) {
      expect(Math.abs(photo.share - 0.5)).toBeLessThan(0.02)
      expect(photo.height).toBe(600)
    }
    await page.screenshot({ path: testInfo.outputPath('hero-two-photos.png') })
  })

  test('three or more photos put the first large beside the next two', async ({ page }, testInfo) => {
    const listing = listingWith('json_array_length(listings.image_ids) >= 3')
    await page.goto(siteUrl('land', listing.path))
    await waitForPageReady(page, testInfo)
    expect(await heroPhotos(page, listing.title)).toEqual([
      { share: 0.67, height: 600 },
      { share: 0.33, height: 298 },
      { share: 0.33, height: 298 },
    ])
  })

  test('a photo beside the first opens the viewer on that photo', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'js-off', 'without scripts each photo is a link to its picture')
    const listing = listingWith('json_array_length(listings.image_ids) >= 3')
    await page.goto(siteUrl('land', listing.path))
    await waitForPageReady(page, testInfo)
    await page
      .getByRole('link', { name: /, photo 2 of \d+$/ })
      .first()
      .click()
    const viewer = page.getByRole('dialog', { name: /^Photos and maps of / })
    await expect(viewer.getByText(/(^|\s)2\/\d+$/)).toBeVisible()
    await expectSeen(viewer.getByRole('img', { name: /, photo 2 of \d+$/ }))
  })
})
