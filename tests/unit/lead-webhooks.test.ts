import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { type Kysely, sql } from 'kysely'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { createKysely } from '~/models/db/dialect.server'
import { sendFinanceLead } from '~/models/finance/finance-centers.server'
import { verifyLeadSignature } from '~/models/finance/lead-webhook-request.server'
import { deliverDueLeadWebhooks, deliverLead, type FinanceLeadWebhookBody, queueLeadDelivery } from '~/models/finance/lead-webhooks.server'
import { createOutboundFetch } from '~/models/net/outbound-fetch.server'
import { sites } from '~/sites/index'
import { freshSqliteDatabase, migrateAndSeed } from '../support/fresh-database'

/** What the test receiver answers to one request: an HTTP status, or nothing at all. */
type Answer = number | 'no answer'

interface ReceivedRequest {
  headers: http.IncomingHttpHeaders
  body: string
}

const receivers: http.Server[] = []

function stopReceiver(server: http.Server) {
  server.closeAllConnections()
  return new Promise<void>((resolve) => server.close(() => resolve()))
}

/** A lender's endpoint on loopback: keeps every request and answers them with `answers` in turn, the last one from then on. */
async function startReceiver(answers: Answer[]) {
  const received: ReceivedRequest[] = []
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      const answer = answers[Math.min(received.length, answers.length) - 1]!
      if (answer !== 'no answer') response.writeHead(answer).end()
    })
  })
  receivers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/finance-leads`, received, stop: () => stopReceiver(server) }
}

/** The receivers listen on loopback, which the guard refuses unless a test opts in. */
const loopbackAllowed = { outboundFetch: createOutboundFetch({ allowedHosts: ['127.0.0.1'] }) }

const secret = 'lender-signing-secret'
const started = new Date('2026-11-01T06:00:00Z')
const minute = 60_000
const later = (milliseconds: number) => new Date(started.getTime() + milliseconds)
const message = 'Looking at 160 acres of grazing land. What would I need for a down payment?'
const pageUrl = 'https://farm.example/financing?fcid=5'

let db: Kysely<Database>
let lender: { id: number; email: string }
let emailOnlyLender: { id: number; email: string }
const savedEnvironment = { ...process.env }

beforeAll(async () => {
  delete process.env.SMTP_URL
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'lead-webhooks-mail-'))
  db = await migrateAndSeed(freshSqliteDatabase('lead-webhooks'), { listings: 50, seed: 1 })
  const center = (name: string) => db.selectFrom('finance_centers').where('name', '=', name).select(['id', 'email']).executeTakeFirstOrThrow()
  lender = await center('Big Sky Ag Lending')
  emailOnlyLender = await center('Lone Star Land Credit, ACA')
})

afterEach(async () => {
  await Promise.all(receivers.splice(0).map(stopReceiver))
  // Each test starts with an empty delivery log, so one test's retries are not another's due attempts.
  await db.deleteFrom('finance_lead_deliveries').execute()
})

afterAll(async () => {
  await db?.destroy()
  process.env = { ...savedEnvironment }
})

async function connectLender(webhookUrl: string) {
  await db.updateTable('finance_centers').set({ lead_webhook_url: webhookUrl, lead_webhook_secret: secret }).where('id', '=', lender.id).execute()
}

/** A buyer's message through the finance page, as the form sends it. */
function sendBuyerMessage(financeCenterId: number) {
  const lead = { finance_center_id: financeCenterId, site_id: sites.farm.siteId, listing_id: null, name: 'Jo Rancher', email: 'jo@example.com' }
  return sendFinanceLead(db, sites.farm, { ...lead, phone: '(406) 555-0100', message, wantsFinancing: true }, { pageUrl, delivery: loopbackAllowed })
}

const newestLeadId = async (financeCenterId: number) =>
  (await db.selectFrom('finance_leads').where('finance_center_id', '=', financeCenterId).select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id

/** A lead stored at `started` whose first webhook attempt is logged and due, as `sendFinanceLead` leaves it. */
async function queuedLead(webhookUrl: string) {
  await connectLender(webhookUrl)
  const { id } = await db
    .insertInto('finance_leads')
    .values({
      finance_center_id: lender.id,
      site_id: sites.farm.siteId,
      name: 'Jo Rancher',
      email: 'jo@example.com',
      message,
      created_at: started.toISOString(),
      page_url: pageUrl,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await queueLeadDelivery(db, { leadId: id, financeCenterId: lender.id, now: started })
  return id
}

const deliveryLog = (leadId: number) =>
  db
    .selectFrom('finance_lead_deliveries')
    .where('finance_lead_id', '=', leadId)
    .select(['id', 'attempt', 'status', 'response_status', 'error', 'next_attempt_at'])
    .orderBy('attempt')
    .execute()

/** The e-mails written to the outbox (no SMTP_URL) for `address`. */
function mailsTo(address: string) {
  const outbox = path.join(process.env.DATA_DIR!, 'outbox')
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : []
  return files.filter((file) => fs.readFileSync(path.join(outbox, file), 'utf8').includes(`To: ${address}`))
}

test("a lead to a lender with a webhook is e-mailed and posted as JSON, signed with the lender's secret", async () => {
  const receiver = await startReceiver([200])
  await connectLender(receiver.url)
  const mailsBefore = mailsTo(lender.email).length
  await sendBuyerMessage(lender.id)
  const leadId = await newestLeadId(lender.id)
  await vi.waitFor(async () => expect(await deliveryLog(leadId)).toMatchObject([{ attempt: 1, status: 'delivered', response_status: 200 }]))

  expect(mailsTo(lender.email)).toHaveLength(mailsBefore + 1)
  expect(receiver.received).toHaveLength(1)
  const [request] = receiver.received
  expect(request!.headers).toMatchObject({
    'content-type': 'application/json',
    'x-landmarket-event': 'finance-lead',
    'x-landmarket-delivery': String((await deliveryLog(leadId))[0]!.id),
  })
  expect(JSON.parse(request!.body)).toEqual({
    leadId,
    financeCenterId: lender.id,
    siteId: sites.farm.siteId,
    listingId: null,
    name: 'Jo Rancher',
    email: 'jo@example.com',
    phone: '(406) 555-0100',
    message,
    wantsFinancing: true,
    createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    pageUrl,
  } satisfies FinanceLeadWebhookBody)
  expect(verifyLeadSignature(request!.headers['x-landmarket-signature'] as string, request!.body, secret)).toBe(true)
})

test('a tampered body, another secret or a time outside the tolerance fails verification', async () => {
  const receiver = await startReceiver([200])
  await deliverLead(db, await queuedLead(receiver.url), { now: started, ...loopbackAllowed })
  const { headers, body } = receiver.received[0]!
  const signature = headers['x-landmarket-signature'] as string
  expect(signature).toMatch(new RegExp(`^t=${started.getTime() / 1000},v1=[0-9a-f]{64}$`))

  expect(verifyLeadSignature(signature, body, secret, 300, later(299_000))).toBe(true)
  expect(verifyLeadSignature(signature, body.replace('Jo Rancher', 'Al Rancher'), secret, 300, started)).toBe(false)
  expect(verifyLeadSignature(signature, body, 'another-secret', 300, started)).toBe(false)
  expect(verifyLeadSignature(signature, body, secret, 300, later(301_000))).toBe(false)
  expect(verifyLeadSignature(signature, body, secret, 300, later(-301_000))).toBe(false)
  expect(verifyLeadSignature(null, body, secret, 300, started)).toBe(false)
})

test('an endpoint answering 500 gets the lead again only after a minute, and the log shows both attempts', async () => {
  const receiver = await startReceiver([500, 200])
  const leadId = await queuedLead(receiver.url)
  await deliverLead(db, leadId, { now: started, ...loopbackAllowed })
  expect(receiver.received).toHaveLength(1)

  await deliverDueLeadWebhooks(db, later(minute - 1000), loopbackAllowed)
  expect(receiver.received).toHaveLength(1)
  await deliverDueLeadWebhooks(db, later(minute), loopbackAllowed)
  expect(receiver.received).toHaveLength(2)
  const [first, retry] = receiver.received
  expect(retry!.body).toBe(first!.body)
  expect(retry!.headers['x-landmarket-delivery']).toBe(first!.headers['x-landmarket-delivery'])
  expect(await deliveryLog(leadId)).toMatchObject([
    { attempt: 1, status: 'failed', response_status: 500 },
    { attempt: 2, status: 'delivered', response_status: 200 },
  ])
})

test('an endpoint that never answers is cut off by the timeout and tried again', async () => {
  const receiver = await startReceiver(['no answer', 200])
  const leadId = await queuedLead(receiver.url)
  const attemptStarted = performance.now()
  await deliverLead(db, leadId, { now: started, timeoutMs: 200, ...loopbackAllowed })
  expect(performance.now() - attemptStarted).toBeLessThan(5_000)
  expect(await deliveryLog(leadId)).toMatchObject([
    { attempt: 1, status: 'failed', response_status: null, error: expect.stringContaining('within 200 ms') },
    { attempt: 2, status: 'pending', next_attempt_at: later(minute).toISOString() },
  ])

  await deliverDueLeadWebhooks(db, later(minute), { timeoutMs: 200, ...loopbackAllowed })
  expect(receiver.received).toHaveLength(2)
  expect((await deliveryLog(leadId))[1]).toMatchObject({ attempt: 2, status: 'delivered' })
})

test("an endpoint refusing connections does not fail the buyer's message; the attempt is logged and retried later", async () => {
  const receiver = await startReceiver([200])
  await receiver.stop()
  await connectLender(receiver.url)
  await expect(sendBuyerMessage(lender.id)).resolves.toBeUndefined()
  const leadId = await newestLeadId(lender.id)
  await vi.waitFor(async () =>
    expect(await deliveryLog(leadId)).toMatchObject([
      { attempt: 1, status: 'failed', response_status: null, error: expect.stringContaining('ECONNREFUSED') },
      { attempt: 2, status: 'pending' },
    ]),
  )
})

test('when the retries after 1 min, 5 min, 30 min, 2 h and 12 h fail too, the delivery has failed and the lead is not posted again', async () => {
  const receiver = await startReceiver([503])
  const leadId = await queuedLead(receiver.url)
  await deliverLead(db, leadId, { now: started, ...loopbackAllowed })
  for (const minutes of [1, 6, 36, 156, 876]) {
    expect(await deliverDueLeadWebhooks(db, later((minutes - 0.5) * minute), loopbackAllowed)).toBe(0)
    await deliverDueLeadWebhooks(db, later(minutes * minute), loopbackAllowed)
  }
  expect(receiver.received).toHaveLength(6)
  expect(await deliveryLog(leadId)).toMatchObject([1, 2, 3, 4, 5, 6].map((attempt) => ({ attempt, status: 'failed', response_status: 503 })))

  await deliverDueLeadWebhooks(db, later(30 * 24 * 60 * minute), loopbackAllowed)
  expect(receiver.received).toHaveLength(6)
})

test('two runs at once, in two processes, post a due lead once', async () => {
  const receiver = await startReceiver([200])
  const leadId = await queuedLead(receiver.url)
  const { file } = (await sql<{ file: string }>`pragma database_list`.execute(db)).rows[0]!
  const otherProcess = createKysely({ sqliteFile: file })
  try {
    await Promise.all([deliverDueLeadWebhooks(db, started, loopbackAllowed), deliverDueLeadWebhooks(otherProcess, started, loopbackAllowed)])
  } finally {
    await otherProcess.destroy()
  }
  expect(receiver.received).toHaveLength(1)
  expect(await deliveryLog(leadId)).toMatchObject([{ attempt: 1, status: 'delivered' }])
})

test('a lead to a lender without a webhook is e-mailed only, with no delivery', async () => {
  const mailsBefore = mailsTo(emailOnlyLender.email).length
  await sendBuyerMessage(emailOnlyLender.id)
  expect(mailsTo(emailOnlyLender.email)).toHaveLength(mailsBefore + 1)
  expect(await deliveryLog(await newestLeadId(emailOnlyLender.id))).toEqual([])
})

test('a webhook URL on loopback, a private or the metadata address is refused without connecting, and retried like any failure', async () => {
  const receiver = await startReceiver([200])
  const { port } = new URL(receiver.url)
  for (const url of [
    receiver.url,
    `http://localhost:${port}/finance-leads`,
    `http://[::1]:${port}/finance-leads`,
    'http://10.0.0.9/leads',
    'http://169.254.169.254/leads',
  ]) {
    const leadId = await queuedLead(url)
    await deliverLead(db, leadId, { now: started, timeoutMs: 2_000 })
    expect(await deliveryLog(leadId), url).toMatchObject([
      { attempt: 1, status: 'failed', response_status: null, error: expect.stringContaining('not a public address') },
      { attempt: 2, status: 'pending' },
    ])
  }
  expect(receiver.received).toHaveLength(0)
})

test('a webhook answered with a redirect is not followed: the lead is posted only where the lender said', async () => {
  const elsewhere = await startReceiver([200])
  const receiver = await startReceiver([307])
  const redirecting = http.createServer((_request, response) => response.writeHead(307, { Location: elsewhere.url }).end())
  receivers.push(redirecting)
  await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve))
  const leadId = await queuedLead(`http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/finance-leads`)
  await deliverLead(db, leadId, { now: started, ...loopbackAllowed })
  expect((await deliveryLog(leadId))[0]).toMatchObject({ attempt: 1, status: 'failed', response_status: 307 })
  expect([elsewhere.received, receiver.received]).toEqual([[], []])
})
