import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { hashPassword } from '~/models/accounts/password.server'
import { demoUsers } from '~/models/accounts/demo-users'
import { type SiteFetch, decodeEntities, loadRequestHandler, metaContent, sessionCookie } from '../support/http'
import { privateDataDir } from '../support/private-data'
import { catchOutgoingMail } from '../support/smtp'
import { countWhere } from '../support/test-database'

/**
 * The Lands Connector (spec §2 /lands-connector/, §6; issue 17 item 2) without JavaScript, on a
 * private copy of the test database: a buyer files a land request and sees the listings that match
 * it now, changes it and deletes it; it reaches at most five land professionals who opted in to
 * lead targeting and serve its places, without the buyer's e-mail address unless they agree, and a
 * professional answers through the reply page; nobody else reads or changes the request.
 */
const dataDir = privateDataDir('lands-connector')
let fetchPage: SiteFetch
let db: SQLite.Database
const outgoing = catchOutgoingMail()
const host = 'land.localhost'
const buyer = demoUsers.find((user) => user.email === 'demo.buyer@example.com')!
const seller = demoUsers.find((user) => user.email === 'demo.seller@example.com')!
const cookies: Record<string, string> = {}
let clientCounter = 0
let buyerCounter = 0

const client = () => `198.51.100.${150 + (clientCounter++ % 100)}`
const location = (response: Response) => response.headers.get('location')

function get(pathname: string, cookie?: string, siteHost = host) {
  return fetchPage(siteHost, pathname, { headers: { ...(cookie ? { cookie } : {}), 'x-forwarded-for': client() }, redirect: 'manual' })
}

function post(pathname: string, fields: Record<string, string | string[]>, cookie?: string) {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item)
  return fetchPage(host, pathname, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, 'x-forwarded-for': client(), ...(cookie ? { cookie } : {}) },
    redirect: 'manual',
  })
}

const html = async (response: Response) => decodeEntities(await response.text())

/** A new buyer, signed in: each test files its requests as its own buyer (a buyer keeps at most five, and sends five a day). */
async function signedInBuyer() {
  buyerCounter += 1
  const user = { name: `Buyer Number${buyerCounter}`, email: `connector.buyer${buyerCounter}@example.com`, password: `connector-buyer-${buyerCounter}` }
  db.prepare(`insert into users (email, password_hash, contact_name, created_at) values (?, ?, ?, ?)`).run(
    user.email,
    await hashPassword(user.password),
    user.name,
    new Date().toISOString(),
  )
  return { ...user, cookie: await sessionCookie(fetchPage, host, user, client()) }
}

/**
 * A county where the demo seller lists and at most five opted-in professionals do: a request for
 * it reaches the demo seller whatever the order among them (decision 0020's bound is five).
 */
function demoSellerCounty() {
  return db
    .prepare(
      `select counties.id, counties.name || ' ' || counties.suffix as countyName, lower(counties.slug) as countySlug, states.name as stateName,
              lower(states.slug) as stateToken, states.abbreviation
       from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
       where listings.status in (1, 2) and listings.account_id = (select account_id from users where email = ?)
         and (select count(distinct others.account_id) from listings others join accounts on accounts.id = others.account_id
              where others.county_id = listings.county_id and others.status in (1, 2) and accounts.opt_in_lead_targeting = 1) <= 5
       order by listings.id limit 1`,
    )
    .get(seller.email) as { id: number; countyName: string; countySlug: string; stateName: string; stateToken: string; abbreviation: string }
}

const requestForm = (county: ReturnType<typeof demoSellerCounty>, overrides: Record<string, string | string[]> = {}) => ({
  state1: county.stateToken,
  place1: county.countyName,
  propertyTypes: [],
  financing: 'needs-financing',
  timeline: 'within-6-months',
  message: `Forty acres or so with water, for a cabin (${Date.now()}).`,
  phone: '(512) 555-0142',
  ...overrides,
})

const requestIdOf = (response: Response) => Number(/^\/lands-connector\/(\d+)\//.exec(location(response) ?? '')?.[1])
const leadsOf = (requestId: number) =>
  db
    .prepare('select leads.*, accounts.opt_in_lead_targeting from leads join accounts on accounts.id = leads.account_id where land_request_id = ?')
    .all(requestId) as {
    id: number
    account_id: number
    email: string
    phone: string | null
    opt_in_lead_targeting: number
  }[]

/**
 * The reply page's address in the demo seller's inbox for their lead of a request: found in that
 * lead's own element, since the inbox lists the waiting leads longest-waiting first (decision 0069).
 */
async function sellersReplyPath(requestId: number) {
  const inbox = await html(await get('/account/leads/', cookies.seller))
  const leadId = (
    db
      .prepare('select leads.id from leads join users on users.account_id = leads.account_id where users.email = ? and leads.land_request_id = ?')
      .get(seller.email, requestId) as { id: number }
  ).id
  const leadHtml = inbox.slice(inbox.indexOf(`id="lead-${leadId}"`))
  return new URL(/href="([^"]*\/lands-connector\/reply\/[^"]+)"/.exec(leadHtml)![1]!).pathname
}

/** A rate-limit window of `key` that started 3½ minutes ago and holds `count` posts: the day's allowance used up. */
const fillWindow = (key: string, count: number) =>
  db
    .prepare(
      'insert into rate_limit_windows (key, window_started_at, count) values (?, ?, ?) on conflict (key) do update set window_started_at = excluded.window_started_at, count = excluded.count',
    )
    .run(key, Date.now() - 3.5 * 60_000, count)

/** The sentence and Retry-After of a form past a daily limit whose window started 3½ minutes ago (decision 0053). */
const dailyWait = 'Please wait 23 hours and 57 minutes and try again'
const expectDailyRetryAfter = (response: Response) => expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(24 * 60 * 60 - 3.5 * 60 - 10)

beforeAll(async () => {
  process.env.DATA_DIR = dataDir
  process.env.SITE_ENVIRONMENT = 'production'
  fetchPage = await loadRequestHandler()
  db = new SQLite(path.join(dataDir, 'marketplace.db'))
  cookies.buyer = await sessionCookie(fetchPage, host, buyer, '198.51.100.1')
  cookies.seller = await sessionCookie(fetchPage, host, seller, '198.51.100.2')
})

afterAll(() => {
  db.close()
  delete process.env.SITE_ENVIRONMENT
})

describe('who may use it', () => {
  test.each(['/lands-connector/', '/lands-connector/new/'])('a visitor asking for %s is sent to log in, with the title the spec gives', async (pathname) => {
    const response = await get(pathname)
    expect(response.status).toBe(302)
    const login = new URL(location(response)!, `http://${host}`)
    expect(login.pathname).toBe('/login')
    expect(login.searchParams.get('redirectTo')).toBe(pathname)
    expect(login.searchParams.get('section')).toBe('lands-connector')
  })

  test('the farm and hunting sites have it; AcreWorth, which sells no land, sends it to the land site (decision 0062)', async () => {
    for (const siteHost of ['farm.localhost', 'hunting.localhost']) expect((await get('/lands-connector/', cookies.buyer, siteHost)).status).toBe(200)
    for (const pathname of ['/lands-connector/', '/lands-connector/new/']) {
      const onValue = await get(pathname, cookies.buyer, 'value.localhost')
      expect(onValue.status).toBe(301)
      expect(location(onValue)).toBe(`http://land.localhost${pathname}`)
    }
  })

  test('a signed-in buyer reaches it from the account page, on a private, unindexed page', async () => {
    expect(await html(await get('/account/', cookies.buyer))).toContain('href="/lands-connector/"')
    const response = await get('/lands-connector/', cookies.buyer)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const page = await html(response)
    expect(page).toContain('<title>Lands Connector | LandAtlas</title>')
    expect(metaContent(page, 'robots')).toContain('noindex')
    expect(page).toContain('href="/lands-connector/new/"')
  })
})

describe('a land request', () => {
  let dana: Awaited<ReturnType<typeof signedInBuyer>>
  beforeEach(async () => {
    dana = await signedInBuyer()
  })

  test('is checked on the server with the spec’s messages, each on its field, keeping what was typed', async () => {
    const county = demoSellerCounty()
    const missing = await post('/lands-connector/new/', { place2: 'Travis', acresMin: 'ten', message: '' }, dana.cookie)
    expect(missing.status).toBe(400)
    const first = await html(missing)
    expect(first).toContain('This field is required.')
    expect(first).toContain('Please enter a number.')
    expect(first).toContain('Please choose one of the options.')
    expect(first).toMatch(/name="place2" value="Travis"/)

    const unknownPlace = await post('/lands-connector/new/', requestForm(county, { place1: 'Nowhere At All' }), dana.cookie)
    expect(unknownPlace.status).toBe(400)
    expect(await html(unknownPlace)).toContain(`There is no county, region or city of that name in ${county.stateName}.`)

    const withAddress = await post('/lands-connector/new/', requestForm(county, { message: 'Write to me at dana@example.com' }), dana.cookie)
    expect(withAddress.status).toBe(400)
    expect(await html(withAddress)).toContain('Please leave links, e-mail addresses and HTML out of your message')
    expect(db.prepare('select count(*) as count from land_requests join users on users.id = land_requests.user_id where users.email = ?').get(dana.email)).toEqual({
      count: 0,
    })
  })

  test('is stored and shows the listings that match it now, linked to their search page, kept as a weekly saved search', async () => {
    const county = demoSellerCounty()
    const created = await post('/lands-connector/new/', requestForm(county), dana.cookie)
    expect(created.status).toBe(303)
    const requestId = requestIdOf(created)
    expect(location(created)).toMatch(new RegExp(`^/lands-connector/${requestId}/\\?sent=[1-5]$`))
    const page = await html(await get(location(created)!, dana.cookie))
    expect(page).toContain(`<title>Land in ${county.countyName}, ${county.abbreviation} | LandAtlas</title>`)
    expect(page).toMatch(/Your land request is saved\. It went to [1-5] land professionals? who works? there\./)
    const matching = countWhere(db, 'county_id = ?', county.id)
    expect(page).toContain(`${matching.toLocaleString('en-US')} ${matching === 1 ? 'listing matches' : 'listings match'} your request now.`)
    const searchPath = `/search/${county.stateToken}-land-for-sale/${county.countySlug.replace(/-[a-z]{2}$/, '')}/`
    expect(page).toContain(`href="${searchPath}"`)
    expect(page).toContain('New matches are e-mailed to you weekly.')
    expect(db.prepare('select notify from saved_searches where land_request_id = ? and path = ?').get(requestId, searchPath)).toEqual({ notify: 'Weekly' })
    expect(await html(await get('/lands-connector/', dana.cookie))).toContain(`href="/lands-connector/${requestId}/"`)
  })

  test("reaches at most five opted-in professionals, the demo seller's inbox among them, without the buyer's address", async () => {
    const county = demoSellerCounty()
    const message = `Quiet land with a creek (${Date.now()}).`
    const requestId = requestIdOf(await post('/lands-connector/new/', requestForm(county, { message }), dana.cookie))
    const leads = leadsOf(requestId)
    expect(leads.length).toBeGreaterThan(0)
    expect(leads.length).toBeLessThanOrEqual(5)
    expect(leads.every((lead) => lead.opt_in_lead_targeting === 1 && lead.email === '' && lead.phone === null)).toBe(true)
    const inbox = await html(await get('/account/leads/', cookies.seller))
    expect(inbox).toContain(message)
    expect(inbox).toContain('Land request from the Lands Connector')
    expect(inbox).toContain('Reply through LandAtlas')
    expect(inbox).not.toContain(`Reply by e-mail to ${dana.email}`)
    const toProfessionals = outgoing.received.filter((mail) => mail.raw.replace(/=\r?\n/g, '').includes(message))
    expect(toProfessionals).toHaveLength(leads.length)
    expect(toProfessionals.some((mail) => mail.raw.includes(dana.email))).toBe(false)
  })

  test('a professional answers through the reply page; the buyer gets the answer, the professional never the address', async () => {
    const county = demoSellerCounty()
    const requestId = requestIdOf(await post('/lands-connector/new/', requestForm(county), dana.cookie))
    const replyPath = await sellersReplyPath(requestId)
    const replyPage = await get(replyPath)
    expect(replyPage.status).toBe(200)
    expect(replyPage.headers.get('referrer-policy')).toBe('no-referrer')
    const replyHtml = await html(replyPage)
    expect(replyHtml).toContain(`Answer ${dana.name}`)
    expect(replyHtml).not.toContain(dana.email)
    expect((await get(replyPath.replace(/\.[^./]+\/$/, '.forged/'))).status).toBe(404)

    const answer = `We have a tract coming to market next month (${Date.now()}).`
    const sent = await post(replyPath, { message: answer })
    expect(sent.status).toBe(303)
    expect(location(sent)).toBe(`${replyPath}?sent=1`)
    const mail = outgoing.received.find((received) => received.raw.replace(/=\r?\n/g, '').includes(answer))!
    expect(mail.to).toEqual([dana.email])
    expect(mail.raw).toMatch(/^Reply-To: /m)
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain(`/lands-connector/${requestId}/`)
  })

  test('a reply link 31 days after the request reached the professional is gone (410), and sends nothing (issue 33)', async () => {
    const buyerOfTheLink = await signedInBuyer()
    const requestId = requestIdOf(await post('/lands-connector/new/', requestForm(demoSellerCounty()), buyerOfTheLink.cookie))
    const replyPath = await sellersReplyPath(requestId)
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString()
    const setSentAt = (sentAt: string) => db.prepare('update leads set created_at = ? where land_request_id = ?').run(sentAt, requestId)

    setSentAt(daysAgo(29))
    expect((await get(replyPath)).status).toBe(200)
    setSentAt(daysAgo(31))
    const expired = await get(replyPath)
    expect(expired.status).toBe(410)
    const expiredHtml = await html(expired)
    expect(expiredHtml).toContain('This reply link has expired')
    expect(expiredHtml).not.toContain(buyerOfTheLink.name)

    const answer = `Still interested? (${Date.now()})`
    const refused = await post(replyPath, { message: answer })
    expect(refused.status).toBe(410)
    expect(await html(refused)).toContain('This reply link has expired')
    expect(outgoing.received.some((mail) => mail.raw.replace(/=\r?\n/g, '').includes(answer))).toBe(false)
  })

  test('past the day’s new requests, is answered with the form again, the request kept and the wait (issue 34)', async () => {
    const county = demoSellerCounty()
    const { id: userId } = db.prepare('select id from users where email = ?').get(dana.email) as { id: number }
    fillWindow(`lands-connector:${userId}`, 5)
    const message = `A quiet parcel with a spring, kept past the limit (${Date.now()}).`
    const refused = await post('/lands-connector/new/', requestForm(county, { message }), dana.cookie)
    expect(refused.status).toBe(429)
    expectDailyRetryAfter(refused)
    const page = await html(refused)
    expect(page).toContain(`You have reached the limit of 5 new land requests in a day. ${dailyWait} — your request is kept below.`)
    expect(page).toContain(message)
    expect(page).toContain(`value="${county.countyName}"`)
  })

  test('a professional past the day’s answers to a request gets the form again, the answer kept and the wait (issue 34)', async () => {
    const requestId = requestIdOf(await post('/lands-connector/new/', requestForm(demoSellerCounty()), dana.cookie))
    const replyPath = await sellersReplyPath(requestId)
    const { id: leadId } = db
      .prepare('select leads.id from leads join users on users.account_id = leads.account_id where leads.land_request_id = ? and users.email = ?')
      .get(requestId, seller.email) as { id: number }
    fillWindow(`land-request-reply:${leadId}`, 3)
    const answer = `A tract with a spring comes to market soon, kept past the limit (${Date.now()}).`
    const refused = await post(replyPath, { message: answer })
    expect(refused.status).toBe(429)
    expectDailyRetryAfter(refused)
    const page = await html(refused)
    expect(page).toContain(`You have reached the limit of 3 answers to this request in a day. ${dailyWait} — your answer is kept below.`)
    expect(page).toContain(answer)
    expect(outgoing.received.some((mail) => mail.raw.replace(/=\r?\n/g, '').includes(answer))).toBe(false)
  })

  test('is changed with the same form; sharing the address then shows it on the leads already sent', async () => {
    const county = demoSellerCounty()
    const requestId = requestIdOf(await post('/lands-connector/new/', requestForm(county), dana.cookie))
    const editPage = await html(await get(`/lands-connector/${requestId}/edit/`, dana.cookie))
    expect(editPage).toMatch(new RegExp(`<option value="${county.stateToken}" selected=""`))
    expect(editPage).toContain(`value="${county.countyName}"`)
    const changed = await post(`/lands-connector/${requestId}/edit/`, requestForm(county, { acresMin: '20', shareContact: 'on', timeline: 'later' }), dana.cookie)
    expect(changed.status).toBe(303)
    expect(location(changed)).toMatch(new RegExp(`^/lands-connector/${requestId}/\\?saved=1&sent=0$`))
    const page = await html(await get(location(changed)!, dana.cookie))
    expect(page).toContain('Your changes are saved.')
    expect(page).toContain('20 ac +')
    expect(page).toContain('In more than a year')
    expect(leadsOf(requestId).every((lead) => lead.email === dana.email && lead.phone === '(512) 555-0142')).toBe(true)
    expect(await html(await get('/account/leads/', cookies.seller))).toContain(`Reply by e-mail to ${dana.email}`)
  })

  test("another user's request is not found, to read, change or delete", async () => {
    const requestId = requestIdOf(await post('/lands-connector/new/', requestForm(demoSellerCounty()), dana.cookie))
    const other = await signedInBuyer()
    expect((await get(`/lands-connector/${requestId}/`, other.cookie)).status).toBe(404)
    expect((await get(`/lands-connector/${requestId}/edit/`, other.cookie)).status).toBe(404)
    expect((await post(`/lands-connector/${requestId}/edit/`, requestForm(demoSellerCounty()), other.cookie)).status).toBe(404)
    expect((await post(`/lands-connector/${requestId}/`, { intent: 'delete' }, other.cookie)).status).toBe(404)
    expect((await get(`/lands-connector/${requestId}/`, dana.cookie, 'farm.localhost')).status).toBe(404)
    expect((await get('/lands-connector/abc/', dana.cookie)).status).toBe(404)
    expect((await get(`/lands-connector/${requestId}/`, dana.cookie)).status).toBe(200)
  })

  test('is deleted with its leads and saved searches; its reply page is gone with it', async () => {
    const requestId = requestIdOf(await post('/lands-connector/new/', requestForm(demoSellerCounty()), dana.cookie))
    const replyPath = await sellersReplyPath(requestId)
    const deleted = await post(`/lands-connector/${requestId}/`, { intent: 'delete' }, dana.cookie)
    expect(deleted.status).toBe(303)
    expect(location(deleted)).toBe('/lands-connector/?deleted=1')
    expect(await html(await get(location(deleted)!, dana.cookie))).toContain('Your land request is deleted')
    expect((await get(`/lands-connector/${requestId}/`, dana.cookie)).status).toBe(404)
    expect(leadsOf(requestId)).toEqual([])
    expect(db.prepare('select count(*) as count from saved_searches where land_request_id = ?').get(requestId)).toEqual({ count: 0 })
    expect((await get(replyPath)).status).toBe(404)
  })

  test('a forged cross-site post changes nothing', async () => {
    const requestId = requestIdOf(await post('/lands-connector/new/', requestForm(demoSellerCounty()), dana.cookie))
    const forged = await fetchPage(host, `/lands-connector/${requestId}/`, {
      method: 'POST',
      body: new URLSearchParams({ intent: 'delete' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', cookie: dana.cookie, 'x-forwarded-for': client() },
      redirect: 'manual',
    })
    // React Router refuses a cross-origin action itself (400), before our own check (403) would.
    expect([400, 403]).toContain(forged.status)
    expect((await get(`/lands-connector/${requestId}/`, dana.cookie)).status).toBe(200)
  })
})
