import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { createKysely } from '~/models/db/dialect.server'
import type { MailMessage } from '~/models/mail/mailer.server'
import {
  acknowledgeLead,
  findQuietHours,
  markLeadAnswered,
  refreshReplyTimes,
  replyToLead,
  sendBuyerFollowUps,
  sendLeadReminders,
  setQuietHours,
} from '~/models/sellers/reply-times.server'
import { findSellerLeads } from '~/models/sellers/seller-leads.server'
import { sites } from '~/sites'
import { siteDirectory } from '~/sites/site-origin.server'
import { freshPostgresTarget, freshSqliteTarget, migrateAndSeed } from '../support/fresh-database'
import { addLead, sellerOf } from '../support/seller-leads'

/**
 * Sellers' reply times (issue 38 item 2, decision 0069) on SQLite and PostgreSQL, with a clock the
 * test sets: a reply from the inbox answers a lead, the figure is computed into the account, the
 * seller is reminded after an hour and a day (after their quiet hours), and the buyer hears at
 * once and, after 48 unanswered hours, of similar listings from sellers who reply.
 */
const postgresUrl = process.env.TEST_POSTGRES_URL
const targets = [
  { name: 'SQLite', enabled: true, target: async () => freshSqliteTarget('reply-times') },
  { name: 'PostgreSQL', enabled: !!postgresUrl, target: () => freshPostgresTarget(postgresUrl!, 'reply-times') },
]

let db: Kysely<Database>
const hourMs = 3_600_000
const at = (start: Date, hours: number) => new Date(start.getTime() + hours * hourMs)
const sitesHere = { ...siteDirectory, originOf: () => 'https://land.example' }

function recordingMailer() {
  const sent: (MailMessage & { siteName: string })[] = []
  return { sent, mailer: async (siteName: string, message: MailMessage) => void sent.push({ siteName, ...message }) }
}

const leadRow = (id: number) => db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const figureOf = async (accountId: number) =>
  (await db.selectFrom('accounts').select('reply_within_hours').where('id', '=', accountId).executeTakeFirstOrThrow()).reply_within_hours

describe.each(targets)('reply times on $name', ({ enabled, target }) => {
  /** Three plain seller accounts with listings: the one tested, another, and a responsive one. */
  let accounts: { own: number; other: number; responsive: number }
  let ownListing: { id: number; title: string; account_id: number }
  let responsiveListingId: number

  beforeAll(async () => {
    if (!enabled) return
    db = createKysely(await target())
    await migrateAndSeed(db, { listings: 600, seed: 3 })
    await db.deleteFrom('leads').execute()
    await db.updateTable('accounts').set({ reply_within_hours: null }).execute()
    const [own, other, responsive] = await db
      .selectFrom('accounts')
      .select('accounts.id')
      .where((eb) => eb.exists(eb.selectFrom('listings').select('listings.id').whereRef('listings.account_id', '=', 'accounts.id').where('listings.status', '=', 1)))
      .where('accounts.parent_account_id', 'is', null)
      .where('accounts.account_type', 'not in', [3, 41, 51])
      .orderBy('accounts.id')
      .limit(3)
      .execute()
    accounts = { own: own!.id, other: other!.id, responsive: responsive!.id }
    const listingOf = (accountId: number) =>
      db.selectFrom('listings').selectAll().where('account_id', '=', accountId).where('status', '=', 1).orderBy('id').executeTakeFirstOrThrow()
    const [mine, theirs] = await Promise.all([listingOf(accounts.own), listingOf(accounts.responsive)])
    ownListing = mine
    responsiveListingId = theirs.id
    // The responsive seller's listing is like the tested one: same county, acres, price and land use.
    await db
      .updateTable('listings')
      .set({ state_id: mine.state_id, county_id: mine.county_id, acres: mine.acres, price: mine.price, property_types: mine.property_types })
      .where('id', '=', theirs.id)
      .execute()
  })

  afterAll(async () => {
    if (enabled) await db.destroy()
  })

  test.skipIf(!enabled)(
    "a reply from the inbox is e-mailed to the buyer, Reply-To the seller, and answers the lead; another account's lead is not found",
    async () => {
      const seller = await sellerOf(db, accounts.own)
      const received = new Date('2031-03-02T15:00:00Z')
      const leadId = await addLead(db, accounts.own, { at: received, listingId: ownListing.id })
      const otherLeadId = await addLead(db, accounts.other, { at: received })
      const { sent, mailer } = recordingMailer()

      expect(await replyToLead(db, mailer, seller, sitesHere, { leadId: otherLeadId, reply: 'Hello', now: at(received, 1) })).toBe('not-found')
      expect(await replyToLead(db, mailer, seller, sitesHere, { leadId, reply: 'Yes, the pond is spring-fed.', now: at(received, 2) })).toBe('sent')
      expect(sent).toHaveLength(1)
      const sellerEmail = (await db.selectFrom('accounts').select('email').where('id', '=', accounts.own).executeTakeFirstOrThrow()).email
      expect(sent[0]).toMatchObject({ siteName: sites.land.name, to: (await leadRow(leadId)).email, replyTo: sellerEmail, subject: `Re: ${ownListing.title}` })
      expect(sent[0]!.text).toContain('Yes, the pond is spring-fed.')
      expect(await leadRow(leadId)).toMatchObject({ answered_at: at(received, 2).toISOString(), reply: 'Yes, the pond is spring-fed.' })
      expect((await leadRow(otherLeadId)).answered_at).toBeNull()

      // A second reply is sent too, and the first answer's time is kept.
      await replyToLead(db, mailer, seller, sitesHere, { leadId, reply: 'And the road is gravel.', now: at(received, 5) })
      expect(await leadRow(leadId)).toMatchObject({ answered_at: at(received, 2).toISOString(), reply: 'And the road is gravel.' })
    },
  )

  test.skipIf(!enabled)(
    'the inbox lists the leads unanswered for up to 48 hours first, the longest waiting first, then the rest newest first; marking answered keeps the first time',
    async () => {
      await db.deleteFrom('leads').execute()
      const seller = await sellerOf(db, accounts.own)
      const start = new Date('2031-04-01T00:00:00Z')
      const unansweredLongAgo = await addLead(db, accounts.own, { at: at(start, -72) })
      const answeredOld = await addLead(db, accounts.own, { at: start, answeredAt: at(start, 1) })
      const waitingLong = await addLead(db, accounts.own, { at: at(start, 2) })
      const answeredNew = await addLead(db, accounts.own, { at: at(start, 3), answeredAt: at(start, 4) })
      const waitingShort = await addLead(db, accounts.own, { at: at(start, 5) })
      // The inbox at start + 6 hours: the leads waiting for up to 48 hours first, then the rest newest first.
      const order = async () => (await findSellerLeads(db, seller, siteDirectory, { waitingSince: at(start, 6 - 48).toISOString() })).map((lead) => lead.id)
      expect(await order()).toEqual([waitingLong, waitingShort, answeredNew, answeredOld, unansweredLongAgo])

      expect(await markLeadAnswered(db, seller, { leadId: waitingShort, now: at(start, 6) })).toBe(true)
      expect(await markLeadAnswered(db, seller, { leadId: waitingShort, now: at(start, 9) })).toBe(true)
      expect((await leadRow(waitingShort)).answered_at).toBe(at(start, 6).toISOString())
      expect(await order()).toEqual([waitingLong, waitingShort, answeredNew, answeredOld, unansweredLongAgo])
      const otherSeller = await sellerOf(db, accounts.other)
      expect(await markLeadAnswered(db, otherSeller, { leadId: waitingLong, now: at(start, 7) })).toBe(false)
      expect((await leadRow(waitingLong)).answered_at).toBeNull()
    },
  )

  test.skipIf(!enabled)('the figure is computed into the account from the last 90 days, only for a seller who answers most of at least 5 leads', async () => {
    await db.deleteFrom('leads').execute()
    const now = new Date('2031-06-01T12:00:00Z')
    // Responsive: 6 leads answered in 1 to 3 hours, 1 never: 86 % answered, median 2 hours.
    for (const [daysAgo, hours] of [
      [5, 1],
      [10, 2],
      [20, 2],
      [30, 3],
      [40, 1.5],
      [50, 2.5],
    ] as const)
      await addLead(db, accounts.responsive, { at: at(now, -24 * daysAgo), answeredAt: at(now, -24 * daysAgo + hours) })
    await addLead(db, accounts.responsive, { at: at(now, -24 * 8) })
    // Older than 90 days: does not count.
    await addLead(db, accounts.responsive, { at: at(now, -24 * 100) })
    // The other seller rarely replies: 5 answered of 10.
    for (let index = 0; index < 10; index++)
      await addLead(db, accounts.other, { at: at(now, -24 * (index + 2)), answeredAt: index < 5 ? at(now, -24 * (index + 2) + 1) : undefined })

    expect(await refreshReplyTimes(db, now)).toBe(1)
    expect(await figureOf(accounts.responsive)).toBe(2)
    expect(await figureOf(accounts.other)).toBeNull()
    expect(await figureOf(accounts.own)).toBeNull()
    expect(await refreshReplyTimes(db, now)).toBe(0)

    // Half a year on, the leads are out of the window: the figure is cleared.
    expect(await refreshReplyTimes(db, at(now, 24 * 180))).toBe(1)
    expect(await figureOf(accounts.responsive)).toBeNull()
    await refreshReplyTimes(db, now)
  })

  test.skipIf(!enabled)('an unanswered lead reminds the seller after an hour and after a day, once each; an answered one does not', async () => {
    await db.deleteFrom('leads').execute()
    const received = new Date('2031-07-01T15:00:00Z')
    const leadId = await addLead(db, accounts.own, { at: received, listingId: ownListing.id })
    const answeredId = await addLead(db, accounts.own, { at: received, answeredAt: at(received, 0.5) })
    const { sent, mailer } = recordingMailer()
    expect(await sendLeadReminders(db, mailer, at(received, 0.9), sitesHere)).toEqual({ sent: 0, failed: 0 })
    expect(await sendLeadReminders(db, mailer, at(received, 1), sitesHere)).toEqual({ sent: 1, failed: 0 })
    expect(sent[0]!.subject).toBe(`${(await leadRow(leadId)).name} is waiting for your answer about ${ownListing.title}`)
    expect(sent[0]!.text).toContain('(waiting 1 hour)')
    expect(sent[0]!.text).toContain('https://land.example/account/leads/')
    expect(await sendLeadReminders(db, mailer, at(received, 5), sitesHere)).toEqual({ sent: 0, failed: 0 })
    expect(await sendLeadReminders(db, mailer, at(received, 24), sitesHere)).toEqual({ sent: 1, failed: 0 })
    expect(sent[1]!.text).toContain('(waiting 24 hours)')
    expect(await sendLeadReminders(db, mailer, at(received, 30), sitesHere)).toEqual({ sent: 0, failed: 0 })
    expect((await leadRow(answeredId)).reminders_sent).toBe(0)
    expect(sent.map((mail) => mail.subject).join()).not.toContain((await leadRow(answeredId)).name)
  })

  test.skipIf(!enabled)("a reminder due in the seller's quiet hours waits until they end", async () => {
    await db.deleteFrom('leads').execute()
    const seller = await sellerOf(db, accounts.own)
    await setQuietHours(db, seller, { from: 21, until: 7, timeZone: 'America/Chicago' })
    expect(await findQuietHours(db, seller)).toEqual({ from: 21, until: 7, timeZone: 'America/Chicago' })
    // 03:00 UTC is 21:00 in Chicago (CST) on 2 December 2031; the hour's reminder is due at 22:00.
    const received = new Date('2031-12-02T03:00:00Z')
    await addLead(db, accounts.own, { at: received })
    const { sent, mailer } = recordingMailer()
    expect((await sendLeadReminders(db, mailer, at(received, 1), sitesHere)).sent).toBe(0)
    expect((await sendLeadReminders(db, mailer, at(received, 9.9), sitesHere)).sent).toBe(0)
    // 07:00 in Chicago.
    expect((await sendLeadReminders(db, mailer, at(received, 10), sitesHere)).sent).toBe(1)
    expect(sent[0]!.text).toContain('(waiting 10 hours)')
    await setQuietHours(db, seller, null)
    expect(await findQuietHours(db, seller)).toBeNull()
  })

  test.skipIf(!enabled)("the buyer's acknowledgement names the seller, and their reply time only when they have a figure", async () => {
    const { sent, mailer } = recordingMailer()
    const buyer = { name: 'Dana Buyer', email: 'dana@example.com' }
    await db.updateTable('accounts').set({ reply_within_hours: 3 }).where('id', '=', accounts.responsive).execute()
    await acknowledgeLead(db, mailer, sites.farm, { accountId: accounts.responsive, listingId: responsiveListingId, buyer, pageUrl: 'https://farm.example/listing' })
    await acknowledgeLead(db, mailer, sites.land, { accountId: accounts.other, listingId: null, buyer, pageUrl: 'https://land.example/broker' })
    expect(sent[0]).toMatchObject({ siteName: sites.farm.name, to: 'dana@example.com' })
    expect(sent[0]!.subject).toMatch(/^Your message was sent to /)
    expect(sent[0]!.text).toMatch(/was sent to .+\. .+ usually replies within 3 hours\./)
    expect(sent[1]!.text).not.toContain('usually')
  })

  test.skipIf(!enabled)('after 48 unanswered hours the buyer is sent similar listings from sellers with a reply-time figure, once', async () => {
    await db.deleteFrom('leads').execute()
    await db.updateTable('accounts').set({ reply_within_hours: 3 }).where('id', '=', accounts.responsive).execute()
    const received = new Date('2031-08-01T10:00:00Z')
    const leadId = await addLead(db, accounts.own, { at: received, listingId: ownListing.id })
    const answeredId = await addLead(db, accounts.own, { at: received, listingId: ownListing.id, answeredAt: at(received, 30) })
    const { sent, mailer } = recordingMailer()
    expect((await sendBuyerFollowUps(db, mailer, at(received, 47), sitesHere)).sent).toBe(0)
    expect(await sendBuyerFollowUps(db, mailer, at(received, 48), sitesHere)).toEqual({ sent: 1, failed: 0 })
    expect(sent[0]!.to).toBe((await leadRow(leadId)).email)
    expect(sent[0]!.subject).toBe(`Listings like ${ownListing.title}`)
    expect(sent[0]!.text).toContain('Usually replies within 3 hours.')
    expect(sent[0]!.text).toContain(`/${responsiveListingId}/`)
    expect(sent[0]!.text).not.toContain(`/${ownListing.id}/`)
    expect((await sendBuyerFollowUps(db, mailer, at(received, 60), sitesHere)).sent).toBe(0)
    expect((await leadRow(answeredId)).buyer_follow_up_at).toBeNull()
  })
})
