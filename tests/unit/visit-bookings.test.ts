import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUser } from '~/models/accounts/user.server'
import type { Database } from '~/models/db/db-schema'
import { createKysely } from '~/models/db/dialect.server'
import type { MailMessage } from '~/models/mail/mailer.server'
import { findSellerScope, type SellerScope } from '~/models/sellers/seller-scope.server'
import { sites } from '~/sites'
import { siteDirectory } from '~/sites/site-origin.server'
import { visitCalendarText } from '~/models/visits/visit-calendar.server'
import { checkVisitTime, visitRequestSchema, visitTimeMessages } from '~/models/visits/visit-form.server'
import {
  acceptCounterTime,
  acceptProposedTime,
  cancelVisit,
  createVisitRequest,
  findVisit,
  findVisitListing,
  listingTakesVisits,
  proposeCounterTime,
  sellerVisitRequests,
  sendVisitReminders,
  setListingTakesVisits,
  visitIdOfToken,
  visitTokenOf,
} from '~/models/visits/visit-requests.server'
import { formatVisitTime, zonedInstant } from '~/models/visits/visit-times'
import { freshPostgresTarget, freshSqliteTarget, migrateAndSeed } from '../support/fresh-database'

/**
 * Visit bookings (issue 38 item 3, decision 0070) on SQLite and PostgreSQL, with a clock the test
 * sets: a buyer's request reaches the seller; accepting a time or a counter-proposal mails both
 * sides a calendar file; cancelling mails a cancellation; the reminder goes once, the day before;
 * another seller can do nothing, and a token we did not sign names nothing.
 */
const postgresUrl = process.env.TEST_POSTGRES_URL
const targets = [
  { name: 'SQLite', enabled: true, target: async () => freshSqliteTarget('visit-bookings') },
  { name: 'PostgreSQL', enabled: !!postgresUrl, target: () => freshPostgresTarget(postgresUrl!, 'visit-bookings') },
]

const hour = 3_600_000
const now = new Date('2030-03-02T15:00:00.000Z')
const hoursFromNow = (hours: number) => new Date(now.getTime() + hours * hour)

/** The fields of a calendar file's event, unfolded (RFC 5545 folds lines at 75 octets). */
function calendarFields(text: string) {
  const unfolded = text.replace(/\r?\n[ \t]/g, '')
  return Object.fromEntries(
    unfolded
      .split(/\r?\n/)
      .filter(Boolean)
      .map((line) => {
        const colon = line.indexOf(':')
        return [line.slice(0, colon).split(';')[0], line.slice(colon + 1)]
      }),
  ) as Record<string, string>
}

describe('the calendar file', () => {
  test('is a REQUEST with the UID, SEQUENCE, start, GEO, LOCATION and URL given, and a CANCEL with STATUS:CANCELLED', () => {
    const event = {
      method: 'request' as const,
      uid: 'visit-7@land.example',
      sequence: 2,
      start: new Date('2030-03-05T16:30:00.000Z'),
      stamp: now,
      summary: 'Visit: 40 acres in Travis County',
      description: 'See you there',
      url: 'https://land.example/property/x/7/',
      location: { title: 'Travis County, Texas', latitude: 30.25, longitude: -97.75 },
      organizer: { name: 'Sam Seller', email: 'sam@example.com' },
      attendee: { name: 'Bea Buyer', email: 'bea@example.com' },
    }
    const request = calendarFields(visitCalendarText(event))
    expect(request).toMatchObject({
      METHOD: 'REQUEST',
      UID: 'visit-7@land.example',
      SEQUENCE: '2',
      DTSTART: '20300305T163000Z',
      DTEND: '20300305T173000Z',
      GEO: '30.25;-97.75',
      LOCATION: 'Travis County\\, Texas',
      URL: 'https://land.example/property/x/7/',
      STATUS: 'CONFIRMED',
    })
    expect(request.ORGANIZER).toBe('mailto:sam@example.com')
    const cancel = calendarFields(visitCalendarText({ ...event, method: 'cancel', sequence: 3 }))
    expect(cancel).toMatchObject({ METHOD: 'CANCEL', UID: 'visit-7@land.example', SEQUENCE: '3', STATUS: 'CANCELLED' })
  })
})

describe('proposed times', () => {
  const chicago = 'America/Chicago'
  test('are read in the listing’s zone, daylight saving included', () => {
    expect(zonedInstant('2030-03-05', '10:30', chicago)).toEqual(new Date('2030-03-05T16:30:00.000Z'))
    expect(zonedInstant('2030-07-05', '10:30', chicago)).toEqual(new Date('2030-07-05T15:30:00.000Z'))
    expect(zonedInstant('2030-03-10', '02:30', chicago)).toBe('nonexistent')
    expect(formatVisitTime('2030-03-05T16:30:00.000Z', chicago)).toBe('Tuesday, March 5, 2030 at 10:30 AM CST')
  })

  test('must be well formed, in the future, within 90 days and not twice the same', () => {
    expect(checkVisitTime('2030-02-30', '10:00', chicago, now)).toBe(visitTimeMessages.malformed)
    expect(checkVisitTime('2030-03-02', '08:30', chicago, now)).toBe(visitTimeMessages.past)
    expect(checkVisitTime('2030-07-01', '10:00', chicago, now)).toBe(visitTimeMessages.tooFar)
    const parse = (fields: Record<string, string>) => visitRequestSchema(chicago, now).safeParse({ name: 'Bea Buyer', email: 'bea@example.com', ...fields })
    const errorsOf = (fields: Record<string, string>) => parse(fields).error?.issues.map((issue) => [issue.path.join('.'), issue.message])
    expect(errorsOf({})).toEqual([['date1', visitTimeMessages.none]])
    expect(errorsOf({ date1: '2030-03-05' })).toEqual([['time1', visitTimeMessages.half]])
    expect(errorsOf({ date1: '2030-03-05', time1: '10:00', date2: '2030-03-05', time2: '10:00' })).toEqual([['date2', visitTimeMessages.duplicate]])
    expect(errorsOf({ date1: 'tomorrow', time1: '10am' })).toEqual([['date1', visitTimeMessages.malformed]])
    const valid = parse({ date1: '2030-03-05', time1: '10:00', date3: '2030-03-06', time3: '14:15' })
    expect(valid.data?.times).toEqual([new Date('2030-03-05T16:00:00.000Z'), new Date('2030-03-06T20:15:00.000Z')])
  })
})

describe.each(targets)('visit bookings on $name', ({ enabled, target }) => {
  let db: Kysely<Database>
  let seller: SellerScope
  let otherSeller: SellerScope
  let listingId: number
  const mails: MailMessage[] = []
  const context = (at = now) => ({ mailer: async (_site: string, message: MailMessage) => void mails.push(message), sites: siteDirectory, now: at })
  const mailsTo = (address: string) => mails.filter((mail) => [mail.to].flat().includes(address))
  let userCount = 0

  async function sellerOf(accountId: number) {
    userCount += 1
    const userId = (await createUser(db, {
      contactName: `Seller ${userCount}`,
      email: `visit-seller${userCount}@example.com`,
      password: 'long-enough-1',
      newsletter: false,
    }))!
    await db.updateTable('users').set({ is_seller: 1, account_id: accountId }).where('id', '=', userId).execute()
    return (await findSellerScope(db, userId))!
  }

  async function request(email: string, times = [hoursFromNow(72), hoursFromNow(96)]) {
    const listing = (await findVisitListing(db, listingId))!
    return createVisitRequest(
      db,
      listing,
      { name: 'Bea Buyer', email, phone: null, message: 'We would bring the dog.', times, siteId: sites.land.siteId, buyerUserId: null },
      context(),
    )
  }

  beforeAll(async () => {
    if (!enabled) return
    db = createKysely(await target())
    await migrateAndSeed(db, { listings: 200, seed: 5 })
    const accounts = await db
      .selectFrom('listings')
      .select(['account_id', (eb) => eb.fn.min('id').as('listingId')])
      .groupBy('account_id')
      .orderBy('account_id')
      .limit(2)
      .execute()
    listingId = Number(accounts[0]!.listingId)
    seller = await sellerOf(accounts[0]!.account_id)
    otherSeller = await sellerOf(accounts[1]!.account_id)
  })

  afterAll(async () => {
    if (enabled) await db.destroy()
  })

  describe.skipIf(!enabled)('a request', () => {
    test('is taken only once the seller turns bookings on, and only by that seller', async () => {
      expect(await findVisitListing(db, listingId)).toBeUndefined()
      expect(await setListingTakesVisits(db, otherSeller, listingId, true, now)).toBe(false)
      expect(await listingTakesVisits(db, listingId)).toBe(false)
      expect(await setListingTakesVisits(db, seller, listingId, true, now)).toBe(true)
      expect(await listingTakesVisits(db, listingId)).toBe(true)
    })

    test('reaches the seller with its times; accepting one mails both sides a calendar file for it', async () => {
      const visitId = await request('accept@example.com')
      const visit = (await findVisit(db, visitId, siteDirectory))!
      const toSeller = mails.find((mail) => mail.subject.startsWith('Visit request:') && mail.replyTo === 'accept@example.com')!
      for (const hours of [72, 96]) expect(toSeller.text).toContain(formatVisitTime(hoursFromNow(hours), visit.timeZone))
      expect(mailsTo('accept@example.com').at(-1)!.text).toContain(`/visits/${visitTokenOf(visitId)}/`)
      expect((await sellerVisitRequests(db, seller, siteDirectory, now)).map((visit) => visit.id)).toContain(visitId)
      expect((await sellerVisitRequests(db, otherSeller, siteDirectory, now)).map((visit) => visit.id)).not.toContain(visitId)

      const chosen = visit.times[1]!
      expect(await acceptProposedTime(db, otherSeller, { visitId, timeId: chosen.id }, context())).toBe(false)
      mails.length = 0
      expect(await acceptProposedTime(db, seller, { visitId, timeId: chosen.id }, context())).toBe(true)
      expect(await acceptProposedTime(db, seller, { visitId, timeId: visit.times[0]!.id }, context())).toBe(false)
      expect(mails.map((mail) => mail.to)).toEqual(['accept@example.com', visit.sellerEmail])
      for (const mail of mails) {
        expect(mail.subject).toContain('Visit agreed')
        const ics = calendarFields(mail.attachments![0]!.content)
        expect(ics).toMatchObject({ METHOD: 'REQUEST', UID: visit.uid, SEQUENCE: '0', DTSTART: chosen.startsAt.replaceAll(/[-:]/g, '').replace(/\.\d+Z$/, 'Z') })
        expect(ics.GEO).toBe(`${visit.latitude};${visit.longitude}`)
        expect(ics.URL).toBe(visit.listingUrl)
        expect(visit.listingUrl.startsWith(siteDirectory.originOf(sites.land))).toBe(true)
      }
    })
  })

  describe.skipIf(!enabled)('a counter-proposal', () => {
    test('is mailed to the buyer, who accepts it: both get the calendar file at the new time', async () => {
      const visitId = await request('counter@example.com')
      const counter = hoursFromNow(120)
      expect(await proposeCounterTime(db, otherSeller, { visitId, startsAt: counter }, context())).toBe(false)
      expect(await proposeCounterTime(db, seller, { visitId, startsAt: counter }, context())).toBe(true)
      const proposal = mailsTo('counter@example.com').at(-1)!
      expect(proposal.subject).toContain('proposes another time')
      expect(proposal.text).toContain(`/visits/${visitTokenOf(visitId)}/`)
      mails.length = 0
      expect(await acceptCounterTime(db, visitId, context())).toBe(true)
      expect(await acceptCounterTime(db, visitId, context())).toBe(false)
      expect(mails).toHaveLength(2)
      expect(calendarFields(mails[0]!.attachments![0]!.content).DTSTART).toBe(
        counter
          .toISOString()
          .replaceAll(/[-:]/g, '')
          .replace(/\.\d+Z$/, 'Z'),
      )
    })
  })

  describe.skipIf(!enabled)('cancelling', () => {
    test('an agreed visit mails both a CANCEL with the same UID and the next SEQUENCE; another seller cannot', async () => {
      const visitId = await request('cancel@example.com')
      const visit = (await findVisit(db, visitId, siteDirectory))!
      await acceptProposedTime(db, seller, { visitId, timeId: visit.times[0]!.id }, context())
      expect(await cancelVisit(db, visitId, { side: 'seller', scope: otherSeller }, context())).toBe(false)
      mails.length = 0
      expect(await cancelVisit(db, visitId, { side: 'buyer' }, context())).toBe(true)
      expect(await cancelVisit(db, visitId, { side: 'seller', scope: seller }, context())).toBe(false)
      expect(mails.map((mail) => mail.to)).toEqual(['cancel@example.com', visit.sellerEmail])
      expect(mails[1]!.text).toContain('Bea Buyer cancelled the visit')
      expect(calendarFields(mails[1]!.attachments![0]!.content)).toMatchObject({ METHOD: 'CANCEL', UID: visit.uid, SEQUENCE: '1', STATUS: 'CANCELLED' })
    })

    test('by the seller before any time was agreed tells the buyer, without a calendar file', async () => {
      const visitId = await request('early-cancel@example.com')
      mails.length = 0
      expect(await cancelVisit(db, visitId, { side: 'seller', scope: seller }, context())).toBe(true)
      expect(mailsTo('early-cancel@example.com').at(-1)).toMatchObject({ subject: expect.stringContaining('Visit cancelled'), attachments: undefined })
    })
  })

  describe.skipIf(!enabled)('the reminder', () => {
    test('goes to both sides once, the day before the visit, and not for a cancelled one', async () => {
      const visitId = await request('reminder@example.com', [hoursFromNow(50)])
      const cancelledId = await request('reminder-cancelled@example.com', [hoursFromNow(50)])
      for (const id of [visitId, cancelledId]) {
        const visit = (await findVisit(db, id, siteDirectory))!
        await acceptProposedTime(db, seller, { visitId: id, timeId: visit.times[0]!.id }, context())
      }
      await cancelVisit(db, cancelledId, { side: 'buyer' }, context())
      const reminders = () => mails.filter((mail) => mail.subject.startsWith('Reminder:'))
      const remind = (hours: number) => sendVisitReminders(db, context().mailer, hoursFromNow(hours), siteDirectory)
      await remind(25)
      expect(reminders()).toHaveLength(0)
      await remind(27)
      await remind(28)
      expect(reminders().map((mail) => mail.to)).toEqual(['reminder@example.com', (await findVisit(db, visitId, siteDirectory))!.sellerEmail])
    })
  })

  describe.skipIf(!enabled)('tokens', () => {
    test('name their visit; a forged or altered token names nothing', () => {
      expect(visitIdOfToken(visitTokenOf(42))).toBe(42)
      expect(visitIdOfToken(visitTokenOf(42).replace(/^42\./, '43.'))).toBeUndefined()
      expect(visitIdOfToken('42.forged')).toBeUndefined()
      expect(visitIdOfToken('')).toBeUndefined()
    })
  })
})
