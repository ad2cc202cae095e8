import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sites } from '~/sites/index'
import { brokerPagePath } from '~/models/brokers/broker-path'
import { type SiteFetch, decodeEntities, loadRequestHandler } from '../support/http'
import { contactableListing, openTestDatabase, openWritableTestDatabase } from '../support/test-database'

/**
 * Issue 34 item 2 (decision 0053): a form sent past its rate limit is answered with the same page
 * and form (429, with `Retry-After`), what was typed kept and a sentence naming the limit and the
 * wait, never the error page; and a post refused by validation does not use up a message form's
 * allowance, while the login limit counts every attempt.
 */
let fetchPage: SiteFetch
const seeded = openTestDatabase()
const db = openWritableTestDatabase()

/** Each form's client is an IPv6 address of its own /64, which is what the limits count by. */
const clientOf = (index: number) => ({ address: `2001:db8:34:${index}::7`, key: `2001:db8:34:${index}::/64` })

function post(host: string, path: string, fields: Record<string, string>, address: string) {
  return fetchPage(host, path, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, 'x-forwarded-for': address },
    redirect: 'manual',
  })
}

/** A window of `key` that started 3½ minutes ago and holds `count` posts: the next post past the limit waits the window's rest. */
async function fillWindow(key: string, count: number) {
  const startedAt = Date.now() - 3.5 * 60_000
  await db
    .insertInto('rate_limit_windows')
    .values({ key, window_started_at: startedAt, count })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ window_started_at: startedAt, count }))
    .execute()
}

const forgetWindows = (...keys: string[]) => db.deleteFrom('rate_limit_windows').where('key', 'in', keys).execute()

const listing = contactableListing(40)
const broker = seeded
  .prepare(
    `select accounts.id, accounts.contact_name as contactName, accounts.company_name as companyName from accounts
     where accounts.is_free = 0 and exists (select 1 from listings where listings.account_id = accounts.id and listings.status in (1, 2))
     order by accounts.id limit 1`,
  )
  .get() as { id: number; contactName: string; companyName: string }
const financeCenterId = (seeded.prepare("select id from finance_centers where name = 'Big Sky Ag Lending'").get() as { id: number }).id

const typedContact = { name: 'Kept Buyer', email: 'kept.buyer@example.com', phone: '(512) 555-0134', message: 'Is the well still in service, and how deep is it?' }

interface RateLimitedForm {
  form: string
  host: string
  path: string
  /** The limit's key before the client's address. */
  key: string
  limit: number
  fields: Record<string, string>
  /** What was typed that the answer shows again. */
  kept: string[]
  sentence: string
  /** The rest of the window, in seconds, once 3½ minutes of it have gone. */
  retryAfter: number
}

/** Every form with a rate limit that a visitor fills in (the Lands Connector's two: lands-connector.test.ts). */
const forms: RateLimitedForm[] = [
  {
    form: 'contact (listing page)',
    host: 'land.localhost',
    path: listing.path,
    key: 'contact',
    limit: 5,
    fields: { intent: 'contact', ...typedContact },
    kept: Object.values(typedContact),
    sentence: 'You have reached the limit of 5 messages in 10 minutes. Please wait 7 minutes and try again — your message is kept below.',
    retryAfter: 390,
  },
  {
    form: 'contact (broker page)',
    host: 'land.localhost',
    path: brokerPagePath(sites.land, broker)!,
    key: 'contact',
    limit: 5,
    fields: { intent: 'contact', ...typedContact },
    kept: Object.values(typedContact),
    sentence: 'You have reached the limit of 5 messages in 10 minutes. Please wait 7 minutes and try again — your message is kept below.',
    retryAfter: 390,
  },
  {
    form: 'report',
    host: 'land.localhost',
    path: listing.path,
    key: 'report',
    limit: 5,
    fields: { intent: 'report', reason: 'sold', details: 'The sign at the gate says sold since May.', email: 'kept.reporter@example.com' },
    kept: ['The sign at the gate says sold since May.', 'kept.reporter@example.com'],
    sentence: 'You have reached the limit of 5 reports in 10 minutes. Please wait 7 minutes and try again — your report is kept below.',
    retryAfter: 390,
  },
  {
    form: 'share',
    host: 'land.localhost',
    path: listing.path,
    key: 'share',
    limit: 5,
    fields: { intent: 'share', recipients: 'ann.kept@example.com', senderName: 'Kept Sender', message: 'Look at the pond on this one.' },
    kept: ['ann.kept@example.com', 'Kept Sender', 'Look at the pond on this one.'],
    sentence: 'You have reached the limit of 5 shares in 10 minutes. Please wait 7 minutes and try again — what you typed is kept below.',
    retryAfter: 390,
  },
  {
    form: 'finance',
    host: 'farm.localhost',
    path: `/financing?fcid=${financeCenterId}`,
    key: 'finance',
    limit: 5,
    fields: typedContact,
    kept: Object.values(typedContact),
    sentence: 'You have reached the limit of 5 messages in 10 minutes. Please wait 7 minutes and try again — your message is kept below.',
    retryAfter: 390,
  },
  {
    form: 'feedback',
    host: 'land.localhost',
    path: '/feedback/',
    key: 'feedback',
    limit: 5,
    fields: { message: 'The map search is great on my phone.', email: 'kept.feedback@example.com' },
    kept: ['The map search is great on my phone.', 'kept.feedback@example.com'],
    sentence: 'You have reached the limit of 5 feedback messages in an hour. Please wait 57 minutes and try again — your message is kept below.',
    retryAfter: 3390,
  },
  {
    form: 'login',
    host: 'land.localhost',
    path: '/login',
    key: 'login',
    limit: 20,
    fields: { email: 'kept.login@example.com', password: 'kept-password-typed-1' },
    kept: ['kept.login@example.com'],
    sentence: 'You have reached the limit of 20 login attempts in 15 minutes. Please wait 12 minutes and try again — your e-mail address is kept below.',
    retryAfter: 690,
  },
  {
    form: 'password reset',
    host: 'land.localhost',
    path: '/login/forgot/',
    key: 'forgot',
    limit: 5,
    fields: { email: 'kept.forgot@example.com' },
    kept: ['kept.forgot@example.com'],
    sentence: 'You have reached the limit of 5 password reset requests in 15 minutes. Please wait 12 minutes and try again — your e-mail address is kept below.',
    retryAfter: 690,
  },
  {
    form: 'sign-up',
    host: 'land.localhost',
    path: '/signup/',
    key: 'signup',
    limit: 10,
    fields: { name: 'Kept Newcomer', email: 'kept.newcomer@example.com', password: 'kept-password-typed-2', confirmPassword: 'kept-password-typed-2' },
    kept: ['Kept Newcomer', 'kept.newcomer@example.com'],
    sentence: 'You have reached the limit of 10 sign-ups in an hour. Please wait 57 minutes and try again — what you typed is kept below, except the passwords.',
    retryAfter: 3390,
  },
]

beforeAll(async () => {
  fetchPage = await loadRequestHandler()
})

afterAll(async () => {
  seeded.close()
  await db.destroy()
})

describe('a form past its limit', () => {
  test.each(forms.map((form, index) => ({ ...form, client: clientOf(index + 1) })))(
    '$form is answered 429 with the form again, what was typed and how long to wait',
    async ({ host, path, key, limit, fields, kept, sentence, retryAfter, client }) => {
      await fillWindow(`${key}:${client.key}`, limit)
      const response = await post(host, path, fields, client.address)
      expect(response.status).toBe(429)
      const waitSeconds = Number(response.headers.get('retry-after'))
      expect(waitSeconds).toBeGreaterThan(retryAfter - 10)
      expect(waitSeconds).toBeLessThanOrEqual(retryAfter)
      const html = decodeEntities(await response.text())
      expect(html).toContain(sentence)
      for (const value of kept) expect(html).toContain(value)
      // A password is never drawn back into a page.
      expect(html).not.toContain('kept-password-typed')
    },
  )
})

describe('what counts toward a limit', () => {
  test('two contact messages refused for an empty field do not use up the allowance: five sends then go through, the sixth waits', async () => {
    const client = clientOf(100)
    await forgetWindows(`contact:${client.key}`)
    const send = (fields: Record<string, string>) => post('land.localhost', listing.path, { intent: 'contact', ...fields }, client.address)
    const statuses = [(await send({ ...typedContact, message: '' })).status, (await send({ ...typedContact, name: '' })).status]
    for (let message = 0; message < 6; message += 1) statuses.push((await send({ ...typedContact, message: `Question number ${message} about access.` })).status)
    expect(statuses).toEqual([400, 400, 303, 303, 303, 303, 303, 429])
  })

  test('feedback refused for an empty message does not use up the allowance either', async () => {
    const client = clientOf(101)
    await forgetWindows(`feedback:${client.key}`)
    const send = (message: string) => post('land.localhost', '/feedback/', { message }, client.address)
    const statuses = [(await send('  ')).status, (await send('')).status]
    for (let message = 0; message < 5; message += 1) statuses.push((await send(`Feedback number ${message} from a careful tester.`)).status)
    expect(statuses).toEqual([400, 400, 303, 303, 303, 303, 303])
  })

  test('every login attempt counts, a form refused for an empty password too: the twenty-first is refused', async () => {
    const client = clientOf(102)
    await forgetWindows(`login:${client.key}`)
    const statuses = []
    for (let attempt = 0; attempt < 20; attempt += 1)
      statuses.push((await post('land.localhost', '/login', { email: 'guess@example.com', password: '' }, client.address)).status)
    expect(statuses).toEqual(Array<number>(20).fill(400))
    const refused = await post('land.localhost', '/login', { email: 'guess@example.com', password: 'a-real-guess-1' }, client.address)
    expect(refused.status).toBe(429)
    expect(decodeEntities(await refused.text())).toContain('You have reached the limit of 20 login attempts in 15 minutes.')
  })
})
