import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createKysely } from '~/models/db/dialect.server'
import { startDueJobs } from '~/models/jobs/job-scheduler.server'
import { mailChannel } from '~/models/mail/mailer.server'
import { privateDataDir } from '../support/private-data'
import { productionServer } from '../support/server'
import { type ProductionServer, startProductionServer } from '../support/server-process'

/**
 * `GET /metrics` (issue 37 item 5, decision 0066) on the production server: Prometheus's text
 * format, to the configured bearer token or address only; requests counted by route id (never the
 * raw URL), their latency histogram, the page cache's hits and misses, query time, mails and the
 * scheduled jobs' and feed imports' figures the database holds.
 */
const token = 'scrape-secret-for-tests-only'
const land = 'land.localhost'
const dataDir = privateDataDir('metrics')
const metricsSettings = { METRICS_TOKEN: token, METRICS_ADDRESSES: '198.51.100.0/24, ::1', DATA_DIR: dataDir }
let server: ProductionServer

beforeAll(async () => {
  // A scheduler's runs, as `npm start`'s process records them: one ok, one failed.
  const db = createKysely({ sqliteFile: path.join(dataDir, 'marketplace.db') })
  const job = (name: string, run: () => Promise<string>) => ({ name, everyMs: 60_000, leaseMs: 600_000, run })
  await startDueJobs(
    db,
    [
      job('lead-digests', async () => {
        // As sendMail reports each e-mail.
        for (const outcome of ['sent', 'sent', 'failed']) mailChannel.publish({ outcome })
        return '2 lead digests sent, 1 failed'
      }),
      job('lead-webhooks', async () => {
        throw new Error('connect ECONNREFUSED')
      }),
    ],
    () => {},
  )
  await db.destroy()
  server = await startProductionServer(metricsSettings)
}, 60_000)

afterAll(async () => {
  server.child.kill('SIGTERM')
  await server.exited
})

const scrape = (headers: Record<string, string> = {}, { fetchPage } = server) =>
  fetchPage('127.0.0.1', '/metrics', { headers: { 'x-forwarded-for': '203.0.113.50', ...headers } })

/** A sample's value: `name{labels} value`, the labels as the text writes them. */
function sample(text: string, name: string, labels: string) {
  const line = text.split('\n').find((each) => each.startsWith(`${name}{${labels}}`) || (labels === '' && each.startsWith(`${name} `)))
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1))
}

describe('who may read /metrics', () => {
  test('a request with neither the token nor a listed address is refused; a wrong token too', async () => {
    expect((await scrape()).status).toBe(403)
    expect((await scrape({ authorization: `Bearer ${token}x` })).status).toBe(403)
    expect((await scrape({ authorization: token })).status).toBe(403)
  })

  test('the bearer token, or a listed address, reads it', async () => {
    const withToken = await scrape({ authorization: `Bearer ${token}` })
    expect(withToken.status).toBe(200)
    expect(withToken.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    expect((await scrape({ 'x-forwarded-for': '198.51.100.20' })).status).toBe(200)
  })

  test('the token never reaches the log', () => {
    expect(server.output.join('\n')).not.toContain(token)
  })
})

describe('an unconfigured server', () => {
  const plain = productionServer()
  test('does not serve /metrics at all', async () => {
    expect((await plain.fetchPage(land, '/metrics')).status).toBe(404)
    expect((await plain.fetchPage(land, '/metrics', { headers: { authorization: `Bearer ${token}` } })).status).toBe(404)
  })
})

describe('what it counts', () => {
  test('pages by route id and status, a latency histogram, page-cache hits and misses, query time, jobs and feed records', async () => {
    const read = async () => (await scrape({ authorization: `Bearer ${token}` })).text()
    const before = await read()
    const searchLabels = 'route="search",method="GET",status="200"'
    const requestsBefore = sample(before, 'marketplace_http_requests_total', searchLabels) ?? 0
    const hitsBefore = sample(before, 'marketplace_page_cache_requests_total', 'result="hit"') ?? 0
    const missesBefore = sample(before, 'marketplace_page_cache_requests_total', 'result="miss"') ?? 0

    // Two different search URLs, one of them twice: three requests under one route id.
    for (const path of ['/search/texas-land-for-sale/', '/search/texas-land-for-sale/', '/search/montana-land-for-sale/']) {
      const response = await server.fetchPage(land, path)
      expect(response.status).toBe(200)
      await response.arrayBuffer()
    }
    expect((await server.fetchPage(land, '/no-such-place-at-all/really-not/')).status).toBe(404)

    const after = await read()
    expect(sample(after, 'marketplace_http_requests_total', searchLabels)).toBe(requestsBefore + 3)
    expect(after).not.toContain('texas-land-for-sale')
    expect(sample(after, 'marketplace_http_request_duration_seconds_count', searchLabels)).toBe(requestsBefore + 3)
    expect(sample(after, 'marketplace_http_request_duration_seconds_bucket', `le="+Inf",${searchLabels}`)).toBe(requestsBefore + 3)
    expect(after).toMatch(/marketplace_http_requests_total\{route="[^"]+",method="GET",status="404"\} \d/)
    expect(sample(after, 'marketplace_page_cache_requests_total', 'result="hit"')).toBeGreaterThanOrEqual(hitsBefore + 1)
    expect(sample(after, 'marketplace_page_cache_requests_total', 'result="miss"')).toBeGreaterThanOrEqual(missesBefore + 2)
    expect(sample(after, 'marketplace_db_query_duration_seconds_count', 'operation="select"')).toBeGreaterThan(0)
    // The seed imports the demo partner's feed: its records are counted by outcome.
    expect(sample(after, 'marketplace_feed_records', 'outcome="received"')).toBeGreaterThan(0)
    expect(sample(after, 'marketplace_job_last_run_failed', 'job="lead-webhooks"')).toBe(1)
    expect(sample(after, 'marketplace_job_last_run_failed', 'job="lead-digests"')).toBe(0)
    expect(sample(after, 'marketplace_job_runs', 'job="lead-digests",outcome="ok"')).toBe(1)
    expect(sample(after, 'marketplace_job_mails', 'job="lead-digests",outcome="sent"')).toBe(2)
    expect(sample(after, 'marketplace_job_mails', 'job="lead-digests",outcome="failed"')).toBe(1)
    expect(sample(after, 'marketplace_job_last_run_duration_seconds', 'job="lead-digests"')).toBeGreaterThanOrEqual(0)
    expect(sample(after, 'marketplace_job_next_due_timestamp_seconds', 'job="lead-digests"')).toBeGreaterThan(Date.now() / 1000)
    expect(after).toContain('# TYPE marketplace_mails_total counter')
  })
})

describe('a server of two workers', () => {
  let workers: ProductionServer
  beforeAll(async () => {
    workers = await startProductionServer({ ...metricsSettings, WEB_CONCURRENCY: '2' })
  }, 60_000)
  afterAll(async () => {
    workers.child.kill('SIGTERM')
    await workers.exited
  })

  test('answers every worker’s requests added up, and the database’s figures once', async () => {
    for (let request = 0; request < 6; request += 1) await (await workers.fetchPage(land, '/search/texas-land-for-sale/')).arrayBuffer()
    const text = await (await scrape({ authorization: `Bearer ${token}` }, workers)).text()
    expect(sample(text, 'marketplace_http_requests_total', 'route="search",method="GET",status="200"')).toBe(6)
    expect(sample(text, 'marketplace_job_runs', 'job="lead-digests",outcome="ok"')).toBe(1)
  })
})
