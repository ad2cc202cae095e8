import SQLite from 'better-sqlite3'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sites } from '~/sites/index'
import { listingPath } from '~/models/listings/listing-path'
import { type SiteFetch, loadRequestHandler } from '../support/http'
import { privateDataDir } from '../support/private-data'
import { startTestSmtpServer } from '../support/smtp'

/**
 * Forms sent once (issue 20 item 4): every form that makes a lead carries its page's key, and
 * the same submission posted twice (a double click, a retry after a dropped connection, two
 * workers at once) makes one lead, both answered as a success; the same words from a new page
 * are a new message. On a private copy of the test database: these tests add leads.
 */
const dataDir = privateDataDir('form-submissions')
let fetchPage: SiteFetch
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>
let db: SQLite.Database
let addressCounter = 0

function post(host: string, pagePath: string, fields: Record<string, string>) {
  addressCounter += 1
  return fetchPage(host, pagePath, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `203.0.113.${addressCounter}`, origin: `http://${host}` },
  })
}

/** The key in the page's form, as a browser without scripts sends it. */
async function formKeyOf(host: string, pagePath: string, formId: string) {
  const html = await (await fetchPage(host, pagePath)).text()
  const form = html.slice(html.indexOf(`id="${formId}"`))
  const key = /<input type="hidden" name="formKey" value="([\w-]+)"/.exec(form.slice(0, form.indexOf('</form>')))?.[1]
  expect(key, `${formId} on ${pagePath} carries a key`).toBeDefined()
  return key!
}

beforeAll(async () => {
  process.env.DATA_DIR = dataDir
  smtp = await startTestSmtpServer()
  process.env.SMTP_URL = smtp.url
  fetchPage = await loadRequestHandler()
  db = new SQLite(path.join(dataDir, 'marketplace.db'), { readonly: true })
})

afterAll(async () => {
  delete process.env.SMTP_URL
  await smtp.stop()
  db.close()
})

describe('the contact form on a listing page', () => {
  const listing = () => {
    const row = db
      .prepare(
        `select listings.id, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation
         from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
         where listings.status = 1 and listings.listing_level != 3 and listings.upgrade_level >= 0 order by listings.id limit 1`,
      )
      .get() as { id: number; acres: number; countyName: string; stateAbbreviation: string }
    return { id: row.id, path: listingPath(sites.land, row) }
  }
  const leads = (listingId: number) => (db.prepare('select count(*) as n from leads where listing_id = ?').get(listingId) as { n: number }).n
  const message = { intent: 'contact', name: 'Pat Buyer', email: 'pat@example.com', phone: '(512) 555-0123', message: 'Is the creek year-round?' }

  test('posted twice with the same key, it makes one lead and both answers confirm it', async () => {
    const { id, path: pagePath } = listing()
    const before = leads(id)
    const formKey = await formKeyOf('land.localhost', pagePath, 'contact-form')
    const first = await post('land.localhost', pagePath, { ...message, formKey })
    const second = await post('land.localhost', pagePath, { ...message, formKey })
    expect([first.status, second.status]).toEqual([303, 303])
    expect(second.headers.get('location')).toBe(first.headers.get('location'))
    expect(first.headers.get('location')).toBe(`${pagePath}?sent=contact#contact-seller`)
    expect(leads(id)).toBe(before + 1)
    expect(smtp.received.filter((mail) => mail.raw.includes('Is the creek year-round?'))).toHaveLength(1)
  })

  test('two posts with the same key at once (two workers) make one lead', async () => {
    const { id, path: pagePath } = listing()
    const before = leads(id)
    const formKey = await formKeyOf('land.localhost', pagePath, 'contact-form')
    const answers = await Promise.all([0, 1, 2].map(() => post('land.localhost', pagePath, { ...message, message: 'Any wells on it?', formKey })))
    expect(answers.map((answer) => answer.status)).toEqual([303, 303, 303])
    expect(leads(id)).toBe(before + 1)
  })

  test('the same words sent again from a new page, or a mistake corrected, are sent', async () => {
    const { id, path: pagePath } = listing()
    const before = leads(id)
    const words = { ...message, message: 'Can I walk it this weekend?' }
    const formKey = await formKeyOf('land.localhost', pagePath, 'contact-form')
    expect((await post('land.localhost', pagePath, { ...words, email: 'pat@example', formKey })).status).toBe(400)
    expect((await post('land.localhost', pagePath, { ...words, formKey })).status).toBe(303)
    expect((await post('land.localhost', pagePath, { ...words, formKey: await formKeyOf('land.localhost', pagePath, 'contact-form') })).status).toBe(303)
    expect(leads(id)).toBe(before + 2)
  })
})

describe('the message form on a lender’s page', () => {
  test('posted twice with the same key, it makes one finance lead and both answers confirm it', async () => {
    const center = db.prepare('select id from finance_centers where name = ?').get('Big Sky Ag Lending') as { id: number }
    const leads = () => (db.prepare('select count(*) as n from finance_leads where finance_center_id = ?').get(center.id) as { n: number }).n
    const before = leads()
    const pagePath = `/financing?fcid=${center.id}`
    const formKey = await formKeyOf('farm.localhost', pagePath, 'finance-contact-form')
    const fields = { name: 'Jo Rancher', email: 'jo@example.com', phone: '406-555-0100', message: 'What down payment would 160 acres need?', formKey }
    const answers = [await post('farm.localhost', pagePath, fields), await post('farm.localhost', pagePath, fields)]
    expect(answers.map((answer) => [answer.status, answer.headers.get('location')])).toEqual([
      [303, `/financing?fcid=${center.id}&sent=1#finance-contact`],
      [303, `/financing?fcid=${center.id}&sent=1#finance-contact`],
    ])
    expect(leads()).toBe(before + 1)
  })
})
