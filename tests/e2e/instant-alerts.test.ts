import { expect, test } from '@playwright/test'
import { unsubscribeToken } from '~/models/accounts/instant-alerts.server'
import { createUser } from '~/models/accounts/user.server'
import { openWritableTestDatabase } from '../support/test-database'
import { logIn, siteUrl, waitForPageReady } from './support'

/**
 * Instant alerts (decision 0071) on each listing site, with and without scripts: a buyer saves a
 * search set to Instant from the results page and finds it so under Saved Searches; an alert's
 * unsubscribe link asks first and its button stops the alerts, signed in or not.
 */
const listingSites = [
  { key: 'land', searchPath: '/search/texas-land-for-sale/' },
  { key: 'farm', searchPath: '/texas-land-for-sale/' },
  { key: 'hunting', searchPath: '/texas-land-for-sale/' },
] as const

const password = 'instant-alerts-42'

/** A new buyer, made in the test database the server reads. */
async function newBuyer(label: string) {
  const db = openWritableTestDatabase()
  try {
    const email = `${label}-${Date.now().toString(36)}@example.com`
    const userId = (await createUser(db, { contactName: 'Ivy Instant', email, password, newsletter: false }))!
    return { email, userId }
  } finally {
    await db.destroy()
  }
}

for (const site of listingSites) {
  test(`on ${site.key}, a buyer saves a search set to Instant and finds it so under Saved Searches`, async ({ page }, testInfo) => {
    const buyer = await newBuyer(`instant-${site.key}-${testInfo.project.name}`)
    await logIn(page, { email: buyer.email, password }, site.key)
    await page.goto(siteUrl(site.key, site.searchPath))
    await waitForPageReady(page, testInfo)
    await page.getByLabel('E-mail me new listings').selectOption('Instant')
    await page.getByRole('button', { name: 'Save Search' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Search saved.' })).toBeVisible()
    await page.getByRole('link', { name: 'Saved Searches' }).first().click()
    await expect(page).toHaveURL(siteUrl(site.key, '/account/savedsearches/'))
    await expect(page.getByLabel('E-mail me new listings')).toHaveValue('Instant')
  })

  test(`on ${site.key}, an alert's unsubscribe link asks first, and its button stops the alerts without logging in`, async ({ page }, testInfo) => {
    const buyer = await newBuyer(`unsubscribe-${site.key}-${testInfo.project.name}`)
    // The token is signed with the server's secret, kept in the test data folder.
    process.env.DATA_DIR = process.env.TEST_DATA_DIR ?? '.test-data'
    await page.goto(siteUrl(site.key, `/alerts/unsubscribe/${unsubscribeToken(buyer.userId)}`))
    await waitForPageReady(page, testInfo)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stop instant alerts')
    await page.getByRole('button', { name: 'Stop instant alerts' }).click()
    await expect(page.getByRole('status')).toHaveText('You will get no more instant alerts. Your saved searches and favorites are kept.')

    await page.goto(siteUrl(site.key, `/alerts/unsubscribe/${buyer.userId}.not-a-signature`))
    await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid.')
  })
}
