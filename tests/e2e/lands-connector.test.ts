import { expect, test } from '@playwright/test'
import { demoUsers } from '~/models/accounts/demo-users'
import { openTestDatabase } from '../support/test-database'
import { logIn, siteUrl } from './support'

/**
 * The Lands Connector end to end (spec §2 /lands-connector/, issue 17 item 2), with JavaScript on
 * and off: the demo buyer describes the land they want, sees the listings that match it now, and
 * changes it; the demo seller, who lists there and takes requests, finds it in the leads inbox
 * without the buyer's address and with the reply link; the buyer then deletes it.
 */
const buyer = demoUsers.find((user) => user.email === 'demo.buyer@example.com')!
const seller = demoUsers.find((user) => user.email === 'demo.seller@example.com')!

/** A county where the demo seller lists and at most five opted-in professionals do, so the request reaches the demo seller (the bound is five). */
function demoSellerCounty() {
  const db = openTestDatabase()
  try {
    return db
      .prepare(
        `select counties.name || ' ' || counties.suffix as countyName, states.name as stateName, states.abbreviation
         from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
         where listings.status in (1, 2) and listings.account_id = (select account_id from users where email = ?)
           and (select count(distinct others.account_id) from listings others join accounts on accounts.id = others.account_id
                where others.county_id = listings.county_id and others.status in (1, 2) and accounts.opt_in_lead_targeting = 1) <= 5
         order by listings.id limit 1`,
      )
      .get(seller.email) as { countyName: string; stateName: string; abbreviation: string }
  } finally {
    db.close()
  }
}

test('a buyer files a land request, sees what matches, changes it; the demo seller gets it without the address; the buyer deletes it', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000)
  const county = demoSellerCounty()
  const message = `Quiet hunting ground with a creek, ${testInfo.project.name} ${Date.now().toString(36)}.`
  await logIn(page, buyer)
  await page.goto(siteUrl('land', '/account/'))
  await page
    .getByRole('link', { name: /^Lands Connector/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/lands-connector\/$/)
  await page.getByRole('link', { name: 'Describe the land you want' }).click()
  await expect(page).toHaveTitle('Describe the land you want | LandAtlas')

  const firstPlace = page.getByRole('group', { name: 'Place 1' })
  await firstPlace.getByLabel('State').selectOption({ label: county.stateName })
  await firstPlace.getByLabel(/County, region or city/).fill(county.countyName)
  await page.getByLabel('I will need financing').check()
  await page.getByRole('button', { name: 'Send my request' }).click()
  // The server answers a missing answer with the spec's message, keeping what was typed.
  await expect(page.getByText('This field is required.')).toBeVisible()
  await expect(page.getByRole('group', { name: 'Place 1' }).getByLabel(/County, region or city/)).toHaveValue(county.countyName)

  await page.getByLabel('When do you want to buy?').selectOption({ label: 'Within 3 months' })
  await page.getByLabel('Your message to land professionals').fill(message)
  await page.getByRole('button', { name: 'Send my request' }).click()
  await expect(page).toHaveURL(/\/lands-connector\/\d+\/\?sent=[1-5]$/)
  const requestUrl = page.url().replace(/\?.*$/, '')
  await expect(page.getByText(/Your land request is saved\. It went to [1-5] land professionals? who works? there\./)).toBeVisible()
  const matches = page.getByRole('region', { name: `${county.countyName}, ${county.abbreviation} Land for Sale` })
  await expect(matches.getByText(/listings? match(es)? your request now/)).toBeVisible()
  await expect(matches.getByRole('listitem').first()).toBeVisible()
  await expect(matches.getByRole('link', { name: /on the search page/ })).toHaveAttribute('href', /^\/search\/.+-land-for-sale\/.+\/$/)

  await page.getByRole('link', { name: 'Change it' }).click()
  await expect(page).toHaveTitle('Change your land request | LandAtlas')
  await page.getByLabel('Acres from').fill('5')
  await page.getByLabel('When do you want to buy?').selectOption({ label: 'In more than a year' })
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Your changes are saved.')).toBeVisible()
  await expect(page.getByText('5 ac +')).toBeVisible()
  await expect(page.getByText('In more than a year')).toBeVisible()

  await page.context().clearCookies()
  await logIn(page, seller)
  await page.goto(siteUrl('land', '/account/leads/'))
  const lead = page.getByRole('article').filter({ hasText: message })
  await expect(lead.getByText('Land request from the Lands Connector on LandAtlas')).toBeVisible()
  await expect(lead.getByRole('link', { name: /^Reply through LandAtlas/ })).toBeVisible()
  await expect(lead).not.toContainText(buyer.email)

  await page.context().clearCookies()
  await logIn(page, buyer)
  await page.goto(requestUrl)
  await page.getByRole('button', { name: 'Delete this request' }).click()
  await expect(page).toHaveURL(/\/lands-connector\/\?deleted=1$/)
  await expect(page.getByText('Your land request is deleted')).toBeVisible()
})
