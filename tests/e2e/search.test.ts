import { type Page, expect, test } from '@playwright/test'
import { countWhere, openTestDatabase } from '../support/test-database'
import { openFilterPanel, searchResultsUrl, siteUrl, waitForHydration } from './support'

/** The Texas county with the most active listings in the test database, and its count. */
function busiestTexasCounty() {
  const db = openTestDatabase()
  try {
    const county = db
      .prepare(
        `select counties.id, counties.name, counties.slug, count(*) as listings from listings
         join counties on counties.id = listings.county_id
         where listings.state_id = 48 and listings.status in (1, 2)
         group by counties.id order by listings desc, counties.name limit 1`,
      )
      .get() as { id: number; name: string; slug: string; listings: number }
    return { ...county, token: county.slug.replace(/-TX$/, '').toLowerCase(), acresOverFive: countWhere(db, 'state_id = 48 and acres >= 5') }
  } finally {
    db.close()
  }
}

async function cardPrices(page: Page) {
  // A navigation commits its URL before the document has arrived: read the cards once it has.
  await page.waitForLoadState('load')
  const headers = await page.locator('article').evaluateAll((cards) => cards.map((card) => card.textContent ?? ''))
  return headers.map((text) => Number(text.match(/\$([\d,]+)/)?.[1]?.replaceAll(',', '') ?? Number.NaN)).filter(Number.isFinite)
}

test('a buyer types a county, removes it, filters, sorts and pages through Texas', async ({ page }, testInfo) => {
  const county = busiestTexasCounty()
  await page.goto(siteUrl('land'))
  const box = page.getByRole('combobox', { name: 'Location or property ID' })
  await box.fill(`${county.name} County, TX`)
  await box.press('Enter')
  await expect(page).toHaveURL(siteUrl('land', `/search/texas-land-for-sale/${county.token}/`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${county.name} County, TX Land for Sale`)
  await expect(page.getByText(`${county.listings} results`)).toBeVisible()

  await page.getByRole('link', { name: `Remove ${county.name} County` }).click()
  await expect(page).toHaveURL(siteUrl('land', '/search/texas-land-for-sale/'))

  await openFilterPanel(page, testInfo)
  const minAcres = page.getByLabel('Min acres')
  await minAcres.fill('5')
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(searchResultsUrl('land', '/search/texas-land-for-sale/acres-over-5/'))
  await expect(page.getByText(`${county.acresOverFive.toLocaleString('en-US')} results`)).toBeVisible()

  await page.getByLabel('Sort by').selectOption('price-desc')
  const sortButton = page.getByRole('button', { name: 'Sort', exact: true })
  if (await sortButton.isVisible()) await sortButton.click()
  await expect(page).toHaveURL(searchResultsUrl('land', '/search/texas-land-for-sale/acres-over-5/sort-price-high/'))
  // With scripts the address can change before the new cards are drawn (router updates are transitions): wait for them.
  const isAFullPageByPrice = (prices: number[]) => prices.length > 10 && prices.every((price, index) => index === 0 || prices[index - 1]! >= price)
  await expect.poll(async () => isAFullPageByPrice(await cardPrices(page))).toBe(true)
  const firstPage = await cardPrices(page)

  await page.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(siteUrl('land', '/search/texas-land-for-sale/acres-over-5/sort-price-high/page-2/'))
  await expect.poll(async () => (await cardPrices(page))[0]).toBeLessThanOrEqual(firstPage.at(-1)!)
})

test('the farm site searches with its own URLs', async ({ page }) => {
  await page.goto(siteUrl('farm'))
  const box = page.getByRole('combobox', { name: 'Location or property ID' })
  // Texas has the most farms and ranches for sale: more than a page of them whatever the seed's prices.
  await box.fill('Texas')
  await box.press('Enter')
  await expect(page).toHaveURL(siteUrl('farm', '/texas-land-for-sale'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Texas Land for Sale')
  await page.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(siteUrl('farm', '/texas-land-for-sale/page-2'))
})

test('an ambiguous place offers its candidates as links', async ({ page }) => {
  await page.goto(siteUrl('hunting'))
  const box = page.getByRole('combobox', { name: 'Location or property ID' })
  await box.fill('Springfield')
  await box.press('Enter')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Which “Springfield” did you mean?')
  await page.getByRole('link', { name: 'Springfield, IL' }).click()
  await expect(page).toHaveURL(siteUrl('hunting', '/illinois-land-for-sale/springfield'))
})

test('with JavaScript, the location box suggests places and the keyboard chooses one', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'suggestions are a script enhancement; without scripts the box submits to /find')
  await page.goto(siteUrl('land'))
  const box = page.getByRole('combobox', { name: 'Location or property ID' })
  await box.pressSequentially('Travis Cou')
  await expect(page.getByRole('option', { name: 'Travis County, TX' })).toBeVisible()
  await box.press('ArrowDown')
  await box.press('Enter')
  await expect(page).toHaveURL(siteUrl('land', '/search/texas-land-for-sale/travis-county/'))
})

test('with JavaScript, a result card pages through its photos by button and arrow key', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'the card carousel is a script enhancement; without scripts the card shows its first photo')
  await page.goto(siteUrl('land', '/search/all-land/'))
  const firstCard = page.locator('article').first()
  const carousel = firstCard.getByRole('group', { name: /^Photos of / })
  await expect(carousel).toBeVisible()
  const title = (await firstCard.getByRole('heading').textContent())!.trim()
  await carousel.getByRole('button', { name: 'Next photo' }).click()
  await expect(carousel.getByText('Photo 2 of')).toBeAttached()
  const second = carousel.getByRole('img', { name: `${title}, photo 2` })
  await expect(second).toBeInViewport()
  expect(await second.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth))).toBeGreaterThan(0)
  await carousel.getByRole('button', { name: 'Previous photo' }).press('ArrowLeft')
  await expect(carousel.getByText('Photo 1 of')).toBeAttached()
})

test('with JavaScript, a result card becomes a carousel once it is within 300px of the viewport, not before', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'without scripts the card shows its first photo')
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(siteUrl('land', '/search/all-land/'))
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
  const photoBoxes = page.locator('article .card-photo')
  // A card far down the page with several photos, and one with several photos a row above it: the
  // scroll that leaves the far card 360 px short brings that one within 300 px.
  const [index, rowAboveIndex] = await photoBoxes.evaluateAll((boxes) => {
    const tops = boxes.map((box) => box.getBoundingClientRect().top)
    const hasPhotos = boxes.map((box) => /\d+ photos/.test(box.textContent ?? ''))
    const far = tops.findIndex((top, box) => top > window.innerHeight + 1000 && hasPhotos[box])
    return [far, tops.findIndex((top, box) => top < tops[far]! - 100 && top > tops[far]! - 600 && hasPhotos[box])]
  })
  expect(index).toBeGreaterThan(0)
  expect(rowAboveIndex).toBeGreaterThanOrEqual(0)
  const photoBox = photoBoxes.nth(index)
  const carousel = photoBox.getByRole('group', { name: /^Photos of / })
  /** Scrolls until the card's photo is `gap` pixels below the viewport. */
  const scrollToGap = (gap: number) => photoBox.evaluate((box, below) => window.scrollBy(0, box.getBoundingClientRect().top - window.innerHeight - below), gap)
  await scrollToGap(360)
  // The card above is a carousel: the page has acted on this scroll (the cards' observers hear of it
  // in one task, and React draws what they change together), so the far card's is not merely late.
  await expect(photoBoxes.nth(rowAboveIndex).getByRole('group', { name: /^Photos of / })).toBeAttached()
  await expect(carousel).toHaveCount(0)
  await scrollToGap(240)
  await expect(carousel).toBeAttached()
})

test('a buyer searches what sold in Texas by sale price and sold date from the filter panel', async ({ page }, testInfo) => {
  const db = openTestDatabase()
  const [soldCount, earliestDay] = (() => {
    try {
      const earliest = db.prepare('select min(sales_date) from listings where status = 4 and state_id = 48').pluck().get() as string
      const since = `${Number(earliest.slice(0, 4)) + 1}-01-01`
      const count = db
        .prepare('select count(*) from listings where status = 4 and state_id = 48 and sales_price between 100000 and 500000 and sales_date >= ?')
        .pluck()
        .get(since) as number
      return [count, since] as const
    } finally {
      db.close()
    }
  })()
  expect(soldCount).toBeGreaterThan(0)
  await page.goto(siteUrl('land', '/search/texas-land-for-sale/'))
  await openFilterPanel(page, testInfo)
  const minSalePrice = page.getByLabel('Min sale price ($)')
  await expect(page.getByText('A sale price or sold date shows sold listings only.')).toBeVisible()
  await minSalePrice.fill('100000')
  await page.getByLabel('Max sale price ($)').fill('500000')
  await page.getByLabel('Sold from').fill(earliestDay)
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(searchResultsUrl('land', `/search/texas-land-for-sale/sold-price-100000-500000/sold-since-${earliestDay}/`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Texas Land Sold')
  await expect(page.getByText(`${soldCount} results`)).toBeVisible()
  // Without scripts the panel comes back closed on the new page.
  await openFilterPanel(page, testInfo)
  await expect(minSalePrice).toHaveValue('100000')
  await expect(page.getByRole('checkbox', { name: 'Sold', exact: true })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Available' })).not.toBeChecked()
})
