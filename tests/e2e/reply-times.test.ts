import { expect, test } from '@playwright/test'
import { sql } from 'kysely'
import { demoUsers } from '~/models/accounts/demo-users'
import { brokerPagePath } from '~/models/brokers/broker-path'
import { listingPath } from '~/models/listings/listing-path'
import { sites } from '~/sites/index'
import { brokerDisplayName } from '~/utils/format'
import { openWritableTestDatabase } from '../support/test-database'
import { logIn, siteUrl } from './support'

/**
 * Sellers' reply times (issue 38 item 2) in the browser, with JavaScript on and off: a seller
 * replies to a lead from the leads inbox, and a seller's 'Usually replies within' line is seen on
 * a listing page and on the listing's card on each of the three listing sites.
 */
// Opened and closed with each group of this file's tests that a worker runs (as login-by-token.test.ts).
let db: ReturnType<typeof openWritableTestDatabase>

test.beforeAll(() => {
  db = openWritableTestDatabase()
})

test.afterAll(async () => {
  await db.destroy()
})

const seller = demoUsers.find((user) => user.email === 'demo.seller@example.com')!
const listingSites = [sites.land, sites.farm, sites.hunting]
const timberland = 16

test('a seller replies to a lead from the inbox: a message of what went wrong, then the reply sent and the lead answered', async ({ page }, testInfo) => {
  const sellerAccount = await db.selectFrom('users').select('account_id').where('email', '=', seller.email).executeTakeFirstOrThrow()
  // The seller's newest listing, whose leads the seller looks at: few of the other tests' leads are about it.
  const listing = await db.selectFrom('listings').select('id').where('account_id', '=', sellerAccount.account_id!).orderBy('id', 'desc').executeTakeFirstOrThrow()
  const name = `Lee Reply ${testInfo.project.name} ${Date.now().toString(36)}`
  const { id: leadId } = await db
    .insertInto('leads')
    .values({
      account_id: sellerAccount.account_id!,
      listing_id: listing.id,
      site_id: sites.land.siteId,
      name,
      email: 'lee.reply@example.com',
      phone: null,
      message: 'Do you have anything with a pond near Austin?',
      created_at: new Date(Date.now() - 3.5 * 3_600_000).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  try {
    await logIn(page, seller)
    await page.goto(siteUrl('land', `/account/leads/?listing=${listing.id}`))
    const lead = page.getByRole('article').filter({ hasText: name })
    await expect(lead.getByText('Waiting 3 hours')).toBeVisible()

    await lead.getByRole('button', { name: 'Send reply' }).click()
    const leadAgain = page.getByRole('article').filter({ hasText: name })
    await expect(leadAgain.getByText('This field is required.')).toBeVisible()

    await leadAgain.getByLabel(`Reply to ${name}`).fill('Yes: 40 acres with a stock pond in Bastrop County. When can you visit?')
    await leadAgain.getByRole('button', { name: 'Send reply' }).click()
    await expect(page.getByRole('status')).toHaveText(`Your reply to ${name} was sent to lee.reply@example.com.`)
    await expect(page).toHaveURL(new RegExp(`\\?listing=${listing.id}&replied=${leadId}#lead-${leadId}$`))
    const answered = page.getByRole('article').filter({ hasText: name })
    await expect(answered.getByText(/^Answered /)).toBeVisible()
    await expect(answered.getByText('Yes: 40 acres with a stock pond in Bastrop County. When can you visit?')).toBeVisible()
    await expect(answered.getByText('Waiting 3 hours')).toHaveCount(0)
  } finally {
    await db.deleteFrom('leads').where('id', '=', leadId).execute()
  }
})

test("a seller's reply time is seen on a listing page and on the seller's listing cards, on each listing site", async ({ page }, testInfo) => {
  // A paid seller with an active timberland listing (on all three sites); each project its own, so the two never share one.
  const [account] = await db
    .selectFrom('listings')
    .innerJoin('accounts', 'accounts.id', 'listings.account_id')
    .select(['accounts.id', 'accounts.contact_name as contactName', 'accounts.company_name as companyName'])
    .where('listings.status', '=', 1)
    .where('listings.listing_level', '!=', 3)
    .where('listings.upgrade_level', '>=', 0)
    .where(sql`listings.property_types & ${timberland}`, '!=', 0)
    .where('accounts.parent_account_id', 'is', null)
    .where('accounts.email', '!=', 'demo.seller@example.com')
    .groupBy(['accounts.id', 'accounts.contact_name', 'accounts.company_name'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('accounts.id')
    .offset(testInfo.project.name === 'js-on' ? 0 : 1)
    .limit(1)
    .execute()
  const listing = await db
    .selectFrom('listings')
    .innerJoin('counties', 'counties.id', 'listings.county_id')
    .innerJoin('states', 'states.id', 'listings.state_id')
    .select([
      'listings.id',
      'listings.title',
      'listings.acres',
      sql<string>`counties.name || ' ' || counties.suffix`.as('countyName'),
      'states.abbreviation as stateAbbreviation',
    ])
    .where('listings.account_id', '=', account!.id)
    .where('listings.status', '=', 1)
    .where('listings.listing_level', '!=', 3)
    .where('listings.upgrade_level', '>=', 0)
    .where(sql`listings.property_types & ${timberland}`, '!=', 0)
    .orderBy('listings.id')
    .executeTakeFirstOrThrow()
  // The figure as the reply-times job stores it (its computation: tests/unit/seller-reply-times.test.ts).
  await db.updateTable('accounts').set({ reply_within_hours: 6 }).where('id', '=', account!.id).execute()
  try {
    for (const site of listingSites) {
      await page.goto(siteUrl(site.key, listingPath(site, listing)))
      await expect(page.getByRole('complementary', { name: 'Seller' }).getByText('Usually replies within 6 hours')).toBeVisible()

      const brokerPage = brokerPagePath(site, { id: account!.id, contactName: account!.contactName, companyName: account!.companyName })!
      await page.goto(siteUrl(site.key, brokerPage))
      await expect(page.getByRole('heading', { level: 1 }).locator('..').getByText('Usually replies within 6 hours')).toBeVisible()
      // The broker page's cards are the seller's listings: the first one says it under the seller's name.
      const firstCard = page.getByRole('listitem').getByRole('article').first()
      await expect(firstCard.getByRole('link', { name: brokerDisplayName(account!) })).toBeVisible()
      await expect(firstCard.getByText('Usually replies within 6 hours')).toBeVisible()
    }
  } finally {
    await db.updateTable('accounts').set({ reply_within_hours: null }).where('id', '=', account!.id).execute()
  }
})
