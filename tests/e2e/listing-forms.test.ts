import { expect, test } from '@playwright/test'
import { contactableListing } from '../support/test-database'
import { siteUrl, waitForHydration } from './support'

test('a buyer contacts the seller: a bad e-mail is answered with the spec message, a good one is confirmed', async ({ page }, testInfo) => {
  const listing = contactableListing(testInfo.project.name === 'js-on' ? 10 : 11)
  await page.goto(siteUrl('land', listing.path))
  await page.getByRole('complementary', { name: 'Seller' }).getByRole('link', { name: 'Contact Seller' }).click()
  const dialog = page.getByRole('dialog', { name: /^Contact / })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Full name').fill('Pat Buyer')
  await dialog.getByLabel('E-mail').fill('pat@example')
  await dialog.getByLabel('Message').fill('Is the road access deeded?')
  await dialog.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText('Please enter an email address in a valid format.')).toBeVisible()
  await page
    .getByRole('dialog', { name: /^Contact / })
    .getByLabel('E-mail')
    .fill('pat@example.com')
  await page
    .getByRole('dialog', { name: /^Contact / })
    .getByRole('button', { name: 'Send message' })
    .click()
  await expect(page.getByRole('status')).toHaveText('Your message was sent. The seller will reply to the e-mail address you gave.')
  expect(new URL(page.url()).searchParams.get('sent')).toBe('contact')
})

test('a phone number in the right format but not in service gets the spec §5 message from the server', async ({ page }, testInfo) => {
  const isScripted = testInfo.project.name === 'js-on'
  const listing = contactableListing(isScripted ? 14 : 15)
  // Its own client address: the contact form's rate limit is per address.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': isScripted ? '203.0.113.171' : '203.0.113.172' })
  await page.goto(siteUrl('land', listing.path))
  await page.getByRole('complementary', { name: 'Seller' }).getByRole('link', { name: 'Contact Seller' }).click()
  const dialog = page.getByRole('dialog', { name: /^Contact / })
  await dialog.getByLabel('Full name').fill('Pat Buyer')
  await dialog.getByLabel('E-mail').fill('pat@example.com')
  await dialog.getByLabel('Phone').fill('(512) 111-0123')
  await dialog.getByLabel('Message').fill('Is there a well?')
  await dialog.getByRole('button', { name: 'Send message' }).click()
  const phone = page.getByRole('dialog', { name: /^Contact / }).getByLabel('Phone')
  await expect(phone).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Please enter a valid phone number.')).toBeVisible()
  expect(new URL(page.url()).searchParams.get('sent')).toBeNull()
})

test('a buyer reports a listing and sends it to a friend', async ({ page }, testInfo) => {
  const listing = contactableListing(testInfo.project.name === 'js-on' ? 12 : 13)
  await page.goto(siteUrl('land', listing.path))
  await page.getByRole('link', { name: 'Report this listing' }).click()
  const report = page.getByRole('dialog', { name: 'Report this listing' })
  await report.getByLabel('It is a duplicate of another listing').check()
  await report.getByRole('button', { name: 'Send report' }).click()
  await expect(page.getByRole('status')).toHaveText('Thank you. We will review this listing.')
  await page.getByRole('dialog', { name: 'Report this listing' }).getByRole('link', { name: 'Close' }).click()

  await page.getByRole('link', { name: 'Send to a friend' }).click()
  const share = page.getByRole('dialog', { name: 'Send to a friend' })
  await share.getByLabel("Friends' e-mail addresses").fill('ann@example.com, bob')
  await share.getByLabel('Your name').fill('Pat')
  await share.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('Please enter email addresses in a valid format, separated by commas.')).toBeVisible()
  await page.getByRole('dialog', { name: 'Send to a friend' }).getByLabel("Friends' e-mail addresses").fill('ann@example.com, bob@example.com')
  await page.getByRole('dialog', { name: 'Send to a friend' }).getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('status')).toHaveText('Sent. Your friends will get a link to this property.')
})

test('with JavaScript, the contact form is a keyboard modal: focus moves in, Escape closes it', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'focus handling is a script enhancement; without scripts the modal is a page section')
  const listing = contactableListing(14)
  await page.goto(siteUrl('land', listing.path))
  // The page's own modal code takes the opener's focus back; before hydration the link opens the
  // script-less section (decision 0013 starts the framework only after the first view).
  await waitForHydration(page)
  const opener = page.getByRole('complementary', { name: 'Seller' }).getByRole('link', { name: 'Contact Seller' })
  await opener.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: /^Contact / })
  await expect(dialog.getByLabel('Full name')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
})

test('with JavaScript, the share modal copies the listing link', async ({ page, context }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'copying to the clipboard needs scripts; without them the button is not shown')
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const listing = contactableListing(16)
  await page.goto(siteUrl('land', listing.path))
  await page.waitForLoadState('networkidle')
  await page.getByRole('link', { name: 'Send to a friend' }).click()
  const share = page.getByRole('dialog', { name: 'Send to a friend' })
  await share.getByRole('button', { name: 'Copy link' }).click()
  await expect(share.getByText('Link copied')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(siteUrl('land', listing.path))
})

test('a buyer opens the printable flyer from the listing page', async ({ page }) => {
  const listing = contactableListing(15)
  await page.goto(siteUrl('land', listing.path))
  await page.getByRole('link', { name: 'Printable flyer' }).click()
  await expect(page).toHaveURL(siteUrl('land', `/flyer/${listing.id}`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(listing.title)
  await expect(page.getByRole('link', { name: new RegExp(`${listing.path}$`) })).toBeVisible()
})
