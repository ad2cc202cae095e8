import { expect, test } from '@playwright/test'
import { sites } from '~/sites/index'
import { listingPath } from '~/models/listings/listing-path'
import { openTestDatabase } from '../support/test-database'
import { openFilterPanel, searchResultsUrl, siteUrl } from './support'

/**
 * A buyer weighs a listing (issue 19): its price in context, the checks it passed and the land
 * around it are on the page with scripts and without; the 'below the county median' filter
 * narrows a search from the filter panel either way.
 */

/** A priced sale with a price context, read with plain SQL. */
function pricedListing() {
  const db = openTestDatabase()
  try {
    return db
      .prepare(
        `select listings.id, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation
         from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
         join listing_price_contexts on listing_price_contexts.listing_id = listings.id
         where listings.status = 1 and listings.sale_type = 1 and listings.price > 2 order by listings.id limit 1`,
      )
      .get() as { id: number; acres: number; countyName: string; stateAbbreviation: string }
  } finally {
    db.close()
  }
}

test('a listing page shows its price in context, the checks it passed and the land around it', async ({ page }) => {
  const listing = pricedListing()
  await page.goto(siteUrl('land', listingPath(sites.land, listing)))
  const context = page.getByRole('region', { name: 'Price in context' })
  await expect(context.getByText(/^Asking \$[\d,]+ an acre: /)).toBeVisible()
  await expect(context.getByRole('img', { name: /^Price per acre of comparable/ })).toBeVisible()
  await expect(context.getByRole('link', { name: 'See the full valuation on AcreWorth' })).toHaveAttribute('href', /\/value\//)
  await expect(page.getByRole('region', { name: 'Checks passed' }).getByText(`Location matches ${listing.countyName}`)).toBeVisible()
  const surroundings = page.getByRole('region', { name: 'The land around it' })
  await expect(surroundings.getByText('Nearest town')).toBeVisible()
  await expect(surroundings.getByText('Nearest National Park Service unit')).toBeVisible()
})

test('the filter panel narrows a search to prices per acre below the county median', async ({ page }, testInfo) => {
  await page.goto(siteUrl('land', '/search/all-land/'))
  await openFilterPanel(page, testInfo)
  const filter = page.getByLabel('Price per acre below county median')
  await filter.check()
  // With scripts a change searches at once; without them (or before the pause) the button does.
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(searchResultsUrl('land', '/search/all-land/below-county-median/'))
  await expect(page.locator('summary', { hasText: 'Filter (1)' })).toBeVisible()
})
