import { expect, test } from '@playwright/test'
import { countWhere, openTestDatabase } from '../support/test-database'
import { siteUrl, waitForHydration, waitForPageReady } from './support'

/** The Texas county with the most active listings on a site's scope ('Jasper County'), with its search token and count. */
function busiestTexasCounty(scope = '1 = 1') {
  const db = openTestDatabase()
  try {
    const county = db
      .prepare(
        `select counties.id, counties.name || ' ' || counties.suffix as name, counties.slug from listings join counties on counties.id = listings.county_id
         where listings.state_id = 48 and listings.status in (1, 2) and (${scope})
         group by counties.id order by count(*) desc, counties.name limit 1`,
      )
      .get() as { id: number; name: string; slug: string }
    return { ...county, token: county.slug.replace(/-TX$/, '').toLowerCase(), listings: countWhere(db, `county_id = ? and (${scope})`, county.id) }
  } finally {
    db.close()
  }
}

test('from the land home a buyer follows Texas, then a county, then into its search results', async ({ page }) => {
  const county = busiestTexasCounty()
  await page.goto(siteUrl('land'))
  await page.getByRole('link', { name: 'Texas Land For Sale', exact: true }).first().click()
  await expect(page).toHaveURL(siteUrl('land', '/Texas'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Texas Land for Sale')
  await expect(page.getByRole('heading', { name: 'Counties in Texas' })).toBeVisible()

  await page.getByRole('link', { name: county.name, exact: true }).click()
  await expect(page).toHaveURL(siteUrl('land', `/${county.slug}`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${county.name}, TX Land for Sale`)
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Texas', exact: true })).toHaveAttribute('href', '/Texas')

  await page.getByRole('link', { name: `See all land for sale in ${county.name}, TX` }).click()
  await expect(page).toHaveURL(siteUrl('land', `/search/texas-land-for-sale/${county.token}/`))
  await expect(page.getByText(`${county.listings} results`)).toBeVisible()
  await expect(page.locator('article').first()).toBeVisible()
})

test("from a county's landing a buyer follows one of its cities to the city's landing, then to its search", async ({ page }) => {
  // Uvalde is a city of Uvalde County: the county's page links /Uvalde-TX, the city's own landing (spec §2 /{city-or-county}-{ST}/).
  const db = openTestDatabase()
  const listings = (() => {
    try {
      const city = db.prepare("select id from cities where slug = 'Uvalde-TX'").get() as { id: number }
      return countWhere(db, 'city_id = ?', city.id)
    } finally {
      db.close()
    }
  })()
  await page.goto(siteUrl('land', '/Uvalde-County-TX'))
  await expect(page.getByRole('heading', { name: 'Cities in Uvalde County' })).toBeVisible()
  await page.getByRole('link', { name: 'Uvalde', exact: true }).click()
  await expect(page).toHaveURL(siteUrl('land', '/Uvalde-TX'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Uvalde, TX Land for Sale')
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Uvalde County', exact: true })).toHaveAttribute(
    'href',
    '/Uvalde-County-TX',
  )
  await page.getByRole('link', { name: 'See all land for sale in Uvalde, TX' }).click()
  await expect(page).toHaveURL(siteUrl('land', '/search/texas-land-for-sale/uvalde/'))
  await expect(page.getByText(`${listings} results`, { exact: true })).toBeVisible()
})

test('from the farm home a buyer follows Texas and a county to its search, which shows the county market', async ({ page }) => {
  const farmScope = 'property_types & (1 | 2 | 256 | 16) != 0'
  const county = busiestTexasCounty(farmScope)
  await page.goto(siteUrl('farm'))
  await page.getByRole('link', { name: 'Texas Land For Sale', exact: true }).first().click()
  await expect(page).toHaveURL(siteUrl('farm', '/texas-land-for-sale'))
  await expect(page.getByRole('heading', { name: 'Land market in Texas' })).toBeVisible()
  await page.getByRole('link', { name: county.name, exact: true }).click()
  await expect(page).toHaveURL(siteUrl('farm', `/texas-land-for-sale/${county.token}`))
  await expect(page.getByText(`${county.listings} results`)).toBeVisible()
  await expect(page.getByRole('heading', { name: `Land market in ${county.name}, TX` })).toBeVisible()
})

test("a state's county links are in the page, survive hydration, and a client navigation brings them with its data (decision 0057)", async ({ page }, testInfo) => {
  // Every county is named; those with listings are links (decision 0062).
  const counties = page.locator('section[aria-labelledby=landing-market] ul li')
  const countyLinks = page.locator('section[aria-labelledby=landing-market] ul a')
  await page.goto(siteUrl('farm', '/texas-land-for-sale'))
  await waitForPageReady(page, testInfo)
  await expect(page.getByRole('heading', { name: 'Counties in Texas' })).toBeVisible()
  const countyCount = await counties.count()
  expect(countyCount).toBeGreaterThan(200)
  const linkCount = await countyLinks.count()
  expect(linkCount).toBeGreaterThan(20)
  const box = page.getByRole('combobox', { name: 'Location or property ID' })
  if (testInfo.project.name === 'js-off') {
    // Without scripts the box submits to /find, a whole page, as does each county link.
    await box.fill('Texas')
    await box.press('Enter')
  } else {
    // A mark on the window survives only the navigations the app makes itself, without loading a page.
    await page.goto(siteUrl('farm'))
    await waitForHydration(page)
    await page.evaluate(() => Object.assign(window, { visitMark: true }))
    await box.pressSequentially('Texas')
    await page.getByRole('option', { name: 'Texas', exact: true }).click()
  }
  await expect(page).toHaveURL(siteUrl('farm', '/texas-land-for-sale'))
  await expect(page.getByRole('heading', { name: 'Counties in Texas' })).toBeVisible()
  await expect(counties).toHaveCount(countyCount)
  await expect(countyLinks).toHaveCount(linkCount)
  expect(await page.evaluate(() => (window as { visitMark?: boolean }).visitMark ?? false)).toBe(testInfo.project.name === 'js-on')
})

test.describe('Land for Sale Near Me', () => {
  test.use({ geolocation: { latitude: 30.27, longitude: -97.74 }, permissions: ['geolocation'] })

  test('with scripts it asks the browser where it is and opens the nearest zip; without, the all-land search', async ({ page }, testInfo) => {
    await page.goto(siteUrl('land'))
    // Hydration attaches the click handler; before it the link would just be followed.
    await waitForPageReady(page, testInfo)
    await page.getByRole('link', { name: 'Land for Sale Near Me' }).click()
    if (testInfo.project.name === 'js-off') {
      await expect(page).toHaveURL(siteUrl('land', '/search/all-land/'))
      return
    }
    await expect(page).toHaveURL(/\/search\/texas\/\d{5}-land-for-sale\/$/)
    await expect(page.getByText(/^[1-9][\d,]* results$/)).toBeVisible()
  })
})
