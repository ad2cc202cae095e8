import { afterAll, describe, expect, test } from 'vitest'
import { consumeLoginToken, createLoginToken } from '~/models/accounts/login-tokens.server'
import { sha256Hex } from '~/models/accounts/one-time-keys.server'
import { browserSession, decodeEntities, productionPages } from '../support/http'
import { openWritableTestDatabase } from '../support/test-database'

/**
 * Login by token (spec §4, §7, §8) and blocked accounts, through the production build without
 * scripts: a token in any page's address logs in once and leaves the address; the §7 endpoint does
 * the same in JSON; failures say the spec's words; a blocked account logs in no way.
 */
const { fetchPage } = productionPages()
const db = openWritableTestDatabase()
const runId = Date.now().toString(36)
const password = 'creek-side-42'
let browserCount = 0
const createdEmails: string[] = []

afterAll(async () => {
  await db.deleteFrom('users').where('email', 'in', createdEmails).execute()
  await db.destroy()
})

function browser(host = 'land.localhost') {
  browserCount += 1
  return browserSession(fetchPage, host, `198.51.100.${100 + browserCount}`)
}

/** A new buyer account (signed up in a browser of its own, and confirmed as its mail's link does), by id. */
async function newUser(label: string) {
  const email = `${label}-${runId}@example.com`
  createdEmails.push(email)
  const response = await browser().post('/signup/', { name: 'Pat Token', email, password, confirmPassword: password })
  expect(response.status).toBe(303)
  const { id } = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
  await consumeLoginToken(db, await createLoginToken(db, id))
  return { id, email }
}

const text = async (response: Response) => decodeEntities(await response.text())
const isLoggedIn = async (person: ReturnType<typeof browser>) => (await (await person.get('/api/authenticate/isloggedin')).json()) as boolean

/** Opens `path` with `?token=`, follows the redirect that drops it, and gives back that page. */
async function openWithToken(person: ReturnType<typeof browser>, path: string, token: string) {
  const separator = path.includes('?') ? '&' : '?'
  const redirect = await person.get(`${path}${separator}token=${encodeURIComponent(token)}`)
  expect(redirect.status).toBe(302)
  expect(redirect.headers.get('cache-control')).toBe('no-store')
  const location = redirect.headers.get('location')!
  expect(location).not.toContain('token')
  return { location, page: await person.get(location) }
}

describe('a login token in the address (spec §4)', () => {
  test('logs its user in and the address loses it, keeping the rest of the query', async () => {
    const user = await newUser('query')
    const person = browser()
    expect(await isLoggedIn(person)).toBe(false)
    const { location, page } = await openWithToken(person, '/search/texas-land-for-sale/?view=map', await createLoginToken(db, user.id))
    expect(location).toBe('/search/texas-land-for-sale/?view=map')
    expect(page.status).toBe(200)
    const html = await text(page)
    expect(html).toContain('Log out')
    expect(html).not.toContain('Failed to login.')
    expect(await isLoggedIn(person)).toBe(true)
  })

  test("a client navigation's data request carrying a token logs in too, and redirects to the page without it", async () => {
    const user = await newUser('data')
    const person = browser()
    const token = encodeURIComponent(await createLoginToken(db, user.id))
    const response = await person.get(`/search/texas-land-for-sale/_.data?view=map&token=${token}`)
    const body = await response.text()
    expect(response.status).toBeLessThan(500)
    expect(body).not.toContain('token=')
    expect(body).toContain('/search/texas-land-for-sale/?view=map')
    expect(await isLoggedIn(person)).toBe(true)
  })

  test('opens a login-required page signed in', async () => {
    const user = await newUser('account')
    const { page } = await openWithToken(browser(), '/account/savedsearches/', await createLoginToken(db, user.id))
    expect(page.status).toBe(200)
    expect(await text(page)).toMatch(/<h1[^>]*>Saved Searches<\/h1>/)
  })

  const failures: [string, () => Promise<string>][] = [
    [
      'a used token',
      async () => {
        const token = await createLoginToken(db, (await newUser('used')).id)
        await openWithToken(browser(), '/', token)
        return token
      },
    ],
    ['an expired token', async () => createLoginToken(db, (await newUser('expired')).id, new Date(Date.now() - 8 * 86_400_000))],
    ['an unknown token', async () => 'no-such-token'],
  ]
  test.each(failures)('%s logs nobody in, and the page says so in the spec §8 words, once', async (_, makeToken) => {
    const person = browser()
    const { page } = await openWithToken(person, '/Texas', await makeToken())
    expect(page.status).toBe(200)
    const html = await text(page)
    expect(html).toContain('Failed to login.')
    expect(html).toContain('Login via token did not succeed.')
    expect(await isLoggedIn(person)).toBe(false)
    expect(await text(await person.get('/Texas'))).not.toContain('Failed to login.')
  })

  test('a failed token on a login-required page leads to the login page, which says why', async () => {
    const person = browser()
    const { page } = await openWithToken(person, '/account/', 'no-such-token')
    expect(page.status).toBe(302)
    const login = await person.get(page.headers.get('location')!)
    expect(await text(login)).toContain('Login via token did not succeed.')
  })

  test('someone already signed in whose token is used up just goes on', async () => {
    const user = await newUser('twice')
    const person = browser()
    const token = await createLoginToken(db, user.id)
    await openWithToken(person, '/', token)
    const { page } = await openWithToken(person, '/Texas', token)
    expect(await text(page)).not.toContain('Failed to login.')
    expect(await isLoggedIn(person)).toBe(true)
  })
})

describe('POST /api/authenticate/loginviatoken/{token}/{siteId} (spec §7)', () => {
  test('logs in and answers the login info; the token then works no more', async () => {
    const user = await newUser('endpoint')
    const person = browser('farm.localhost')
    const token = await createLoginToken(db, user.id)
    const response = await person.post(`/api/authenticate/loginviatoken/${token}/1080`, {})
    expect(response.status).toBe(200)
    const answer = (await response.json()) as { isLoggedIn: boolean; userInfo: { id: number; email: string }; hashedEmail: string }
    expect(answer).toMatchObject({ isLoggedIn: true, userInfo: { id: user.id, email: user.email }, hashedEmail: sha256Hex(user.email) })
    expect(await isLoggedIn(person)).toBe(true)

    const again = await browser('farm.localhost').post(`/api/authenticate/loginviatoken/${token}/1080`, {})
    expect(again.status).toBe(401)
    expect(await again.json()).toEqual({ isLoggedIn: false, userInfo: null, hashedEmail: null, message: 'Login via token did not succeed.' })
  })

  test('another site id is a 400 that spends the token (issue 33), a cross-site post a 403', async () => {
    const user = await newUser('site-id')
    const token = await createLoginToken(db, user.id)
    const wrongSite = await browser().post(`/api/authenticate/loginviatoken/${token}/1080`, {})
    expect(wrongSite.status).toBe(400)
    expect(await wrongSite.json()).toEqual({ error: 'The site id must be 0 on LandAtlas.' })
    expect((await browser().post(`/api/authenticate/loginviatoken/${token}/0`, {})).status).toBe(401)

    const another = await createLoginToken(db, user.id)
    expect((await browser().post(`/api/authenticate/loginviatoken/${another}/0`, {}, { origin: 'http://evil.example' })).status).toBe(403)
    expect((await browser().post(`/api/authenticate/loginviatoken/${another}/0`, {})).status).toBe(200)
  })
})

describe('a blocked account (issue 17 item 4)', () => {
  const blockedMessage = 'This account is blocked, so it cannot log in. Please contact support@landatlas.example.'

  test('cannot log in by password, token or endpoint, and its open session ends', async () => {
    const user = await newUser('blocked')
    const signedIn = browser()
    await signedIn.post('/login', { email: user.email, password, redirectTo: '/' })
    expect(await isLoggedIn(signedIn)).toBe(true)
    await db.updateTable('users').set({ is_blocked: 1 }).where('id', '=', user.id).execute()
    expect(await isLoggedIn(signedIn)).toBe(false)

    const byPassword = await browser().post('/login', { email: user.email, password, redirectTo: '/' })
    expect(byPassword.status).toBe(403)
    expect(await text(byPassword)).toContain(blockedMessage)

    const { page } = await openWithToken(browser(), '/', await createLoginToken(db, user.id))
    expect(await text(page)).toContain(blockedMessage)

    const byEndpoint = await browser().post(`/api/authenticate/loginviatoken/${await createLoginToken(db, user.id)}/0`, {})
    expect(byEndpoint.status).toBe(403)
    expect(((await byEndpoint.json()) as { message: string }).message).toBe(blockedMessage)
  })

  test('a wrong password for a blocked account says only that the password is wrong', async () => {
    const user = await newUser('blocked-wrong')
    await db.updateTable('users').set({ is_blocked: 1 }).where('id', '=', user.id).execute()
    const response = await browser().post('/login', { email: user.email, password: 'not-the-password-1' })
    expect(response.status).toBe(400)
    const html = await text(response)
    expect(html).toContain('The e-mail address or password is not correct.')
    expect(html).not.toContain('This account is blocked')
  })
})

test('a seller’s first login stores the welcome flag (spec §4: once per seller)', async () => {
  const user = await newUser('seller')
  await db.updateTable('users').set({ is_seller: 1 }).where('id', '=', user.id).execute()
  const welcomeShownAt = async () =>
    (await db.selectFrom('users').select('seller_welcome_shown_at').where('id', '=', user.id).executeTakeFirstOrThrow()).seller_welcome_shown_at
  expect(await welcomeShownAt()).toBeNull()
  await browser().post('/login', { email: user.email, password, redirectTo: '/' })
  const first = await welcomeShownAt()
  expect(first).not.toBeNull()
  await browser().post('/login', { email: user.email, password, redirectTo: '/' })
  expect(await welcomeShownAt()).toBe(first)
})
