import { describe, expect, test } from 'vitest'
import { demoUsers } from '~/models/accounts/demo-users'
import { sites } from '~/sites/index'
import { listingPath } from '~/models/listings/listing-path'
import { browserSession, canonicalHref, decodeEntities, giveTotpCode, metaContent, productionPages } from '../support/http'
import { catchOutgoingMail, readableText, waitForMail } from '../support/smtp'
import { forgetUsedTotpStep } from '../support/test-database'

/**
 * Accounts without JavaScript, through the production build: sign up, log in and out, password
 * reset, likes and saved searches, each a plain POST answered by a redirect or the form's messages.
 */
const { fetchPage, db } = productionPages()
const smtp = catchOutgoingMail()

let visitorCount = 0
const runId = Date.now().toString(36)

/** A browser of one person: its own cookie and client address, on one site. */
function visitor(host = 'land.localhost') {
  visitorCount += 1
  return browserSession(fetchPage, host, `198.51.100.${visitorCount}`)
}

type Visitor = ReturnType<typeof visitor>

let emailCount = 0
const newEmail = () => `pat-${runId}-${(emailCount += 1)}@example.com`
const goodPassword = 'creek-side-42'

const location = (response: Response) => response.headers.get('location')

/** Posts the sign-up form; every accepted one answers 'check your e-mail'. */
async function postSignup(person: Visitor, email: string, redirectTo = '/account/') {
  const response = await person.post('/signup/', { name: 'Pat Buyer', email, password: goodPassword, confirmPassword: goodPassword, redirectTo })
  expect([response.status, location(response)]).toEqual([303, '/signup/?sent=1'])
  return response
}

/**
 * Opens the link of the sign-up mail to `email` in `person`'s browser: the login token leaves the
 * address (302 to the sign-up page), and the signed-in sign-up page goes on; gives that last answer.
 */
async function openSignupLink(person: Visitor, email: string) {
  const mail = await waitForMail(smtp, email, /\/signup\/\?\S*token=/)
  const link = new URL(readableText(mail!).match(/https?:\/\/\S+\/signup\/\?\S*token=\S+/)![0])
  const withoutToken = await person.get(`${link.pathname}${link.search}`)
  expect(withoutToken.status).toBe(302)
  expect(location(withoutToken)).not.toContain('token=')
  return person.get(location(withoutToken)!)
}

/** A new buyer account, signed in on `person`'s browser through its sign-up mail. */
async function signUp(person: Visitor, email = newEmail()) {
  await postSignup(person, email)
  expect(location(await openSignupLink(person, email))).toBe('/account/')
  return email
}
const text = async (response: Response) => decodeEntities(await response.text())
const userId = (email: string) => (db.prepare('select id from users where email = ?').get(email) as { id: number }).id
const likeCount = (email: string, listingId: number) =>
  (db.prepare('select count(*) as n from saved_properties where user_id = ? and listing_id = ?').get(userId(email), listingId) as { n: number }).n

/** An active listing of the land site, by offset, with its canonical path. */
function listing(offset: number) {
  const row = db
    .prepare(
      `select listings.id, listings.title, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation
       from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
       where listings.status = 1 order by listings.id limit 1 offset ?`,
    )
    .get(offset) as { id: number; title: string; acres: number; countyName: string; stateAbbreviation: string }
  return { ...row, path: listingPath(sites.land, row) }
}

/** The like button of a listing in a page's HTML: its form, through the button. */
function likeButton(html: string, listingId: number) {
  return html.match(new RegExp(`<form[^>]*id="like-${listingId}"[^>]*>.*?</button>`, 's'))?.[0]
}

describe('login-required pages', () => {
  test('send a visitor to /login with the origin path and a title of site name plus section (spec §2)', async () => {
    const response = await visitor().get('/account/savedproperties/')
    expect(response.status).toBe(302)
    const target = new URL(location(response)!, 'http://land.localhost')
    expect(target.pathname).toBe('/login')
    expect(target.searchParams.get('redirectTo')).toBe('/account/savedproperties/')
    expect(target.searchParams.get('section')).toBe('favorites')
    const html = await text(await visitor().get(`${target.pathname}${target.search}`))
    expect(html).toMatch(/<h1[^>]*>LandAtlas Favorites<\/h1>/)
    expect(metaContent(html, 'robots')).toBe('noindex, follow')
    expect(canonicalHref(html)).toBe('http://land.localhost/login')
  })

  test.each([
    ['/account/', 'account', 'My Account'],
    ['/account/details/', 'settings', 'Settings'],
    ['/account/savedsearches/', 'saved-searches', 'Saved Searches'],
  ])('%s needs a login too', async (path, section, sectionName) => {
    const response = await visitor('farm.localhost').get(path)
    expect(response.status).toBe(302)
    const target = new URL(location(response)!, 'http://farm.localhost')
    expect(target.searchParams.get('section')).toBe(section)
    const html = await text(await visitor('farm.localhost').get(`${target.pathname}${target.search}`))
    expect(html).toMatch(new RegExp(`<h1[^>]*>Farm & Ranch Finder ${sectionName}</h1>`))
  })

  test('a title that is not the site name plus a section is not shown', async () => {
    for (const title of ['Enter your bank password', 'LandAtlas Enter your bank password']) {
      const html = await text(await visitor().get(`/login?title=${encodeURIComponent(title)}`))
      expect(html).toMatch(/<h1[^>]*>Log in<\/h1>/)
      expect(html).not.toContain('bank password')
    }
  })

  test('the title comes from a section key of the fixed list, and the sign-up link carries the key on', async () => {
    const html = await text(await visitor().get('/login?redirectTo=%2Faccount%2Fsavedproperties%2F&section=favorites'))
    expect(html).toMatch(/<h1[^>]*>LandAtlas Favorites<\/h1>/)
    expect(html).toContain('href="/signup/?redirectTo=%2Faccount%2Fsavedproperties%2F&section=favorites"')
    expect(await text(await visitor().get('/login?section=bank-password'))).toMatch(/<h1[^>]*>Log in<\/h1>/)
    expect(await text(await visitor().get('/signup/?section=saved-searches'))).toMatch(/<h1[^>]*>LandAtlas Saved Searches<\/h1>/)
  })
})

describe('sign up and log in', () => {
  test('sign-up messages are the spec §5 ones, and passwords are never sent back', async () => {
    const response = await visitor().post('/signup/', { name: 'Pat', email: 'pat@example', password: 'short', confirmPassword: 'short' })
    expect(response.status).toBe(400)
    const html = await text(response)
    expect(html).toContain('Please enter valid full name.')
    expect(html).toContain('Please enter an email address in a valid format.')
    expect(html).toContain('The password does not meet the requirements. Please try again.')
    expect(html).not.toContain('value="short"')
    const empty = await text(await visitor().post('/signup/', { name: '', email: '', password: '', confirmPassword: '' }))
    // Each shown once beside its field (the page's data for scripts holds the text once more).
    expect(empty.match(/>This field is required\.</g)?.length).toBe(4)
  })

  test('the password requirements are stated beside the field', async () => {
    expect(await text(await visitor().get('/signup/'))).toContain('At least 12 characters; a phrase of a few words works well. Very common passwords are refused.')
  })

  test('sign-up with an address that has an account answers as for a new one; its owner is mailed the ways to log in', async () => {
    const email = await signUp(visitor())
    const fresh = await visitor().post('/signup/', { name: 'Pat Fresh', email: newEmail(), password: goodPassword, confirmPassword: goodPassword })
    const taken = await visitor().post('/signup/', {
      name: 'Pat Again',
      email: email.toUpperCase(),
      password: 'another-pass-42',
      confirmPassword: 'another-pass-42',
    })
    for (const response of [fresh, taken]) {
      expect([response.status, location(response), response.headers.has('set-cookie'), await response.text()]).toEqual([303, '/signup/?sent=1', false, ''])
    }
    const mail = readableText((await waitForMail(smtp, email, /already has an account/))!)
    expect(mail).toContain('Subject: You already have a LandAtlas account')
    expect(mail).toMatch(/https?:\/\/\S+\/login\s/)
    expect(mail).toMatch(/https?:\/\/\S+\/login\/forgot\//)
    expect(mail).not.toContain('token=')
    // The account is as it was: one, with its own password.
    expect(db.prepare('select count(*) as n from users where email = ?').get(email)).toEqual({ n: 1 })
    expect((await visitor().post('/login', { email, password: 'another-pass-42' })).status).toBe(400)
  })

  test('the page after sign-up says to check the e-mail, the same for every address', async () => {
    const html = await text(await visitor().get('/signup/?sent=1'))
    expect(html).toContain('We have sent a message to the address you gave.')
    expect(html).not.toContain('<form method="post"')
  })

  test('sign up does not sign in by itself: the mail’s link does, and returns to redirectTo', async () => {
    const person = visitor()
    const email = newEmail()
    await postSignup(person, email, '/account/savedsearches/')
    expect((await person.get('/account/savedsearches/')).status).toBe(302)
    const mail = readableText((await waitForMail(smtp, email, /token=/))!)
    expect(mail).toContain('Subject: Confirm your LandAtlas account')
    expect(location(await openSignupLink(person, email))).toBe('/account/savedsearches/')
    expect((await person.get('/account/savedsearches/')).status).toBe(200)
  })

  test('a new account’s password logs in only after the mail’s link, so signing up then logging in tells nothing either', async () => {
    const email = newEmail()
    await postSignup(visitor(), email)
    const early = await visitor().post('/login', { email, password: goodPassword })
    expect(early.status).toBe(400)
    expect(await text(early)).toContain('The e-mail address or password is not correct. Please try again.')
    await openSignupLink(visitor(), email)
    expect((await visitor().post('/login', { email, password: goodPassword })).status).toBe(303)
  })

  test('a wrong password and an unknown address get the same message', async () => {
    const email = await signUp(visitor())
    const wrong = await visitor().post('/login', { email, password: 'not-the-password-1' })
    const unknown = await visitor().post('/login', { email: `nobody-${runId}@example.com`, password: goodPassword })
    expect([wrong.status, unknown.status]).toEqual([400, 400])
    const [wrongHtml, unknownHtml] = [await text(wrong), await text(unknown)]
    expect(wrongHtml).toContain('The e-mail address or password is not correct. Please try again.')
    expect(unknownHtml).toContain('The e-mail address or password is not correct. Please try again.')
  })

  test.each(['https://evil.example/', '//evil.example/x', '/\\evil.example'])('a redirectTo of %s is refused: the login lands on /account/', async (target) => {
    const email = await signUp(visitor())
    const response = await visitor().post(`/login?redirectTo=${encodeURIComponent(target)}`, { email, password: goodPassword, redirectTo: target })
    expect(response.status).toBe(303)
    expect(location(response)).toBe('/account/')
  })

  test.each(['/login?redirectTo=%2Fsearch%2Fall-land%2F', '/login/forgot/', '/reset/no-such-key'])(
    'a redirectTo naming a sign-in page (%s) is refused: the login lands on /account/',
    async (target) => {
      const email = await signUp(visitor())
      const response = await visitor().post(`/login?redirectTo=${encodeURIComponent(target)}`, { email, password: goodPassword, redirectTo: target })
      expect(location(response)).toBe('/account/')
    },
  )

  /** The href of the header's 'Log in' link on a page. */
  const headerLoginHref = async (path: string) => {
    const html = decodeEntities(await text(await visitor().get(path)))
    return html.match(/<a href="([^"]*)" class="menu-item">Log in<\/a>/)?.[1]
  }

  test('a login, sign-up or reset page is never its own return address: the header keeps the page to return to, or none', async () => {
    // Any other page links the one login address; the login page reads the page from the Referer (below).
    expect(await headerLoginHref('/search/all-land/')).toBe('/login')
    expect(await headerLoginHref('/login?redirectTo=%2Fsearch%2Fall-land%2F')).toBe('/login?redirectTo=%2Fsearch%2Fall-land%2F')
    expect(await headerLoginHref('/signup/?redirectTo=%2Faccount%2Fsavedsearches%2F')).toBe('/login?redirectTo=%2Faccount%2Fsavedsearches%2F')
    expect(await headerLoginHref('/login')).toBe('/login')
    expect(await headerLoginHref('/login/forgot/')).toBe('/login')
    expect(await headerLoginHref('/reset/no-such-key')).toBe('/login')
    // A link that nested the login page in itself: the page returns to the account, and links no deeper.
    const nested = decodeEntities(await text(await visitor().get('/login?redirectTo=%2Flogin%3FredirectTo%3D%252Fsearch%252Fall-land%252F')))
    expect(nested).toContain('<input type="hidden" name="redirectTo" value="/account/"/>')
    expect(nested).not.toContain('redirectTo=%2Flogin')
  })

  test.each(['/login', '/signup/'])(
    '%s followed from a page of this site returns there: the page comes from the Referer into the address (issue 39 item 2)',
    async (path) => {
      const cameFrom = '/search/texas-land-for-sale/?keywords=creek'
      const followed = await visitor().get(path, { referer: `http://land.localhost${cameFrom}` })
      expect(followed.status).toBe(302)
      const withReturn = location(followed)
      expect(withReturn).toBe(`${path}?${new URLSearchParams({ redirectTo: cameFrom })}`)
      const page = decodeEntities(await text(await visitor().get(withReturn!)))
      expect(page).toContain(`<input type="hidden" name="redirectTo" value="${cameFrom}"/>`)
    },
  )

  test('a login from the address the Referer gave lands on the page it was chosen on', async () => {
    const cameFrom = '/search/texas-land-for-sale/?keywords=creek'
    const withReturn = location(await visitor().get('/login', { referer: `http://land.localhost${cameFrom}` }))
    const email = await signUp(visitor())
    // The form posts to its own address, which carries the page to return to, with or without scripts.
    const response = await visitor().post(withReturn!, { email, password: goodPassword, redirectTo: cameFrom })
    expect(location(response)).toBe(cameFrom)
  })

  test.each([
    ['another site', 'http://example.com/search/all-land/'],
    ['another of our sites', 'http://farm.localhost/search/all-land/'],
    ['a sign-in page', 'http://land.localhost/signup/'],
    ['an address too long to read', `http://land.localhost/${'a'.repeat(3_000)}`],
  ])('a Referer from %s is not a page to return to: the login page returns to the account', async (_case, referer) => {
    const response = await visitor().get('/login', { referer })
    expect(response.status).toBe(200)
    expect(decodeEntities(await text(response))).toContain('<input type="hidden" name="redirectTo" value="/account/"/>')
  })

  // Each refused password is checked as a real one would be (scrypt, as slow for an unknown address
  // as for a known one): 21 in a row take about 10 s alone and three times that on a busy machine.
  const twentyOneAttempts = 120_000

  test(
    'the twenty-first login attempt from one address within 15 minutes is refused',
    async () => {
      const statuses: number[] = []
      for (let attempt = 0; attempt < 21; attempt++) {
        // A new e-mail address each time, so the per-account limit below is not what refuses.
        const email = `x-${runId}-${attempt}@example.com`
        const response = await visitor().post('/login', { email, password: 'wrong-one-1' }, { 'x-forwarded-for': '203.0.113.201' })
        statuses.push(response.status)
      }
      expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true)
      expect(statuses[20]).toBe(429)
    },
    twentyOneAttempts,
  )

  test('the eleventh failed login for one account within 15 minutes is refused from any address, even with the right password', async () => {
    const email = await signUp(visitor())
    const statuses: number[] = []
    // Right passwords in between do not count.
    expect((await visitor().post('/login', { email, password: goodPassword })).status).toBe(303)
    for (let attempt = 0; attempt < 10; attempt++) statuses.push((await visitor().post('/login', { email, password: `wrong-guess-${attempt}` })).status)
    expect(statuses).toEqual(Array<number>(10).fill(400))
    const refused = await visitor().post('/login', { email: email.toUpperCase(), password: goodPassword })
    expect(refused.status).toBe(429)
    expect(await text(refused)).toContain('You have reached the limit of 10 failed logins to this account in 15 minutes.')
    // Another account is not held up.
    expect((await visitor().post('/login', { email: await signUp(visitor()), password: goodPassword })).status).toBe(303)
  })

  test(
    'the addresses of one IPv6 /64 share one login limit',
    async () => {
      const statuses: number[] = []
      // A /64 of this run's own: 2001:db8:33:{n}::/64.
      const prefix = `2001:db8:33:${(Date.now() % 0xffff).toString(16)}`
      for (let attempt = 0; attempt < 21; attempt++) {
        const email = `v6-${runId}-${attempt}@example.com`
        const client = `${prefix}::${(attempt + 1).toString(16)}`
        statuses.push((await visitor().post('/login', { email, password: 'wrong-one-1' }, { 'x-forwarded-for': client })).status)
      }
      expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true)
      expect(statuses[20]).toBe(429)
    },
    twentyOneAttempts,
  )

  test.each(demoUsers)('the seeded demo account $email logs in with its documented password', async (demo) => {
    const person = visitor()
    const loggedIn = await person.post('/login', { email: demo.email, password: demo.password })
    if (demo.totpSecret) {
      // The demo administrator also gives its published second factor (decision 0052).
      expect(location(loggedIn)).toBe('/login/verify/?redirectTo=%2Faccount%2F')
      forgetUsedTotpStep(demo.email)
      const verified = await giveTotpCode(demo.totpSecret, (code) => person.post('/login/verify/', { code, redirectTo: '/account/' }))
      expect(verified && location(verified)).toBe('/account/')
    } else {
      expect(location(loggedIn)).toBe('/account/')
    }
    const html = await text(await person.get('/account/'))
    expect(html).toContain(`Hello, ${demo.contactName}`)
  })

  test('account pages are kept out of shared caches', async () => {
    const person = visitor()
    await signUp(person)
    for (const path of ['/account/', '/account/savedproperties/', '/account/details/']) {
      expect((await person.get(path)).headers.get('cache-control')).toBe('private, no-store')
    }
    expect((await visitor().get('/login')).headers.get('cache-control')).toBe('private, no-store')
  })

  test('log out is a POST that ends the session', async () => {
    const person = visitor()
    await signUp(person)
    expect((await person.get('/account/')).status).toBe(200)
    expect(await text(await person.get('/logout'))).toContain('Log out of LandAtlas')
    const response = await person.post('/logout', {})
    expect([response.status, location(response)]).toEqual([303, '/'])
    expect((await person.get('/account/')).status).toBe(302)
  })
})

describe('favorites', () => {
  test('a signed-in like applies at once, returns to the page, and is listed under Favorites', async () => {
    const person = visitor()
    const email = await signUp(person)
    const liked = listing(3)
    const response = await person.post(
      '/account/savedproperties/',
      { intent: 'like', listingId: String(liked.id) },
      { referer: 'http://land.localhost/search/all-land/page-2/' },
    )
    expect(response.status).toBe(303)
    expect(location(response)).toBe(`/search/all-land/page-2/#like-${liked.id}`)
    expect(likeCount(email, liked.id)).toBe(1)
    const favorites = await text(await person.get('/account/savedproperties/'))
    expect(favorites).toContain('1 saved property')
    expect(favorites).toContain(`href="${liked.path}"`)
    expect(metaContent(favorites, 'robots')).toBe('noindex, follow')
    expect(canonicalHref(favorites)).toBe('http://land.localhost/account/savedproperties/')
    const detail = await text(await person.get(liked.path))
    expect(likeButton(detail, liked.id)).toContain('aria-pressed="true"')
    expect(likeButton(detail, liked.id)).toContain('value="unlike"')
  })

  test('a like posted by a visitor goes to login and applies after it, back on the page it came from (spec §4)', async () => {
    const email = await signUp(visitor())
    const person = visitor()
    const liked = listing(4)
    const response = await person.post(
      '/account/savedproperties/',
      { intent: 'like', listingId: String(liked.id) },
      { referer: 'http://land.localhost/search/texas-land-for-sale/' },
    )
    expect(response.status).toBe(303)
    const login = new URL(location(response)!, 'http://land.localhost')
    expect(login.pathname).toBe('/login')
    expect(login.searchParams.get('redirectTo')).toBe(`/search/texas-land-for-sale/#like-${liked.id}`)
    expect(login.searchParams.get('section')).toBe('favorites')
    expect(likeCount(email, liked.id)).toBe(0)
    expect(await text(await person.get(`${login.pathname}${login.search}`))).toContain('the property will be saved to your Favorites')
    const loggedIn = await person.post(`${login.pathname}${login.search}`, { email, password: goodPassword, redirectTo: login.searchParams.get('redirectTo')! })
    expect(loggedIn.status).toBe(303)
    expect(location(loggedIn)).toBe(`/search/texas-land-for-sale/#like-${liked.id}`)
    expect(likeCount(email, liked.id)).toBe(1)
  })

  test('a like waiting for login also applies after signing up, once the mail’s link signs in', async () => {
    const person = visitor()
    const liked = listing(5)
    await person.post('/account/savedproperties/', { intent: 'like', listingId: String(liked.id), returnTo: liked.path })
    const email = newEmail()
    await postSignup(person, email, liked.path)
    expect(likeCount(email, liked.id)).toBe(0)
    expect(location(await openSignupLink(person, email))).toBe(`${liked.path}#like-${liked.id}`)
    expect(likeCount(email, liked.id)).toBe(1)
  })

  test('unlike removes the like; an unknown listing is a 404 and a bad intent a 400', async () => {
    const person = visitor()
    const email = await signUp(person)
    const liked = listing(6)
    await person.post('/account/savedproperties/', { intent: 'like', listingId: String(liked.id) })
    await person.post('/account/savedproperties/', { intent: 'unlike', listingId: String(liked.id) })
    expect(likeCount(email, liked.id)).toBe(0)
    expect((await person.post('/account/savedproperties/', { intent: 'like', listingId: '999999999' })).status).toBe(404)
    expect((await person.post('/account/savedproperties/', { intent: 'delete', listingId: String(liked.id) })).status).toBe(400)
  })

  test('a returnTo on another site is ignored', async () => {
    const person = visitor()
    await signUp(person)
    const response = await person.post('/account/savedproperties/', { intent: 'like', listingId: String(listing(7).id), returnTo: 'https://evil.example/' })
    expect(location(response)).toBe(`/account/savedproperties/#like-${listing(7).id}`)
  })

  test('search result cards show the viewer’s likes as pressed hearts', async () => {
    const person = visitor()
    await signUp(person)
    const html = await text(await person.get('/search/all-land/'))
    const firstId = Number(html.match(/<form[^>]*id="like-(\d+)"/)?.[1])
    expect(likeButton(html, firstId)).toContain('aria-pressed="false"')
    await person.post('/account/savedproperties/', { intent: 'like', listingId: String(firstId) })
    expect(likeButton(await text(await person.get('/search/all-land/')), firstId)).toContain('aria-pressed="true"')
  })

  test('favorites page through /account/savedproperties/{siteId}/page-{n}', async () => {
    const person = visitor()
    await signUp(person)
    const ids = (db.prepare('select id from listings order by id limit 25').all() as { id: number }[]).map((row) => row.id)
    for (const id of ids) await person.post('/account/savedproperties/', { intent: 'like', listingId: String(id) })
    const second = await person.get('/account/savedproperties/0/page-2')
    expect(second.status).toBe(200)
    const html = await text(second)
    expect(canonicalHref(html)).toBe('http://land.localhost/account/savedproperties/0/page-2')
    expect(html.match(/<li><article/g)).toHaveLength(1)
    expect((await person.get('/account/savedproperties/0/page-3')).status).toBe(404)
    expect((await person.get('/account/savedproperties/1080/page-2')).status).toBe(404)
    expect(location(await person.get('/account/savedproperties/0/page-1'))).toBe('/account/savedproperties/')
  })

  test('the JSON endpoint of the scripted heart likes in place, or gives a visitor the login address', async () => {
    const person = visitor()
    const email = await signUp(person)
    const liked = listing(8)
    const applied = await person.post('/api/likes', { intent: 'like', listingId: String(liked.id), returnTo: '/search/all-land/' })
    expect(await applied.json()).toEqual({ isLiked: true })
    expect(likeCount(email, liked.id)).toBe(1)
    const refused = await visitor().post('/api/likes', { intent: 'like', listingId: String(liked.id), returnTo: '/search/all-land/' })
    expect(refused.status).toBe(401)
    expect((await refused.json()).loginHref).toBe(`/login?redirectTo=${encodeURIComponent(`/search/all-land/#like-${liked.id}`)}&section=favorites`)
  })

  test('the valuation site has no listings, so its favorites are empty', async () => {
    const person = visitor('value.localhost')
    await signUp(person)
    const html = await text(await person.get('/account/savedproperties/'))
    expect(html).toContain('0 saved properties')
  })
})

describe('saved searches', () => {
  test('Save Search saves the search under its heading and confirms on the search page (spec §9)', async () => {
    const person = visitor()
    await signUp(person)
    const response = await person.post('/account/savedsearches/', { path: '/search/texas-land-for-sale/hunting-land-for-sale/' })
    expect(response.status).toBe(303)
    expect(location(response)).toBe('/search/texas-land-for-sale/hunting-land-for-sale/?saved=search')
    const confirmed = await person.get(location(response)!)
    expect(confirmed.status).toBe(200)
    expect(await text(confirmed)).toContain('Search saved.')
    const list = await text(await person.get('/account/savedsearches/'))
    expect(list).toContain('>Texas Hunting Land for Sale</a>')
    expect(list).toContain('href="/search/texas-land-for-sale/hunting-land-for-sale/"')
    expect(list).toContain('<option value="No Updates" selected="">No Updates</option>')
  })

  test('a path that is no search of the site is a 400 with a message', async () => {
    const person = visitor()
    await signUp(person)
    for (const path of ['/search/atlantis-land-for-sale/', 'https://evil.example/search/all-land/', '/texas-land-for-sale/']) {
      const response = await person.post('/account/savedsearches/', { path })
      expect(response.status).toBe(400)
      expect(await response.text()).toContain('This is not a search on LandAtlas')
    }
  })

  test('a visitor’s Save Search is saved after logging in', async () => {
    const email = await signUp(visitor())
    const person = visitor()
    const response = await person.post('/account/savedsearches/', { path: '/search/montana-land-for-sale/' })
    const login = new URL(location(response)!, 'http://land.localhost')
    expect(login.searchParams.get('section')).toBe('saved-searches')
    const loggedIn = await person.post(`${login.pathname}${login.search}`, { email, password: goodPassword, redirectTo: login.searchParams.get('redirectTo')! })
    expect(location(loggedIn)).toBe('/search/montana-land-for-sale/?saved=search')
    const row = db.prepare('select name, notify, active, site_id from saved_searches where user_id = ?').get(userId(email))
    expect(row).toEqual({ name: 'Montana Land for Sale', notify: 'No Updates', active: 1, site_id: 0 })
  })

  test('a saved search is renamed, set to weekly updates and deleted', async () => {
    const person = visitor('farm.localhost')
    const email = await signUp(person)
    await person.post('/account/savedsearches/', { path: '/land' })
    const { id } = db.prepare('select id from saved_searches where user_id = ?').get(userId(email)) as { id: number }
    const bad = await person.post('/account/savedsearches/', { intent: 'update', id: String(id), name: '', notify: 'Hourly' })
    expect(bad.status).toBe(400)
    expect(await text(bad)).toContain('This field is required.')
    const renamed = await person.post('/account/savedsearches/', { intent: 'update', id: String(id), name: 'Farms anywhere', notify: 'Weekly' })
    expect(renamed.status).toBe(303)
    expect(db.prepare('select name, notify from saved_searches where id = ?').get(id)).toEqual({ name: 'Farms anywhere', notify: 'Weekly' })
    expect((await visitor('farm.localhost').post('/account/savedsearches/', { intent: 'delete', id: String(id) })).status).toBe(302)
    const stranger = visitor('farm.localhost')
    await signUp(stranger)
    expect((await stranger.post('/account/savedsearches/', { intent: 'delete', id: String(id) })).status).toBe(404)
    expect((await person.post('/account/savedsearches/', { intent: 'delete', id: String(id) })).status).toBe(303)
    expect(db.prepare('select count(*) as n from saved_searches where id = ?').get(id)).toEqual({ n: 0 })
  })
})

describe("sellers' Download of search results (spec §2, §4, §6)", () => {
  const searchPath = '/search/texas-land-for-sale/'
  const downloadPath = `/download/search?${new URLSearchParams({ path: searchPath })}`
  const [seller] = demoUsers.filter((user) => user.isSeller)

  async function logIn(email: string, password: string, host = 'land.localhost') {
    const person = visitor(host)
    expect((await person.post('/login', { email, password })).status).toBe(303)
    return person
  }

  test('a visitor is sent to log in, a buyer sees no button and is refused', async () => {
    const visitorResponse = await visitor().get(downloadPath)
    expect(visitorResponse.status).toBe(302)
    expect(location(visitorResponse)).toContain('/login?redirectTo=')
    const [buyer] = demoUsers.filter((user) => !user.isSeller)
    const person = await logIn(buyer!.email, buyer!.password)
    expect(await text(await person.get(searchPath))).not.toContain('>Download<')
    expect((await person.get(downloadPath)).status).toBe(403)
  })

  test("a seller's button, at wide widths only, downloads the search's results as CSV, in the page's order", async () => {
    const person = await logIn(seller!.email, seller!.password)
    const page = await text(await person.get(searchPath))
    // Without scripts a plain link to the file; hidden below the list/map breakpoint (spec §6 'wide widths only').
    const link = new RegExp(
      `<a href="${downloadPath.replace(/[?]/g, '\\?')}" download="" data-download="search-results" class="hidden [^"]*list-map:inline-block[^"]*">Download</a>`,
    )
    expect(page).toMatch(link)
    const response = await person.get(downloadPath)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="search-texas-land-for-sale.csv"')
    const rows = (await response.text()).trimEnd().split('\r\n')
    expect(rows[0]).toMatch(/^Listing ID,Title,Price,/)
    const { n } = db
      .prepare(`select count(*) as n from listings join states on states.id = listings.state_id where states.abbreviation = 'TX' and listings.status in (1, 2)`)
      .get() as { n: number }
    expect(rows).toHaveLength(Math.min(n, 1000) + 1)
    const firstCardHref = /<article[\s\S]*?href="(\/property\/[^"]+)"/.exec(page)![1]!
    expect(rows[1]!.endsWith(firstCardHref)).toBe(true)
    expect((await person.get(`/download/search?${new URLSearchParams({ path: '/search/atlantis-land-for-sale/' })}`)).status).toBe(404)
  })

  test('with no results the button is disabled, and says why to screen readers (spec §4)', async () => {
    const person = await logIn(seller!.email, seller!.password)
    const page = await text(await person.get('/search/texas-land-for-sale/acres-over-5000000/'))
    expect(page).toMatch(/<button type="button" disabled="" class="hidden [^"]*">Download<span class="sr-only"> \(no results to download\)<\/span><\/button>/)
    expect(page).not.toContain('href="/download/search?')
  })

  test('the other sites show no Download, and their download address is a 404 (spec §6: the main land site only)', async () => {
    for (const [host, path] of [
      ['farm.localhost', '/texas-land-for-sale/'],
      ['hunting.localhost', '/texas-land-for-sale/'],
    ] as const) {
      const person = await logIn(seller!.email, seller!.password, host)
      const page = await person.get(path)
      expect(page.status).toBe(200)
      expect(await text(page)).not.toContain('>Download<')
      expect((await person.get(`/download/search?${new URLSearchParams({ path })}`)).status).toBe(404)
    }
    expect((await visitor('value.localhost').get(downloadPath)).status).toBe(404)
  })
})

describe('settings', () => {
  test('details are checked with the spec messages and saved', async () => {
    const person = visitor()
    const email = await signUp(person)
    const bad = await person.post('/account/details/', { intent: 'details', name: 'Pat', phone: '12-34', phoneType: '2' })
    expect(bad.status).toBe(400)
    const html = await text(bad)
    expect(html).toContain('Please enter valid full name.')
    expect(html).toContain('Please enter a validly formatted phone number.')
    const good = await person.post('/account/details/', { intent: 'details', name: 'Pat Q. Buyer', phone: '(512) 555-0123', phoneType: '2', newsletter: 'on' })
    expect(location(good)).toBe('/account/details/?saved=details')
    expect(db.prepare('select contact_name, phone, phone_type, newsletter from users where email = ?').get(email)).toEqual({
      contact_name: 'Pat Q. Buyer',
      phone: '(512) 555-0123',
      phone_type: 2,
      newsletter: 1,
    })
  })

  test('a new password needs the current one', async () => {
    const person = visitor()
    const email = await signUp(person)
    const wrong = await person.post('/account/details/', {
      intent: 'password',
      currentPassword: 'nope-nope-1',
      password: 'new-pass-77-creek',
      confirmPassword: 'new-pass-77-creek',
    })
    expect(await text(wrong)).toContain('This is not your current password.')
    const right = await person.post('/account/details/', {
      intent: 'password',
      currentPassword: goodPassword,
      password: 'new-pass-77-creek',
      confirmPassword: 'new-pass-77-creek',
    })
    expect(right.status).toBe(303)
    expect((await visitor().post('/login', { email, password: 'new-pass-77-creek' })).status).toBe(303)
  })
})

describe('forgot and reset password', () => {
  async function mailTo(address: string) {
    for (let wait = 0; wait < 50; wait++) {
      const mail = smtp.received.find((message) => message.to.includes(address))
      if (mail) return mail
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    return undefined
  }

  test('the reset link works once, sets the new password and signs in', async () => {
    const email = await signUp(visitor())
    const person = visitor()
    const response = await person.post('/login/forgot/', { email })
    expect([response.status, location(response)]).toEqual([303, '/login/forgot/?sent=1'])
    const mail = await waitForMail(smtp, email, /\/reset\//)
    const resetPath = mail?.raw.replace(/=\r?\n/g, '').match(/http:\/\/land\.localhost(\/reset\/[A-Za-z0-9_-]+)/)?.[1]
    expect(resetPath).toBeDefined()
    expect((await person.get(resetPath!)).status).toBe(200)
    const mismatch = await person.post(resetPath!, { password: 'fresh-start-9', confirmPassword: 'fresh-start-8' })
    expect(await text(mismatch)).toContain('The passwords do not match.')
    const done = await person.post(resetPath!, { password: 'fresh-start-9', confirmPassword: 'fresh-start-9' })
    expect([done.status, location(done)]).toEqual([303, '/account/?password=changed'])
    expect((await person.get('/account/')).status).toBe(200)
    expect((await visitor().get(resetPath!)).status).toBe(410)
    expect((await visitor().post('/login', { email, password: goodPassword })).status).toBe(400)
    expect((await visitor().post('/login', { email, password: 'fresh-start-9' })).status).toBe(303)
  })

  test('an unknown address gets the same answer and no mail', async () => {
    const address = `ghost-${runId}@example.com`
    const response = await visitor().post('/login/forgot/', { email: address })
    expect([response.status, location(response)]).toEqual([303, '/login/forgot/?sent=1'])
    expect(await mailTo(address)).toBeUndefined()
  })

  test('a made-up reset key is 410 Gone', async () => {
    expect((await visitor().get('/reset/not-a-real-key')).status).toBe(410)
  })
})
