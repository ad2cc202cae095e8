import { expect, test } from '@playwright/test'
import { contactableListing, openWritableTestDatabase } from '../support/test-database'
import { siteUrl, waitForHydration } from './support'

/**
 * Spec §4 popovers, browser storage and the feedback modal: the saved-search popover comes back
 * 30 days after it was last shown and the lead nudge hides after 10 s (a faked clock keeps the
 * test from waiting); recent searches are offered in the location box; a visitor's like stays
 * pressed while they log in; the feedback modal works by keyboard, and without scripts the
 * feedback page takes the same form.
 */
const runId = Date.now().toString(36)
const dayMs = 24 * 60 * 60 * 1000

test.afterAll(async () => {
  const db = openWritableTestDatabase()
  await db.deleteFrom('feedback').where('message', 'like', `%${runId}%`).execute()
  await db.destroy()
})

test('the saved-search popover shows after 30 s on a search, and again only 30 days after it was last shown', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'popovers are a script enhancement')
  const start = new Date('2031-06-01T09:00:00Z').getTime()
  await page.clock.install({ time: start })
  const search = siteUrl('land', '/search/texas-land-for-sale/')
  const popover = page.getByRole('status', { name: 'Save this search' })
  await page.goto(search)
  await waitForHydration(page)
  await page.clock.runFor(30_000)
  await expect(popover).toContainText('Come back to this search any time')
  await popover.getByRole('button', { name: 'Dismiss: Save this search' }).click()
  await expect(popover).toHaveCount(0)
  const shownAt = () => page.evaluate(() => localStorage.getItem('saved-search-popover-shown-at'))
  const firstShownAt = await shownAt()

  // 29 days later it stays away (its date unchanged); at 30 days it is offered again.
  await page.clock.setSystemTime(start + 29 * dayMs)
  await page.reload()
  await waitForHydration(page)
  await page.clock.runFor(30_000)
  // The clock has run the 30-second check, which records a showing before anything is drawn: its date unchanged, none shows.
  expect(await shownAt()).toBe(firstShownAt)
  await expect(popover).toHaveCount(0)

  await page.clock.setSystemTime(start + 30 * dayMs + 60_000)
  await page.reload()
  await waitForHydration(page)
  await page.clock.runFor(30_000)
  await expect(popover).toBeVisible()
  expect(await shownAt()).not.toBe(firstShownAt)
})

test('the lead nudge shows on a listing that takes messages, and hides after 10 s', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'popovers are a script enhancement')
  await page.clock.install()
  await page.goto(siteUrl('land', contactableListing(20).path))
  await waitForHydration(page)
  await page.clock.runFor(20_000)
  const nudge = page.getByRole('status', { name: 'Contact the seller' })
  await expect(nudge.getByRole('link', { name: 'Ask the seller' })).toHaveAttribute('href', '#contact-seller')
  await page.clock.runFor(9_000)
  await expect(nudge).toBeVisible()
  await page.clock.runFor(1_400)
  await expect(nudge).toHaveCount(0)
  const shownAt = await page.evaluate(() => localStorage.getItem('lead-nudge-popover-shown-at'))
  expect(Number.isNaN(Date.parse(JSON.parse(shownAt!) as string))).toBe(false)
})

test('recent searches are offered in the location box when it is focused and empty', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'the browser keeps recent searches with scripts')
  await page.goto(siteUrl('land', '/search/texas-land-for-sale/hunting-land-for-sale/'))
  await waitForHydration(page)
  const heading = (await page.getByRole('heading', { level: 1 }).textContent())!.trim()
  await page.goto(siteUrl('land', '/'))
  await waitForHydration(page)
  const box = page.getByRole('combobox', { name: 'Location or property ID' })
  await box.focus()
  const recent = page.getByRole('listbox', { name: 'Recent searches' })
  await expect(recent.getByRole('option', { name: heading })).toBeVisible()
  await box.pressSequentially('Tr')
  await expect(recent).toHaveCount(0)
  await box.fill('')
  await recent.getByRole('option', { name: heading }).click()
  await expect(page).toHaveURL(siteUrl('land', '/search/texas-land-for-sale/hunting-land-for-sale/'))
})

test('a visitor’s like stays pressed in this browser while they are asked to log in', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'without scripts the session keeps the like until the login')
  await page.goto(siteUrl('land', '/search/texas-land-for-sale/'))
  await waitForHydration(page)
  const heart = page
    .locator('article')
    .first()
    .getByRole('button', { name: /^Save / })
  const name = (await heart.getAttribute('aria-label'))!
  await heart.click()
  await expect(page).toHaveURL(/\/login\?/)
  await page.goBack()
  await waitForHydration(page)
  await expect(page.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true')
})

test('the feedback modal works by keyboard: focus moves in, Tab stays inside, Escape closes it and focus returns', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'without scripts the link opens the feedback page (next test)')
  await page.goto(siteUrl('hunting', '/'))
  await waitForHydration(page)
  const opener = page.locator('footer').getByRole('link', { name: 'Feedback' })
  await opener.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Send us feedback' })
  await expect(dialog.getByLabel('Your feedback')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(dialog.getByLabel('Your feedback')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByLabel(/^E-mail/)).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Send feedback' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(dialog.getByRole('button', { name: 'Send feedback' })).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(dialog.getByText('This field is required.')).toBeVisible()
  await expect(dialog.getByLabel('Your feedback')).toBeFocused()
  await page.keyboard.type(`The hunting maps are just right. ${runId}`)
  await dialog.getByRole('button', { name: 'Send feedback' }).press('Enter')
  await expect(dialog.getByRole('status')).toHaveText('Thank you for your feedback. Our team reads every message.')
})

test('without scripts, the footer’s Feedback leads to the feedback page, which takes the form', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-on', 'with scripts the link opens the modal (previous test)')
  await page.goto(siteUrl('land', '/Texas'))
  await page.locator('footer').getByRole('link', { name: 'Feedback' }).click()
  await expect(page).toHaveURL(siteUrl('land', '/feedback/'))
  await expect(page).toHaveTitle('Feedback | LandAtlas')
  await page.getByLabel('Your feedback').fill(`More photos of the access roads, please. ${runId}`)
  await page.getByRole('button', { name: 'Send feedback' }).click()
  await expect(page).toHaveURL(siteUrl('land', '/feedback/?sent=1'))
  await expect(page.getByRole('status')).toHaveText('Thank you for your feedback. Our team reads every message.')
})
