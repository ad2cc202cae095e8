import { expect, test } from '@playwright/test'
import { e2ePort } from '../../playwright.config'
import { contactableListing } from '../support/test-database'
import { siteUrl } from './support'

/**
 * Issue 34 item 2 (decision 0053): a buyer past the contact form's limit (five messages from one
 * address in ten minutes) sees the form again, the message still in it, and how long to wait.
 */
test('past the contact limit, the buyer sees the message still typed in the form and how long to wait', async ({ page }, testInfo) => {
  const isScripted = testInfo.project.name === 'js-on'
  const listing = contactableListing(isScripted ? 22 : 23)
  // An address of its own, so that using up its allowance holds up no other test.
  const address = isScripted ? '192.0.2.230' : '192.0.2.237'
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address })

  // This address's messages of the last ten minutes: sent until the server refuses one (to the
  // server's own address, which Node resolves, with the site's Host).
  const host = `land.localhost:${e2ePort}`
  const sendMessage = (index: number) =>
    page.request.post(`http://127.0.0.1:${e2ePort}${listing.path}`, {
      form: { intent: 'contact', name: 'Pat Earlier', email: 'pat.earlier@example.com', message: `An earlier question, number ${index}.` },
      headers: { host, origin: `http://${host}`, 'x-forwarded-for': address },
      maxRedirects: 0,
    })
  const statuses = []
  for (let index = 0; index < 6 && statuses.at(-1) !== 429; index += 1) statuses.push((await sendMessage(index)).status())
  expect(statuses.at(-1)).toBe(429)

  const message = 'Is the road to the north gate open all winter, and who plows it?'
  await page.goto(siteUrl('land', listing.path))
  await page.getByRole('complementary', { name: 'Seller' }).getByRole('link', { name: 'Contact Seller' }).click()
  const dialog = page.getByRole('dialog', { name: /^Contact / })
  await dialog.getByLabel('Full name').fill('Pat Buyer')
  await dialog.getByLabel('E-mail').fill('pat.buyer@example.com')
  await dialog.getByLabel('Message').fill(message)
  await dialog.getByRole('button', { name: 'Send message' }).click()

  const refused = page.getByRole('dialog', { name: /^Contact / })
  const notice = refused.getByRole('alert')
  await expect(notice).toHaveText(
    /^You have reached the limit of 5 messages in 10 minutes\. Please wait \d+ (minutes?|seconds?) and try again — your message is kept below\.$/,
  )
  await expect(notice).toBeInViewport()
  await expect(refused.getByLabel('Message')).toHaveValue(message)
  await expect(refused.getByLabel('Full name')).toHaveValue('Pat Buyer')
  await expect(refused.getByLabel('E-mail')).toHaveValue('pat.buyer@example.com')
  expect(new URL(page.url()).searchParams.get('sent')).toBeNull()
})
