import { expect, test } from '@playwright/test'
import { contactableListing } from '../support/test-database'
import { logIn, siteUrl } from './support'

/**
 * Issue 34 item 3: a signed-in person's forms start with what the account knows — name, e-mail —
 * still theirs to change, so a first send does not fail with 'This field is required.'; a visitor's
 * start empty. Drawn on the server, so with scripts and without.
 */
const buyer = { email: 'demo.buyer@example.com', password: 'demo-buyer-1', name: 'Dana Buyer' }

test("a signed-in buyer's contact, share, report and finance forms start with the account's name and e-mail", async ({ page, browser }, testInfo) => {
  const isScripted = testInfo.project.name === 'js-on'
  // An address of its own: the contact form's limit counts by address.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': isScripted ? '203.0.113.181' : '203.0.113.182' })
  await logIn(page, buyer)
  const listing = contactableListing(isScripted ? 20 : 21)
  await page.goto(siteUrl('land', listing.path))

  await page.getByRole('complementary', { name: 'Seller' }).getByRole('link', { name: 'Contact Seller' }).click()
  const contact = page.getByRole('dialog', { name: /^Contact / })
  await expect(contact.getByLabel('Full name')).toHaveValue(buyer.name)
  await expect(contact.getByLabel('E-mail')).toHaveValue(buyer.email)
  await page.screenshot({ path: testInfo.outputPath('contact-prefilled.png') })
  await contact.getByLabel('Message').fill('Is the road to the gate county-maintained?')
  await contact.getByRole('button', { name: 'Send message' }).click()
  // The first send goes through: nothing was left for the buyer to type again.
  await expect(page.getByRole('status')).toHaveText('Your message was sent. The seller will reply to the e-mail address you gave.')

  await page.goto(siteUrl('land', listing.path))
  await page.getByRole('link', { name: 'Send to a friend' }).click()
  await expect(page.getByRole('dialog', { name: 'Send to a friend' }).getByLabel('Your name')).toHaveValue(buyer.name)
  await page.goto(siteUrl('land', listing.path))
  await page.getByRole('link', { name: 'Report this listing' }).click()
  await expect(page.getByRole('dialog', { name: 'Report this listing' }).getByLabel('Your e-mail')).toHaveValue(buyer.email)

  // The site's lender, as the header's Finance link names it (the report dialog still covers the header).
  const financeHref = await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Finance' }).getAttribute('href')
  await page.goto(siteUrl('land', financeHref!))
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue(buyer.name)
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(buyer.email)

  // A visitor after them, on another browser, starts with empty fields: nothing of the buyer's is kept for others.
  const visitor = await browser.newPage()
  try {
    await visitor.goto(siteUrl('land', listing.path))
    await visitor.getByRole('complementary', { name: 'Seller' }).getByRole('link', { name: 'Contact Seller' }).click()
    await expect(visitor.getByRole('dialog', { name: /^Contact / }).getByLabel('Full name')).toHaveValue('')
    await expect(visitor.getByRole('dialog', { name: /^Contact / }).getByLabel('E-mail')).toHaveValue('')
  } finally {
    await visitor.close()
  }
})
