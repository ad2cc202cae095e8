import { afterAll, expect, test } from 'vitest'
import { unsubscribeToken } from '~/models/accounts/instant-alerts.server'
import { createUser } from '~/models/accounts/user.server'
import { browserSession, decodeEntities, productionPages, sessionCookie } from '../support/http'
import { openWritableTestDatabase } from '../support/test-database'

/**
 * Instant alerts' pages (decision 0071) through the production build, without JavaScript: the
 * unsubscribe link, with no session — opening it changes nothing; its button, or a mail program's
 * one-click POST (RFC 8058), stops the account's instant alerts; a link this server did not sign
 * is refused — and the Favorites page's switch of e-mails about favourites.
 */
const { fetchPage } = productionPages()
const db = openWritableTestDatabase()
const buyerIds: number[] = []

afterAll(async () => {
  if (buyerIds.length > 0) {
    await db.deleteFrom('saved_searches').where('user_id', 'in', buyerIds).execute()
    await db.deleteFrom('users').where('id', 'in', buyerIds).execute()
  }
  await db.destroy()
})
const runId = Date.now().toString(36)

/** A buyer with an Instant saved search and favourite alerts on, as the rows say; deleted after the tests. */
async function buyerWithInstantAlerts(name: string) {
  const now = new Date().toISOString()
  const { id } = await db
    .insertInto('users')
    .values({ email: `${name}-${runId}@example.com`, password_hash: 'x', contact_name: name, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('saved_searches')
    .values({ user_id: id, site_id: 0, name: 'Texas Land for Sale', criteria: '{}', path: '/search/texas-land-for-sale/', notify: 'Instant', created_at: now })
    .execute()
  buyerIds.push(id)
  return id
}

const alertsOf = (userId: number) =>
  db
    .selectFrom('users')
    .innerJoin('saved_searches', 'saved_searches.user_id', 'users.id')
    .select(['users.favorite_alerts as favoriteAlerts', 'saved_searches.notify'])
    .where('users.id', '=', userId)
    .executeTakeFirst()

const text = async (response: Response) => decodeEntities(await response.text())

test('the unsubscribe link asks first, and its button stops the instant alerts without logging in', async () => {
  const userId = await buyerWithInstantAlerts('reader')
  const path = `/alerts/unsubscribe/${unsubscribeToken(userId)}`
  const person = browserSession(fetchPage, 'land.localhost', '192.0.2.71')
  const page = await person.get(path)
  expect(page.status).toBe(200)
  const html = await text(page)
  expect(html).toContain('Stop the instant e-mails about your saved searches and favorites?')
  expect(html).toContain('<button type="submit"')
  expect(await alertsOf(userId)).toEqual({ favoriteAlerts: 1, notify: 'Instant' })

  const stopped = await person.post(path, {})
  expect(stopped.status).toBe(303)
  expect(stopped.headers.get('location')).toBe(`${path}?stopped=1`)
  expect(await text(await person.get(stopped.headers.get('location')!))).toContain('You will get no more instant alerts.')
  expect(await alertsOf(userId)).toEqual({ favoriteAlerts: 0, notify: 'No Updates' })
})

test("a mail program's one-click unsubscribe (RFC 8058) stops the alerts with a 200", async () => {
  const userId = await buyerWithInstantAlerts('one-click')
  const response = await fetchPage('farm.localhost', `/alerts/unsubscribe/${unsubscribeToken(userId)}`, {
    method: 'POST',
    body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '192.0.2.72' },
    redirect: 'manual',
  })
  expect(response.status).toBe(200)
  expect(await alertsOf(userId)).toEqual({ favoriteAlerts: 0, notify: 'No Updates' })
})

test('an unsubscribe link this server did not sign is refused with a message, and changes nothing', async () => {
  const userId = await buyerWithInstantAlerts('forger')
  const forged = `/alerts/unsubscribe/${userId}.${'A'.repeat(32)}`
  const person = browserSession(fetchPage, 'hunting.localhost', '192.0.2.73')
  const page = await person.get(forged)
  expect(page.status).toBe(400)
  expect(await text(page)).toContain('This unsubscribe link is not valid.')
  expect((await person.post(forged, {})).status).toBe(400)
  expect(await alertsOf(userId)).toEqual({ favoriteAlerts: 1, notify: 'Instant' })
})

/** A new buyer signed in on the land site, with what their browser sends: a page and a form post (same origin, no scripts). */
async function signedInBuyer(name: string, clientAddress: string) {
  const email = `${name}-${runId}@example.com`
  const password = 'switch-it-off-42'
  const userId = (await createUser(db, { contactName: name, email, password, newsletter: false }))!
  buyerIds.push(userId)
  const cookie = await sessionCookie(fetchPage, 'land.localhost', { email, password }, clientAddress)
  const send = (path: string, init: RequestInit = {}) =>
    fetchPage('land.localhost', path, { ...init, headers: { cookie, 'x-forwarded-for': clientAddress, ...init.headers }, redirect: 'manual' })
  const post = (path: string, fields: Record<string, string>) =>
    send(path, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://land.localhost' },
    })
  return { userId, send, post }
}

const favoriteAlertsOf = async (userId: number) =>
  (await db.selectFrom('users').select('favorite_alerts').where('id', '=', userId).executeTakeFirstOrThrow()).favorite_alerts

test("the Favorites page's switch turns the e-mails about favourites off and on again with plain posts", async () => {
  const buyer = await signedInBuyer('switcher', '192.0.2.74')
  const post = (alerts: string) => buyer.post('/account/savedproperties/', { intent: 'favorite-alerts', alerts })
  expect(await text(await buyer.send('/account/savedproperties/'))).toContain(
    'We e-mail you within minutes when a favorite’s price drops or it is back on the market.',
  )

  const off = await post('off')
  expect([off.status, off.headers.get('location')]).toEqual([303, '/account/savedproperties/?alerts=off'])
  const offPage = await text(await buyer.send(off.headers.get('location')!))
  expect(offPage).toContain('Your favorites will not be e-mailed to you.')
  expect(offPage).toContain('E-mail me when a favorite’s price drops')
  expect(await favoriteAlertsOf(buyer.userId)).toBe(0)

  const on = await post('on')
  expect(await text(await buyer.send(on.headers.get('location')!))).toContain('Your favorites’ price drops will be e-mailed to you.')
  expect(await favoriteAlertsOf(buyer.userId)).toBe(1)
  expect((await post('sometimes')).status).toBe(400)
})

test('the Save Search form saves a search set to Instant, and refuses an e-mail choice it does not offer', async () => {
  const buyer = await signedInBuyer('instant-saver', '192.0.2.75')
  const results = await text(await buyer.send('/search/texas-land-for-sale/'))
  expect(results).toContain('<option value="Instant">Instant</option>')
  const saved = await buyer.post('/account/savedsearches/', { path: '/search/texas-land-for-sale/', notify: 'Instant' })
  expect([saved.status, saved.headers.get('location')]).toEqual([303, '/search/texas-land-for-sale/?saved=search'])
  expect(await text(await buyer.send('/account/savedsearches/'))).toContain('<option value="Instant" selected="">Instant</option>')
  const refused = await buyer.post('/account/savedsearches/', { path: '/search/oklahoma-land-for-sale/', notify: 'Hourly' })
  expect(refused.status).toBe(400)
  expect(await refused.text()).toContain('Please choose how often the search e-mails you.')
})
