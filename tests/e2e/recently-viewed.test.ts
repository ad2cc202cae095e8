import { type Page, expect, test } from '@playwright/test'
import { listingPath } from '~/sites/listing-path'
import { sites } from '~/sites/index'
import { openTestDatabase } from '../support/test-database'
import { siteUrl, waitForHydration } from './support'

/** Two available listings with their land-site paths and titles. */
function twoListings() {
  const db = openTestDatabase()
  try {
    const rows = db
      .prepare(
        `select listings.id, listings.title, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation
         from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
         where listings.status = 1 order by listings.id limit 2 offset 30`,
      )
      .all() as { id: number; title: string; acres: number; countyName: string; stateAbbreviation: string }[]
    return rows.map((row) => ({ ...row, path: listingPath(sites.land, row) }))
  } finally {
    db.close()
  }
}

const strip = (page: Page) => page.getByRole('region', { name: 'Recently viewed' })

/** Spec §7 getviewedlistings: the listings a browser opened, kept in its storage, on the home and search pages. */
test('a buyer who viewed two listings finds them, newest first, under Recently viewed on the home and search pages', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'the strip is drawn by scripts from browser storage (below: nothing without them)')
  const [first, second] = twoListings()
  for (const listing of [first!, second!]) {
    await page.goto(siteUrl('land', listing.path))
    await waitForHydration(page)
  }
  for (const path of ['/', '/search/all-land/']) {
    await page.goto(siteUrl('land', path))
    await waitForHydration(page)
    const links = strip(page).getByRole('link')
    await expect(links).toHaveCount(2)
    await expect(links.first()).toHaveAttribute('href', second!.path)
    await expect(links.first()).toContainText(second!.title)
    await expect(links.nth(1)).toHaveAttribute('href', first!.path)
  }
  await strip(page).getByRole('link').nth(1).click()
  await expect(page).toHaveURL(siteUrl('land', first!.path))
})

test('without scripts, or before any listing was viewed, there is no Recently viewed strip', async ({ page }, testInfo) => {
  if (testInfo.project.name === 'js-off') {
    await page.goto(siteUrl('land', twoListings()[0]!.path))
  }
  await page.goto(siteUrl('land', '/'))
  if (testInfo.project.name === 'js-on') await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Popular states', exact: true })).toBeVisible()
  await expect(strip(page)).toHaveCount(0)
})
