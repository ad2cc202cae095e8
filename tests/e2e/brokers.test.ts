import { expect, test } from '@playwright/test'
import { brokerTypeOptions } from '~/models/brokers/broker-directory'
import { brokerPagePath } from '~/models/brokers/broker-path'
import { sites } from '~/sites/index'
import { brokerDisplayName } from '~/utils/format'
import { openTestDatabase } from '../support/test-database'
import { siteUrl } from './support'

const activeListing = 'listings.account_id = accounts.id and listings.status in (1, 2)'

/** The state and broker type with the most land-site directory brokers, and those brokers' names. */
function busiestStateAndType() {
  const db = openTestDatabase()
  try {
    const row = db
      .prepare(
        `select states.name as stateName, accounts.broker_type as type, count(*) as brokers
         from accounts join states on states.id = accounts.state_id
         where exists (select 1 from listings where ${activeListing})
         group by states.id, accounts.broker_type order by brokers desc, states.id limit 1`,
      )
      .get() as { stateName: string; type: number; brokers: number }
    return { ...row, typeLabel: brokerTypeOptions.find((option) => option.value === row.type)!.label }
  } finally {
    db.close()
  }
}

/** A paid broker with an active listing, different for each project so their messages never meet. */
function paidBroker(offset: number) {
  const db = openTestDatabase()
  try {
    return db
      .prepare(
        `select id, contact_name as contactName, company_name as companyName from accounts where is_free = 0 and exists (select 1 from listings where ${activeListing}) order by id limit 1 offset ?`,
      )
      .get(offset) as { id: number; contactName: string; companyName: string }
  } finally {
    db.close()
  }
}

test('a buyer filters the directory by state and type, then opens a broker', async ({ page }) => {
  const busiest = busiestStateAndType()
  await page.goto(siteUrl('land', '/broker/'))
  await page.getByLabel('State', { exact: true }).selectOption({ label: busiest.stateName })
  await page.getByLabel('Type', { exact: true }).selectOption({ label: busiest.typeLabel })
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^${busiest.stateName} `))
  await expect(page.getByText(/^\d+ results?$/)).toHaveText(`${busiest.brokers} ${busiest.brokers === 1 ? 'result' : 'results'}`)
  const cards = page.getByRole('region', { name: 'Agents and brokers' }).getByRole('heading', { level: 2 })
  await expect(cards).toHaveCount(Math.min(25, busiest.brokers))
  const firstName = (await cards.first().textContent())!
  await cards.first().getByRole('link').click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstName)
})

test('a buyer messages a broker: a bad e-mail is answered with the spec message, a good one is confirmed', async ({ page }, testInfo) => {
  const isScripted = testInfo.project.name === 'js-on'
  // Its own client address, so the contact rate limit (5 in 10 minutes) is not shared with other tests' posts.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': isScripted ? '203.0.113.81' : '203.0.113.82' })
  const broker = paidBroker(isScripted ? 3 : 4)
  const name = brokerDisplayName(broker)
  await page.goto(siteUrl('land', brokerPagePath(sites.land, broker)))
  await page.getByRole('complementary', { name: 'Contact' }).getByRole('link', { name: 'Send a message' }).click()
  const dialog = page.getByRole('dialog', { name: `Contact ${name}` })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Full name').fill('Pat Buyer')
  await dialog.getByLabel('E-mail').fill('pat@example')
  await dialog.getByLabel('Message').fill('Do you have pasture with water in the county?')
  await dialog.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText('Please enter an email address in a valid format.')).toBeVisible()
  await page
    .getByRole('dialog', { name: `Contact ${name}` })
    .getByLabel('E-mail')
    .fill('pat@example.com')
  await page
    .getByRole('dialog', { name: `Contact ${name}` })
    .getByRole('button', { name: 'Send message' })
    .click()
  await expect(page.getByRole('status')).toHaveText('Your message was sent. The seller will reply to the e-mail address you gave.')
  expect(new URL(page.url()).searchParams.get('sent')).toBe('contact')
})
