import fs from 'node:fs'
import path from 'node:path'
import { randomInt } from 'node:crypto'
import { type Locator, type Page, type TestInfo, expect } from '@playwright/test'
import { generate } from 'otplib'
import { e2ePort } from '../../playwright.config'
import { forgetUsedTotpStep } from '../support/test-database'

/** A site's base URL on the test server: Chromium resolves *.localhost to loopback. */
export function siteUrl(siteKey: 'land' | 'farm' | 'hunting' | 'value', path = '/') {
  return `http://${siteKey}.localhost:${e2ePort}${path}`
}

/**
 * A search's address after its filter or sort form: without scripts the form lands on the results'
 * heading, so the address also carries that fragment (app/routes/search/search-results-heading.ts).
 */
export function searchResultsUrl(siteKey: 'land' | 'farm' | 'hunting' | 'value', path: string) {
  const address = siteUrl(siteKey, path)
  return (url: URL) => url.href === address || url.href === `${address}#results`
}

/** Scripts start after the page has loaded (decision 0013): a test of a script enhancement waits for them. */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

/**
 * A page ready for the visitor's next move: with scripts, hydrated (a quiet network can come before
 * the framework starts, decision 0013); without them, loaded with nothing more in flight.
 */
export async function waitForPageReady(page: Page, testInfo: TestInfo) {
  await page.waitForLoadState('networkidle')
  if (testInfo.project.name === 'js-on') await waitForHydration(page)
}

/**
 * Opens a search's filter panel as a visitor on a wide screen would. With scripts it opens itself
 * once its own code has arrived, after hydration (spec §9): the test waits for that, where looking
 * first and clicking if closed raced it and closed the panel again. Without scripts, Filter opens it.
 */
export async function openFilterPanel(page: Page, testInfo: TestInfo) {
  const panel = page.locator('details', { has: page.locator('summary', { hasText: 'Filter' }) })
  if (testInfo.project.name === 'js-on') await expect(panel).toHaveJSProperty('open', true)
  else if (!(await panel.evaluate((details: HTMLDetailsElement) => details.open))) await panel.locator('summary').click()
}

/**
 * With Low data the framework waits for the visitor's first use of the page (decision 0033): a
 * key pressed on the page itself, not on a link, starts it.
 */
export async function hydrateLowDataPage(page: Page) {
  await page.keyboard.press('Shift')
  await waitForHydration(page)
}

/**
 * Holds the page's scripts (or those matching `glob`), as a slow link does, so that a test can type
 * before hydration or before a part's code arrives; call what it returns to let them through.
 */
export async function holdScripts(page: Page, glob = '**/*.js') {
  let releaseScripts = () => {}
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve))
  await page.route(glob, async (route) => {
    await scriptsHeld
    await route.continue()
  })
  return releaseScripts
}

/**
 * Logs in on a site (the land site unless named) through the login form, as a person would, from a
 * client address of its own (198.18.0.0/15, the benchmarking range): the login form allows 20
 * attempts in 15 minutes per address, and the browser tests' logins would otherwise all count
 * against the loopback's.
 */
export async function logIn(page: Page, user: { email: string; password: string }, siteKey: 'land' | 'farm' | 'hunting' = 'land') {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.18.${randomInt(256)}.${randomInt(1, 255)}` })
  await page.goto(siteUrl(siteKey, '/login'))
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.locator('#main').getByRole('button', { name: 'Log in' }).click()
  await expect(page).not.toHaveURL(/\/login/)
}

/**
 * Opens the link of the sign-up mail to `email` (the test server writes mails to its outbox), which
 * signs the account in: its path and query on the land site, as the mail's site address is the
 * configured one.
 */
export async function openSignupMailLink(page: Page, email: string) {
  const outbox = path.join(process.env.TEST_DATA_DIR ?? '.test-data', 'outbox')
  const readMails = () =>
    fs.existsSync(outbox)
      ? fs.readdirSync(outbox).map((file) =>
          fs
            .readFileSync(path.join(outbox, file), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        )
      : []
  let link: string | undefined
  await expect
    .poll(
      () =>
        (link = readMails()
          .find((mail) => mail.includes(`To: ${email}`))
          ?.match(/https?:\/\/\S+(\/signup\/\?\S*token=\S+)/)?.[1]),
    )
    .toBeTruthy()
  await page.goto(siteUrl('land', link!))
}

/**
 * The second factor at /login/verify/ (decision 0052), as a person types it from their app. A code
 * works once: when another login of the account used this 30-second step meanwhile, the next
 * step's code (accepted one step early) is typed instead.
 */
export async function enterSecondFactor(page: Page, { email, totpSecret: secret }: { email: string; totpSecret: string }) {
  await expect(page).toHaveURL(/\/login\/verify\//)
  // Other tests may have signed the demo administrator in within this 30-second step.
  forgetUsedTotpStep(email)
  for (const stepsAhead of [0, 1]) {
    await page
      .getByLabel('Code from your authenticator app, or a recovery code')
      .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 }))
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForLoadState('load')
    if (!/\/login\/verify\//.test(page.url()) || (await page.getByRole('alert').count()) === 0) break
  }
  await expect(page).not.toHaveURL(/\/login/)
}

/** The listing ids of the result cards on a search page, in page order. */
export async function cardListingIds(page: Page) {
  const hrefs = await page
    .getByRole('region', { name: 'Results' })
    .locator('article h3 a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  return hrefs.map((href) => Number(href.match(/\/(\d+)\/$/)?.[1]))
}

/**
 * Records the page's layout shifts from its first paint on, with the elements that moved (the
 * start of their HTML); shifts right after the visitor's own input are left out, as CLS leaves
 * them. Read them with `layoutShiftsOf`.
 */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = []
    const record = (entries: PerformanceEntryList) => {
      for (const entry of entries as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] })[]) {
        if (entry.hadRecentInput) continue
        shifts.push({
          value: entry.value,
          sources: entry.sources.map(({ node }) =>
            node instanceof Element
              ? node.outerHTML.slice(0, 80)
              : // A run of text: its words and the element holding it.
                `"${node?.textContent?.slice(0, 40)}" in ${node?.parentElement?.outerHTML.slice(0, 80)}`,
          ),
        })
      }
    }
    const observer = new PerformanceObserver((list) => record(list.getEntries()))
    observer.observe({ type: 'layout-shift', buffered: true })
    // The observer hears of a frame's shifts some time after it is drawn: reading takes those it has not yet heard of.
    Object.assign(window, {
      takeLayoutShifts: () => {
        record(observer.takeRecords())
        return shifts
      },
    })
  })
}

/** The layout shifts `recordLayoutShifts` has seen on the page shown, up to the last frame drawn. */
export function layoutShiftsOf(page: Page) {
  return page.evaluate(() => (window as unknown as { takeLayoutShifts: () => { value: number; sources: string[] }[] }).takeLayoutShifts())
}

/**
 * Waits until the browser has laid out and drawn a frame of the page as it is now: the second
 * animation frame from now starts once the first one has been rendered. Not under `page.clock`,
 * whose animation frames are timers.
 */
export async function waitForFrameDrawn(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))
}

/**
 * Waits until the browser has worked out what IntersectionObservers see of `element` where it now
 * lies (after a scroll), and the page's own observers have acted on it: an observer made now first
 * reports at the next intersection update, in the one task that gives every observer its news of
 * that update, and answers from a task posted then, after all their callbacks and the microtasks
 * those queued (a fetch, a timer started; a React state change is drawn in a task of its own).
 */
export async function waitForIntersectionUpdate(element: Locator) {
  await element.evaluate(
    (target) =>
      new Promise<void>((resolve) => {
        const observer = new IntersectionObserver(() => {
          observer.disconnect()
          const channel = new MessageChannel()
          channel.port1.onmessage = () => resolve()
          channel.port2.postMessage(null)
        })
        observer.observe(target)
      }),
  )
}

/**
 * On the signed-in seller's Manage Listings, starts a new listing in the sellers' tool at
 * Woodstock, Windsor County, Vermont (a state only the sellers' tool's browser tests count), and
 * saves that first step.
 */
export async function startVermontListing(page: Page) {
  await page.goto(siteUrl('land', '/account/listings/'))
  await page.getByRole('link', { name: 'Add a listing' }).click()
  await page.getByLabel('State', { exact: true }).selectOption('VT')
  await page.getByLabel('County', { exact: true }).fill('Windsor')
  await page.getByLabel('City or nearest town').fill('Woodstock')
  await page.getByLabel('Latitude').fill('43.6242')
  await page.getByLabel('Longitude').fill('-72.5185')
  await page.getByRole('button', { name: 'Save and continue' }).click()
}
