import path from 'node:path'
import Database from 'better-sqlite3'
import { demoUsers } from '~/models/accounts/demo-users'
import { outboxMail } from './outbox'
import type { AuditedServer, CheckOutcome, SecurityCheck } from './check'

/**
 * Accounts (issue 33 item 7): sign-up that does not tell which addresses have accounts, the
 * password rule, the failed-login limits per account and per IPv6 /64, the login page's title from
 * a fixed list, and the 'You are leaving' page of a free account's link.
 */
const host = 'land.localhost'
const runId = Date.now().toString(36)
const passwordMessage = 'The password does not meet the requirements. Please try again.'

/** A same-origin form post from one client address, as a browser behind our proxy sends it. */
function postForm(server: AuditedServer, formPath: string, fields: Record<string, string>, clientAddress: string) {
  return server.fetchPage(host, formPath, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, 'x-forwarded-for': clientAddress },
  })
}

const signupFields = (email: string, password = 'creek-side-42') => ({ name: 'Audit Person', email, password, confirmPassword: password, redirectTo: '/account/' })

/**
 * What a requester can tell about an answer: status, where it leads, whether it signs in, and its
 * body, without what differs in every answer anyway (the e-mail typed, script nonces, the form's
 * idempotency key).
 */
async function answerShape(response: Response, email: string) {
  const body = (await response.text())
    .replaceAll(email, '{email}')
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/(\\"formKey\\",\\")[\w-]+/g, '$1')
  return JSON.stringify({ status: response.status, location: response.headers.get('location'), setsCookie: response.headers.has('set-cookie'), body })
}

/** Sends failed logins until one is refused; answers the statuses. */
async function failedLogins(server: AuditedServer, count: number, attempt: (index: number) => { email: string; clientAddress: string }) {
  const statuses: number[] = []
  for (let index = 0; index < count; index++) {
    const { email, clientAddress } = attempt(index)
    statuses.push((await postForm(server, '/login', { email, password: 'not-the-password-1' }, clientAddress)).status)
  }
  return statuses
}

const limitOutcome = (statuses: number[], allowed: number): CheckOutcome => ({
  pass: statuses.slice(0, allowed).every((status) => status === 400) && statuses[allowed] === 429,
  detail: `statuses ${statuses.join(' ')}`,
})

export const checks: SecurityCheck[] = [
  {
    name: 'sign-up with an address that has an account answers exactly as with a new one, and mails the owner',
    async run(server) {
      const existing = demoUsers[0].email
      const fresh = `audit-fresh-${runId}@example.com`
      const [taken, created] = [
        await answerShape(await postForm(server, '/signup/', signupFields(existing), '198.18.7.1'), existing),
        await answerShape(await postForm(server, '/signup/', signupFields(fresh), '198.18.7.2'), fresh),
      ]
      const ownerMail = await outboxMail(server, existing, /already has an account/)
      return { pass: taken === created && ownerMail !== undefined, detail: `existing ${taken}; new ${created}; owner mailed: ${ownerMail !== undefined}` }
    },
  },
  {
    name: 'signing up and then logging in with that password answers alike for a new address and one that has an account',
    async run(server) {
      const existing = demoUsers[1].email
      const fresh = `audit-then-login-${runId}@example.com`
      const answers = []
      for (const [index, email] of [existing, fresh].entries()) {
        await postForm(server, '/signup/', signupFields(email), `198.18.10.${index + 1}`)
        answers.push(await answerShape(await postForm(server, '/login', { email, password: 'creek-side-42' }, `198.18.11.${index + 1}`), email))
      }
      return {
        pass: answers[0] === answers[1] && JSON.parse(answers[0]!).status === 400,
        detail: `statuses ${answers.map((answer) => JSON.parse(answer).status).join(' ')}, bodies ${answers[0] === answers[1] ? 'alike' : 'differ'}`,
      }
    },
  },
  {
    name: 'a common breached password and an 11-character one are refused at sign-up',
    async run(server) {
      const answers = []
      for (const [index, password] of ['password1234', 'Qwerty123456', 'short-pass1'].entries()) {
        const response = await postForm(server, '/signup/', signupFields(`audit-weak-${runId}-${index}@example.com`, password), `198.18.8.${index + 1}`)
        answers.push({ password, status: response.status, hasMessage: (await response.text()).includes(passwordMessage) })
      }
      return { pass: answers.every((answer) => answer.status === 400 && answer.hasMessage), detail: JSON.stringify(answers) }
    },
  },
  {
    name: 'the eleventh failed login for one account within 15 minutes is refused, each from another address',
    async run(server) {
      const email = `audit-target-${runId}@example.com`
      return limitOutcome(await failedLogins(server, 11, (index) => ({ email, clientAddress: `198.18.9.${index + 1}` })), 10)
    },
  },
  {
    name: 'the addresses of one IPv6 /64 share one login limit (21 attempts, each from another address of the /64)',
    async run(server) {
      // A /64 of its own for this run: 2001:db8:77:{n}::/64.
      const prefix = `2001:db8:77:${(Date.now() % 0xffff).toString(16)}`
      const statuses = await failedLogins(server, 21, (index) => ({
        email: `audit-v6-${runId}-${index}@example.com`,
        clientAddress: `${prefix}::${(index + 1).toString(16)}`,
      }))
      return limitOutcome(statuses, 20)
    },
  },
  {
    name: "the login page's ?title= shows no free text, even after the site's name",
    async run(server) {
      const titles = ['LandAtlas Enter your bank password', 'Enter your bank password']
      const pages = await Promise.all(titles.map(async (title) => (await server.fetchPage(host, `/login?title=${encodeURIComponent(title)}`)).text()))
      const shown = pages.filter((html) => html.includes('bank password')).length
      return { pass: shown === 0, detail: `${shown} of ${titles.length} pages show the words` }
    },
  },
  {
    name: "/externallink/… of a free account's listing answers a 'You are leaving' page, not a redirect",
    async run(server) {
      const db = new Database(path.join(server.dataDir, 'marketplace.db'), { readonly: true })
      const row = db
        .prepare(
          `select listings.id from listings join accounts on accounts.id = listings.account_id
           where accounts.is_free = 1 and listings.partner_id is null and listings.status = 1 and listings.auction_url is not null order by listings.id limit 1`,
        )
        .get() as { id: number } | undefined
      db.close()
      if (!row) return { pass: false, detail: 'no free listing with an auction page in the data' }
      const response = await server.fetchPage(host, `/externallink/${row.id}/auction`)
      const html = await response.text()
      return {
        pass: response.status === 200 && html.includes('<title>You are leaving LandAtlas</title>') && /<meta name="robots" content="noindex/.test(html),
        detail: `status ${response.status}, location ${response.headers.get('location')}`,
      }
    },
  },
]
