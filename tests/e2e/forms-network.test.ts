import { type Page, type Request, type Route, expect, test } from '@playwright/test'
import { contactableListing, openTestDatabase } from '../support/test-database'
import { siteUrl, waitForHydration } from './support'

/**
 * Forms that survive the network (issue 20 item 4): with scripts, a message sent while offline is
 * kept and sent once when the connection is back, however many retries race the reconnect; a
 * message whose sending failed is back in the form after a reload. Without scripts the page says
 * what happens when the connection drops.
 */
const offlineNotice = 'You seem to be offline — your message is saved and will be sent when you reconnect'

function leadCount(listingId: number) {
  const db = openTestDatabase()
  try {
    return (db.prepare('select count(*) as n from leads where listing_id = ?').get(listingId) as { n: number }).n
  } finally {
    db.close()
  }
}

/** A form's post as the router sends it, to the page's data address (not the data layer's beacons). */
const isFormPost = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname.endsWith('.data')

/** The form posts the page has sent that are not yet answered or failed. */
function unsettledFormPosts(page: Page) {
  const unsettled = new Set<Request>()
  page.on('request', (request) => {
    if (isFormPost(request)) unsettled.add(request)
  })
  const settle = (request: Request) => unsettled.delete(request)
  page.on('requestfinished', settle)
  page.on('requestfailed', settle)
  return unsettled
}

/** Opens a contactable listing (the `offset`th) with its scripts, and types a message into its contact form. */
async function typeMessage(page: Page, offset: number, message: string) {
  const listing = contactableListing(offset)
  const before = leadCount(listing.id)
  await page.goto(siteUrl('land', listing.path))
  await waitForHydration(page)
  await page.getByRole('complementary', { name: 'Seller' }).getByRole('link', { name: 'Contact Seller' }).click()
  const dialog = page.getByRole('dialog', { name: /^Contact / })
  await dialog.getByLabel('Full name').fill('Pat Buyer')
  await dialog.getByLabel('E-mail').fill('pat@example.com')
  await dialog.getByLabel('Message').fill(message)
  return { listing, before, dialog }
}

test('a message sent offline is kept, and sent once when the connection is back, even with a retry racing the reconnect', async ({ page, context }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'keeping a message needs scripts; without them the browser shows its own error (the next test)')
  const { listing, before, dialog } = await typeMessage(page, 30, 'Sent from the edge of the field: is the well deep?')
  const unsettledPosts = unsettledFormPosts(page)
  await context.setOffline(true)
  await dialog.getByRole('button', { name: 'Send message' }).click()
  await expect(dialog.getByText(offlineNotice)).toBeVisible()
  // Still offline: a retry keeps waiting.
  await dialog.getByRole('button', { name: 'Retry' }).click()
  await expect(dialog.getByText(offlineNotice)).toBeVisible()
  expect(leadCount(listing.id)).toBe(before)
  // The buyer presses Retry just as the connection comes back, after the page has sent it itself.
  await page.evaluate(() => window.addEventListener('online', () => document.querySelector<HTMLButtonElement>('#contact-form button[type=button]')?.click()))
  await context.setOffline(false)
  await expect(page.getByRole('status').filter({ hasText: 'Your message was sent.' })).toBeVisible()
  await expect(dialog.getByText(offlineNotice)).toBeHidden()
  await expect.poll(() => leadCount(listing.id)).toBe(before + 1)
  // The reconnect and the retry both asked to send before the first answer came: whatever they sent has been answered now.
  await expect.poll(() => unsettledPosts.size).toBe(0)
  expect(leadCount(listing.id)).toBe(before + 1)
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('unsent-form:')))).toEqual([])
})

test('a message whose sending fails while the browser thinks it is online shows the notice, and is sent once when a retry gets through', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'keeping a message needs scripts')
  const message = 'Sent as the satellite link dropped: is the road all-weather?'
  const { listing, before, dialog } = await typeMessage(page, 33, message)
  await page.clock.install()
  // The link drops, then a gateway answers for the server; the browser never learns it was offline.
  const failures: ((route: Route) => Promise<void>)[] = [(route) => route.abort('failed'), (route) => route.fulfill({ status: 502, body: 'Bad Gateway' })]
  await page.route('**/*.data*', (route) => (route.request().method() === 'POST' ? (failures.shift() ?? ((held) => held.continue()))(route) : route.continue()))
  await dialog.getByRole('button', { name: 'Send message' }).click()
  await expect(dialog.getByText(offlineNotice)).toBeVisible()
  await expect(dialog.getByLabel('Message')).toHaveValue(message)
  expect(await page.evaluate(() => navigator.onLine)).toBe(true)
  await dialog.getByRole('button', { name: 'Retry' }).click()
  await expect.poll(() => failures.length).toBe(0)
  await expect(dialog.getByText(offlineNotice)).toBeVisible()
  await expect(page).toHaveURL(siteUrl('land', listing.path))
  expect(leadCount(listing.id)).toBe(before)
  // The link is back, with no `online` event to say so: the second failure's retry, 10 s later, sends it.
  await page.clock.runFor(9_000)
  expect(leadCount(listing.id)).toBe(before)
  await page.clock.runFor(1_500)
  await expect(page.getByRole('status').filter({ hasText: 'Your message was sent.' })).toBeVisible()
  await expect(dialog.getByText(offlineNotice)).toBeHidden()
  await expect.poll(() => leadCount(listing.id)).toBe(before + 1)
  await page.clock.runFor(120_000)
  expect(leadCount(listing.id)).toBe(before + 1)
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('unsent-form:')))).toEqual([])
})

test('a message whose sending failed is back in the form after a reload, and is sent from there', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'without scripts the browser keeps the form, not the page')
  const { listing, before, dialog } = await typeMessage(page, 31, 'Typed on one bar of signal: is there a gate code?')
  // The connection drops while sending, though the browser still thinks it is online.
  await page.route('**/*.data*', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()))
  const droppedPost = page.waitForEvent('requestfailed', isFormPost)
  await dialog.getByRole('button', { name: 'Send message' }).click()
  await droppedPost
  await page.unrouteAll()
  await page.goto(siteUrl('land', listing.path))
  await waitForHydration(page)
  await page.getByRole('complementary', { name: 'Seller' }).getByRole('link', { name: 'Contact Seller' }).click()
  await expect(dialog.getByLabel('Message')).toHaveValue('Typed on one bar of signal: is there a gate code?')
  await expect(dialog.getByLabel('Full name')).toHaveValue('Pat Buyer')
  await dialog.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your message was sent.' })).toBeVisible()
  await expect.poll(() => leadCount(listing.id)).toBe(before + 1)
})

test('without scripts, the form says what happens when the connection drops', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-on', 'with scripts the form keeps the message itself (the tests above)')
  const listing = contactableListing(32)
  await page.goto(siteUrl('land', `${listing.path}#contact-seller`))
  // Shown by the browser only without scripts (a <noscript>, which text locators pass over).
  const line = page.getByRole('dialog', { name: /^Contact / }).locator('noscript > p')
  await expect(line).toBeVisible()
  await expect(line).toHaveText(
    /^If your connection drops while sending, your browser shows its own error: once you are online again, go back to this page and send again\./,
  )
})
