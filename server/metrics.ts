import cluster from 'node:cluster'
import { timingSafeEqual } from 'node:crypto'
import diagnosticsChannel from 'node:diagnostics_channel'
import { BlockList, isIPv6 } from 'node:net'
import type { NextFunction, Request, Response } from 'express'
import type { LogEvent } from 'kysely'
import client from 'prom-client'
import { matchRoutes, type ServerBuild } from 'react-router'
import type { AppConfig } from '~/config.server'
import { connectionOfThisProcess } from '~/http/database.server'
import { feedRecordTotals } from '~/models/feeds/feed-report.server'
import { type JobRun, jobMailCounts, jobRunCounts, latestJobRuns } from '~/models/jobs/job-scheduler.server'
import { askPrimaryForMetrics, shareWithPrimary } from './cluster-metrics'

/**
 * `GET /metrics` in Prometheus's text format (issue 37 item 5, decision 0066). Requests and their
 * latency by React Router route id (never the raw URL: the labels stay a bounded set), method and
 * status; page-cache hits and misses; database query time; mails sent and failed, all counted in
 * this process; and, read from the database at each scrape since the scheduler runs in another
 * process, each scheduled job's last run and feed records by outcome.
 */

const prefix = 'marketplace_'

const methods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
const operations = new Set(['select', 'insert', 'update', 'delete', 'with'])

/** Paths Express answers before React Router: their own label. */
const serverPaths: [RegExp, string][] = [
  [/^\/assets\//, 'assets'],
  [/^\/(healthz|readyz|metrics)$/, 'server'],
]

type RouteObject = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: RouteObject[] }

/** The route tree of the build's flat manifest, as `matchRoutes` reads it. */
function routeTree(routes: ServerBuild['routes']): RouteObject[] {
  const byId = new Map(
    Object.values(routes).map((route) => [
      route!.id,
      { id: route!.id, path: route!.path, index: route!.index, caseSensitive: route!.caseSensitive, children: [] as RouteObject[] },
    ]),
  )
  const roots: RouteObject[] = []
  for (const route of Object.values(routes)) (route!.parentId ? byId.get(route!.parentId)!.children : roots).push(byId.get(route!.id)!)
  return roots
}

/** Metrics nobody may read: nothing is counted, no query or mail is listened to, and /metrics is left to the 404. */
const metricsOff = {
  countRequests: (_request: Request, _response: Response, next: NextFunction) => next(),
  serveMetrics: (_request: Request, _response: Response, next: NextFunction) => next(),
  countPageCache: (_result: 'hit' | 'miss') => {},
}

export function createMetrics(config: AppConfig['metrics'], routes: ServerBuild['routes']) {
  // Unconfigured, every request would still pay for its route match and every query for its event.
  if (!config.token && config.addresses.length === 0) return metricsOff
  const registry = new client.Registry()
  client.collectDefaultMetrics({ register: registry, prefix })
  if (cluster.isWorker) shareWithPrimary(registry)
  const tree = routeTree(routes)
  const routeOf = (path: string) => {
    for (const [pattern, label] of serverPaths) if (pattern.test(path)) return label
    // A client-side navigation's data request names its page's path plus `.data`.
    const matches = matchRoutes(tree as Parameters<typeof matchRoutes>[0], path.replace(/(\/_root)?\.data$/, '') || '/')
    return matches?.at(-1)?.route.id ?? 'unmatched'
  }

  const labelNames = ['route', 'method', 'status'] as const
  const requests = new client.Counter({
    name: `${prefix}http_requests_total`,
    help: 'Requests answered, by route id, method and status.',
    labelNames,
    registers: [registry],
  })
  const latency = new client.Histogram({
    name: `${prefix}http_request_duration_seconds`,
    help: 'Time to answer a request, by route id, method and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const pageCache = new client.Counter({
    name: `${prefix}page_cache_requests_total`,
    help: 'Anonymous page reads the page cache answered (hit) or passed on (miss).',
    labelNames: ['result'],
    registers: [registry],
  })
  const queries = new client.Histogram({
    name: `${prefix}db_query_duration_seconds`,
    help: 'Database query time, by statement kind.',
    labelNames: ['operation'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  })
  const mails = new client.Counter({
    name: `${prefix}mails_total`,
    help: 'E-mails this process sent or failed to send.',
    labelNames: ['outcome'],
    registers: [registry],
  })
  diagnosticsChannel.subscribe('land-marketplaces:query', (message) => {
    const event = message as LogEvent
    const word = event.query.sql.trimStart().slice(0, 6).toLowerCase()
    queries.observe({ operation: operations.has(word) ? word : 'other' }, event.queryDurationMillis / 1000)
  })
  diagnosticsChannel.subscribe('land-marketplaces:mail', (message) => mails.inc({ outcome: (message as { outcome: string }).outcome }))

  // Read from the database, the same in every worker: with several, the primary takes one worker's value, not the sum.
  const fromDatabase = { registers: [registry], aggregator: 'first' as const }
  new client.Gauge({
    name: `${prefix}job_runs`,
    help: 'Scheduled job runs recorded in the last week, by outcome.',
    labelNames: ['job', 'outcome'],
    ...fromDatabase,
    async collect() {
      this.reset()
      for (const { name, outcome, runs } of await jobRunCounts(connectionOfThisProcess())) this.set({ job: name, outcome }, runs)
    },
  })
  new client.Gauge({
    name: `${prefix}job_mails`,
    help: 'E-mails the scheduled jobs sent or failed to send in the last week, by job (read from their runs: the jobs run beside the server).',
    labelNames: ['job', 'outcome'],
    ...fromDatabase,
    async collect() {
      this.reset()
      for (const { name, sent, failed } of await jobMailCounts(connectionOfThisProcess())) {
        this.set({ job: name, outcome: 'sent' }, sent)
        this.set({ job: name, outcome: 'failed' }, failed)
      }
    },
  })
  // A scrape collects every metric at once: the gauges of the jobs' latest runs share one read.
  let latestRuns: Promise<JobRun[]> | undefined
  const latestRunsOfThisScrape = () =>
    (latestRuns ??= latestJobRuns(connectionOfThisProcess()).finally(() => {
      latestRuns = undefined
    }))
  const latestRunGauge = (name: string, help: string, figure: (run: JobRun) => number | null) =>
    new client.Gauge({
      name: `${prefix}${name}`,
      help,
      labelNames: ['job'],
      ...fromDatabase,
      async collect() {
        this.reset()
        for (const run of await latestRunsOfThisScrape()) {
          const value = figure(run)
          if (value !== null) this.set({ job: run.name }, value)
        }
      },
    })
  latestRunGauge('job_last_run_duration_seconds', 'How long each scheduled job’s last finished run took.', (run) =>
    run.durationMs === null ? null : run.durationMs / 1000,
  )
  latestRunGauge('job_last_run_failed', '1 when each scheduled job’s last finished run failed, else 0.', (run) =>
    run.outcome === 'running' ? null : Number(run.outcome === 'failed'),
  )
  latestRunGauge('job_last_run_start_timestamp_seconds', 'When each scheduled job’s last run started.', (run) => run.startedAt / 1000)
  latestRunGauge('job_next_due_timestamp_seconds', 'When each scheduled job is next due.', (run) => run.nextDueAt / 1000)
  new client.Gauge({
    name: `${prefix}feed_records`,
    help: 'Partner feed records by outcome, over every import run kept.',
    labelNames: ['outcome'],
    ...fromDatabase,
    async collect() {
      this.reset()
      for (const [outcome, count] of Object.entries(await feedRecordTotals(connectionOfThisProcess()))) this.set({ outcome }, count)
    },
  })

  /** Counts every answer once it is sent, under its route's id. */
  function countRequests(request: Request, response: Response, next: NextFunction) {
    const stopTimer = latency.startTimer()
    const method = methods.has(request.method) ? request.method : 'other'
    const path = request.path
    response.on('finish', () => {
      const labels = { route: routeOf(path), method, status: String(response.statusCode) }
      requests.inc(labels)
      stopTimer(labels)
    })
    next()
  }

  const allowedAddresses = new BlockList()
  for (const address of config.addresses) {
    const [network = '', bits] = address.split('/')
    const family = isIPv6(network) ? 'ipv6' : 'ipv4'
    if (bits === undefined) allowedAddresses.addAddress(network, family)
    else allowedAddresses.addSubnet(network, Number(bits), family)
  }
  const token = config.token ? Buffer.from(`Bearer ${config.token}`) : undefined
  const bearsToken = (header: string | undefined) => {
    if (!token || !header) return false
    const given = Buffer.from(header)
    return given.length === token.length && timingSafeEqual(given, token)
  }
  const fromAllowedAddress = (address: string | undefined) => {
    if (!address) return false
    const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '')
    return allowedAddresses.check(plain, isIPv6(plain) ? 'ipv6' : 'ipv4')
  }

  /** GET /metrics: 403 to a request with neither the token nor an allowed address. */
  async function serveMetrics(request: Request, response: Response, next: NextFunction) {
    response.setHeader('Cache-Control', 'no-store')
    if (!bearsToken(request.get('authorization')) && !fromAllowedAddress(request.ip)) return response.status(403).type('text/plain').send('Forbidden')
    try {
      response.type(registry.contentType).send(cluster.isWorker ? await askPrimaryForMetrics() : await registry.metrics())
    } catch (error) {
      next(error)
    }
  }

  return { countRequests, serveMetrics, countPageCache: (result: 'hit' | 'miss') => pageCache.inc({ result }) }
}
