/**
 * What the page benchmarks share: a migrated (and once seeded) database of BENCH_LISTINGS
 * listings, a production build, the real request handler in this process, and the figures.
 * The database is SQLite in BENCH_DATA_DIR, or PostgreSQL when BENCH_DATABASE_URL is set.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import type { CompiledQuery, LogEvent } from 'kysely'
import { openDatabase } from '../app/models/db/db.server'
import { isPostgresUrl, queryChannel, queryPlanIndexes } from '../app/models/db/dialect.server'
import { isStressVariant, stressVariants } from '../app/dev-data/stress-variants'
import { pageScriptSources } from './page-scripts'
import { serverNodeFlags } from '../server/node-command'

export const benchListings = Number(process.env.BENCH_LISTINGS ?? 100_000)
/** `--variant NAME` (bench:valuation, decision 0060): a harsher world, seeded afresh in a database of its own next to the ordinary one. */
export const benchStressVariant = (() => {
  const { values } = parseArgs({ options: { variant: { type: 'string' } }, strict: false })
  const name = values.variant
  if (typeof name !== 'string') return undefined
  if (!isStressVariant(name)) throw new Error(`--variant must be one of ${stressVariants.join(', ')}`)
  if (process.env.BENCH_DATABASE_URL) throw new Error('--variant seeds a SQLite database of its own; unset BENCH_DATABASE_URL')
  return name
})()
export const benchDataDir = path.resolve(process.env.BENCH_DATA_DIR ?? `.bench-data/${benchListings}${benchStressVariant ? `-${benchStressVariant}` : ''}`)
process.env.DATA_DIR = benchDataDir
process.env.NODE_ENV = 'production'
if (process.env.BENCH_DATABASE_URL) {
  if (!isPostgresUrl(process.env.BENCH_DATABASE_URL)) throw new Error('BENCH_DATABASE_URL must be a postgres:// URL')
  process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL
}
/** Where the figures come from, for the first line of a benchmark's report. */
export const benchDatabaseName = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : `SQLite in ${benchDataDir}`

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

/** Brings the benchmark database to the latest migration, seeding it when it is empty. */
export function prepareBenchDatabase() {
  // A stress world is seeded anew each run, so it is always the generator's as it is now.
  if (benchStressVariant) fs.rmSync(benchDataDir, { recursive: true, force: true })
  // NODE_ENV is production here; the page benchmarks sign in as the demo accounts (decision 0050).
  run('npx', ['tsx', 'scripts/prepare-data.ts'], { SEED_LISTINGS: String(benchListings), SEED_DEMO_USERS: '1', SEED_STRESS_VARIANT: benchStressVariant ?? '' })
}

export const productionBuildPath = path.resolve('build/server/index.js')

/** What the production build is made from: a file here newer than the build makes it stale. */
const buildSources = ['app', 'server', 'vite.config.ts', 'tailwind.config.ts', 'postcss.config.js', 'react-router.config.ts', 'package-lock.json']

function newestModification(source: string): number {
  const stat = fs.statSync(source)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...fs.readdirSync(source).map((entry) => newestModification(path.join(source, entry))))
}

/** Builds the production build when it is missing or older than its sources. */
export function ensureFreshBuild() {
  const builtAt = fs.existsSync(productionBuildPath) ? fs.statSync(productionBuildPath).mtimeMs : 0
  if (buildSources.some((source) => newestModification(source) > builtAt)) run('npx', ['react-router', 'build'])
}

/** The production build's request handler, called in-process with a site's Host header. */
export async function productionRequestHandler(buildPath = productionBuildPath) {
  const { createRequestHandler } = await import('react-router')
  const handle = createRequestHandler(await import(buildPath), 'production')
  return (host: string, pathname: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    headers.set('host', host)
    if (!headers.has('accept')) headers.set('accept', 'text/html')
    return handle(new Request(`http://${host}${pathname}`, { ...init, headers }))
  }
}

/**
 * The request handler of the production build over the benchmark database (migrated, seeded
 * once). A page's body comes back as the bytes a server writes to its socket: decoding them into
 * a string is a browser's work, not the server's, so it stays out of the timings.
 */
export async function benchRequestHandler() {
  const missingFlags = serverNodeFlags.filter((flag) => !process.execArgv.includes(flag))
  if (missingFlags.length > 0)
    throw new Error(
      `Start with ${missingFlags.join(' ')}, as the production server does (server/node-command.ts): the npm scripts bench:search, bench:listing and bench:valuation do`,
    )
  prepareBenchDatabase()
  if (!fs.existsSync(productionBuildPath)) run('npx', ['react-router', 'build'])
  const handle = await productionRequestHandler()
  return async (host: string, pathname: string) => {
    const response = await handle(host, pathname)
    const body = Buffer.from(await response.arrayBuffer())
    if (response.status !== 200) throw new Error(`${host}${pathname} answered ${response.status}`)
    return body
  }
}

export type BenchFetch = Awaited<ReturnType<typeof benchRequestHandler>>

/** Milliseconds per request over `rounds` passes of `pages`, after one warm-up pass. */
export async function timeRequests(fetchPage: BenchFetch, pages: readonly (readonly [string, string])[], rounds: number) {
  for (const [host, url] of pages) await fetchPage(host, url)
  const timings: number[] = []
  for (let round = 0; round < rounds; round++) {
    for (const [host, url] of pages) {
      const started = performance.now()
      await fetchPage(host, url)
      timings.push(performance.now() - started)
    }
  }
  return timings.sort((a, b) => a - b)
}

interface RecordedQuery {
  query: CompiledQuery
  milliseconds: number
}

export interface FirstAnswer {
  host: string
  url: string
  shape: string
  milliseconds: number
  queries: RecordedQuery[]
}

/**
 * Asks each page once, before any cache holds it, timing it and recording the queries it runs
 * (through the database's query channel, which the production build's handle publishes to too).
 */
export async function recordFirstAnswers(
  fetchPage: BenchFetch,
  pages: readonly (readonly [string, string])[],
  { shapeOf = (url: string) => url, warmUp }: { shapeOf?: (url: string) => string; warmUp: readonly [string, string] },
) {
  // A page outside the mix first: what the process loads once (places, sites) is no page's cost.
  await fetchPage(...warmUp)
  let queries: RecordedQuery[] = []
  const record = (event: unknown) => {
    const { query, queryDurationMillis } = event as LogEvent
    queries.push({ query, milliseconds: queryDurationMillis })
  }
  queryChannel.subscribe(record)
  const answers: FirstAnswer[] = []
  try {
    for (const [host, url] of pages) {
      queries = []
      const started = performance.now()
      await fetchPage(host, url)
      answers.push({ host, url, shape: shapeOf(url), milliseconds: performance.now() - started, queries })
    }
  } finally {
    queryChannel.unsubscribe(record)
  }
  return answers
}

/**
 * The `count` slowest URL shapes of first answers (each by its slowest URL), with the three
 * slowest queries of that URL and the indexes their plans read.
 */
export async function printSlowestShapes(answers: FirstAnswer[], count = 5) {
  const slowestByShape = new Map<string, FirstAnswer>()
  for (const answer of answers) {
    const known = slowestByShape.get(answer.shape)
    if (!known || known.milliseconds < answer.milliseconds) slowestByShape.set(answer.shape, answer)
  }
  const slowest = [...slowestByShape.values()].sort((a, b) => b.milliseconds - a.milliseconds).slice(0, count)
  const db = openDatabase()
  console.log(`${count} slowest URL shapes on first answer (slowest queries: ms, indexes of the plan):`)
  for (const answer of slowest) {
    console.log(`  ${answer.milliseconds.toFixed(1).padStart(7)} ms  ${answer.host}${answer.url}${answer.shape === answer.url ? '' : `  (${answer.shape})`}`)
    for (const { query, milliseconds } of [...answer.queries].sort((a, b) => b.milliseconds - a.milliseconds).slice(0, 3)) {
      const indexes = await queryPlanIndexes(db, query)
      console.log(`    ${milliseconds.toFixed(1).padStart(7)} ms  ${indexes.join(', ') || '(no table)'}  ← ${query.sql.replace(/\s+/g, ' ').slice(0, 90)}…`)
    }
  }
  await db.destroy()
}

export function percentile(sortedTimings: number[], p: number) {
  return sortedTimings[Math.min(sortedTimings.length - 1, Math.floor((p / 100) * sortedTimings.length))]!
}

function weighScripts(sources: Iterable<string>, clientFolder: string) {
  const scripts = [...new Set(sources)].map((src) => ({ src, kilobytes: gzipSync(fs.readFileSync(path.join(clientFolder, src))).length / 1024 }))
  return { kilobytes: scripts.reduce((total, script) => total + script.kilobytes, 0), files: scripts.length, scripts }
}

/**
 * KB gzip of a page's scripts, each with its share: those the browser fetches for the first view
 * and those it fetches once the page has loaded (page-scripts.ts), read from the build's browser
 * files in `clientFolder`.
 */
export function pageJavaScriptKilobytes(html: string, clientFolder = 'build/client') {
  const { firstView, afterLoad } = pageScriptSources(html)
  return { firstView: weighScripts(firstView, clientFolder), afterLoad: weighScripts(afterLoad, clientFolder) }
}

export const gzipKilobytes = (text: string | Buffer) => gzipSync(text).length / 1024
