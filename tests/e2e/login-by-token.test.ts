import { type Page, expect, test } from '@playwright/test'
import { createLoginToken } from '~/models/accounts/login-tokens.server'
import { createUser } from '~/models/accounts/user.server'
import { openWritableTestDatabase } from '../support/test-database'
import { siteUrl, waitForHydration } from './support'

/**
 * Login states of spec §4 and §8 in the browser: a login token in the address logs in and leaves
 * the address (with scripts and without); a failed one says so; a seller's welcome popover shows
 * once and hides after its time; the login status is rechecked on a mouse-down once the interval
 * has passed.
 */
// Opened and closed with each group of this file's tests that a worker runs: with fully parallel
// tests, one worker may run the hooks more than once, and a handle closed by the first group's
// afterAll would fail the next group's.
let db: ReturnType<typeof openWritableTestDatabase>
const createdUserIds: number[] = []

test.beforeAll(() => {
  db = openWritableTestDatabase()
})

test.afterAll(async () => {
  if (createdUserIds.length > 0) await db.deleteFrom('users').where('id', 'in', createdUserIds.splice(0)).execute()
  await db.destroy()
})

/** A new account and a login token for it. */
async function accountWithToken(label: string, { isSeller = false } = {}) {
  const email = `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`
  const id = (await createUser(db, { contactName: 'Pat Token', email, password: 'creek-side-42', newsletter: false }))!
  createdUserIds.push(id)
  if (isSeller) await db.updateTable('users').set({ is_seller: 1 }).where('id', '=', id).execute()
  return { id, token: await createLoginToken(db, id) }
}

const welcome = 'Welcome back! Manage your account and listings from the Account menu.'

/** The header's My Account menu, which only a signed-in user has. */
const accountMenu = (page: Page) => page.locator('header summary', { hasText: 'My Account' })

/** The addresses of the welcome popover's code the page asks for (it loads only on a page that shows it). */
function popoverCodeRequests(page: Page) {
  const requests: string[] = []
  page.on('request', (request) => {
    if (/\/popovers-[^/]*\.js$/.test(new URL(request.url()).pathname)) requests.push(request.url())
  })
  return requests
}

test('a token in the address logs in, and the address loses it', async ({ page }) => {
  const { token } = await accountWithToken('token-login')
  await page.goto(siteUrl('land', `/Texas?token=${token}`))
  await expect(page).toHaveURL(siteUrl('land', '/Texas'))
  await expect(accountMenu(page)).toBeVisible()
  await expect(page.getByText('Failed to login.')).toHaveCount(0)
})

test('a token that logs nobody in is said on the page, in the spec §8 words', async ({ page }) => {
  await page.goto(siteUrl('farm', '/texas-land-for-sale?token=no-such-token'))
  await expect(page).toHaveURL(siteUrl('farm', '/texas-land-for-sale'))
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('Failed to login.')
  await expect(alert).toContainText('Login via token did not succeed.')
  await expect(page.locator('#main').getByRole('link', { name: 'Log in' }).first()).toBeVisible()
})

test('a seller’s welcome popover shows once, and hides after 10 seconds on a wide screen', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'the popover is a script enhancement')
  const { token } = await accountWithToken('welcome', { isSeller: true })
  await page.clock.install()
  const popoverCode = popoverCodeRequests(page)
  await page.goto(siteUrl('land', `/?token=${token}`))
  await waitForHydration(page)
  const popover = page.getByRole('status', { name: 'Welcome' })
  await expect(popover).toHaveText(new RegExp(welcome.replace(/[.!]/g, '\\$&')))
  expect(popoverCode).toHaveLength(1)
  await page.clock.runFor(5_300)
  await expect(popover).toBeVisible()
  await page.clock.runFor(5_000)
  await expect(popover).toHaveCount(0)

  // The next page was sent without the welcome: once it has hydrated and every request it made has
  // settled, it has asked for no popover code (a page showing the popover does, as above) and shows none.
  popoverCode.length = 0
  await page.reload()
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
  expect(popoverCode).toEqual([])
  await expect(page.getByText(welcome)).toHaveCount(0)
})

test('on a phone the welcome hides after 5 seconds, and its button dismisses it sooner', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'the popover is a script enhancement')
  await page.setViewportSize({ width: 390, height: 800 })
  const first = await accountWithToken('welcome-phone', { isSeller: true })
  await page.clock.install()
  await page.goto(siteUrl('land', `/?token=${first.token}`))
  await waitForHydration(page)
  await expect(page.getByText(welcome)).toBeVisible()
  await page.clock.runFor(5_300)
  await expect(page.getByText(welcome)).toHaveCount(0)

  // Still signed in as the first seller: the second seller's link asks before it switches (decision 0047).
  const second = await accountWithToken('welcome-dismissed', { isSeller: true })
  await page.goto(siteUrl('land', `/?token=${second.token}`))
  await page.getByRole('button', { name: /^Sign in as / }).click()
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Dismiss: Welcome' }).click()
  await page.clock.runFor(300)
  await expect(page.getByText(welcome)).toHaveCount(0)
})

test('the login status is rechecked on a mouse-down once the interval has passed', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'js-off', 'the recheck is a script enhancement')
  const { token } = await accountWithToken('recheck')
  await page.clock.install()
  // The watch starts as the page hydrates (before the root's mark); the interval counts from then.
  await page.goto(siteUrl('land', `/Texas?token=${token}`))
  await waitForHydration(page)
  const checks: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/authenticate/isloggedin')) checks.push(request.url())
  })
  // The session ends elsewhere (another tab logs out, the cookie expires).
  await page.context().clearCookies()
  // A mouse-down before the interval, into the location box: the suggestions for what is typed there are asked for after any check it sent.
  const suggestions = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/locations')
  const box = page.getByRole('combobox', { name: 'Location or property ID' })
  await box.click()
  await box.pressSequentially('Trav')
  await suggestions
  expect(checks).toHaveLength(0)
  await expect(accountMenu(page)).toBeVisible()

  await page.clock.fastForward('05:01')
  await page.getByRole('heading', { level: 1 }).click()
  await expect(page.locator('header').getByRole('link', { name: 'Log in' })).toBeVisible()
  expect(checks).toHaveLength(1)
})
