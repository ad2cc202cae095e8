import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demoUsers } from '~/models/accounts/demo-users'
import { sites } from '~/sites/index'
import { listingPath } from '~/models/listings/listing-path'
import { decodeEntities, formPoster, metaContent, productionPages, sessionCookie } from '../support/http'
import { deleteLeads } from '../support/test-database'

/**
 * The sellers' leads inbox (issue 15 items 5 and 7) without JavaScript: a buyer's message sent
 * through a listing's contact form reaches the seller's inbox; the seller marks it with plain
 * form posts and downloads the CSV; buyers, visitors and forged posts get nothing of it.
 */
const { fetchPage, db } = productionPages()
const host = 'land.localhost'
/** A same-origin form post, as a browser without scripts sends it, from its own client address. */
const post = formPoster(fetchPage, host, '198.18.0')
const [buyer, seller] = demoUsers
let sellerCookie: string
let buyerCookie: string

/** A listing that takes messages (spec §4: paid, available), of the seller's account or of another one. */
function contactableListing(accountCondition: string) {
  const row = db
    .prepare(
      `select listings.id, listings.title, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation
       from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
       where listings.status = 1 and listings.listing_level != 3 and listings.upgrade_level >= 0
         and listings.account_id ${accountCondition} (select account_id from users where email = ?)
       order by listings.id limit 1`,
    )
    .get(seller.email) as { id: number; title: string; acres: number; countyName: string; stateAbbreviation: string }
  return { ...row, path: listingPath(sites.land, row) }
}

/** The leads this file sends, deleted after it (deleteLeads). */
const sentLeadIds: number[] = []

/** Sends a message through the listing page's contact form; gives back the stored lead's id. */
async function contactSeller(listing: { path: string }, message: string) {
  const response = await post(
    listing.path,
    { intent: 'contact', name: 'Dana Buyer', email: buyer.email, phone: '(512) 555-0142', message, wantsFinancing: 'on' },
    buyerCookie,
  )
  expect(response.status).toBe(303)
  const { id } = db.prepare('select id from leads where message = ?').get(message) as { id: number }
  sentLeadIds.push(id)
  return id
}

const readAt = (leadId: number) => (db.prepare('select read_at from leads where id = ?').get(leadId) as { read_at: string | null }).read_at
const inbox = async (path = '/account/leads/') => {
  const response = await fetchPage(host, path, { headers: { cookie: sellerCookie } })
  return { response, html: decodeEntities(await response.text()) }
}

afterAll(() => deleteLeads(sentLeadIds))

beforeAll(async () => {
  sellerCookie = await sessionCookie(fetchPage, host, seller, '198.18.1.1')
  buyerCookie = await sessionCookie(fetchPage, host, buyer, '198.18.1.2')
})

describe('the seller', () => {
  const listing = () => contactableListing('=')

  test("finds a buyer's message, sent through the listing's contact form, in the inbox: unread, in full, with ways to answer", async () => {
    const message = `Is the pond spring-fed? (${Date.now()})\nWe would visit on a Saturday.`
    await contactSeller(listing(), message)
    const { response, html } = await inbox()
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(metaContent(html, 'robots')).toContain('noindex')
    expect(html).not.toContain('<footer')
    expect(html).toContain(message)
    expect(html).toMatch(/unread leads?\./)
    expect(html).toContain(`href="http://${host}${listing().path}"`)
    expect(html).toContain(`href="mailto:demo.buyer@example.com?subject=${encodeURIComponent(`Re: ${listing().title}`)}"`)
    expect(html).toContain('href="tel:5125550142"')
    expect(html).toContain('Wants financing information')
    expect(html).toContain('href="/account/leads.csv"')
    expect(html).toContain('E-mail me a daily digest of new leads')
  })

  test('marks a lead read and unread with plain form posts, and comes back to the same view', async () => {
    const message = `Can we walk the fence line? (${Date.now()})`
    const leadId = await contactSeller(listing(), message)
    expect((await inbox('/account/leads/?show=unread')).html).toContain(message)

    const read = await post('/account/leads/?show=unread', { intent: 'read', leadId: String(leadId) }, sellerCookie)
    expect(read.status).toBe(303)
    expect(read.headers.get('location')).toBe(`/account/leads/?show=unread#lead-${leadId}`)
    expect(readAt(leadId)).not.toBeNull()
    expect((await inbox('/account/leads/?show=unread')).html).not.toContain(message)
    expect((await inbox()).html).toContain(message)

    const unread = await post('/account/leads/', { intent: 'unread', leadId: String(leadId) }, sellerCookie)
    expect(unread.status).toBe(303)
    expect(unread.headers.get('location')).toBe(`/account/leads/#lead-${leadId}`)
    expect(readAt(leadId)).toBeNull()
  })

  test("narrows the inbox to one listing of theirs; another account's listing is not found", async () => {
    const { html } = await inbox(`/account/leads/?listing=${listing().id}`)
    expect(html).toContain(`About ${listing().title}`)
    const other = contactableListing('!=')
    expect((await inbox(`/account/leads/?listing=${other.id}`)).response.status).toBe(404)
    expect((await inbox('/account/leads/?show=everything')).response.status).toBe(404)
  })

  test('downloads every lead as a CSV file with a heading row', async () => {
    const message = `=cmd|' /C calc'!A0 (${Date.now()})`
    await contactSeller(listing(), message)
    const response = await fetchPage(host, '/account/leads.csv', { headers: { cookie: sellerCookie } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const csv = await response.text()
    expect(csv.split('\r\n')[0]).toBe(
      'Received (UTC),Read,Kind,Name,E-mail,Phone,Wants financing,Message,Listing ID,Listing title,Acres,Price,Listing URL,Sent on,Reply page',
    )
    expect(csv).toContain(`'${message}`)
  })

  test('turns the daily digest on and off with the checkbox form, and sees it saved', async () => {
    const digest = () => (db.prepare('select lead_digest from users where email = ?').get(seller.email) as { lead_digest: number }).lead_digest
    const on = await post('/account/leads/', { intent: 'digest', leadDigest: 'on' }, sellerCookie)
    expect(on.status).toBe(303)
    expect(on.headers.get('location')).toBe('/account/leads/?saved=digest#lead-digest')
    expect(digest()).toBe(1)
    const { html } = await inbox('/account/leads/?saved=digest')
    expect(html).toContain('Saved: each day with new leads, we e-mail you a list of them.')
    expect(html.match(/<input[^>]*name="leadDigest"[^>]*>/)?.[0]).toContain('checked')
    expect((await post('/account/leads/', { intent: 'digest' }, sellerCookie)).status).toBe(303)
    expect(digest()).toBe(0)
  })

  test("cannot mark another account's lead with a forged post: not found, and the lead is left as it was", async () => {
    const othersLead = await contactSeller(contactableListing('!='), `Is the road paved? (${Date.now()})`)
    const forged = await post('/account/leads/', { intent: 'read', leadId: String(othersLead) }, sellerCookie)
    expect(forged.status).toBe(404)
    expect(readAt(othersLead)).toBeNull()
    expect((await inbox()).html).not.toContain('Is the road paved?')
  })
})

describe('anyone else', () => {
  test('a buyer is told the inbox is for sellers (403), with the way to Add a Property, and gets no CSV and no marks', async () => {
    const response = await fetchPage(host, '/account/leads/', { headers: { cookie: buyerCookie } })
    expect(response.status).toBe(403)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const html = decodeEntities(await response.text())
    expect(html).toContain('This part of your account is for sellers')
    expect(html).toContain('href="/addlisting/"')
    expect((await fetchPage(host, '/account/leads.csv', { headers: { cookie: buyerCookie } })).status).toBe(403)
    const lead = db.prepare('select id from leads order by id limit 1').get() as { id: number }
    expect((await post('/account/leads/', { intent: 'read', leadId: String(lead.id) }, buyerCookie)).status).toBe(403)
  })

  test.each(['/account/leads/', '/account/leads.csv'])('a visitor asking for %s is sent to log in, and back afterwards', async (path) => {
    const response = await fetchPage(host, path, { redirect: 'manual' })
    expect(response.status).toBe(302)
    const login = new URL(response.headers.get('location')!, `http://${host}`)
    expect(login.pathname).toBe('/login')
    expect(login.searchParams.get('redirectTo')).toBe(path)
    expect(login.searchParams.get('section')).toBe('leads')
  })
})
