import { expect, test } from '@playwright/test'
import { normalizeCriteria } from '~/models/search/search-criteria'
import { sites } from '~/sites/index'
import { buildSearchPath } from '~/models/search/search-path'
import { landListings, openTestDatabase } from '../support/test-database'
import { siteUrl } from './support'

/**
 * Issue 19: a listing page's history is a timeline buyers (and crawlers, without scripts) read,
 * and a listing nobody confirmed for 90 days says so on its page and its search card.
 */
test("a listing's page shows its history as a list of dated events with the days on the market", async ({ page }) => {
  const [listing] = landListings('listings.status = 1 and listings.freshness = 2 and listings.price_changed_at is not null and listings.price > 2', {
    limit: 1,
    offset: 0,
  })
  await page.goto(siteUrl('land', listing!.path))
  const history = page.getByRole('region', { name: 'Listing history' })
  await expect(history.getByText(/^\d[\d,]* days? on the market$/)).toBeVisible()
  const events = history.getByRole('listitem')
  await expect(events).toHaveCount(2)
  await expect(events.first()).toContainText(/Price changed · \$[\d,]+ to \$[\d,]+ \((reduced|raised) \$/)
  await expect(events.last()).toContainText('Listed')
  await expect(events.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/)
  await expect(history.getByText('May no longer be available — ask the seller')).toHaveCount(0)
})

test('a listing nobody confirmed for 90 days is marked on its page and its search card', async ({ page }) => {
  const [listing] = landListings('listings.status = 1 and listings.freshness = 1', { limit: 1, offset: 0 })
  await page.goto(siteUrl('land', listing!.path))
  await expect(page.getByRole('region', { name: 'Listing history' }).getByText('May no longer be available — ask the seller')).toBeVisible()
  // A search of a small box around the listing, so its card is on the first page whatever the sort.
  const db = openTestDatabase()
  const point = db.prepare('select latitude, longitude from listings where id = ?').get(listing!.id) as { latitude: number; longitude: number }
  db.close()
  const mapBounds = { south: point.latitude - 0.01, west: point.longitude - 0.01, north: point.latitude + 0.01, east: point.longitude + 0.01 }
  await page.goto(siteUrl('land', buildSearchPath(sites.land, normalizeCriteria({ mapBounds }))))
  const card = page.locator('article', { has: page.getByRole('link', { name: listing!.title }) }).first()
  await expect(card.getByText('May no longer be available — ask the seller')).toBeVisible()
})
