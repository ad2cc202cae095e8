import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hashPassword } from '~/models/accounts/password.server'
import { demoUsers } from '~/models/accounts/demo-users'
import { sites } from '~/sites/index'
import { listingPath } from '~/models/listings/listing-path'
import { type SiteFetch, decodeEntities, formBody, loadRequestHandler, pageText, sessionCookie } from '../support/http'
import { privateDataDir } from '../support/private-data'
import { draftThroughSteps as draftSteps, publishListing } from '../support/seller-drafts'

/**
 * The sellers' listing tool (issue 15) without JavaScript, on a private copy of the test
 * database: a seller adds a listing step by step and publishes it, the gate's findings stop a
 * wrong point, edits and state changes reach the public page and search at once, and nobody but
 * the owning seller (or its corporate master) reads or changes a listing, a draft or its figures.
 */
const dataDir = privateDataDir('seller-listings')
let fetchPage: SiteFetch
let db: SQLite.Database
const host = 'land.localhost'
const seller = demoUsers.find((user) => user.email === 'demo.seller@example.com')!
const buyer = demoUsers.find((user) => user.email === 'demo.buyer@example.com')!
const otherSeller = { email: 'other.seller@example.com', password: 'other-seller-1' }
const master = { email: 'corporate.master@example.com', password: 'corporate-master-1' }
const cookies: Record<string, string> = {}
let clientCounter = 0

const client = () => `198.51.100.${100 + (clientCounter++ % 100)}`

async function logIn(user: { email: string; password: string }) {
  return (cookies[user.email] ??= await sessionCookie(fetchPage, host, user, client()))
}

async function get(pathname: string, user?: { email: string; password: string }) {
  return fetchPage(host, pathname, { headers: user ? { cookie: await logIn(user) } : {}, redirect: 'manual' })
}

async function post(pathname: string, fields: Record<string, string | string[]>, user?: { email: string; password: string }) {
  return fetchPage(host, pathname, {
    method: 'POST',
    body: formBody(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, ...(user ? { cookie: await logIn(user) } : {}) },
    redirect: 'manual',
  })
}

const location = (response: Response) => response.headers.get('location')
const listingRow = (id: number) => db.prepare('select * from listings where id = ?').get(id) as Record<string, unknown> | undefined

/** Travis County, TX: its seat, and a point west of it in Hays County. */
const inTravis = { latitude: '30.2672', longitude: '-97.7431' }
const inHays = { latitude: '30.05', longitude: '-98.0' }

const asUser = (user: { email: string; password: string }) => (pathname: string, fields: Record<string, string | string[]>) => post(pathname, fields, user)
const draftThroughSteps = (user: { email: string; password: string }, place: Record<string, string>, price?: string) => draftSteps(asUser(user), place, price)
const publishedListing = (user = seller) => publishListing(asUser(user), inTravis)

function publicPath(id: number) {
  const row = db
    .prepare(
      `select listings.id, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation
       from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id where listings.id = ?`,
    )
    .get(id) as { id: number; acres: number; countyName: string; stateAbbreviation: string }
  return listingPath(sites.land, row)
}

beforeAll(async () => {
  process.env.DATA_DIR = dataDir
  process.env.SITE_ENVIRONMENT = 'production'
  fetchPage = await loadRequestHandler()
  db = new SQLite(path.join(dataDir, 'marketplace.db'))
  const now = new Date().toISOString()
  const addAccount = (accountType: number, parent: number | null, email: string) =>
    Number(
      db
        .prepare(
          `insert into accounts (account_type, broker_type, parent_account_id, contact_name, company_name, email, description, is_free, is_seller, alc_certified, alc_advanced_certified, opt_in_lead_targeting, created_at)
           values (?, 4, ?, 'Test Seller', 'Test Land Co', ?, '', 0, 1, 0, 0, 0, ?)`,
        )
        .run(accountType, parent, email, now).lastInsertRowid,
    )
  const addUser = async (user: { email: string; password: string }, accountId: number, accountType: number) =>
    db
      .prepare(`insert into users (email, password_hash, contact_name, account_type, account_id, is_seller, created_at) values (?, ?, 'Test Seller', ?, ?, 1, ?)`)
      .run(user.email, await hashPassword(user.password), accountType, accountId, now)
  await addUser(otherSeller, addAccount(12, null, otherSeller.email), 12)
  const masterAccount = addAccount(51, null, master.email)
  addAccount(4, masterAccount, 'child.office@example.com')
  await addUser(master, masterAccount, 51)
})

afterAll(() => {
  db.close()
  delete process.env.SITE_ENVIRONMENT
})

describe('who may use the tool', () => {
  test('a visitor is sent to log in, with the section in the title', async () => {
    const response = await get('/account/listings/')
    expect(response.status).toBe(302)
    const login = new URL(location(response)!, `http://${host}`)
    expect(login.pathname).toBe('/login')
    expect(login.searchParams.get('redirectTo')).toBe('/account/listings/')
    expect(login.searchParams.get('section')).toBe('listings')
  })

  test('a buyer gets a 403 that says how to become a seller, for pages and for posts', async () => {
    const page = await get('/account/listings/', buyer)
    expect(page.status).toBe(403)
    expect(await pageText(page)).toContain('This part of your account is for sellers')
    expect((await post('/account/listings/new/', { state: 'TX', county: 'Travis', intent: 'next' }, buyer)).status).toBe(403)
  })

  test('the seller sees Manage Listings, noindex and private, with the footer hidden', async () => {
    const response = await get('/account/listings/', seller)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toContain('no-store')
    const html = await response.text()
    expect(html).toContain('noindex')
    expect(html).not.toContain('<footer')
    expect(html).toContain('href="/account/listings/new/"')
  })
})

describe('adding a listing step by step', () => {
  test('a step saved with mistakes keeps what was typed and answers with the spec messages', async () => {
    const draftPath = await draftThroughSteps(seller, inTravis)
    const saved = await post(`${draftPath}price/`, { acres: '0', saleType: 'sale', price: '12.50', intent: 'next' }, seller)
    expect(location(saved)).toBe(`${draftPath}price/`)
    const page = await get(`${draftPath}price/`, seller)
    const html = await page.text()
    expect(html).toContain('This value must be at least 0.01.')
    expect(html).toContain('Please enter the price in whole dollars, without cents.')
    expect(html).toMatch(/name="acres"[^>]*value="0"|value="0"[^>]*name="acres"/)
    expect(html).toMatch(/name="price"[^>]*value="12.50"|value="12.50"[^>]*name="price"/)
    const review = await pageText(await get(`${draftPath}review/`, seller))
    expect(review).toContain('Some steps need finishing before the listing can be published')
    // Publishing is refused while a step is incomplete: no listing is written.
    const before = (db.prepare('select count(*) as n from listings').get() as { n: number }).n
    expect(location(await post(`${draftPath}review/`, { intent: 'publish' }, seller))).toBe(`${draftPath}review/`)
    expect((db.prepare('select count(*) as n from listings').get() as { n: number }).n).toBe(before)
  })

  test('a point in another county is named in words, and stops publishing until it is moved', async () => {
    const draftPath = await draftThroughSteps(seller, inHays)
    expect(await pageText(await get(`${draftPath}place/`, seller))).toContain('This point is in Hays County, not Travis County.')
    expect(location(await post(`${draftPath}review/`, { intent: 'publish' }, seller))).toBe(`${draftPath}review/`)
    expect(await pageText(await get(`${draftPath}review/`, seller))).toContain('This point is in Hays County, not Travis County.')
    await post(`${draftPath}place/`, { state: 'TX', county: 'Travis', city: 'Austin', ...inTravis, intent: 'save' }, seller)
    expect(location(await post(`${draftPath}review/`, { intent: 'publish' }, seller))).toMatch(/^\/account\/listings\/\d+\/\?published=new$/)
  })

  test('a published listing is on its page, in its county search and in Manage Listings at once', async () => {
    const id = await publishedListing()
    const page = await get(publicPath(id))
    expect(page.status).toBe(200)
    const publicText = await pageText(page)
    expect(publicText).toContain('Forty wooded acres with a creek')
    expect(publicText).toContain('$480,000')
    const search = await pageText(await get('/search/texas-land-for-sale/travis-county/sort-newest/'))
    expect(search).toContain('Forty wooded acres with a creek')
    expect(await pageText(await get('/account/listings/', seller))).toContain('Forty wooded acres with a creek')
    expect(await (await get('/sitemap/Travis-County-TX')).text()).toContain(`href="${publicPath(id)}"`)
    expect(listingRow(id)).toMatchObject({ status: 1, price: 480000, acres: 40, beds: 3, baths: 2, contact_phone: '512-555-0123', partner_id: null })
  })
})

describe("a listing's links to other sites (spec §3 external link types)", () => {
  test('a bad address is refused with its message; the seller’s own page and the auction page reach the listing as recorded links', async () => {
    const draftPath = await draftThroughSteps(seller, inTravis)
    const description = { title: 'Forty wooded acres with a creek', description: 'Oak and cedar, a spring-fed creek and power at the road.' }
    const links = { externalListingUrl: 'www.ridge-realty.example/forty-acres', auctionUrl: 'https://auctions.example/lots/forty-acres' }
    expect(location(await post(`${draftPath}description/`, { ...description, ...links, intent: 'next' }, seller))).toBe(`${draftPath}description/`)
    const form = decodeEntities(await (await get(`${draftPath}description/`, seller)).text())
    expect(form).toContain('Please enter a web address that starts with https://.')
    expect(form).toMatch(/<label[^>]*>This listing on your website</)
    expect(form).toMatch(/<label[^>]*>Auction page</)
    const fixed = { ...links, externalListingUrl: 'https://www.ridge-realty.example/forty-acres' }
    expect(location(await post(`${draftPath}description/`, { ...description, ...fixed, intent: 'next' }, seller))).toBe(`${draftPath}photos/`)
    const published = await post(`${draftPath}review/`, { intent: 'publish' }, seller)
    const id = Number(location(published)!.match(/\/account\/listings\/(\d+)\//)![1])
    expect(listingRow(id)).toMatchObject({ external_listing_url: fixed.externalListingUrl, auction_url: fixed.auctionUrl })

    const page = decodeEntities(await (await get(publicPath(id))).text())
    expect(page).toContain(`href="/externallink/${id}/listing"`)
    expect(page).toContain(`href="/externallink/${id}/auction"`)
    const redirect = await get(`/externallink/${id}/listing`)
    expect(redirect.status).toBe(302)
    expect(location(redirect)).toBe('https://www.ridge-realty.example/forty-acres?utm_source=land&utm_medium=referral')
    // Editing starts from what was published.
    const editPath = location(await post(`/account/listings/${id}/`, { intent: 'edit' }, seller))!.replace(/place\/$/, 'description/')
    const edit = decodeEntities(await (await get(editPath, seller)).text())
    expect(edit).toContain(`value="${fixed.externalListingUrl}"`)
    expect(edit).toContain(`value="${fixed.auctionUrl}"`)
  })
})

describe('changing a published listing', () => {
  test('an edited price reaches the page, and is recorded as a price change', async () => {
    const id = await publishedListing()
    const editing = await post(`/account/listings/${id}/`, { intent: 'edit' }, seller)
    const draftPath = location(editing)!.replace(/place\/$/, '')
    expect(draftPath).toMatch(/^\/account\/listings\/drafts\/\d+\/$/)
    // The listing is unchanged until the changes are published.
    await post(`${draftPath}price/`, { acres: '40', saleType: 'sale', price: '450000', intent: 'save' }, seller)
    expect(listingRow(id)).toMatchObject({ price: 480000 })
    expect(location(await post(`${draftPath}review/`, { intent: 'publish' }, seller))).toBe(`/account/listings/${id}/?published=changes`)
    expect(listingRow(id)).toMatchObject({ price: 450000, price_change_amount: -30000 })
    const page = await pageText(await get(publicPath(id)))
    expect(page).toContain('$450,000')
    // Issue 19: the change is on the page's timeline, and the price-reduced search finds it.
    expect(page).toContain('Price changed · $480,000 to $450,000 (reduced $30K)')
    expect(page).toMatch(/Listed · \$480,000/)
    const reduced = decodeEntities(await (await get('/search/texas-land-for-sale/travis-county/price-reduced-7-days/')).text())
    expect(reduced).toContain(`/${id}/`)
  })

  test("'Still available' confirms a listing nobody confirmed for 90 days, without editing it", async () => {
    const id = await publishedListing()
    db.prepare(`update listings set confirmed_at = ?, freshness = 1 where id = ?`).run(new Date(Date.now() - 100 * 86_400_000).toISOString(), id)
    const notice = 'May no longer be available — ask the seller'
    expect(await pageText(await get(publicPath(id)))).toContain(notice)
    expect(await pageText(await get(`/account/listings/${id}/`, seller))).toContain('Still available')
    expect(location(await post(`/account/listings/${id}/`, { intent: 'confirm' }, seller))).toBe(`/account/listings/${id}/?changed=confirm`)
    expect(listingRow(id)).toMatchObject({ freshness: 2 })
    expect(await pageText(await get(publicPath(id)))).not.toContain(notice)
    // Only the owning seller confirms.
    expect((await post(`/account/listings/${id}/`, { intent: 'confirm' }, otherSeller)).status).toBe(404)
  })

  test('under contract, sold with its price and date, paused, available again, then deleted', async () => {
    const id = await publishedListing()
    const pagePath = publicPath(id)
    expect(location(await post(`/account/listings/${id}/`, { intent: 'under-contract' }, seller))).toBe(`/account/listings/${id}/?changed=under-contract`)
    expect(listingRow(id)).toMatchObject({ status: 2 })

    const refused = await post(`/account/listings/${id}/`, { intent: 'sold', salesPrice: '', salesDate: '2099-01-01' }, seller)
    expect(refused.status).toBe(400)
    const refusedText = await pageText(refused)
    expect(refusedText).toContain('This field is required.')
    expect(refusedText).toContain('The sale date cannot be in the future.')
    expect(location(await post(`/account/listings/${id}/`, { intent: 'sold', salesPrice: '440,000', salesDate: '2026-01-15' }, seller))).toBe(
      `/account/listings/${id}/?changed=sold`,
    )
    expect(listingRow(id)).toMatchObject({ status: 4, sales_price: 440000, sales_date: '2026-01-15', sale_price_source: 'seller' })
    expect(await pageText(await get(pagePath))).toContain('Sold')

    expect((await post(`/account/listings/${id}/`, { intent: 'under-contract' }, seller)).status).toBe(409)
    await post(`/account/listings/${id}/`, { intent: 'resume' }, seller)
    expect(listingRow(id)).toMatchObject({ status: 1, sales_price: null, sale_price_source: null })
    await post(`/account/listings/${id}/`, { intent: 'pause' }, seller)
    expect(listingRow(id)).toMatchObject({ status: 3 })
    expect(await pageText(await get('/search/texas-land-for-sale/travis-county/sort-newest/'))).not.toContain(`/${id}/`)
    // Issue 19: each change is on the page's timeline, newest first.
    const timeline = (await pageText(await get(pagePath))).match(/Listing history .*? on the market (.*?)(?=Photos|Location|Advertisement)/)?.[1] ?? ''
    expect([...timeline.matchAll(/(Listed|Under contract|Sold|Back on market|Off market)\b/g)].map((match) => match[1])).toEqual([
      'Off market',
      'Back on market',
      'Sold',
      'Under contract',
      'Listed',
    ])

    expect((await post(`/account/listings/${id}/`, { intent: 'delete' }, seller)).status).toBe(400)
    expect(location(await post(`/account/listings/${id}/`, { intent: 'delete', confirmDelete: 'on' }, seller))).toBe('/account/listings/?deleted=1')
    expect(listingRow(id)).toBeUndefined()
    expect((await get(pagePath)).status).toBe(404)
    expect(await (await get('/sitemap/Travis-County-TX')).text()).not.toContain(`href="${pagePath}"`)
  })

  test('a listing from a partner feed is shown read-only', async () => {
    const feedListing = db
      .prepare(
        'select listings.id, listings.status from listings join users on users.account_id = listings.account_id where users.email = ? and partner_id is not null and status = 1 limit 1',
      )
      .get(seller.email) as { id: number; status: number }
    const page = await pageText(await get(`/account/listings/${feedListing.id}/`, seller))
    expect(page).toContain('This listing comes from your listing feed')
    expect(page).not.toContain('Edit listing')
    expect((await post(`/account/listings/${feedListing.id}/`, { intent: 'pause' }, seller)).status).toBe(409)
    expect((await post(`/account/listings/${feedListing.id}/`, { intent: 'edit' }, seller)).status).toBe(409)
    expect(listingRow(feedListing.id)).toMatchObject({ status: 1 })
  })
})

describe("another account cannot read or change a seller's listing", () => {
  test('another seller gets 404 for the listing, its draft and every forged post', async () => {
    const id = await publishedListing()
    const draftPath = await draftThroughSteps(seller, inTravis)
    expect((await get(`/account/listings/${id}/`, otherSeller)).status).toBe(404)
    expect((await get(`${draftPath}place/`, otherSeller)).status).toBe(404)
    for (const intent of ['pause', 'edit', 'under-contract']) expect((await post(`/account/listings/${id}/`, { intent }, otherSeller)).status).toBe(404)
    expect((await post(`/account/listings/${id}/`, { intent: 'delete', confirmDelete: 'on' }, otherSeller)).status).toBe(404)
    expect((await post(`/account/listings/${id}/`, { intent: 'sold', salesPrice: '1000', salesDate: '2026-01-01' }, otherSeller)).status).toBe(404)
    expect((await post(`${draftPath}price/`, { acres: '1', saleType: 'sale', price: '5', intent: 'save' }, otherSeller)).status).toBe(404)
    expect((await post(`${draftPath}review/`, { intent: 'publish' }, otherSeller)).status).toBe(404)
    expect((await post(`${draftPath}review/`, { intent: 'discard' }, otherSeller)).status).toBe(404)
    expect(listingRow(id)).toMatchObject({ status: 1, price: 480000 })
    expect(await pageText(await get('/account/listings/', otherSeller))).not.toContain('Forty wooded acres with a creek')
    // The seller's own draft is untouched by the forged posts.
    expect(await pageText(await get(`${draftPath}price/`, seller))).toContain('480000')
  })

  test("a corporate master sees and changes its child office's listings", async () => {
    const child = db.prepare("select id from accounts where email = 'child.office@example.com'").get() as { id: number }
    const id = await publishedListing()
    db.prepare('update listings set account_id = ? where id = ?').run(child.id, id)
    expect((await get(`/account/listings/${id}/`, master)).status).toBe(200)
    expect(location(await post(`/account/listings/${id}/`, { intent: 'pause' }, master))).toBe(`/account/listings/${id}/?changed=pause`)
    expect((await get(`/account/listings/${id}/`, seller)).status).toBe(404)
  })
})

test('a buyer lists their own land from Add a Property and lands in the listing form', async () => {
  const newcomer = { email: 'new.owner@example.com', password: 'new-owner-1' }
  db.prepare(`insert into users (email, password_hash, contact_name, created_at) values (?, ?, 'Nora Owner', ?)`).run(
    newcomer.email,
    await hashPassword(newcomer.password),
    new Date().toISOString(),
  )
  expect((await get('/account/listings/', newcomer)).status).toBe(403)
  const becoming = await post('/addlisting/', {}, newcomer)
  expect(location(becoming)).toBe('/account/listings/new/')
  expect((await get('/account/listings/new/', newcomer)).status).toBe(200)
  expect(db.prepare('select is_seller, account_type from users where email = ?').get(newcomer.email)).toEqual({ is_seller: 1, account_type: 11 })
})
