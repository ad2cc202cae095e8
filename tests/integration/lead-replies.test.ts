import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demoUsers } from '~/models/accounts/demo-users'
import { sites } from '~/sites/index'
import { listingPath } from '~/models/listings/listing-path'
import { decodeEntities, formPoster, productionPages, sessionCookie } from '../support/http'
import { catchOutgoingMail, readableText, waitForMail } from '../support/smtp'
import { deleteLeads, openWritableTestDatabase } from '../support/test-database'

/**
 * Sellers' reply times (issue 38 item 2) without JavaScript: a buyer's message through a listing's
 * contact form is acknowledged by e-mail, waits in the seller's inbox, and a reply posted from the
 * inbox is e-mailed to the buyer (Reply-To the seller) and answers it; the quiet-hours option saves.
 */
const outgoing = catchOutgoingMail()
const { fetchPage, db } = productionPages()
const host = 'land.localhost'
/** A same-origin form post, as a browser without scripts sends it, from its own client address. */
const post = formPoster(fetchPage, host, '198.18.4')
const [buyer, seller] = demoUsers
let sellerCookie: string

/** A listing that takes messages (spec §4: paid, available) whose account matches `accountCondition`. */
function contactableListing(accountCondition: string, ...parameters: string[]) {
  const row = db
    .prepare(
      `select listings.id, listings.account_id as accountId, listings.title, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation,
         accounts.email as sellerEmail, accounts.reply_within_hours as replyWithinHours
       from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id join accounts on accounts.id = listings.account_id
       where listings.status = 1 and listings.listing_level != 3 and listings.upgrade_level >= 0
         and ${accountCondition}
       order by listings.id limit 1`,
    )
    .get(...parameters) as {
    id: number
    accountId: number
    title: string
    acres: number
    countyName: string
    stateAbbreviation: string
    sellerEmail: string
    replyWithinHours: number | null
  }
  return { ...row, path: listingPath(sites.land, row) }
}

const sellersListing = () => contactableListing('listings.account_id = (select account_id from users where email = ?)', seller.email)

const inboxHtml = async (path = '/account/leads/') => decodeEntities(await (await fetchPage(host, path, { headers: { cookie: sellerCookie } })).text())
const writable = openWritableTestDatabase()
const setFigure = (accountId: number, hours: number | null) =>
  writable.updateTable('accounts').set({ reply_within_hours: hours }).where('id', '=', accountId).execute()
const leadRow = (id: number) => db.prepare('select answered_at, reply from leads where id = ?').get(id) as { answered_at: string | null; reply: string | null }

/** The leads this file sends, deleted after it (deleteLeads). */
const sentLeadIds: number[] = []

/** Sends a message through the listing page's contact form; gives back the stored lead's id. */
async function contactSeller(listing: { path: string }, fields: { name: string; email: string; message: string }) {
  expect((await post(listing.path, { intent: 'contact', ...fields })).status).toBe(303)
  const { id } = db.prepare('select id from leads where email = ? and message = ? order by id desc').get(fields.email, fields.message) as { id: number }
  sentLeadIds.push(id)
  return id
}

afterAll(async () => {
  await deleteLeads(sentLeadIds)
  await writable.destroy()
})

beforeAll(async () => {
  sellerCookie = await sessionCookie(fetchPage, host, seller, '198.18.5.1')
})

describe('a lead answered from the inbox', () => {
  test('the buyer is told at once who has their message, with the seller’s reply time only when the seller has one', async () => {
    const listing = sellersListing()
    expect(listing.replyWithinHours).toBeNull()
    const plainEmail = `ack-none-${Date.now()}@example.com`
    await contactSeller(listing, { name: 'Ari Buyer', email: plainEmail, message: 'Is there power?' })
    const plainAck = await waitForMail(outgoing, plainEmail, /Your message about .+ was sent to /)
    expect(plainAck?.raw).toContain('Subject: Your message was sent to')
    expect(readableText(plainAck!)).not.toContain('usually replies')

    // The figure as the reply-times job stores it (computed in tests/unit/seller-reply-times.test.ts).
    await setFigure(listing.accountId, 3)
    try {
      const email = `ack-${Date.now()}@example.com`
      await contactSeller(listing, { name: 'Ari Buyer', email, message: 'Is the road open all year?' })
      expect(await waitForMail(outgoing, email, /Your message about .+ was sent to .+\. .+ usually replies within 3 hours\./)).toBeDefined()
    } finally {
      await setFigure(listing.accountId, null)
    }
  })

  test('waits in the inbox, is replied to with a plain form post, and is then answered with the reply e-mailed to the buyer', async () => {
    const listing = sellersListing()
    const message = `Can we walk the boundary on Sunday? (${Date.now()})`
    const leadId = await contactSeller(listing, { name: 'Robin Buyer', email: buyer.email, message })
    const before = await inboxHtml()
    const leadHtml = before.slice(before.indexOf(`id="lead-${leadId}"`))
    expect(leadHtml).toMatch(/^[^]*?Waiting less than an hour/)
    expect(before).toContain('Reply to Robin Buyer')

    const empty = await post('/account/leads/', { intent: 'reply', leadId: String(leadId), reply: '   ' }, sellerCookie)
    expect(empty.status).toBe(400)
    expect(decodeEntities(await empty.text())).toContain('This field is required')
    expect(leadRow(leadId).answered_at).toBeNull()

    const reply = 'Sunday at ten works: meet at the gate.'
    const replied = await post('/account/leads/', { intent: 'reply', leadId: String(leadId), reply }, sellerCookie)
    expect(replied.status).toBe(303)
    expect(replied.headers.get('location')).toBe(`/account/leads/?replied=${leadId}#lead-${leadId}`)
    expect(leadRow(leadId)).toMatchObject({ reply })
    expect(leadRow(leadId).answered_at).not.toBeNull()
    const mail = await waitForMail(outgoing, buyer.email, /Sunday at ten works: meet at the gate\./)
    expect(mail?.raw).toContain(`Reply-To: ${listing.sellerEmail}`)

    const after = await inboxHtml(`/account/leads/?replied=${leadId}`)
    expect(after).toContain(`Your reply to Robin Buyer was sent to ${buyer.email}.`)
    expect(after).toContain(reply)
    expect(after.slice(after.indexOf(`id="lead-${leadId}"`))).toMatch(/^[^]*?Answered /)
  })

  test("a seller cannot reply to another account's lead: not found", async () => {
    const other = db.prepare('select id from leads where account_id != (select account_id from users where email = ?) limit 1').get(seller.email) as
      { id: number } | undefined
    const leadId = other?.id ?? 999_999_999
    const response = await post('/account/leads/', { intent: 'reply', leadId: String(leadId), reply: 'Hello' }, sellerCookie)
    expect(response.status).toBe(404)
  })

  test('marks a lead answered, and saves quiet hours, with plain form posts', async () => {
    const listing = sellersListing()
    const message = `Is there a well? (${Date.now()})`
    const leadId = await contactSeller(listing, { name: 'Kim Buyer', email: buyer.email, message })
    const marked = await post('/account/leads/', { intent: 'answered', leadId: String(leadId) }, sellerCookie)
    expect(marked.status).toBe(303)
    expect(leadRow(leadId).answered_at).not.toBeNull()

    const bad = await post('/account/leads/', { intent: 'quiet-hours', isOn: 'on', from: '21', until: '21', timeZone: 'America/Chicago' }, sellerCookie)
    expect(bad.status).toBe(400)
    expect(decodeEntities(await bad.text())).toContain('Quiet hours must end at another hour than they start.')
    const saved = await post('/account/leads/', { intent: 'quiet-hours', isOn: 'on', from: '22', until: '6', timeZone: 'America/Denver' }, sellerCookie)
    expect(saved.status).toBe(303)
    const page = await inboxHtml('/account/leads/?saved=quiet-hours')
    expect(page).toContain('Saved: reminders wait out your quiet hours.')
    expect(page).toMatch(/<option value="America\/Denver" selected/)
    await post('/account/leads/', { intent: 'quiet-hours', from: '22', until: '6', timeZone: 'America/Denver' }, sellerCookie)
    expect(await inboxHtml('/account/leads/?saved=quiet-hours')).toContain('Saved: reminders are sent at any hour.')
  })
})
