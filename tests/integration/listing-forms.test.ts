import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sites } from '~/sites/index'
import { listingPath } from '~/models/listings/listing-path'
import { type SiteFetch, decodeEntities, loadRequestHandler } from '../support/http'
import { startTestSmtpServer } from '../support/smtp'
import { openTestDatabase } from '../support/test-database'

/**
 * The listing page's forms without JavaScript: plain POSTs to the page, answered with the
 * spec's messages (400) or a redirect back with a confirmation (303), guarded against bots.
 */
let fetchPage: SiteFetch
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>
const db = openTestDatabase()
let addressCounter = 0

function findListing(condition: string) {
  const row = db
    .prepare(
      `select listings.id, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation, accounts.email as brokerEmail
       from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id join accounts on accounts.id = listings.account_id
       where ${condition} order by listings.id limit 1`,
    )
    .get() as { id: number; acres: number; countyName: string; stateAbbreviation: string; brokerEmail: string }
  return { ...row, path: listingPath(sites.land, row) }
}

const paidActive = 'listings.status = 1 and listings.listing_level != 3 and listings.upgrade_level >= 0'
const count = (table: string, listingId: number) => (db.prepare(`select count(*) as n from ${table} where listing_id = ?`).get(listingId) as { n: number }).n

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  addressCounter += 1
  return fetchPage('land.localhost', path, {
    method: 'POST',
    body: new URLSearchParams(fields),
    // An empty value leaves that header out, as a browser that sends no Origin would.
    headers: Object.entries({
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': `198.51.100.${addressCounter}`,
      origin: 'http://land.localhost',
      ...headers,
    }).filter(([, value]) => value !== ''),
  })
}

const goodContact = { intent: 'contact', name: 'Pat Buyer', email: 'pat@example.com', phone: '(512) 555-0123', message: 'Is the creek year-round?' }

beforeAll(async () => {
  smtp = await startTestSmtpServer()
  process.env.SMTP_URL = smtp.url
  fetchPage = await loadRequestHandler()
})

afterAll(async () => {
  delete process.env.SMTP_URL
  await smtp.stop()
  db.close()
})

describe('contact the seller', () => {
  test('a bad e-mail is answered with the spec message and nothing is stored', async () => {
    const listing = findListing(paidActive)
    const before = count('leads', listing.id)
    const response = await post(listing.path, { ...goodContact, email: 'pat@example', name: 'Pat' })
    expect(response.status).toBe(400)
    const html = decodeEntities(await response.text())
    expect(html).toContain('Please enter an email address in a valid format.')
    expect(html).toContain('Please enter valid full name.')
    expect(count('leads', listing.id)).toBe(before)
  })

  test('a well-formatted phone number that is no North American number in service gets the spec §5 twilioPhone message', async () => {
    const listing = findListing(paidActive)
    const before = count('leads', listing.id)
    const response = await post(listing.path, { ...goodContact, phone: '(512) 111-0123' })
    expect(response.status).toBe(400)
    const html = decodeEntities(await response.text())
    expect(html).toContain('Please enter a valid phone number.')
    expect(html).not.toContain('Please enter a validly formatted phone number.')
    expect(count('leads', listing.id)).toBe(before)
  })

  test('a good message is stored, e-mailed to the broker, and confirmed after a redirect', async () => {
    const listing = findListing(paidActive)
    const before = count('leads', listing.id)
    const response = await post(listing.path, goodContact)
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`${listing.path}?sent=contact#contact-seller`)
    expect(count('leads', listing.id)).toBe(before + 1)
    const mail = smtp.received.find((message) => message.raw.includes('Is the creek year-round?'))
    expect(mail?.to).toEqual([listing.brokerEmail])
    const confirmation = decodeEntities(await (await fetchPage('land.localhost', `${listing.path}?sent=contact`)).text())
    expect(confirmation).toContain('Your message was sent.')
  })

  test('the finance checkbox carries the lender of the listing’s place, and a buyer who ticks it is passed to that lender', async () => {
    // Seeded lenders: one for Texas, and a county bank for Travis County inside it (spec §3 finance center settings).
    const lender = (locationType: number, locationId: number) =>
      db
        .prepare(
          `select finance_centers.id, finance_centers.email, finance_centers.checkbox_label as label, finance_centers.checkbox_default_state as isChecked
           from finance_centers join finance_center_locations on finance_center_locations.finance_center_id = finance_centers.id
           where active = 1 and show_on_lw = 1 and location_type = ? and location_id = ?`,
        )
        .get(locationType, locationId) as { id: number; email: string; label: string; isChecked: number }
    const listing = findListing(`${paidActive} and listings.state_id = 48 and listings.county_id != 48453`)
    const texasLender = lender(0, 48)
    const form = decodeEntities(await (await fetchPage('land.localhost', listing.path)).text())
    const checkbox = form.match(/<input[^>]*name="wantsFinancing"[^>]*>/)?.[0]
    expect(checkbox).toBeDefined()
    expect(checkbox!.includes('checked')).toBe(texasLender.isChecked === 1)
    expect(form).toContain(`<span>${texasLender.label}</span>`)

    const financeLeads = () =>
      (db.prepare('select count(*) as n from finance_leads where listing_id = ? and finance_center_id = ?').get(listing.id, texasLender.id) as { n: number }).n
    const before = financeLeads()
    const unticked = await post(listing.path, { ...goodContact, message: 'No loan needed, thanks.' })
    expect(unticked.status).toBe(303)
    expect(financeLeads()).toBe(before)
    const ticked = await post(listing.path, { ...goodContact, message: 'I would like to finance this one.', wantsFinancing: 'on' })
    expect(ticked.status).toBe(303)
    expect(financeLeads()).toBe(before + 1)
    const lead = db.prepare('select wants_financing from leads where listing_id = ? order by id desc limit 1').get(listing.id) as { wants_financing: number }
    expect(lead.wants_financing).toBe(1)
    const toLender = smtp.received.find((message) => message.raw.includes('I would like to finance this one.') && message.to.includes(texasLender.email))
    expect(toLender).toBeDefined()
  })

  test('a sold listing takes no messages', async () => {
    const listing = findListing('listings.status = 4 and listings.listing_level != 3 and listings.upgrade_level >= 0')
    expect((await post(listing.path, goodContact)).status).toBe(403)
  })
})

describe('bots and other sites', () => {
  test('a filled honeypot is answered 429 and nothing is stored', async () => {
    const listing = findListing(paidActive)
    const before = count('leads', listing.id)
    expect((await post(listing.path, { ...goodContact, website: 'http://spam.example' })).status).toBe(429)
    expect(count('leads', listing.id)).toBe(before)
  })

  test('the sixth message from one address within ten minutes is answered 429', async () => {
    const listing = findListing(paidActive)
    const statuses = []
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await post(listing.path, goodContact, { 'x-forwarded-for': '203.0.113.99' })).status)
    }
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429])
  })

  test('a post from another origin is refused and nothing is stored', async () => {
    const listing = findListing(paidActive)
    const before = count('leads', listing.id)
    // React Router's own check refuses an Origin that is not the host before any action runs (it
    // answers 400); ours refuses a foreign Referer when a browser sends no Origin (403).
    expect((await post(listing.path, goodContact, { origin: 'http://evil.example' })).status).toBe(400)
    expect((await post(listing.path, goodContact, { origin: '', referer: 'http://evil.example/page' })).status).toBe(403)
    expect(count('leads', listing.id)).toBe(before)
  })

  test('an unknown intent is a 400', async () => {
    const listing = findListing(paidActive)
    expect((await post(listing.path, { intent: 'delete' })).status).toBe(400)
  })
})

describe('report and share', () => {
  test('a report is stored', async () => {
    const listing = findListing(paidActive)
    const before = count('listing_reports', listing.id)
    const response = await post(listing.path, { intent: 'report', reason: 'sold', details: 'Sign says sold.' })
    expect(response.status).toBe(303)
    expect(count('listing_reports', listing.id)).toBe(before + 1)
  })

  test('sharing checks every address, then mails each friend', async () => {
    const listing = findListing(paidActive)
    const bad = await post(listing.path, { intent: 'share', recipients: 'ann@example.com, bob@', senderName: 'Pat' })
    expect(bad.status).toBe(400)
    expect(decodeEntities(await bad.text())).toContain('Please enter email addresses in a valid format, separated by commas.')
    const good = await post(listing.path, { intent: 'share', recipients: 'ann@example.com, bob@example.com', senderName: 'Pat', message: 'Look!' })
    expect(good.status).toBe(303)
    const mail = smtp.received.find((message) => message.to.includes('ann@example.com'))
    expect(mail?.to).toEqual(['ann@example.com', 'bob@example.com'])
  })
})
