import type { Kysely } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import {
  accountOfUnsubscribeToken,
  retryInstantAlerts,
  sendInstantAlerts,
  setFavoriteAlerts,
  stopInstantAlerts,
  unsubscribeToken,
} from '~/models/accounts/instant-alerts.server'
import { likeListing } from '~/models/accounts/saved-property.server'
import { deleteSavedSearch, findSavedSearches, saveSearch, searchToSave } from '~/models/accounts/saved-search.server'
import { createUser } from '~/models/accounts/user.server'
import type { Database } from '~/models/db/db-schema'
import { sendMail } from '~/models/mail/mailer.server'
import { sites } from '~/sites'
import { marketStatus } from '~/models/listings/enumerations'
import { siteDirectory } from '~/sites/site-origin.server'
import { freshPostgresTarget, freshSqliteTarget, migrateAndSeed } from '../support/fresh-database'
import { createKysely } from '~/models/db/dialect.server'
import { newTexasListingRow, publishTexasListing, rewriteListing, writableListingRow } from '../support/listing-writes'
import { writeListing } from '~/models/listings/listing-writes.server'
import { catchOutgoingMail, type ReceivedMail, readableText } from '../support/smtp'

/**
 * Instant alerts (issue 38 item 4, decision 0071) on each database: a published listing that an
 * 'Instant' saved search matches is mailed at the next run, two in one e-mail; a favourite's price
 * drop is mailed without any saved search; each event is mailed once, by one of two schedulers;
 * an e-mail that fails is sent again later, once, given up after four attempts, or dropped when no
 * longer wanted; the e-mail's unsubscribe token works without logging in, and nothing else does.
 */
const postgresUrl = process.env.TEST_POSTGRES_URL
const targets = [
  { name: 'SQLite', enabled: true, target: async () => freshSqliteTarget('instant-alerts') },
  { name: 'PostgreSQL', enabled: !!postgresUrl, target: () => freshPostgresTarget(postgresUrl!, 'instant-alerts') },
]

const outgoing = catchOutgoingMail()

/** A received e-mail as its reader sees it: quoted-printable UTF-8 decoded, folded header lines unfolded. */
const mailText = (mail: ReceivedMail) =>
  Buffer.from(readableText(mail), 'latin1')
    .toString('utf8')
    .replace(/\r?\n[ \t]+/g, ' ')
const origin = 'https://land.example'
const testSites = { ...siteDirectory, originOf: () => origin }

/** Runs `send` with the mail server unreachable (nothing listens on port 1), as when it is down. */
async function withMailDown<T>(send: () => Promise<T>) {
  const working = process.env.SMTP_URL
  process.env.SMTP_URL = 'smtp://127.0.0.1:1'
  try {
    return await send()
  } finally {
    process.env.SMTP_URL = working
  }
}
const minutesFrom = (start: number, minutes: number) => new Date(start + minutes * 60_000)
const noRetries = { sent: 0, failed: 0, gaveUp: 0, dropped: 0 }

describe.each(targets)('instant alerts on $name', ({ name, enabled, target }) => {
  let db: Kysely<Database>
  /** A second connection to the same database, as another server's scheduler has. */
  let otherServer: Kysely<Database>
  let buyerId: number
  let searcherId: number

  const run = (database = db) => sendInstantAlerts(database, sendMail, testSites)
  const retry = (at: Date) => retryInstantAlerts(db, sendMail, testSites, at)

  beforeAll(async () => {
    if (!enabled) return
    const databaseTarget = await target()
    db = createKysely(databaseTarget)
    await migrateAndSeed(db, { listings: 600, seed: 11 })
    otherServer = createKysely(databaseTarget)
    searcherId = (await createUser(db, { contactName: 'Sam Searcher', email: 'sam@example.com', password: 'long-enough-1', newsletter: false }))!
    buyerId = (await createUser(db, { contactName: 'Fay Favorite', email: 'fay@example.com', password: 'long-enough-1', newsletter: false }))!
    const texas = (await searchToSave(db, sites.land, '/search/texas-land-for-sale/'))!
    await saveSearch(db, { userId: searcherId, siteId: sites.land.siteId, search: texas, notify: 'Instant' })
    const oklahoma = (await searchToSave(db, sites.land, '/search/oklahoma-land-for-sale/'))!
    await saveSearch(db, { userId: buyerId, siteId: sites.land.siteId, search: oklahoma, notify: 'Instant' })
    // The first run starts at the newest event: the seeded history is nobody's news.
    expect(await run()).toEqual({ changed: 0, sent: 0, failed: 0 })
  })

  beforeEach(() => {
    outgoing.received.length = 0
  })

  afterAll(async () => {
    await db?.destroy()
    await otherServer?.destroy()
  })

  test.skipIf(!enabled)('a published listing that an Instant saved search matches is e-mailed at the next run, once', async () => {
    const id = await publishTexasListing(db, 'Instant alert test ranch')
    expect(await run()).toEqual({ changed: 1, sent: 1, failed: 0 })
    expect(outgoing.received).toHaveLength(1)
    const mail = outgoing.received[0]!
    expect(mail.to).toEqual(['sam@example.com'])
    const text = mailText(mail)
    expect(text).toContain('New listing (your saved search “Texas Land for Sale”):')
    expect(text).toContain('Instant alert test ranch')
    expect(text).toMatch(new RegExp(`${origin}/property/[\\w-]+/${id}/`))
    const unsubscribe = `${origin}/alerts/unsubscribe/${unsubscribeToken(searcherId)}`
    expect(text).toContain(`Stop these instant alerts: ${unsubscribe}`)
    expect(text).toContain(`List-Unsubscribe: <${unsubscribe}>`)
    expect(text).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    expect(await run()).toEqual({ changed: 0, sent: 0, failed: 0 })
    expect(outgoing.received).toHaveLength(1)
  })

  test.skipIf(!enabled)('two listings published between runs come in one e-mail', async () => {
    await publishTexasListing(db, 'First batched tract')
    await publishTexasListing(db, 'Second batched tract')
    expect(await run()).toEqual({ changed: 2, sent: 1, failed: 0 })
    const text = mailText(outgoing.received[0]!)
    expect(text).toMatch(/Subject: 2 listings you follow on .* changed/)
    expect(text).toContain('First batched tract')
    expect(text).toContain('Second batched tract')
  })

  test.skipIf(!enabled)("a favourite's price drop is e-mailed to whoever liked it, with no saved search; a rise is not", async () => {
    const id = await publishTexasListing(db, 'Favourite to be repriced')
    await run()
    await likeListing(db, { userId: buyerId, listingId: id, siteId: sites.land.siteId })
    outgoing.received.length = 0
    const { price } = await writableListingRow(db, id)
    await rewriteListing(db, id, { price: price + 5_000 })
    expect(await run()).toEqual({ changed: 0, sent: 0, failed: 0 })
    await rewriteListing(db, id, { price: price - 10_000 })
    const result = await run()
    expect(result.sent).toBe(2)
    const toFay = outgoing.received.find((mail) => mail.to.includes('fay@example.com'))!
    const text = mailText(toFay)
    expect(text).toContain(`Price reduced from $${(price + 5_000).toLocaleString('en-US')} to $${(price - 10_000).toLocaleString('en-US')} (your favorites):`)
    expect(text).toContain('Favourite to be repriced')
  })

  test.skipIf(!enabled)('a favourite back on the market after a contract fell through is e-mailed; going under contract is not', async () => {
    const id = await publishTexasListing(db, 'Favourite back on the market')
    await run()
    await likeListing(db, { userId: buyerId, listingId: id, siteId: sites.land.siteId })
    await rewriteListing(db, id, { status: marketStatus.underContract })
    outgoing.received.length = 0
    expect(await run()).toEqual({ changed: 0, sent: 0, failed: 0 })
    await rewriteListing(db, id, { status: marketStatus.available })
    expect((await run()).changed).toBe(1)
    const text = mailText(outgoing.received.find((mail) => mail.to.includes('fay@example.com'))!)
    expect(text).toContain('Back on the market (your favorites):')
    expect(text).toContain('Favourite back on the market')
  })

  test.skipIf(!enabled)('of two schedulers running at once, one sends each alert', async () => {
    await publishTexasListing(db, 'Raced tract')
    const [first, second] = await Promise.all([run(db), run(otherServer)])
    expect(first.sent + second.sent).toBe(1)
    expect(outgoing.received).toHaveLength(1)
  })

  test.skipIf(!enabled || name !== 'PostgreSQL')(
    'a listing whose write commits after a later one is still e-mailed (PostgreSQL numbers events before they commit)',
    async () => {
      const slowRow = await newTexasListingRow(db, 'Slowly committed tract')
      let commit = () => {}
      let written = () => {}
      const isWritten = new Promise<void>((resolve) => (written = resolve))
      const slowWrite = otherServer.transaction().execute(async (transaction) => {
        await writeListing(transaction, null, slowRow, slowRow.created_at)
        written()
        await new Promise<void>((resolve) => (commit = resolve))
      })
      await isWritten
      await publishTexasListing(db, 'Quickly committed tract')
      expect(await run()).toEqual({ changed: 0, sent: 0, failed: 0 })
      commit()
      await slowWrite
      expect(await run()).toEqual({ changed: 2, sent: 1, failed: 0 })
      const text = mailText(outgoing.received[0]!)
      expect(text).toContain('Slowly committed tract')
      expect(text).toContain('Quickly committed tract')
    },
  )

  test.skipIf(!enabled)('an alert e-mail that failed is sent again a minute later, and the buyer receives it exactly once', async () => {
    await publishTexasListing(db, 'Tract mailed on the second try')
    const failedAt = Date.now()
    expect(await withMailDown(run)).toEqual({ changed: 1, sent: 0, failed: 1 })
    expect(await retry(minutesFrom(failedAt, 0.5))).toEqual(noRetries)
    expect(await retry(minutesFrom(failedAt, 1.1))).toEqual({ ...noRetries, sent: 1 })
    expect(await retry(minutesFrom(failedAt, 60))).toEqual(noRetries)
    expect(await run()).toEqual({ changed: 0, sent: 0, failed: 0 })
    expect(outgoing.received).toHaveLength(1)
    expect(outgoing.received[0]!.to).toEqual(['sam@example.com'])
    const text = mailText(outgoing.received[0]!)
    expect(text).toContain('New listing (your saved search “Texas Land for Sale”):')
    expect(text).toContain('Tract mailed on the second try')
  })

  test.skipIf(!enabled)('an alert that keeps failing is tried four times in all, 1, 5 and 30 minutes apart, then given up', async () => {
    await publishTexasListing(db, 'Tract never delivered')
    const failedAt = Date.now()
    expect(await withMailDown(run)).toMatchObject({ sent: 0, failed: 1 })
    expect(await withMailDown(() => retry(minutesFrom(failedAt, 1.1)))).toEqual({ ...noRetries, failed: 1 })
    expect(await withMailDown(() => retry(minutesFrom(failedAt, 5)))).toEqual(noRetries)
    expect(await withMailDown(() => retry(minutesFrom(failedAt, 6.2)))).toEqual({ ...noRetries, failed: 1 })
    expect(await withMailDown(() => retry(minutesFrom(failedAt, 36.3)))).toEqual({ ...noRetries, failed: 1, gaveUp: 1 })
    expect(await retry(minutesFrom(failedAt, 24 * 60))).toEqual(noRetries)
    expect(outgoing.received).toHaveLength(0)
  })

  test.skipIf(!enabled)(
    'a failed alert no longer wanted is dropped unsent: the listing off the market, the saved search deleted, favourite alerts off',
    async () => {
      const withdrawnId = await publishTexasListing(db, 'Tract withdrawn before the retry')
      const failedAt = Date.now()
      expect(await withMailDown(run)).toMatchObject({ failed: 1 })
      await rewriteListing(db, withdrawnId, { status: marketStatus.offMarket })
      expect(await retry(minutesFrom(failedAt, 1.1))).toEqual({ ...noRetries, dropped: 1 })

      const leaverId = (await createUser(db, { contactName: 'Lee Leaver', email: 'lee@example.com', password: 'long-enough-1', newsletter: false }))!
      const texas = (await searchToSave(db, sites.land, '/search/texas-land-for-sale/'))!
      await saveSearch(db, { userId: leaverId, siteId: sites.land.siteId, search: texas, notify: 'Instant' })
      const repricedId = await publishTexasListing(db, 'Favourite repriced while the mail was down')
      await run()
      await likeListing(db, { userId: buyerId, listingId: repricedId, siteId: sites.land.siteId })
      outgoing.received.length = 0
      const { price } = await writableListingRow(db, repricedId)
      await rewriteListing(db, repricedId, { price: price - 10_000 })
      const repricedAt = Date.now()
      expect(await withMailDown(run)).toMatchObject({ changed: 1, sent: 0, failed: 3 })
      const [leaversSearch] = await findSavedSearches(db, { userId: leaverId, siteId: sites.land.siteId })
      await deleteSavedSearch(db, { userId: leaverId, id: leaversSearch!.id })
      await setFavoriteAlerts(db, buyerId, false)
      expect(await retry(minutesFrom(repricedAt, 1.1))).toEqual({ ...noRetries, sent: 1, dropped: 2 })
      expect(outgoing.received.map((mail) => mail.to)).toEqual([['sam@example.com']])
      expect(mailText(outgoing.received[0]!)).toContain('Favourite repriced while the mail was down')
      await setFavoriteAlerts(db, buyerId, true)
    },
  )

  test.skipIf(!enabled)('the unsubscribe token names its account, a changed one names none, and unsubscribing stops the alerts', async () => {
    const token = unsubscribeToken(searcherId)
    expect(accountOfUnsubscribeToken(token)).toBe(searcherId)
    expect(accountOfUnsubscribeToken(`${buyerId}${token.slice(String(searcherId).length)}`)).toBeUndefined()
    expect(accountOfUnsubscribeToken('not-a-token')).toBeUndefined()
    await stopInstantAlerts(db, searcherId)
    await publishTexasListing(db, 'Tract after unsubscribing')
    expect(await run()).toEqual({ changed: 1, sent: 0, failed: 0 })
  })
})
