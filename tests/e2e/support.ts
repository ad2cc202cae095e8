import type { Page } from '@playwright/test'
import { e2ePort } from '../../playwright.config'

/** A site's base URL on the test server: Chromium resolves *.localhost to loopback. */
export function siteUrl(siteKey: 'land' | 'farm' | 'hunting' | 'value', path = '/') {
  return `http://${siteKey}.localhost:${e2ePort}${path}`
}

/** Scripts start after the page has loaded (decision 0013): a test of a script enhancement waits for them. */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}
