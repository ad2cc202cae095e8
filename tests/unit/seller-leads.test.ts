import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { consumeLoginToken } from '~/models/accounts/login-tokens.server'
import type { Database } from '~/models/db/db-schema'
import { createKysely, type DatabaseTarget } from '~/models/db/dialect.server'
import type { MailMessage } from '~/models/mail/mailer.server'
import { hasLeadDigest, sendLeadDigests, setLeadDigest } from '~/models/sellers/lead-digest.server'
import { leadReplyHref, sellerLeadsHref } from '~/models/sellers/seller-lead'
import { countSellerLeads, findSellerLeads, listingLeads, markLead, sellerLeadsCsv } from '~/models/sellers/seller-leads.server'
import { sites } from '~/sites'
import { listingPath } from '~/models/listings/listing-path'
import { siteDirectory, siteOrigin } from '~/sites/site-origin.server'
import { freshPostgresTarget, freshSqliteTarget, migrateAndSeed } from '../support/fresh-database'
import { addLead, sellerOf } from '../support/seller-leads'

/**
 * The sellers' leads inbox (issue 15 items 5 and 7): a seller reads, marks and exports only the
 * leads of their own accounts (a corporate master also its children's), and gets one digest a day.
 */
const postgresUrl = process.env.TEST_POSTGRES_URL
const targets = [
  { name: 'SQLite', enabled: true, target: async () => freshSqliteTarget('seller-leads') },
  { name: 'PostgreSQL', enabled: !!postgresUrl, target: () => freshPostgresTarget(postgresUrl!, 'seller-leads') },
]

/** The database of the suite being run, and where it is (the digest test opens it a second time). */
let db: Kysely<Database>
let databaseTarget: DatabaseTarget

const day = (date: string) => new Date(`${date}T00:00:00.000Z`)
const hoursAfter = (start: Date, hours: number) => new Date(start.getTime() + hours * 3_600_000)

interface Accounts {
  /** A plain seller account, with listings. */
  own: number
  /** Another seller's account, with listings. */
  other: number
  /** A corporate master and one of its child accounts, with listings. */
  master: number
  child: number
}
let accounts: Accounts

async function listingOf(accountId: number) {
  return db
    .selectFrom('listings')
    .innerJoin('counties', 'counties.id', 'listings.county_id')
    .innerJoin('states', 'states.id', 'listings.state_id')
    .select(['listings.id', 'listings.title', 'listings.acres', 'counties.name', 'counties.suffix', 'states.abbreviation'])
    .where('listings.account_id', '=', accountId)
    .orderBy('listings.id')
    .executeTakeFirstOrThrow()
}

const readAt = async (leadId: number) => (await db.selectFrom('leads').select('read_at').where('id', '=', leadId).executeTakeFirstOrThrow()).read_at

describe.each(targets)('the leads inbox on $name', ({ enabled, target }) => {
  beforeAll(async () => {
    if (!enabled) return
    databaseTarget = await target()
    db = createKysely(databaseTarget)
    await migrateAndSeed(db, { listings: 600, seed: 3 })
    // The seed gives the demo seller's account made-up leads; these tests count their own from an empty inbox.
    await db.deleteFrom('leads').execute()
    const withListings = db
      .selectFrom('accounts')
      .select('accounts.id')
      .where((eb) => eb.exists(eb.selectFrom('listings').select('listings.id').whereRef('listings.account_id', '=', 'accounts.id')))
      .orderBy('accounts.id')
    const [own, other] = await withListings.where('accounts.parent_account_id', 'is', null).where('accounts.account_type', 'not in', [3, 41, 51]).limit(2).execute()
    // Spec §3 account types: corporate masters 3, 41 and 51; a child is type 4.
    const child = await withListings
      .innerJoin('accounts as parents', 'parents.id', 'accounts.parent_account_id')
      .where('parents.account_type', 'in', [3, 41, 51])
      .select('parents.id as parentId')
      .executeTakeFirstOrThrow()
    accounts = { own: own!.id, other: other!.id, master: child.parentId, child: child.id }
  })

  afterAll(async () => {
    if (enabled) await db.destroy()
  })

  describe.skipIf(!enabled)('the inbox', () => {
    test("lists the seller's own leads newest first, 25 a page, and never another account's", async () => {
      const seller = await sellerOf(db, accounts.own)
      const listing = await listingOf(accounts.own)
      const start = day('2030-01-01')
      const ids: number[] = []
      for (let index = 0; index < 30; index += 1)
        ids.push(await addLead(db, accounts.own, { listingId: index % 2 ? listing.id : null, at: hoursAfter(start, index) }))
      // Two leads at the same moment: the later one (the higher id) comes first.
      ids.push(await addLead(db, accounts.own, { at: hoursAfter(start, 29) }))
      const othersLead = await addLead(db, accounts.other, { listingId: (await listingOf(accounts.other)).id, at: hoursAfter(start, 100) })

      expect(await countSellerLeads(db, seller)).toBe(31)
      const first = await findSellerLeads(db, seller, siteDirectory, { page: 1 })
      const second = await findSellerLeads(db, seller, siteDirectory, { page: 2 })
      expect(first).toHaveLength(25)
      expect(second).toHaveLength(6)
      expect([...first, ...second].map((lead) => lead.id)).toEqual([...ids].sort((a, b) => b - a))
      expect([...first, ...second].map((lead) => lead.id)).not.toContain(othersLead)

      const listingLead = first.find((lead) => lead.kind === 'listing')!
      expect(listingLead.listing).toEqual({
        id: listing.id,
        title: listing.title,
        acres: listing.acres,
        price: expect.any(Number),
        url: `${siteOrigin(sites.land)}${listingPath(sites.land, { id: listing.id, acres: listing.acres, countyName: `${listing.name} ${listing.suffix}`, stateAbbreviation: listing.abbreviation })}`,
      })
      const brokerMessage = first.find((lead) => lead.kind === 'broker')!
      expect(brokerMessage.listing).toBeNull()
      expect(brokerMessage.siteName).toBe(sites.land.name)
    })

    test("a seller cannot mark another account's lead: it is not found and stays as it was", async () => {
      const seller = await sellerOf(db, accounts.own)
      const othersLead = await addLead(db, accounts.other, { at: day('2030-02-01') })
      expect(await markLead(db, seller, { leadId: othersLead, isRead: true, now: day('2030-02-02') })).toBe(false)
      expect(await readAt(othersLead)).toBeNull()
      const otherSeller = await sellerOf(db, accounts.other)
      await markLead(db, otherSeller, { leadId: othersLead, isRead: true, now: day('2030-02-02') })
      expect(await markLead(db, seller, { leadId: othersLead, isRead: false, now: day('2030-02-03') })).toBe(false)
      expect(await readAt(othersLead)).toBe(day('2030-02-02').toISOString())
    })

    test("a corporate master sees and marks its child account's leads; the child does not see the master's", async () => {
      const master = await sellerOf(db, accounts.master)
      const childSeller = await sellerOf(db, accounts.child)
      const childLead = await addLead(db, accounts.child, { listingId: (await listingOf(accounts.child)).id, at: day('2030-03-01') })
      const masterLead = await addLead(db, accounts.master, { at: day('2030-03-02') })
      expect((await findSellerLeads(db, master, siteDirectory)).map((lead) => lead.id)).toEqual([masterLead, childLead])
      expect(await markLead(db, master, { leadId: childLead, isRead: true, now: day('2030-03-03') })).toBe(true)
      expect((await findSellerLeads(db, childSeller, siteDirectory)).map((lead) => lead.id)).toEqual([childLead])
      expect(await markLead(db, childSeller, { leadId: masterLead, isRead: true, now: day('2030-03-03') })).toBe(false)
    })

    test('read and unread: the unread filter and count follow the marks, and the first reading time is kept', async () => {
      const seller = await sellerOf(db, accounts.other)
      const unreadBefore = await countSellerLeads(db, seller, { unreadOnly: true })
      const lead = await addLead(db, accounts.other, { at: day('2030-04-01') })
      expect(await countSellerLeads(db, seller, { unreadOnly: true })).toBe(unreadBefore + 1)

      expect(await markLead(db, seller, { leadId: lead, isRead: true, now: day('2030-04-02') })).toBe(true)
      expect(await markLead(db, seller, { leadId: lead, isRead: true, now: day('2030-04-03') })).toBe(true)
      expect(await readAt(lead)).toBe(day('2030-04-02').toISOString())
      expect(await countSellerLeads(db, seller, { unreadOnly: true })).toBe(unreadBefore)
      expect((await findSellerLeads(db, seller, siteDirectory, { filter: { unreadOnly: true } })).map((unread) => unread.id)).not.toContain(lead)
      expect((await findSellerLeads(db, seller, siteDirectory)).find((read) => read.id === lead)?.isRead).toBe(true)

      expect(await markLead(db, seller, { leadId: lead, isRead: false, now: day('2030-04-04') })).toBe(true)
      expect(await readAt(lead)).toBeNull()
      expect((await findSellerLeads(db, seller, siteDirectory, { filter: { unreadOnly: true } })).map((unread) => unread.id)).toContain(lead)
    })

    test("a listing's leads: the newest few of that listing, and none of a listing that is not the seller's", async () => {
      const seller = await sellerOf(db, accounts.own)
      const listing = await listingOf(accounts.own)
      const [older, newer] = [
        await addLead(db, accounts.own, { listingId: listing.id, at: day('2030-05-01') }),
        await addLead(db, accounts.own, { listingId: listing.id, at: day('2030-05-02') }),
      ]
      const latest = await listingLeads(db, seller, siteDirectory, listing.id, 2)
      expect(latest.map((lead) => lead.id)).toEqual([newer, older])
      const filtered = await findSellerLeads(db, seller, siteDirectory, { filter: { listingId: listing.id }, pageSize: 1000 })
      expect(filtered.every((lead) => lead.listing?.id === listing.id)).toBe(true)
      const othersListing = await listingOf(accounts.other)
      await addLead(db, accounts.other, { listingId: othersListing.id, at: day('2030-05-03') })
      expect(await listingLeads(db, seller, siteDirectory, othersListing.id, 10)).toEqual([])
    })
  })

  describe.skipIf(!enabled)('the CSV export', () => {
    test('has a heading row, every lead of the scope, and text a spreadsheet would run as a formula neutralised', async () => {
      const seller = await sellerOf(db, accounts.child)
      await addLead(db, accounts.child, {
        at: day('2030-06-01'),
        name: '=HYPERLINK("http://evil.example","Click")',
        message: '+1 cmd|calc\nsecond line, "quoted"',
        phone: '-2+3',
        email: '@sum(a1)@example.com',
      })
      await addLead(db, accounts.child, { at: day('2030-06-02'), name: '\tTabbed', message: '\rReturn' })
      await addLead(db, accounts.other, { at: day('2030-06-03'), name: 'Not For This Seller' })
      const csv = await sellerLeadsCsv(db, seller, siteDirectory)
      const lines = csv.split('\r\n')
      expect(lines[0]).toBe('Received (UTC),Read,Kind,Name,E-mail,Phone,Wants financing,Message,Listing ID,Listing title,Acres,Price,Listing URL,Sent on,Reply page')
      expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`)
      expect(csv).toContain(`"'+1 cmd|calc\nsecond line, ""quoted"""`)
      expect(csv).toContain(",'-2+3,")
      expect(csv).toContain(",'@sum(a1)@example.com,")
      expect(csv).toContain(",'\tTabbed,")
      expect(csv).toContain(`"'\rReturn"`)
      expect(csv).not.toContain('Not For This Seller')
      expect(csv).toContain('2030-06-02 00:00,no,Message from your broker page,')
      // Every lead of the scope (the child's, marked or not), one row each after the headings.
      const childLeads = await countSellerLeads(db, seller)
      expect(csv.match(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},/gm)).toHaveLength(childLeads)
    })
  })

  describe.skipIf(!enabled)('the daily digest', () => {
    function recordingMailer() {
      const sent: (MailMessage & { siteName: string })[] = []
      return { sent, mailer: async (siteName: string, message: MailMessage) => void sent.push({ siteName, ...message }) }
    }

    test('sends the leads since the option was turned on, once a day, and nothing on a day without new leads', async () => {
      const seller = await sellerOf(db, accounts.own)
      const bystander = await sellerOf(db, accounts.own)
      const turnedOn = hoursAfter(day('2031-01-01'), 10)
      await addLead(db, accounts.own, { at: hoursAfter(turnedOn, -1), name: 'Before The Option' })
      await setLeadDigest(db, seller.userId, true, turnedOn)
      expect(await hasLeadDigest(db, seller.userId)).toBe(true)
      expect(await hasLeadDigest(db, bystander.userId)).toBe(false)
      await addLead(db, accounts.own, {
        listingId: (await listingOf(accounts.own)).id,
        at: hoursAfter(turnedOn, 1),
        name: 'First Buyer',
        message: 'Is the well deep?',
      })
      await addLead(db, accounts.own, { at: hoursAfter(turnedOn, 2), name: 'Second Buyer' })
      await db.updateTable('leads').set({ wants_financing: 1 }).where('name', '=', 'Second Buyer').execute()

      // The same day: the digest waits for tomorrow.
      const { sent, mailer } = recordingMailer()
      expect(await sendLeadDigests(db, mailer, hoursAfter(turnedOn, 3), { ...siteDirectory, originOf: () => 'https://land.example' })).toEqual({
        due: 0,
        sent: 0,
        failed: 0,
      })

      const nextMorning = hoursAfter(day('2031-01-02'), 0.1)
      expect(await sendLeadDigests(db, mailer, nextMorning, { ...siteDirectory, originOf: () => 'https://land.example' })).toEqual({ due: 1, sent: 1, failed: 0 })
      expect(sent).toHaveLength(1)
      const [digest] = sent
      expect(digest!.to).toBe((await db.selectFrom('users').select('email').where('id', '=', seller.userId).executeTakeFirstOrThrow()).email)
      expect(digest!.subject).toBe('2 new leads for your listings')
      expect(digest!.text).toContain('First Buyer')
      expect(digest!.text).toContain('  > Is the well deep?')
      expect(digest!.text).toContain('Second Buyer')
      expect(digest!.text).toContain('Wants financing information')
      expect(digest!.text).not.toContain('Before The Option')
      // The inbox link logs the seller in, once (spec §4 login by token).
      const token = /https:\/\/land\.example\/account\/leads\/\?token=([\w-]+)/.exec(digest!.text)?.[1]
      expect(await consumeLoginToken(db, token!, nextMorning)).toBe(seller.userId)
      expect(await consumeLoginToken(db, token!, nextMorning)).toBeUndefined()
      expect(digest!.text.indexOf('Second Buyer')).toBeLessThan(digest!.text.indexOf('First Buyer'))

      // Later the same day, even with a new lead, nothing more is sent; the next day it is.
      await addLead(db, accounts.own, { at: hoursAfter(nextMorning, 1), name: 'Third Buyer' })
      expect((await sendLeadDigests(db, mailer, hoursAfter(nextMorning, 2), siteDirectory)).sent).toBe(0)
      expect((await sendLeadDigests(db, mailer, day('2031-01-03'), siteDirectory)).sent).toBe(1)
      expect(sent.at(-1)!.subject).toBe('1 new lead for your listings')
      expect(sent.at(-1)!.text).toContain('Third Buyer')
      expect(sent.at(-1)!.text).not.toContain('First Buyer')

      // A day without new leads: due, but no e-mail.
      expect(await sendLeadDigests(db, mailer, day('2031-01-04'), siteDirectory)).toEqual({ due: 1, sent: 0, failed: 0 })
      expect(sent).toHaveLength(2)

      // Turned off: nothing, even with new leads.
      await setLeadDigest(db, seller.userId, false, day('2031-01-04'))
      await addLead(db, accounts.own, { at: hoursAfter(day('2031-01-04'), 5) })
      expect(await sendLeadDigests(db, mailer, day('2031-01-05'), siteDirectory)).toEqual({ due: 0, sent: 0, failed: 0 })
    })

    test('two processes running the digest at once send it once', async () => {
      const seller = await sellerOf(db, accounts.master)
      await setLeadDigest(db, seller.userId, true, day('2032-01-01'))
      await addLead(db, accounts.child, { at: hoursAfter(day('2032-01-01'), 3), name: 'Child Account Buyer' })
      const secondProcess = createKysely(databaseTarget)
      try {
        const { sent, mailer } = recordingMailer()
        const runs = await Promise.all([
          sendLeadDigests(db, mailer, day('2032-01-02'), siteDirectory),
          sendLeadDigests(secondProcess, mailer, day('2032-01-02'), siteDirectory),
        ])
        expect(runs.map((run) => run.sent).sort()).toEqual([0, 1])
        expect(sent).toHaveLength(1)
        expect(sent[0]!.text).toContain('Child Account Buyer')
      } finally {
        await secondProcess.destroy()
      }
    })

    test('a digest whose e-mail fails is sent at the next run', async () => {
      const seller = await sellerOf(db, accounts.other)
      await setLeadDigest(db, seller.userId, true, day('2033-01-01'))
      await addLead(db, accounts.other, { at: hoursAfter(day('2033-01-01'), 3), name: 'Patient Buyer' })
      const failing = async () => {
        throw new Error('SMTP server unavailable')
      }
      const quiet = console.error
      console.error = () => {}
      try {
        expect(await sendLeadDigests(db, failing, day('2033-01-02'), siteDirectory)).toMatchObject({ sent: 0, failed: 1 })
      } finally {
        console.error = quiet
      }
      const { sent, mailer } = recordingMailer()
      expect((await sendLeadDigests(db, mailer, hoursAfter(day('2033-01-02'), 0.5), siteDirectory)).sent).toBe(1)
      expect(sent[0]!.text).toContain('Patient Buyer')
    })
  })
})

describe('links', () => {
  test("the reply link writes to the buyer, its subject naming the listing; the inbox's filters are in its address", () => {
    const listing = { id: 7, title: 'Creek & Pasture, 40 acres', acres: 40, price: 200_000, url: 'https://land.example/property/x/7/' }
    expect(leadReplyHref({ kind: 'listing', email: 'pat?o#k@example.com', listing, siteName: 'LandAtlas' })).toBe(
      'mailto:pat%3Fo%23k@example.com?subject=Re%3A%20Creek%20%26%20Pasture%2C%2040%20acres',
    )
    expect(leadReplyHref({ kind: 'broker', email: 'pat@example.com', listing: null, siteName: 'LandAtlas' })).toBe(
      'mailto:pat@example.com?subject=Re%3A%20your%20message%20on%20LandAtlas',
    )
    expect(leadReplyHref({ kind: 'request', email: 'pat@example.com', listing: null, siteName: 'Wild Acres' })).toBe(
      'mailto:pat@example.com?subject=Re%3A%20your%20land%20request%20on%20Wild%20Acres',
    )
    expect(sellerLeadsHref({ unreadOnly: false, listingId: null, page: 1 })).toBe('/account/leads/')
    expect(sellerLeadsHref({ unreadOnly: true, listingId: 42, page: 3 })).toBe('/account/leads/?show=unread&listing=42&page=3')
  })
})
