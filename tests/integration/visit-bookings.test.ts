import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hashPassword } from '~/models/accounts/password.server'
import { demoUsers } from '~/models/accounts/demo-users'
import { listingPath } from '~/models/listings/listing-path'
import { sites } from '~/sites/index'
import { type SiteFetch, decodeEntities, loadRequestHandler, sessionCookie } from '../support/http'
import { privateDataDir } from '../support/private-data'
import { type ReceivedMail, catchOutgoingMail, readableText } from '../support/smtp'

/**
 * Visit bookings through the built server without JavaScript (issue 38 item 3), on a private copy
 * of the test database: the seller turns bookings on, a buyer's request with bad times is answered
 * with its messages, a good one reaches the seller's inbox; accepting, a counter-proposal accepted
 * from the buyer's link and cancelling each mail both sides, with a calendar file once a time is
 * agreed; another seller and a forged link can do nothing.
 */
const dataDir = privateDataDir('visit-bookings')
const host = 'land.localhost'
const seller = demoUsers.find((user) => user.email === 'demo.seller@example.com')!
const buyer = demoUsers.find((user) => user.email === 'demo.buyer@example.com')!
let fetchPage: SiteFetch
let db: SQLite.Database
const outgoing = catchOutgoingMail()
const cookies: Record<string, string> = {}
let clientCounter = 0
let listing: { id: number; path: string }
/** Where the seller's mail goes: the address of their account (not of their login). */
let sellerAddress: string

const client = () => `198.51.100.${20 + (clientCounter++ % 200)}`
const location = (response: Response) => response.headers.get('location')
const html = async (response: Response) => decodeEntities(await response.text())

function get(pathname: string, cookie?: string, siteHost = host) {
  return fetchPage(siteHost, pathname, { headers: { ...(cookie ? { cookie } : {}), 'x-forwarded-for': client() }, redirect: 'manual' })
}

function post(pathname: string, fields: Record<string, string>, cookie?: string) {
  return fetchPage(host, pathname, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, 'x-forwarded-for': client(), ...(cookie ? { cookie } : {}) },
    redirect: 'manual',
  })
}

/** A date input's value `days` from today, and a time, in the listing's zone (a whole day off any zone's edge). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 24 * 3_600_000).toISOString().slice(0, 10)

let buyerCount = 0
const requestFields = (overrides: Record<string, string> = {}) => {
  buyerCount += 1
  return {
    intent: 'visit',
    name: 'Vera Visitor',
    email: `visitor${buyerCount}@example.com`,
    message: 'Morning suits us.',
    date1: dayFromNow(3),
    time1: '10:00',
    ...overrides,
  }
}

const mailTo = (address: string, subject: string) => outgoing.received.filter((mail) => mail.to.includes(address) && readableText(mail).includes(subject))
/** The text of a mail's calendar attachment (base64 in its MIME part), or '' without one. */
function calendarOf(mail: ReceivedMail) {
  const part = mail.raw.split(/\r?\n--/).find((section) => /^Content-Type: text\/calendar/im.test(section))
  if (!part) return ''
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('')
  return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')
}

/** Sends a good request and answers the buyer's address and the link from their copy. */
async function sendRequest(overrides: Record<string, string> = {}) {
  const fields = requestFields(overrides)
  const response = await post(`/book-visit/${listing.id}/`, fields)
  expect(response.status).toBe(303)
  const copy = mailTo(fields.email, 'Your visit request')[0]!
  const link = new URL(/(http:\/\/\S+\/visits\/\S+\/)/.exec(readableText(copy))![1]!).pathname
  const visitId = (db.prepare('select id from visit_requests where email = ?').get(fields.email) as { id: number }).id
  return { email: fields.email, link, visitId }
}

beforeAll(async () => {
  process.env.DATA_DIR = dataDir
  process.env.SITE_ENVIRONMENT = 'production'
  fetchPage = await loadRequestHandler()
  db = new SQLite(path.join(dataDir, 'marketplace.db'))
  cookies.seller = await sessionCookie(fetchPage, host, seller, '198.51.100.2')
  cookies.buyer = await sessionCookie(fetchPage, host, buyer, '198.51.100.4')
  sellerAddress = (
    db.prepare('select accounts.email from users join accounts on accounts.id = users.account_id where users.email = ?').get(seller.email) as { email: string }
  ).email
  // Another seller: a user of another account that lists land.
  const otherAccount = db
    .prepare('select account_id as id from listings where account_id != (select account_id from users where email = ?) order by id limit 1')
    .get(seller.email) as { id: number }
  db.prepare('insert into users (email, password_hash, contact_name, is_seller, account_id, created_at) values (?, ?, ?, 1, ?, ?)').run(
    'other.visit.seller@example.com',
    await hashPassword('other-visit-seller-1'),
    'Other Seller',
    otherAccount.id,
    new Date().toISOString(),
  )
  cookies.otherSeller = await sessionCookie(fetchPage, host, { email: 'other.visit.seller@example.com', password: 'other-visit-seller-1' }, '198.51.100.3')
  const own = db
    .prepare('select id from listings where status = 1 and account_id = (select account_id from users where email = ?) order by id')
    .all(seller.email) as { id: number }[]
  for (const { id } of own) {
    const page = await html(await get(`/account/listings/${id}/`, cookies.seller))
    const publicPath = /href="([^"]+)"[^>]*>See the listing’s page/.exec(page)?.[1]
    if (publicPath) {
      listing = { id, path: publicPath }
      break
    }
  }
})

afterAll(() => {
  db.close()
  delete process.env.SITE_ENVIRONMENT
})

describe('taking bookings', () => {
  test("the seller turns 'Takes visit bookings' on in the sellers' tool; the listing then shows 'Visits available'; another seller cannot", async () => {
    expect(await html(await get(listing.path))).not.toContain('Visits available')
    expect((await get(`/book-visit/${listing.id}/`)).status).toBe(404)
    expect((await post(`/account/listings/${listing.id}/visits/`, { takesVisits: 'on' }, cookies.otherSeller)).status).toBe(404)
    const saved = await post(`/account/listings/${listing.id}/visits/`, { takesVisits: 'on' }, cookies.seller)
    expect(saved.status).toBe(303)
    expect(location(saved)).toBe(`/account/listings/${listing.id}/#visit-bookings`)
    expect(await html(await get(`/account/listings/${listing.id}/`, cookies.seller))).toMatch(/<input type="checkbox"[^>]* name="takesVisits" checked=""/)
    const page = await html(await get(listing.path))
    expect(page).toContain('Visits available')
    expect(page).toContain(`action="/book-visit/${listing.id}/"`)
  })
  test("a search page's card of a listing that takes bookings says 'Visits available'; the card of one that does not, beside it, does not", async () => {
    // One of the seller's listings in a county with a few others for sale, so the county's first search page shows them all.
    const mine = db
      .prepare(
        `select listings.id, listings.title, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation
         from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
         where listings.status = 1 and listings.account_id = (select account_id from users where email = ?) and listings.id != ?
           and (select count(*) from listings as other where other.county_id = listings.county_id and other.status in (1, 2) and other.freshness > 0) between 2 and 25
         order by listings.id limit 1`,
      )
      .get(seller.email, listing.id) as { id: number; title: string; acres: number; countyName: string; stateAbbreviation: string }
    const minePath = listingPath(sites.land, mine)
    expect((await post(`/account/listings/${mine.id}/visits/`, { takesVisits: 'on' }, cookies.seller)).status).toBe(303)
    const countySearch = new RegExp(`href="([^"]+)"[^>]*>${mine.countyName}</a>`).exec(await html(await get(minePath)))![1]!
    const cards = (await html(await get(countySearch)))
      .split('<article')
      .slice(1)
      .map((card) => card.slice(0, card.indexOf('</article>')))
    const mineCard = cards.find((card) => card.includes(`href="${minePath}"`))
    const otherCard = cards.find((card) => !card.includes(`href="${minePath}"`) && !card.includes(`href="${listing.path}"`))
    expect(mineCard).toContain(mine.title)
    expect(mineCard).toContain('Visits available')
    expect(otherCard).toMatch(/class="card-title"><a href="\/property\//)
    expect(otherCard).not.toContain('Visits available')
  })
})

describe('a visit request without JavaScript', () => {
  test('with no time, a past time, half a time or a malformed one is answered with its messages, keeping what was typed', async () => {
    const requestCount = () => db.prepare('select count(*) as count from visit_requests').get()
    const before = requestCount()
    const none = await post(`/book-visit/${listing.id}/`, requestFields({ date1: '', time1: '' }))
    expect(none.status).toBe(400)
    const nonePage = await html(none)
    expect(nonePage).toContain('Please propose at least one time.')
    expect(nonePage).toContain('value="Vera Visitor"')
    const bad = await html(await post(`/book-visit/${listing.id}/`, requestFields({ date1: dayFromNow(-2), date2: dayFromNow(4), date3: 'soon', time3: '10:00' })))
    expect(bad).toContain('This time has passed. Please choose a time in the future.')
    expect(bad).toContain('Please enter both a date and a time.')
    expect(bad).toContain('Please enter the date as YYYY-MM-DD and the time as HH:MM.')
    expect(await html(await post(`/book-visit/${listing.id}/`, requestFields({ date1: dayFromNow(120) })))).toContain(
      'Please choose a time within the next 90 days.',
    )
    expect(requestCount()).toEqual(before)
  })

  test("a good one is confirmed, reaches the seller's inbox and mail, and the buyer gets a copy with their link", async () => {
    const fields = requestFields({ date2: dayFromNow(4), time2: '14:30', date3: dayFromNow(5), time3: '09:15' })
    const sent = await post(`/book-visit/${listing.id}/`, fields)
    expect(sent.status).toBe(303)
    expect(location(sent)).toBe(`/book-visit/${listing.id}/?sent=1`)
    expect(await html(await get(location(sent)!))).toContain('Your visit request is on its way to the seller.')
    const inbox = await html(await get('/account/leads/', cookies.seller))
    expect(inbox).toContain('Visit requests')
    expect(inbox).toContain(`${fields.email}`)
    expect(inbox.match(/aria-label="Accept /g)?.length).toBeGreaterThanOrEqual(3)
    expect(mailTo(sellerAddress, 'Visit request:').length).toBeGreaterThan(0)
    expect(readableText(mailTo(fields.email, 'Your visit request')[0]!)).toMatch(/http:\/\/land\.localhost(:\d+)?\/visits\/\d+\.[^/\s]+\//)
  })
})

describe('agreeing, counter-proposing and cancelling', () => {
  test('the seller accepts a time from the inbox: both get the agreement with a METHOD:REQUEST calendar file', async () => {
    const { email, visitId } = await sendRequest()
    const timeId = (db.prepare('select id from visit_request_times where visit_request_id = ?').get(visitId) as { id: number }).id
    expect((await post(`/account/visits/${visitId}/`, { intent: 'accept', timeId: String(timeId) }, cookies.otherSeller)).status).toBe(404)
    const accepted = await post(`/account/visits/${visitId}/`, { intent: 'accept', timeId: String(timeId) }, cookies.seller)
    expect(accepted.status).toBe(303)
    for (const address of [email, sellerAddress]) {
      const mail = mailTo(address, 'Visit agreed').find((received) => calendarOf(received).includes(`UID:visit-${visitId}@`))!
      const calendar = calendarOf(mail)
      expect(mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i)
      expect(calendar).toContain('METHOD:REQUEST')
      expect(calendar).toContain('SEQUENCE:0')
      expect(calendar).toMatch(/GEO:-?\d+(\.\d+)?;-?\d+(\.\d+)?/)
      expect(calendar.replace(/\r?\n /g, '')).toContain(`URL;VALUE=URI:http://land.localhost`)
    }
  })

  test("a counter-proposal with a past time is refused with its message; a good one reaches the buyer, who accepts it from the e-mail's link", async () => {
    const { email, link, visitId } = await sendRequest()
    const past = await post(`/account/visits/${visitId}/`, { intent: 'counter', date: dayFromNow(-1), time: '10:00' }, cookies.seller)
    expect(past.status).toBe(400)
    expect(await html(past)).toContain('This time has passed.')
    expect((await post(`/account/visits/${visitId}/`, { intent: 'counter', date: dayFromNow(6), time: '11:00' }, cookies.seller)).status).toBe(303)
    expect(readableText(mailTo(email, 'proposes another time')[0]!)).toContain(link)
    const buyerPage = await get(link)
    expect(buyerPage.status).toBe(200)
    expect(buyerPage.headers.get('referrer-policy')).toBe('no-referrer')
    expect(await html(buyerPage)).toContain('The seller proposes')
    const accepted = await post(link, { intent: 'accept' })
    expect(location(accepted)).toBe(`${link}?done=accepted`)
    expect(await html(await get(location(accepted)!))).toContain('Visit agreed:')
    expect(calendarOf(mailTo(email, 'Visit agreed').at(-1)!)).toContain('METHOD:REQUEST')
    expect(calendarOf(mailTo(sellerAddress, 'Visit agreed').at(-1)!)).toContain(`UID:visit-${visitId}@`)
  })

  test('the buyer cancels an agreed visit from the link: the seller gets a METHOD:CANCEL with the next SEQUENCE', async () => {
    const { link, visitId } = await sendRequest()
    const timeId = (db.prepare('select id from visit_request_times where visit_request_id = ?').get(visitId) as { id: number }).id
    await post(`/account/visits/${visitId}/`, { intent: 'accept', timeId: String(timeId) }, cookies.seller)
    const cancelled = await post(link, { intent: 'cancel' })
    expect(location(cancelled)).toBe(`${link}?done=cancelled`)
    const mail = mailTo(sellerAddress, 'Visit cancelled').find((received) => calendarOf(received).includes(`UID:visit-${visitId}@`))!
    expect(readableText(mail)).toContain('Vera Visitor cancelled the visit')
    expect(calendarOf(mail)).toContain('METHOD:CANCEL')
    expect(calendarOf(mail)).toContain('SEQUENCE:1')
  })

  test('the seller cancels from the inbox; a forged link and another seller are refused', async () => {
    const { email, link, visitId } = await sendRequest()
    expect((await get(link.replace(/\.[^./]+\/$/, '.forged/'))).status).toBe(404)
    expect((await post(`/account/visits/${visitId}/`, { intent: 'cancel' }, cookies.otherSeller)).status).toBe(404)
    expect((await get(`/account/visits/${visitId}/`, cookies.otherSeller)).status).toBe(404)
    expect((await post(`/account/visits/${visitId}/`, { intent: 'cancel' }, cookies.seller)).status).toBe(303)
    expect(readableText(mailTo(email, 'Visit cancelled')[0]!)).toContain('The seller cancelled the visit')
    expect(await html(await get(link))).toContain('The seller cancelled this visit.')
  })
})

describe('a signed-in buyer', () => {
  test('finds the request under Your visits on My Account, and cancels it from there', async () => {
    const fields = requestFields({ email: buyer.email })
    expect((await post(`/book-visit/${listing.id}/`, fields, cookies.buyer)).status).toBe(303)
    const visitId = (db.prepare('select max(id) as id from visit_requests where email = ?').get(buyer.email) as { id: number }).id
    const account = await html(await get('/account/', cookies.buyer))
    expect(account).toContain('Your visits')
    const link = new RegExp(`href="(/visits/${visitId}\\.[^"]+/)"`).exec(account)![1]!
    expect(await html(await get(link, cookies.buyer))).toContain('Your request is with the seller.')
    expect(location(await post(link, { intent: 'cancel' }, cookies.buyer))).toBe(`${link}?done=cancelled`)
    expect(await html(await get('/account/', cookies.buyer))).toContain('You cancelled this visit.')
  })
})
