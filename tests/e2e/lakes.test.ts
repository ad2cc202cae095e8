import { expect, test } from '@playwright/test'
import { lakeShoreMiles, milesToPolygons, type Polygons } from '~/models/places/lake-shores.server'
import { openTestDatabase } from '../support/test-database'
import { lakesideListingTitle } from './global-setup'
import { siteUrl, waitForHydration } from './support'

/**
 * A buyer looks for land by Lake Okeechobee from the home page's location box (issue 17 §3):
 * with scripts by choosing the suggestion, without them by submitting the name.
 */

/** Florida's listings for sale within five miles of the lake, measured here from its shape. */
function listingsNearOkeechobee() {
  const db = openTestDatabase()
  try {
    const lake = db.prepare(`select polygons from lakes where name = 'Lake Okeechobee'`).get() as { polygons: string }
    const polygons = JSON.parse(lake.polygons) as Polygons
    const listings = db.prepare('select latitude, longitude from listings where state_id = 12 and status in (1, 2)').all() as {
      latitude: number
      longitude: number
    }[]
    return listings.filter((listing) => milesToPolygons(polygons, listing) <= lakeShoreMiles).length
  } finally {
    db.close()
  }
}

test('a buyer types Lake Okeechobee in the location box and lands on the land near the lake', async ({ page }, testInfo) => {
  await page.goto(siteUrl('land'))
  const box = page.getByRole('combobox', { name: 'Location or property ID' })
  if (testInfo.project.name === 'js-off') {
    // Without scripts the box submits to /find, which sends a whole lake name to its search.
    await box.fill('Lake Okeechobee')
    await box.press('Enter')
  } else {
    await waitForHydration(page)
    await box.pressSequentially('Lake Okeech')
    await page.getByRole('option', { name: 'Lake Okeechobee, FL' }).click()
  }
  await expect(page).toHaveURL(siteUrl('land', '/search/florida-land-for-sale/near-lake-okeechobee/'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lake Okeechobee, FL Land for Sale')
  await expect(page.getByText(`Land within ${lakeShoreMiles} miles of the shore of Lake Okeechobee.`)).toBeVisible()
  const count = listingsNearOkeechobee()
  expect(count).toBeGreaterThan(0)
  await expect(page.getByText(`${count} results`)).toBeVisible()
  await expect(page.locator('article').filter({ hasText: lakesideListingTitle })).toBeVisible()
  await expect(page.getByPlaceholder('Enter another lake')).toBeVisible()
})
