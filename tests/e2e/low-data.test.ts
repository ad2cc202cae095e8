import { type Locator, expect, test } from '@playwright/test'
import { countyWithOnlyAd, landListings } from '../support/test-database'
import { hydrateLowDataPage, siteUrl, waitForHydration } from './support'

/**
 * Low data (issue 20 item 2) in a browser, with and without scripts: a browser sending
 * `Save-Data: on` gets the lighter page and says so, and the footer's toggle turns it off (though
 * the browser still sends the header) and on again, back on the same page each time; the
 * carousel loads only the photo shown, the search's map waits to be asked for, and no ad or
 * host's player is on the page. With scripts, the framework waits for the visitor's first use of
 * the page.
 */
const searchPath = '/search/texas-land-for-sale/'
const lowDataLine = 'Low data is on — photos are smaller and maps load when you ask.'

/**
 * A card photo at Low data's quality (40, in its `src`, which the page leaves as it is) and at most
 * 480 px wide. The first card's 480 px rendition travels in the page as a `data:` URL (decision 0041).
 */
async function expectLowDataPhoto(photo: Locator) {
  await expect(photo).toHaveAttribute('src', /\/cover\/40\//)
  await expect(photo).toHaveAttribute('srcset', / 480w$/)
}

test('a Save-Data browser gets the lighter page, with the framework only once the page is used, and the footer turns Low data off and on', async ({
  page,
}, testInfo) => {
  await page.setExtraHTTPHeaders({ 'Save-Data': 'on' })
  await page.goto(siteUrl('land', searchPath))
  const footer = page.getByRole('contentinfo')
  const firstPhoto = page.locator('article .card-photo img').first()
  const firstCarousel = page
    .locator('article')
    .first()
    .getByRole('group', { name: /^Photos of / })
  await expect(footer.getByText(lowDataLine)).toBeVisible()
  await expectLowDataPhoto(firstPhoto)
  if (testInfo.project.name === 'js-on') {
    // The framework waits for the visitor's first use of the page: a reader fetches no script of it.
    const frameworkRequests: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/assets/framework-')) frameworkRequests.push(request.url())
    })
    await page.waitForLoadState('networkidle')
    expect(frameworkRequests).toEqual([])
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0)
    await page.getByRole('combobox', { name: 'Location or property ID' }).focus()
    await waitForHydration(page)
    expect(frameworkRequests).toHaveLength(1)
    // With scripts, a card near the viewport would become a carousel of its photos: not with Low data.
    await page.locator('article').nth(1).scrollIntoViewIfNeeded()
    await page.waitForLoadState('networkidle')
    await expect(firstCarousel).toHaveCount(0)
  }

  await footer.getByRole('button', { name: 'Turn off Low data' }).click()
  await expect(page).toHaveURL(siteUrl('land', searchPath))
  await expect(footer.getByText(lowDataLine)).toHaveCount(0)
  await expect(firstPhoto).toHaveAttribute('src', /\/cover\/60\//)
  await expect(firstPhoto).toHaveAttribute('srcset', / 960w$/)
  if (testInfo.project.name === 'js-on') {
    // …which it does once Low data is off.
    await waitForHydration(page)
    await expect(firstCarousel).toBeVisible()
  }

  await footer.getByRole('button', { name: 'Turn on Low data' }).click()
  await expect(page).toHaveURL(siteUrl('land', searchPath))
  await expect(footer.getByText(lowDataLine)).toBeVisible()
  await expectLowDataPhoto(firstPhoto)
})

/** A listing with a YouTube video and several photos, at its own address (through the redirect from /property/{id} the test's Save-Data header did not reach the page). */
const listingWithVideo = () =>
  landListings(`listings.status = 1 and listings.video_url like 'https://www.youtube.com/%' and json_array_length(listings.image_ids) >= 4`, {
    limit: 1,
    offset: 0,
  })[0]!

test('with Low data the carousel loads only the photo shown, and its video is a link to the host, not its player', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'the carousel needs scripts; without them a photo is a link to the picture')
  await page.setExtraHTTPHeaders({ 'Save-Data': 'on' })
  await page.goto(siteUrl('land', listingWithVideo().path))
  await hydrateLowDataPage(page)
  await page.locator('#main a[href^="/resizedimages/"]').first().click()
  const dialog = page.getByRole('dialog')
  const slides = dialog.locator('[aria-roledescription="carousel"] img')
  await expect(slides).toHaveCount(1)
  await expect(slides.first()).toHaveAttribute('alt', /, photo 1 of \d+$/)
  await page.waitForLoadState('networkidle')
  await expect(slides).toHaveCount(1)
  // The next photo loads when it is shown, and no further one.
  await dialog.getByRole('button', { name: 'Next photo' }).click()
  await expect(dialog.getByText(/(^|\s)2\/\d+$/)).toBeVisible()
  await expect(slides).toHaveCount(2)
  await dialog.getByRole('tab', { name: 'Video' }).click()
  await expect(dialog.getByRole('link', { name: /^Open the video on its own site/ })).toBeVisible()
  await expect(page.locator('iframe')).toHaveCount(0)
})

test('with Low data the search’s map waits for “Load the interactive map”: maplibre loads only when asked', async ({ page }, testInfo) => {
  await page.setExtraHTTPHeaders({ 'Save-Data': 'on' })
  const mapCode: string[] = []
  page.on('request', (request) => {
    if (/search-map\.client|maplibre/.test(request.url())) mapCode.push(request.url())
  })
  await page.goto(siteUrl('land', `${searchPath}?view=map`))
  // The server's map of the results is there either way.
  await expect(page.getByRole('group', { name: 'Map of the results on this page' })).toBeVisible()
  const loadMap = page.getByRole('button', { name: 'Load the interactive map' })
  if (testInfo.project.name === 'js-off') {
    // The button needs scripts, as the interactive map does.
    await expect(loadMap).toHaveCount(0)
    return
  }
  await hydrateLowDataPage(page)
  await page.waitForLoadState('networkidle')
  expect(mapCode).toEqual([])
  await expect(page.locator('canvas.maplibregl-canvas')).toHaveCount(0)
  await loadMap.click()
  await expect(page.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 20_000 })
  expect(mapCode).not.toEqual([])
})

test('with Low data a page with an ad shows no ad slot', async ({ page }) => {
  const { slug } = countyWithOnlyAd('broker')
  const adSlot = page.getByRole('complementary', { name: 'Advertisement' })
  await page.goto(siteUrl('land', `/${slug}`))
  await expect(adSlot).toBeVisible()
  await page.setExtraHTTPHeaders({ 'Save-Data': 'on' })
  await page.reload()
  await expect(page.getByRole('contentinfo').getByText(lowDataLine)).toBeVisible()
  await expect(adSlot).toHaveCount(0)
})
