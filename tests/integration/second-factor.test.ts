import { parse } from 'node-html-parser'
import { generate } from 'otplib'
import { afterAll, describe, expect, test } from 'vitest'
import { createLoginToken } from '~/models/accounts/login-tokens.server'
import { confirmSecondFactor, secondFactorEnrolment } from '~/models/accounts/second-factor.server'
import { createUser } from '~/models/accounts/user.server'
import { sites } from '~/sites/index'
import { browserSession, decodeEntities, productionPages } from '../support/http'
import { catchOutgoingMail } from '../support/smtp'
import { openWritableTestDatabase } from '../support/test-database'

/**
 * The second factor and the audit trail (issue 33 finding 8, decision 0052), through the production
 * build: an administrator sets up TOTP before the administrators' pages open; a password or login
 * link of a user with TOTP waits for a code (once each; a recovery code once); those pages want
 * the code fresh; and logins, password, second-factor and review events are written and mailed.
 */
const smtp = catchOutgoingMail()
const { fetchPage } = productionPages()
const db = openWritableTestDatabase()
const runId = Date.now().toString(36)
const password = 'creek-side-42'
const createdEmails: string[] = []
/** The test database keeps rate-limit windows between runs: each run's browsers have addresses of their own. */
const addressBlock = `198.19.${Math.floor(Math.random() * 250)}`
let browserCount = 0

afterAll(async () => {
  await db.deleteFrom('users').where('email', 'in', createdEmails).execute()
  await db.destroy()
})

function browser() {
  browserCount += 1
  return browserSession(fetchPage, 'land.localhost', `${addressBlock}.${browserCount}`)
}
type Browser = ReturnType<typeof browser>

async function newUser(label: string, { isAdmin = false } = {}) {
  const email = `second-factor-${label}-${runId}@example.com`
  createdEmails.push(email)
  const id = (await createUser(db, { email, password, contactName: 'Pat Factor', newsletter: false }))!
  if (isAdmin) await db.updateTable('users').set({ is_admin: 1 }).where('id', '=', id).execute()
  return { id, email }
}

/**
 * A user who set up TOTP (through the model) with the previous step's code, so the current step's
 * and the next one's are still unused: `code(0)` is the current code, `code(1)` the next step's.
 */
async function enrolledUser(label: string, options: { isAdmin?: boolean } = {}) {
  const user = await newUser(label, options)
  const { secret } = (await secondFactorEnrolment(db, user.id, { issuer: 'LandAtlas', label: user.email }))!
  const base = Math.floor(Date.now() / 1000)
  const code = (stepsFromNow: number) => generate({ secret, epoch: base + stepsFromNow * 30 })
  const recoveryCodes = (await confirmSecondFactor(db, user.id, await code(-1)))!
  return { ...user, code, recoveryCodes }
}

const isSignedIn = async (cookie: string) => (await (await fetchPage('land.localhost', '/api/authenticate/isloggedin', { headers: { cookie } })).json()) as boolean
const text = async (response: Response) => decodeEntities(await response.text())
const eventsOf = async (userId: number) =>
  (await db.selectFrom('security_events').select('kind').where('user_id', '=', userId).orderBy('id').execute()).map((row) => row.kind)

/** Logs in with the password: the answer's location (the code page for a user with a second factor). */
async function logIn(person: Browser, email: string) {
  const response = await person.post('/login', { email, password, redirectTo: '/account/' })
  expect(response.status).toBe(303)
  return response.headers.get('location')
}

/** The text of the first mail to `address` with `subject`, its quoted-printable soft line breaks joined. */
async function mailTo(address: string, subject: string) {
  for (let wait = 0; wait < 100; wait++) {
    const mail = smtp.received.find((message) => message.to.includes(address) && message.raw.includes(subject))
    if (mail) return { raw: mail.raw.replace(/=\r?\n/g, '') }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return undefined
}

describe('an administrator', () => {
  test('without a second factor is sent to set it up before the held listings and the analytics open, and sets it up with a code from the page’s secret', async () => {
    const admin = await newUser('enrol', { isAdmin: true })
    const person = browser()
    expect(await logIn(person, admin.email)).toBe('/account/')
    for (const path of ['/account/', '/account/feeds/review/', '/account/analytics/']) {
      const page = await person.get(path)
      expect(page.status).toBe(302)
      expect(page.headers.get('location')).toBe(`/account/security/?redirectTo=${encodeURIComponent(path)}`)
    }
    const decision = await person.post('/account/feeds/review/', { partnerId: '1', partnerListingId: `none-${runId}`, decision: 'approve' })
    expect(decision.status).toBe(303)
    expect(decision.headers.get('location')).toMatch(/^\/account\/security\//)

    const setUp = parse(await text(await person.get('/account/security/?redirectTo=%2Faccount%2Fanalytics%2F')))
    expect(setUp.querySelector('main svg')).not.toBeNull()
    const secret = setUp.querySelector('main code')!.text
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
    expect((await person.post('/account/security/', { intent: 'confirm', code: '000000' === (await generate({ secret })) ? '111111' : '000000' })).status).toBe(400)
    // Not yet on: the administrators' pages still send the person to set it up.
    expect((await person.get('/account/analytics/')).headers.get('location')).toMatch(/^\/account\/security\//)

    const confirmed = await person.post('/account/security/?redirectTo=%2Faccount%2Fanalytics%2F', { intent: 'confirm', code: await generate({ secret }) })
    expect(confirmed.status).toBe(200)
    const recoveryCodes = parse(await text(confirmed))
      .querySelectorAll('[aria-labelledby="recovery-codes"] li')
      .map((item) => item.text)
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    // Shown once: the page drawn again lists none.
    expect(await text(await person.get('/account/security/'))).not.toContain(recoveryCodes[0])
    expect((await person.get('/account/analytics/')).status).toBe(200)
    expect((await person.get('/account/feeds/review/')).status).toBe(200)
    // Administrators cannot switch it off.
    expect((await person.post('/account/security/', { intent: 'turn-off' })).status).toBe(403)
    expect(await eventsOf(admin.id)).toEqual(['login', 'session-started', 'second-factor-on'])
  })

  test('needs a fresh code for the held listings and the analytics: after 15 minutes they ask again, and each decision is in the audit trail', async () => {
    const admin = await enrolledUser('fresh', { isAdmin: true })
    const person = browser()
    expect(await logIn(person, admin.email)).toBe('/login/verify/?redirectTo=%2Faccount%2F')
    expect((await person.post('/login/verify/', { code: await admin.code(0), redirectTo: '/account/' })).status).toBe(303)
    expect((await person.get('/account/analytics/')).status).toBe(200)
    const rejected = await person.post('/account/feeds/review/', { partnerId: '1', partnerListingId: `none-${runId}`, decision: 'reject' })
    expect(rejected.headers.get('location')).toBe('/account/feeds/review/?decided=none')

    // The code was given 16 minutes ago.
    const row = await db.selectFrom('sessions').select(['id_hash', 'data']).where('user_id', '=', admin.id).executeTakeFirstOrThrow()
    const data = JSON.parse(row.data) as { secondFactorVerifiedAt: number }
    data.secondFactorVerifiedAt -= 16 * 60_000
    await db
      .updateTable('sessions')
      .set({ data: JSON.stringify(data) })
      .where('id_hash', '=', row.id_hash)
      .execute()
    const stale = await person.get('/account/analytics/')
    expect(stale.status).toBe(302)
    expect(stale.headers.get('location')).toBe('/login/verify/?redirectTo=%2Faccount%2Fanalytics%2F')
    const review = await person.get('/account/feeds/review/')
    expect(review.headers.get('location')).toBe('/login/verify/?redirectTo=%2Faccount%2Ffeeds%2Freview%2F')
    const approve = await person.post('/account/feeds/review/', { partnerId: '1', partnerListingId: `none-${runId}`, decision: 'approve' })
    expect(approve.status).toBe(303)
    expect(approve.headers.get('location')).toBe('/login/verify/?redirectTo=%2Faccount%2Ffeeds%2Freview%2F')

    // Still signed in; the code page takes the next code and goes back.
    expect((await person.get('/login/verify/?redirectTo=%2Faccount%2Fanalytics%2F')).status).toBe(200)
    const again = await person.post('/login/verify/', { code: await admin.code(1), redirectTo: '/account/analytics/' })
    expect(again.status).toBe(303)
    expect(again.headers.get('location')).toBe('/account/analytics/')
    expect((await person.get('/account/analytics/')).status).toBe(200)
    expect(await eventsOf(admin.id)).toEqual(['login', 'session-started', 'held-listing-rejected'])
  })
})

describe('a user with a second factor', () => {
  test('signs in with the password only together with a code: a wrong one and a replayed one are refused, a recovery code works once', async () => {
    const user = await enrolledUser('login')
    const person = browser()
    expect(await logIn(person, user.email)).toBe('/login/verify/?redirectTo=%2Faccount%2F')
    expect((await person.get('/account/')).headers.get('location')).toMatch(/^\/login\?/)
    expect((await person.get('/login/verify/?redirectTo=%2Faccount%2F')).status).toBe(200)

    const wrongCode = (await user.code(0)) === '123456' ? '654321' : '123456'
    const wrong = await person.post('/login/verify/', { code: wrongCode, redirectTo: '/account/' })
    expect(wrong.status).toBe(400)
    expect(await text(wrong)).toContain('That code is not correct')
    expect(person.hasSession()).toBe(true)

    const right = await person.post('/login/verify/', { code: await user.code(0), redirectTo: '/account/' })
    expect(right.status).toBe(303)
    expect(right.headers.get('location')).toBe('/account/')
    expect((await person.get('/account/')).status).toBe(200)

    // The same code again, in another browser that knows the password: refused.
    const thief = browser()
    await logIn(thief, user.email)
    expect((await thief.post('/login/verify/', { code: await user.code(0), redirectTo: '/account/' })).status).toBe(400)
    expect((await thief.get('/account/')).status).toBe(302)

    // A recovery code, written in capitals and without its dash, signs in once.
    const recovery = user.recoveryCodes[0]!
    const recovered = await thief.post('/login/verify/', { code: recovery.toUpperCase().replace('-', ''), redirectTo: '/account/' })
    expect(recovered.status).toBe(303)
    expect((await thief.get('/account/')).status).toBe(200)
    const third = browser()
    await logIn(third, user.email)
    expect((await third.post('/login/verify/', { code: recovery, redirectTo: '/account/' })).status).toBe(400)

    expect(await eventsOf(user.id)).toEqual([
      'login',
      'second-factor-failed',
      'session-started',
      'login',
      'second-factor-failed',
      'recovery-code-used',
      'session-started',
      'login',
      'second-factor-failed',
    ])
  })

  test('opening a login link is not signed in until the code is given, on the page or through the §7 endpoint', async () => {
    const user = await enrolledUser('link')
    const person = browser()
    const opened = await person.get(`/search/all-land/?token=${await createLoginToken(db, user.id)}`)
    expect(opened.status).toBe(302)
    expect(opened.headers.get('location')).toBe('/login/verify/?redirectTo=%2Fsearch%2Fall-land%2F')
    expect((await person.get('/account/')).status).toBe(302)
    const verified = await person.post('/login/verify/', { code: await user.code(0), redirectTo: '/search/all-land/' })
    expect(verified.headers.get('location')).toBe('/search/all-land/')
    expect((await person.get('/account/')).status).toBe(200)

    const api = await fetchPage('land.localhost', `/api/authenticate/loginviatoken/${await createLoginToken(db, user.id)}/${sites.land.siteId}`, {
      method: 'POST',
      headers: { origin: 'http://land.localhost', 'x-forwarded-for': `${addressBlock}.250` },
    })
    expect(api.status).toBe(401)
    expect(await api.json()).toMatchObject({ isLoggedIn: false, secondFactorPath: '/login/verify/' })
    expect(await isSignedIn(api.headers.get('set-cookie')!.split(';')[0]!)).toBe(false)
  })

  test('who makes new recovery codes or switches the second factor off is told by e-mail', async () => {
    const user = await enrolledUser('mail')
    const person = browser()
    await logIn(person, user.email)
    await person.post('/login/verify/', { code: await user.code(0), redirectTo: '/account/' })
    const regenerated = await person.post('/account/security/', { intent: 'regenerate' })
    expect(regenerated.status).toBe(200)
    const newCodes = parse(await text(regenerated))
      .querySelectorAll('[aria-labelledby="recovery-codes"] li')
      .map((item) => item.text)
    expect(newCodes).toHaveLength(10)
    expect(newCodes).not.toContain(user.recoveryCodes[0])
    expect((await mailTo(user.email, 'New recovery codes'))?.raw).toContain('/account/security/')

    const off = await person.post('/account/security/', { intent: 'turn-off' })
    expect(off.status).toBe(303)
    expect((await mailTo(user.email, 'Two-step sign-in switched off'))?.raw).toContain('a password alone now signs in')
    // A password alone signs in now.
    expect(await logIn(browser(), user.email)).toBe('/account/')
    expect(await eventsOf(user.id)).toEqual(['login', 'session-started', 'recovery-codes-regenerated', 'second-factor-off', 'login', 'session-started'])
  })
})

describe('the audit trail and the change mails', () => {
  test('record failed logins, logins, sessions, a password change (mailed), signing out everywhere else and logout', async () => {
    const user = await newUser('audit')
    await browser().post('/login', { email: user.email, password: 'not-the-password-1', redirectTo: '/' })
    const person = browser()
    await logIn(person, user.email)
    const change = await person.post('/account/details/', {
      intent: 'password',
      currentPassword: password,
      password: 'meadow-gate-78',
      confirmPassword: 'meadow-gate-78',
    })
    expect(change.status).toBe(303)
    const mail = await mailTo(user.email, 'Your password was changed')
    expect(mail?.raw).toContain('changed in Settings')
    expect(mail?.raw).toContain('http://land.localhost')
    expect(mail?.raw).not.toContain('meadow-gate-78')
    expect((await person.post('/account/details/', { intent: 'sign-out-others' })).status).toBe(303)
    expect((await person.post('/logout', {})).status).toBe(303)
    expect(await eventsOf(user.id)).toEqual(['login-failed', 'login', 'session-started', 'password-changed', 'other-sessions-ended', 'logout'])
    const rows = await db.selectFrom('security_events').selectAll().where('user_id', '=', user.id).execute()
    expect(rows.every((row) => row.client_address?.startsWith(addressBlock) && row.site_id === sites.land.siteId)).toBe(true)
    expect(rows.map((row) => row.detail).join()).not.toMatch(/meadow|creek|not-the-password/)
    // Settings' security page lists them to the user.
    const again = browser()
    await again.post('/login', { email: user.email, password: 'meadow-gate-78', redirectTo: '/' })
    expect(await text(await again.get('/account/security/'))).toContain('Password changed')
  })

  test('a password reset is recorded and mailed, and a user with a second factor gives the code before the new session starts', async () => {
    const user = await enrolledUser('reset')
    const { createResetKey } = await import('~/models/accounts/password-reset.server')
    const person = browser()
    const done = await person.post(`/reset/${await createResetKey(db, user.id)}`, { password: 'meadow-gate-78', confirmPassword: 'meadow-gate-78' })
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe('/login/verify/?redirectTo=%2Faccount%2F%3Fpassword%3Dchanged')
    expect((await person.get('/account/')).status).toBe(302)
    expect((await mailTo(user.email, 'Your password was changed'))?.raw).toContain('was reset')
    expect((await person.post('/login/verify/', { code: await user.code(0), redirectTo: '/account/?password=changed' })).status).toBe(303)
    expect((await person.get('/account/')).status).toBe(200)
    expect(await eventsOf(user.id)).toEqual(['password-reset', 'session-started'])
  })
})
