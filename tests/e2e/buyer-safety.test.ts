import { expect, test } from '@playwright/test'
import { contactableListingOnSite, openWritableTestDatabase } from '../support/test-database'
import { siteUrl } from './support'

const safetyNote = 'Before you pay anything, confirm ownership through a title company or the county recorder; never wire money to a seller you have not verified.'

async function openContactForm(page: import('@playwright/test').Page, url: string) {
  await page.goto(url)
  await page.getByRole('complementary', { name: 'Seller' }).getByRole('link', { name: 'Contact Seller' }).click()
  const dialog = page.getByRole('dialog', { name: /^Contact / })
  await expect(dialog.getByLabel('Full name')).toBeVisible()
  return dialog
}

for (const siteKey of ['land', 'farm', 'hunting'] as const) {
  test(`on the ${siteKey} site, the contact form of owner-listed vacant land tells the buyer to confirm ownership before paying`, async ({ page }) => {
    const listing = contactableListingOnSite(siteKey, 'owner of vacant land', 0)
    const dialog = await openContactForm(page, siteUrl(siteKey, listing.path))
    await expect(dialog.getByText(safetyNote)).toBeVisible()
  })
}

test("a licensed broker's listing's contact form carries no safety note", async ({ page }) => {
  const listing = contactableListingOnSite('land', 'broker', 0)
  const dialog = await openContactForm(page, siteUrl('land', listing.path))
  // The form is on screen (above); the note would be drawn with it.
  await expect(dialog.getByText(safetyNote)).toHaveCount(0)
})

test.describe('the visit request form', () => {
  // A listing no other test opens (offset 5), its seller taking bookings for this test only.
  const listing = contactableListingOnSite('land', 'owner of vacant land', 5)
  test.beforeAll(async () => {
    const db = openWritableTestDatabase()
    await db
      .insertInto('visit_booking_listings')
      .values({ listing_id: listing.id, created_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('listing_id').doNothing())
      .execute()
    await db.destroy()
  })
  test.afterAll(async () => {
    const db = openWritableTestDatabase()
    await db.deleteFrom('visit_booking_listings').where('listing_id', '=', listing.id).execute()
    await db.destroy()
  })

  test('of owner-listed vacant land carries the same safety note', async ({ page }) => {
    await page.goto(siteUrl('land', listing.path))
    await page.getByText('Book a visit', { exact: true }).click()
    const form = page.getByRole('form', { name: 'Book a visit' })
    await expect(form.getByText(safetyNote)).toBeVisible()
  })
})
