import { afterAll, beforeAll, expect, test } from 'vitest'
import { sql } from 'kysely'
import { consumeLoginToken } from '~/models/accounts/login-tokens.server'
import { sendSavedSearchUpdates } from '~/models/accounts/saved-search-updates.server'
import { saveSearch, searchToSave } from '~/models/accounts/saved-search.server'
import { createUser } from '~/models/accounts/user.server'
import { sites } from '~/sites'
import { listingPath } from '~/models/listings/listing-path'
import { createKysely } from '~/models/db/dialect.server'
import { freshSqliteTarget, migrateAndSeed } from '../support/fresh-database'
import { startTestSmtpServer } from '../support/smtp'
import { siteDirectory } from '~/sites/site-origin.server'

/**
 * Saved-search e-mail updates: a 'Daily' or 'Weekly' search mails the listings added since its
 * last update, once, with links to them; 'No Updates' never mails.
 */
const target = freshSqliteTarget('saved-search-updates')
const db = createKysely(target)
/** A second connection to the same database, as another process or server has. */
const otherServer = createKysely(target)
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>

// Seeded listings are all older than this; the test moves a few listings into the week before it.
const now = new Date('2031-03-10T12:00:00.000Z')
const daysBefore = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString()

let userId: number

async function savedSearch(path: string, notify: string, savedDaysBefore: number) {
  const search = (await searchToSave(db, sites.land, path))!
  await saveSearch(db, { userId, siteId: sites.land.siteId, search })
  await db
    .updateTable('saved_searches')
    .set({ notify, created_at: daysBefore(savedDaysBefore) })
    .where('path', '=', search.path)
    .execute()
  return search
}

/** Available listings of a state, as the search engine sees them: the test marks some of them new. */
async function stateListings(abbreviation: string, count: number) {
  return db
    .selectFrom('listings')
    .innerJoin('states', 'states.id', 'listings.state_id')
    .innerJoin('counties', 'counties.id', 'listings.county_id')
    .select([
      'listings.id',
      'listings.title',
      'listings.acres',
      'states.abbreviation as stateAbbreviation',
      sql<string>`counties.name || ' ' || counties.suffix`.as('countyName'),
    ])
    .where('states.abbreviation', '=', abbreviation)
    .where('listings.status', '=', 1)
    .orderBy('listings.id')
    .limit(count)
    .execute()
}

const markListed = (listingId: number, when: string) => db.updateTable('listings').set({ created_at: when }).where('id', '=', listingId).execute()

beforeAll(async () => {
  await migrateAndSeed(db, { listings: 1500, seed: 7 })
  smtp = await startTestSmtpServer()
  process.env.SMTP_URL = smtp.url
  userId = (await createUser(db, { contactName: 'Dana Buyer', email: 'dana@example.com', password: 'long-enough-1', newsletter: false }))!
})

afterAll(async () => {
  delete process.env.SMTP_URL
  await smtp.stop()
  await db.destroy()
  await otherServer.destroy()
})

test('a daily search mails the listings added since it was saved, once, with links; weekly and No Updates wait', async () => {
  const texas = await savedSearch('/search/texas-land-for-sale/', 'Daily', 3)
  await savedSearch('/search/all-land/', 'Weekly', 3)
  await savedSearch('/search/oklahoma-land-for-sale/', 'No Updates', 30)
  const [older, newer] = await stateListings('TX', 2)
  const [elsewhere] = await stateListings('OK', 1)
  await markListed(older!.id, daysBefore(2))
  await markListed(newer!.id, daysBefore(1))
  await markListed(elsewhere!.id, daysBefore(1))

  const first = await sendSavedSearchUpdates(db, { ...siteDirectory, originOf: () => 'https://land.example' }, { now })
  expect(first).toEqual({ due: 1, sent: 1, failed: 0 })
  expect(smtp.received).toHaveLength(1)
  const mail = smtp.received[0]!.raw.replace(/=\r?\n/g, '')
  expect(mail).toContain('To: dana@example.com')
  expect(mail).toMatch(/Subject: .*2[ _]new[ _]listings[ _]for[ _]your[ _]saved[ _]search/)
  for (const listing of [older!, newer!]) expect(mail).toContain(`https://land.example${listingPath(sites.land, listing)}`)
  expect(mail).not.toContain(listingPath(sites.land, elsewhere!))
  expect(mail.indexOf(listingPath(sites.land, newer!))).toBeLessThan(mail.indexOf(listingPath(sites.land, older!)))
  expect(mail).toContain(`https://land.example${texas.path}`)
  expect(mail).toContain('https://land.example/account/savedsearches/')
  // Every link carries one login token (quoted-printable writes its '=' as '=3D'), which logs Dana in once.
  const tokens = new Set([...mail.matchAll(/\?token=3D([\w-]+)/g)].map((match) => match[1]!))
  expect(tokens.size).toBe(1)
  expect(mail.match(/\?token=3D/g)).toHaveLength(4)
  const [token] = tokens
  expect(await consumeLoginToken(db, token!, now)).toBe(userId)
  expect(await consumeLoginToken(db, token!, now)).toBeUndefined()

  // The same run again, or a day later with nothing new: nothing more is sent.
  expect(await sendSavedSearchUpdates(db, siteDirectory, { now })).toEqual({ due: 0, sent: 0, failed: 0 })
  expect(await sendSavedSearchUpdates(db, siteDirectory, { now: new Date(now.getTime() + 86_400_000) })).toEqual({ due: 1, sent: 0, failed: 0 })
  expect(smtp.received).toHaveLength(1)

  // Four days on, the weekly national search is due: it names only what is new since it was saved.
  const weekLater = new Date(now.getTime() + 4 * 86_400_000)
  const weekly = await sendSavedSearchUpdates(db, siteDirectory, { now: weekLater })
  expect(weekly.sent).toBe(1)
  expect(smtp.received).toHaveLength(2)
  const weeklyMail = smtp.received[1]!.raw.replace(/=\r?\n/g, '')
  expect(weeklyMail).toMatch(/Subject: .*3[ _]new[ _]listings/)
  expect(weeklyMail).toContain(listingPath(sites.land, elsewhere!))
})

test('two servers running the updates at the same moment send one e-mail per subscriber', async () => {
  const later = new Date(now.getTime() + 30 * 86_400_000)
  const subscribers = ['erin@example.com', 'farid@example.com', 'gail@example.com']
  for (const email of subscribers) {
    const subscriber = (await createUser(db, { contactName: 'Subscriber', email, password: 'long-enough-1', newsletter: false }))!
    const search = (await searchToSave(db, sites.land, '/search/kansas-land-for-sale/'))!
    await saveSearch(db, { userId: subscriber, siteId: sites.land.siteId, search })
    await db
      .updateTable('saved_searches')
      .set({ notify: 'Daily', created_at: new Date(later.getTime() - 2 * 86_400_000).toISOString() })
      .where('user_id', '=', subscriber)
      .execute()
  }
  const [kansas] = await stateListings('KS', 1)
  await markListed(kansas!.id, new Date(later.getTime() - 86_400_000).toISOString())
  const before = smtp.received.length

  const runs = await Promise.all([sendSavedSearchUpdates(db, siteDirectory, { now: later }), sendSavedSearchUpdates(otherServer, siteDirectory, { now: later })])

  const mailed = smtp.received.slice(before).map((mail) => /^To: (.+)$/m.exec(mail.raw)![1]!.trim())
  expect(mailed.filter((to) => subscribers.includes(to)).sort()).toEqual(subscribers)
  expect(runs[0]!.sent + runs[1]!.sent).toBe(mailed.length)
})
