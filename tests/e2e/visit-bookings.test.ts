import { type Page, expect, test } from '@playwright/test'
import { demoUsers } from '~/models/accounts/demo-users'
import { listingPath } from '~/models/listings/listing-path'
import { sites } from '~/sites'
import { openTestDatabase } from '../support/test-database'
import { logIn, siteUrl } from './support'

/**
 * Book a visit (issue 38 item 3), with JavaScript on and off, on each of the three listing sites:
 * the demo seller turns 'Takes visit bookings' on for one of their listings in the site's scope,
 * its page there shows 'Visits available', a buyer's request with a past time is answered with the
 * message and one with three times is confirmed; on the land site the seller then accepts a time
 * from the leads inbox. The listings are the demo seller's last ones, which no other browser test opens.
 */
const seller = demoUsers.find((user) => user.email === 'demo.seller@example.com')!
const siteKeys = ['land', 'farm', 'hunting'] as const
type SiteKey = (typeof siteKeys)[number]

/** The demo seller's active listing in `site`'s scope, counted from their last: a different one for each site and project. */
function sellersListing(siteKey: SiteKey, offset: number) {
  const site = sites[siteKey]
  const db = openTestDatabase()
  try {
    const row = db
      .prepare(
        `select listings.id, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation
         from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
         where listings.status = 1 and listings.account_id = (select account_id from users where email = ?)
           and (? = 0 or (listings.property_types & ?) != 0)
         order by listings.id desc limit 1 offset ?`,
      )
      .get(seller.email, site.listingScopeBits, site.listingScopeBits, offset) as { id: number; acres: number; countyName: string; stateAbbreviation: string }
    return { id: row.id, path: listingPath(site, row) }
  } finally {
    db.close()
  }
}

/** A date input's value `days` from today (a whole day clear of any zone's edge). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 24 * 3_600_000).toISOString().slice(0, 10)

async function turnBookingsOn(page: Page, listingId: number) {
  await page.goto(siteUrl('land', `/account/listings/${listingId}/`))
  const section = page.getByRole('region', { name: 'Visits' })
  await section.getByLabel('Takes visit bookings').check()
  await section.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Buyers see ‘Visits available’ on this listing')).toBeVisible()
}

async function proposeThreeTimes(page: Page, siteKey: SiteKey, listing: { path: string }, buyerEmail: string) {
  await page.goto(siteUrl(siteKey, listing.path))
  await expect(page.getByRole('heading', { name: 'Visits available' })).toBeVisible()
  await page.getByText('Book a visit', { exact: true }).click()
  const form = page.getByRole('form', { name: 'Book a visit' })
  /** Fills the date, and the time when given, of one of the three choices. */
  const choose = async (name: RegExp, date: string, time?: string) => {
    const choice = form.getByRole('group', { name })
    await choice.getByLabel('Date').fill(date)
    if (time) await choice.getByLabel('Time').fill(time)
  }
  await choose(/^First choice/, dayFromNow(-2), '10:00')
  await form.getByLabel('Your name').fill('Vera Visitor')
  await form.getByLabel('Your e-mail').fill(buyerEmail)
  await form.getByRole('button', { name: 'Request a visit' }).click()
  await expect(page.getByText('This time has passed. Please choose a time in the future.')).toBeVisible()
  // Without scripts the answer is the request page; with them too (the form posts there).
  await choose(/^First choice/, dayFromNow(3))
  await choose(/^Second choice/, dayFromNow(4), '14:30')
  await choose(/^Third choice/, dayFromNow(5), '09:00')
  await page.getByRole('button', { name: 'Request a visit' }).click()
  await expect(page.getByRole('status')).toContainText('Your visit request is on its way to the seller.')
}

for (const [index, siteKey] of siteKeys.entries()) {
  test(`on the ${siteKey} site a listing whose seller takes bookings shows 'Visits available' and takes a request for three times`, async ({
    page,
    browser,
  }, testInfo) => {
    const isScripted = testInfo.project.name === 'js-on'
    const listing = sellersListing(siteKey, 2 * index + (isScripted ? 0 : 1))
    await logIn(page, seller)
    await turnBookingsOn(page, listing.id)
    // The buyer: another browser, without the seller's login, from its own address (the form's limit is per address).
    const buyer = await browser.newContext({
      javaScriptEnabled: isScripted,
      extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${90 + 2 * index + (isScripted ? 0 : 1)}` },
    })
    const buyerPage = await buyer.newPage()
    const buyerEmail = `visitor-${siteKey}-${testInfo.project.name}-${Date.now().toString(36)}@example.com`
    await proposeThreeTimes(buyerPage, siteKey, listing, buyerEmail)
    await buyer.close()

    if (siteKey !== 'land') return
    await page.goto(siteUrl('land', '/account/leads/'))
    const request = page.getByRole('listitem').filter({ hasText: buyerEmail })
    await expect(request.getByText('Waiting for your answer.')).toBeVisible()
    await request
      .getByRole('button', { name: /^Accept / })
      .nth(1)
      .click()
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: buyerEmail })
        .getByText(/^Visit agreed: /),
    ).toBeVisible()
  })
}
