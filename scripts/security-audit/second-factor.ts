import { randomBytes } from 'node:crypto'
import { parse } from 'node-html-parser'
import { generate } from 'otplib'
import { demoUsers } from '../../app/models/accounts/demo-users'
import type { AuditedServer, SecurityCheck } from './check'
import { outboxMail } from './outbox'

/**
 * Administrators use a second factor (issue 33 finding 8, decision 0052): the demo administrator's
 * published password alone opens no administrator's page; a TOTP code works once; guessing codes
 * is cut off with 429s. Each check uses accounts and client addresses of its own.
 */
const host = 'land.localhost'
const admin = demoUsers.find((user) => user.isAdmin)!
const password = `audit-${randomBytes(6).toString('hex')}-7`
const addressBlock = `198.51.${100 + Math.floor(Math.random() * 100)}`
let browserCount = 0

/** A browser without scripts from an address of its own: it keeps its session cookie and follows no redirect. */
function browser(server: AuditedServer) {
  browserCount += 1
  const address = `${addressBlock}.${browserCount}`
  let cookie = ''
  const send = async (path: string, fields?: Record<string, string>) => {
    const headers: Record<string, string> = { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) }
    const init: RequestInit = fields
      ? { method: 'POST', body: new URLSearchParams(fields), headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}` } }
      : { headers }
    const response = await server.fetchPage(host, path, { ...init, redirect: 'manual' })
    const setCookie = response.headers.get('set-cookie')
    if (setCookie) cookie = setCookie.split(';')[0]!
    return response
  }
  return { get: (path: string) => send(path), post: send }
}

/** A new account that switched its second factor on (with the previous step's code, so the current and next are unused): its e-mail and code maker. */
async function enrolledAccount(server: AuditedServer, label: string) {
  const email = `audit-${label}-${Date.now().toString(36)}@example.com`
  const person = browser(server)
  const signUp = await person.post('/signup/', { name: 'Audit Factor', email, password, confirmPassword: password })
  if (signUp.status !== 303) throw new Error(`sign-up answered ${signUp.status}`)
  // A new account signs in by its sign-up mail's link (decision 0051).
  const link = (await outboxMail(server, email, /\/signup\/\?\S*token=/))?.match(/https?:\/\/[^/\s]+(\/signup\/\?\S*token=[\w-]+)/)?.[1]
  if (!link) throw new Error('no sign-up mail with its link')
  await person.get(link)
  const secret = parse(await (await person.get('/account/security/')).text()).querySelector('main code')?.text
  if (!secret) throw new Error('the security page shows no secret')
  const base = Math.floor(Date.now() / 1000)
  const code = (stepsFromNow: number) => generate({ secret, epoch: base + stepsFromNow * 30 })
  const confirmed = await person.post('/account/security/', { intent: 'confirm', code: await code(-1) })
  if (confirmed.status !== 200) throw new Error(`switching the second factor on answered ${confirmed.status}`)
  return { email, code }
}

/** A browser whose password was accepted: its session waits for the code. */
async function passwordOnly(server: AuditedServer, email: string, accountPassword = password) {
  const person = browser(server)
  const login = await person.post('/login', { email, password: accountPassword, redirectTo: '/account/' })
  return { person, location: login.headers.get('location') }
}

export const checks: SecurityCheck[] = [
  {
    name: 'the demo administrator’s password alone opens neither Site Analytics nor the held listings',
    async run(server) {
      const { person, location } = await passwordOnly(server, admin.email, admin.password)
      const pages = await Promise.all(['/account/analytics/', '/account/feeds/review/'].map((path) => person.get(path)))
      const opened = pages.filter((page) => page.status === 200)
      return {
        pass: location?.startsWith('/login/verify/') === true && opened.length === 0,
        detail: `login led to ${location}; the pages answered ${pages.map((page) => `${page.status} → ${page.headers.get('location')}`).join(', ')}`,
      }
    },
  },
  {
    name: 'a TOTP code that signed in once is refused the second time',
    async run(server) {
      const account = await enrolledAccount(server, 'replay')
      const code = await account.code(0)
      const first = await passwordOnly(server, account.email)
      const used = await first.person.post('/login/verify/', { code, redirectTo: '/account/' })
      const second = await passwordOnly(server, account.email)
      const replayed = await second.person.post('/login/verify/', { code, redirectTo: '/account/' })
      const afterwards = await second.person.get('/account/')
      return {
        pass: used.status === 303 && replayed.status === 400 && afterwards.status !== 200,
        detail: `first use ${used.status}, replay ${replayed.status}, then /account/ ${afterwards.status}`,
      }
    },
  },
  {
    name: 'guessing codes is cut off: wrong codes get 429, and then the right one too',
    async run(server) {
      const account = await enrolledAccount(server, 'guess')
      const { person } = await passwordOnly(server, account.email)
      const statuses: number[] = []
      const right = await account.code(0)
      for (let attempt = 0; attempt < 12 && !statuses.includes(429); attempt++) {
        const guess = String(100000 + attempt)
        statuses.push((await person.post('/login/verify/', { code: guess === right ? '999999' : guess, redirectTo: '/account/' })).status)
      }
      const rightLate = (await person.post('/login/verify/', { code: right, redirectTo: '/account/' })).status
      return {
        pass: statuses.includes(429) && rightLate === 429,
        detail: `wrong codes answered ${statuses.join(' ')}; the right code then ${rightLate}`,
      }
    },
  },
]
