import { type Page, expect } from '@playwright/test'
import { listingPath } from '~/sites/listing-path'
import { sites } from '~/sites/index'
import { e2ePort } from '../../playwright.config'
import { openTestDatabase } from '../support/test-database'

/** A site's base URL on the test server: Chromium resolves *.localhost to loopback. */
export function siteUrl(siteKey: 'land' | 'farm' | 'hunting' | 'value', path = '/') {
  return `http://${siteKey}.localhost:${e2ePort}${path}`
}

/** Scripts start after the page has loaded (decision 0013): a test of a script enhancement waits for them. */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

/** Listings of the seeded test database that match `condition` (SQL on `listings`), in id order, with their land-site paths. */
export function landListings(condition: string, { limit, offset }: { limit: number; offset: number }) {
  const db = openTestDatabase()
  try {
    const rows = db
      .prepare(
        `select listings.id, listings.title, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation
         from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
         where ${condition} order by listings.id limit ? offset ?`,
      )
      .all(limit, offset) as { id: number; title: string; acres: number; countyName: string; stateAbbreviation: string }[]
    return rows.map((row) => ({ ...row, path: listingPath(sites.land, row) }))
  } finally {
    db.close()
  }
}

/** Logs in on the land site through the login form, as a person would. */
export async function logIn(page: Page, user: { email: string; password: string }) {
  await page.goto(siteUrl('land', '/login'))
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.locator('#main').getByRole('button', { name: 'Log in' }).click()
  await expect(page).not.toHaveURL(/\/login/)
}

/** The listing ids of the result cards on a search page, in page order. */
export async function cardListingIds(page: Page) {
  const hrefs = await page
    .getByRole('region', { name: 'Results' })
    .locator('article h3 a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  return hrefs.map((href) => Number(href.match(/\/(\d+)\/$/)?.[1]))
}
