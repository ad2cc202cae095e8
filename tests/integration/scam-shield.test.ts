import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demoUsers } from '~/models/accounts/demo-users'
import { hashPassword } from '~/models/accounts/password.server'
import { listingPath } from '~/models/listings/listing-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { sites } from '~/sites/index'
import { type SiteFetch, formBody, loadRequestHandler, pageText, sessionCookie } from '../support/http'
import { privateDataDir } from '../support/private-data'
import { draftThroughSteps } from '../support/seller-drafts'
import { catchOutgoingMail, waitForMail } from '../support/smtp'

/**
 * The scam shield (issue 38 item 1, decision 0068) through the pages, without JavaScript, on a
 * private copy of the test database: a new account publishing another account's description with
 * payment pressure is held and told so in plain words; the administrators' review lists it with
 * its signal codes (and refuses anyone else); approved, it is on the site and its seller e-mailed;
 * scam reports from three different reporters, on any of the three listing sites, take a listing
 * off the sites.
 */
const dataDir = privateDataDir('scam-shield')
let fetchPage: SiteFetch
let db: SQLite.Database
const host = 'land.localhost'
const seller = demoUsers.find((user) => user.email === 'demo.seller@example.com')!
const admin = demoUsers.find((user) => user.isAdmin)!
const copier = { email: 'new.copier@example.com', password: 'new-copier-1' }
const outgoing = catchOutgoingMail()
const cookies: Record<string, string> = {}
let clientCounter = 0
const client = () => `203.0.113.${10 + (clientCounter++ % 200)}`

const cookieOf = async (user: { email: string; password: string; totpSecret?: string | null }) =>
  (cookies[user.email] ??= await sessionCookie(fetchPage, host, user, client()))
async function get(pathname: string, user?: { email: string; password: string; totpSecret?: string | null }, siteHost = host) {
  return fetchPage(siteHost, pathname, { headers: user ? { cookie: await cookieOf(user) } : {}, redirect: 'manual' })
}
async function post(
  pathname: string,
  fields: Record<string, string | string[]>,
  user?: { email: string; password: string; totpSecret?: string | null },
  siteHost = host,
  address = client(),
) {
  return fetchPage(siteHost, pathname, {
    method: 'POST',
    body: formBody(fields),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: `http://${siteHost}`,
      'x-forwarded-for': address,
      ...(user ? { cookie: await cookieOf(user) } : {}),
    },
    redirect: 'manual',
  })
}
const location = (response: Response) => response.headers.get('location')

function publicPath(site: SiteProfile, id: number) {
  const row = db
    .prepare(
      `select listings.id, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation
       from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id where listings.id = ?`,
    )
    .get(id) as { id: number; acres: number; countyName: string; stateAbbreviation: string }
  return listingPath(site, row)
}

const original =
  'Forty acres of rolling pasture with a spring-fed pond, mature oaks along the creek, county road frontage on two sides, electricity at the road and a well drilled in 2019.'

/** Publishes a listing through every step with this description; answers the publish's redirect. */
async function publishWithDescription(user: { email: string; password: string }, description: string) {
  const as = (pathname: string, fields: Record<string, string | string[]>) => post(pathname, fields, user)
  const draftPath = await draftThroughSteps(as, { latitude: '30.2672', longitude: '-97.7431' })
  await as(`${draftPath}description/`, { title: 'Forty acres with a pond', description, contactPhone: '512-555-0123', intent: 'save' })
  const published = await as(`${draftPath}review/`, { intent: 'publish' })
  expect(published.status).toBe(303)
  return location(published)!
}

beforeAll(async () => {
  process.env.DATA_DIR = dataDir
  process.env.SITE_ENVIRONMENT = 'production'
  fetchPage = await loadRequestHandler()
  db = new SQLite(path.join(dataDir, 'marketplace.db'))
  const now = new Date().toISOString()
  const accountId = db
    .prepare(
      `insert into accounts (account_type, broker_type, parent_account_id, contact_name, company_name, email, description, is_free, is_seller, alc_certified, alc_advanced_certified, opt_in_lead_targeting, created_at)
       values (12, 4, null, 'New Copier', '', ?, '', 0, 1, 0, 0, 0, ?)`,
    )
    .run(copier.email, now).lastInsertRowid
  db.prepare(`insert into users (email, password_hash, contact_name, account_type, account_id, is_seller, created_at) values (?, ?, 'New Copier', 12, ?, 1, ?)`).run(
    copier.email,
    await hashPassword(copier.password),
    accountId,
    now,
  )
})

afterAll(() => {
  db.close()
  delete process.env.SITE_ENVIRONMENT
})

describe('a copied listing waits for an administrator', () => {
  let heldId: number

  test('an honest listing is published; another account’s copy of its words is held, and its seller reads what happens next, not why', async () => {
    expect(await publishWithDescription(seller, original)).toMatch(/\/account\/listings\/\d+\/\?published=new$/)
    const held = await publishWithDescription(copier, `${original.replace('Forty acres', '40 acres')} Must sell today, wire the deposit.`)
    expect(held).toMatch(/\/account\/listings\/\d+\/\?published=held$/)
    heldId = Number(held.match(/\/account\/listings\/(\d+)\//)![1])
    const page = await pageText(await get(held, copier))
    expect(page).toContain('Your listing is being checked by our team before it appears on the sites. We will e-mail you within one business day')
    expect(page).toContain('Being checked by our team')
    expect(page).not.toMatch(/COPIED|URGENT|NEW_ACCOUNT|copied/)
    expect(await pageText(await get('/account/listings/', copier))).toContain('Being checked by our team')
    expect((await get(publicPath(sites.land, heldId))).status).toBe(404)
  })

  test('the review page is for administrators only, and lists the held listing with its signal codes', async () => {
    expect((await get('/account/scam-review/', seller)).status).toBe(403)
    expect((await post('/account/scam-review/', { reviewId: '1', decision: 'approve' }, seller)).status).toBe(403)
    const visitor = await get('/account/scam-review/')
    expect(visitor.status).toBe(302)
    const page = await pageText(await get('/account/scam-review/', admin))
    expect(page).toContain(`Listing ${heldId} — Forty acres with a pond`)
    expect(page).toContain('TEXT_COPIED_FROM_ANOTHER_ACCOUNT')
    expect(page).toContain('URGENT_PAYMENT_WORDS')
    expect(page).toContain('off the sites until decided')
  })

  test('approved from the review page, the listing is on the site and its seller is e-mailed', async () => {
    const reviewId = (db.prepare('select id from scam_reviews where listing_id = ? and decided_at is null').get(heldId) as { id: number }).id
    const approved = await post('/account/scam-review/', { reviewId: String(reviewId), decision: 'approve' }, admin)
    expect(location(approved)).toBe('/account/scam-review/?decided=approve')
    expect(await pageText(await get(location(approved)!, admin))).toContain('The listing is approved')
    expect((await get(publicPath(sites.land, heldId))).status).toBe(200)
    expect(await waitForMail(outgoing, copier.email, /now on the sites/)).toBeDefined()
    const again = await post('/account/scam-review/', { reviewId: String(reviewId), decision: 'remove' }, admin)
    expect(location(again)).toBe('/account/scam-review/?decided=none')
  })
})

describe('Report a scam', () => {
  test.each([
    ['land', sites.land],
    ['farm-and-ranch', sites.farm],
    ['recreational', sites.hunting],
  ] as const)('on the %s site the report form offers ‘Report a scam’, and three reporters take the listing off the sites', async (_name, site) => {
    const { id } = db
      .prepare('select id from listings where status = 1 and (property_types & ?) <> 0 and id not in (select listing_id from scam_reviews) order by id limit 1')
      .get(site.listingScopeBits || 16) as { id: number }
    const siteHost = site.devHost
    const pathname = publicPath(site, id)
    expect(await pageText(await get(pathname, undefined, siteHost))).toContain('It looks like a scam (report a scam)')
    const report = (address: string) => post(pathname, { intent: 'report', reason: 'fraud', details: 'Asked me to wire a deposit.' }, undefined, siteHost, address)
    const addresses = [`192.0.2.${id % 200}`, `198.18.0.${id % 200}`, `198.18.1.${id % 200}`]
    expect((await report(addresses[0]!)).status).toBe(303)
    expect((await report(addresses[0]!)).status).toBe(303)
    expect((await get(pathname, undefined, siteHost)).status).toBe(200)
    expect((await report(addresses[1]!)).status).toBe(303)
    expect((await get(pathname, undefined, siteHost)).status).toBe(200)
    expect((await report(addresses[2]!)).status).toBe(303)
    expect((await get(pathname, undefined, siteHost)).status).toBe(404)
    expect(await pageText(await get('/account/scam-review/', admin))).toContain(`Listing ${id} — `)
  })
})
