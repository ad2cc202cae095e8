import { afterAll, beforeAll, expect, test } from 'vitest'
import { saveSearch, searchToSave } from '~/models/accounts/saved-search.server'
import { createUser } from '~/models/accounts/user.server'
import { createKysely } from '~/models/db/dialect.server'
import { sites } from '~/sites'
import { tickScheduledJobs } from '../../scripts/scheduled-jobs'
import { freshSqliteTarget, migrateAndSeed } from '../support/fresh-database'
import { publishTexasListing } from '../support/listing-writes'
import { catchOutgoingMail, readableText } from '../support/smtp'

/**
 * How long a buyer waits for an instant alert (decision 0071), measured with the real job runner:
 * every scheduled job ticked at once and then every minute, as `npm start` ticks them
 * (scripts/start.ts), a real SMTP server, and a listing published between two ticks.
 */
const db = createKysely(freshSqliteTarget('instant-alerts-delay'))
const outgoing = catchOutgoingMail()
const minute = 60_000

beforeAll(async () => {
  await migrateAndSeed(db, { listings: 600, seed: 11 })
  const userId = (await createUser(db, { contactName: 'Tia Timer', email: 'tia@example.com', password: 'long-enough-1', newsletter: false }))!
  const texas = (await searchToSave(db, sites.land, '/search/texas-land-for-sale/'))!
  await saveSearch(db, { userId, siteId: sites.land.siteId, search: texas, notify: 'Instant' })
})

afterAll(async () => {
  await db.destroy()
})

/** Resolves when `find` finds something, looking every 100 ms, or rejects after `withinMs`. */
async function whenFound<T>(find: () => T | undefined, withinMs: number): Promise<T> {
  const giveUpAt = Date.now() + withinMs
  for (;;) {
    const found = find()
    if (found !== undefined) return found
    if (Date.now() > giveUpAt) throw new Error(`Nothing found within ${withinMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

test(
  'a listing published while the scheduler ticks every minute, as npm start does, is e-mailed within 5 minutes',
  async () => {
    const ticks: Promise<void>[] = []
    const tick = () => ticks.push(tickScheduledJobs(db))
    tick()
    const ticker = setInterval(tick, minute)
    try {
      // The first tick sets the alerts' cursor; the listing comes right after it, the longest wait for the next.
      await ticks[0]
      const publishedAt = Date.now()
      await publishTexasListing(db, 'Timed alert tract')
      await whenFound(() => outgoing.received.find((mail) => mail.to.includes('tia@example.com') && readableText(mail).includes('Timed alert tract')), 5 * minute)
      const delayMs = Date.now() - publishedAt
      console.log(`Instant alert: ${(delayMs / 1000).toFixed(1)} s from publishing the listing to the e-mail's arrival`)
      expect(delayMs).toBeLessThanOrEqual(5 * minute)
    } finally {
      clearInterval(ticker)
      await Promise.all(ticks)
    }
  },
  6 * minute,
)
