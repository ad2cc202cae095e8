import { afterAll, describe, expect, test } from 'vitest'
import { createLoginToken } from '~/models/accounts/login-tokens.server'
import { createUser } from '~/models/accounts/user.server'
import { browserSession, decodeEntities, productionPages } from '../support/http'
import { openWritableTestDatabase } from '../support/test-database'

/**
 * Server-side sessions (issue 33 finding 2, decision 0047), through the production build: a new
 * session at every login, ended by logout, by a password change or reset (for the other devices),
 * by 'Sign out everywhere else' and by idle or absolute expiry; a `__Host-` Secure cookie for an
 * https site; and a login link for another account that asks before it swaps anyone.
 */
const { fetchPage } = productionPages()
const db = openWritableTestDatabase()
const runId = Date.now().toString(36)
const password = 'creek-side-42'
const createdEmails: string[] = []
/** The test database keeps rate-limit windows between runs: each run's browsers have addresses of their own. */
const addressBlock = `198.18.${Math.floor(Math.random() * 250)}`
let browserCount = 0

afterAll(async () => {
  await db.deleteFrom('users').where('email', 'in', createdEmails).execute()
  await db.destroy()
})

function browser(host = 'land.localhost') {
  browserCount += 1
  return browserSession(fetchPage, host, `${addressBlock}.${browserCount}`)
}
type Browser = ReturnType<typeof browser>

async function newUser(label: string) {
  const email = `session-${label}-${runId}@example.com`
  createdEmails.push(email)
  const id = (await createUser(db, { email, password, contactName: 'Pat Session', newsletter: false }))!
  return { id, email }
}

async function logIn(person: Browser, email: string, withPassword = password) {
  const response = await person.post('/login', { email, password: withPassword, redirectTo: '/account/' })
  expect(response.status).toBe(303)
  return response.headers.get('set-cookie')!.split(';')[0]!
}

const isSignedIn = async (cookie: string) => (await (await fetchPage('land.localhost', '/api/authenticate/isloggedin', { headers: { cookie } })).json()) as boolean
const text = async (response: Response) => decodeEntities(await response.text())
const sessionRows = (userId: number) => db.selectFrom('sessions').selectAll().where('user_id', '=', userId).execute()

describe('a session', () => {
  test('is new at every login: two logins are two sessions, and a visitor’s id never becomes a signed-in one', async () => {
    const { email } = await newUser('new-id')
    const person = browser()
    // A visitor's session (a pending like) before the login.
    const listing = await db.selectFrom('listings').select('id').where('status', '=', 1).executeTakeFirstOrThrow()
    const like = await person.post('/account/savedproperties/', { intent: 'like', listingId: String(listing.id), returnTo: '/' })
    const visitorCookie = like.headers.get('set-cookie')!.split(';')[0]!
    const first = await logIn(person, email)
    const second = await logIn(browser(), email)
    expect(new Set([visitorCookie, first, second]).size).toBe(3)
    expect([await isSignedIn(visitorCookie), await isSignedIn(first), await isSignedIn(second)]).toEqual([false, true, true])
  })

  test('ends at logout: a copy of its cookie signs no one in afterwards', async () => {
    const { email } = await newUser('logout')
    const person = browser()
    const cookie = await logIn(person, email)
    expect(await isSignedIn(cookie)).toBe(true)
    expect((await person.post('/logout', {})).status).toBe(303)
    expect(await isSignedIn(cookie)).toBe(false)
  })

  test('a password change signs out the other devices, not this one', async () => {
    const { email } = await newUser('change')
    const here = browser()
    const hereCookie = await logIn(here, email)
    const elsewhere = await logIn(browser(), email)
    const change = await here.post('/account/details/', {
      intent: 'password',
      currentPassword: password,
      password: 'meadow-gate-77',
      confirmPassword: 'meadow-gate-77',
    })
    expect(change.status).toBe(303)
    expect([await isSignedIn(hereCookie), await isSignedIn(elsewhere)]).toEqual([true, false])
  })

  test('a password reset signs out every device, and signs in on a new session', async () => {
    const user = await newUser('reset')
    const elsewhere = await logIn(browser(), user.email)
    const person = browser()
    expect((await person.post('/login/forgot/', { email: user.email })).status).toBe(303)
    // The reset key is in the mail; the test makes its own for the same user.
    const { createResetKey } = await import('~/models/accounts/password-reset.server')
    const key = await createResetKey(db, user.id)
    const done = await person.post(`/reset/${key}`, { password: 'meadow-gate-78', confirmPassword: 'meadow-gate-78' })
    expect(done.status).toBe(303)
    expect(await isSignedIn(elsewhere)).toBe(false)
    expect((await sessionRows(user.id)).length).toBe(1)
  })

  test('is over after 30 idle days, or 90 days after the login, whatever the cookie says', async () => {
    const user = await newUser('expiry')
    const idle = await logIn(browser(), user.email)
    const old = await logIn(browser(), user.email)
    const rows = await sessionRows(user.id)
    expect(rows.length).toBe(2)
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()
    const [idleRow, oldRow] = rows.sort((a, b) => a.created_at.localeCompare(b.created_at))
    await db
      .updateTable('sessions')
      .set({ last_seen_at: daysAgo(31), created_at: daysAgo(40) })
      .where('id_hash', '=', idleRow!.id_hash)
      .execute()
    await db
      .updateTable('sessions')
      .set({ last_seen_at: daysAgo(1), created_at: daysAgo(91) })
      .where('id_hash', '=', oldRow!.id_hash)
      .execute()
    expect([await isSignedIn(idle), await isSignedIn(old)]).toEqual([false, false])
  })
})

describe('Settings', () => {
  test("lists the signed-in devices and 'Sign out everywhere else' ends all but this one", async () => {
    const { email } = await newUser('devices')
    const here = browser()
    const hereCookie = await logIn(here, email)
    const phone = await logIn(browser(), email)
    const page = await text(await here.get('/account/details/'))
    expect(page).toContain('Signed-in devices')
    expect(page.match(/This device/g)?.length).toBe(1)
    expect(page).toContain('Sign out everywhere else')
    const signOut = await here.post('/account/details/', { intent: 'sign-out-others' })
    expect([signOut.status, signOut.headers.get('location')]).toEqual([303, '/account/details/?saved=signed-out'])
    expect([await isSignedIn(hereCookie), await isSignedIn(phone)]).toEqual([true, false])
    expect(await text(await here.get('/account/details/?saved=signed-out'))).toContain('Every other device is signed out.')
  })
})

describe('the login cookie', () => {
  test('is __Host- prefixed, Secure, httpOnly and SameSite=Lax on a site whose origin is https', async () => {
    const { email } = await newUser('host-prefix')
    const testOrigins = process.env.SITE_ORIGINS
    process.env.SITE_ORIGINS = `${testOrigins},land=https://www.landatlas.test`
    try {
      const response = await browser().post('/login', { email, password, redirectTo: '/account/' })
      expect(response.status).toBe(303)
      const setCookie = response.headers.get('set-cookie')!
      expect(setCookie).toMatch(/^__Host-session=/)
      expect(setCookie).toMatch(/;\s*Secure/i)
      expect(setCookie).toMatch(/;\s*HttpOnly/i)
      expect(setCookie).toMatch(/;\s*SameSite=Lax/i)
      expect(setCookie).toMatch(/;\s*Path=\//i)
      expect(setCookie).not.toMatch(/;\s*Domain=/i)
    } finally {
      process.env.SITE_ORIGINS = testOrigins
    }
  })
})

describe('a login link for another account, opened while signed in', () => {
  test('asks first: staying keeps the account, switching signs in the link’s', async () => {
    const signedIn = await newUser('signed-in')
    const other = await newUser('other')
    const person = browser()
    const cookie = await logIn(person, signedIn.email)
    const token = await createLoginToken(db, other.id)
    const opened = await person.get(`/search/all-land/?token=${token}`)
    expect([opened.status, opened.headers.get('location')]).toEqual([302, '/login/switch/'])
    const question = await text(await person.get('/login/switch/'))
    expect(question).toContain(signedIn.email)
    expect(question).toContain(other.email)
    expect(question).not.toContain(token)
    expect(await isSignedIn(cookie)).toBe(true)
    // The waiting link is kept as its hash: a leaked session row signs no one in.
    expect((await sessionRows(signedIn.id)).map((row) => row.data).join()).not.toContain(token)

    const stay = await person.post('/login/switch/', { intent: 'stay' })
    expect([stay.status, stay.headers.get('location')]).toEqual([303, '/search/all-land/'])
    const info = async () => (await (await person.get('/api/authenticate/logininfo/0')).json()) as { userInfo: { email: string } | null }
    expect((await info()).userInfo?.email).toBe(signedIn.email)

    // The link was not used up by staying: opened again, switching signs its user in.
    expect((await person.get(`/search/all-land/?token=${token}`)).headers.get('location')).toBe('/login/switch/')
    const switched = await person.post('/login/switch/', { intent: 'switch' })
    expect([switched.status, switched.headers.get('location')]).toEqual([303, '/search/all-land/'])
    expect((await info()).userInfo?.email).toBe(other.email)
  })
})
