/**
 * `npm run bench:lighthouse` (issue 20 item 1): Lighthouse (mobile) with Debian's Chromium on the
 * production server (server/index.ts, the build rebuilt first when the sources are newer) over the
 * benchmark database, for every page type of every site, in two simulated profiles: Slow 4G
 * (150 ms RTT, 1.6 Mbps, 4× CPU, Lighthouse's own mobile default) and rural (700 ms RTT,
 * 400 Kbps, 4× CPU). Prints one table of the medians of `--runs` runs (3) and the targets each
 * page misses: LCP ≤ 1.8 s on Slow 4G and ≤ 4 s rural, ≤ 250 KB transferred, CLS 0, accessibility
 * and SEO 100 (SEO for indexable pages; both scored in the Slow 4G runs). It takes minutes.
 *
 *   npm run bench:lighthouse -- [--runs 3] [--only land/search,value] [--detail] [--http2] [--uncached] [--baseline DIR]
 *
 * `--baseline DIR` measures another checkout too (a worktree with its own build and node_modules,
 * e.g. `git worktree add /tmp/before main~5 && ln -s $PWD/node_modules /tmp/before/ && (cd /tmp/before && npx react-router build)`),
 * over the same database, its runs alternating with this checkout's: each page gets a row for
 * each, and the run ends with this checkout's figures as a share of the baseline's.
 *
 * `--only` takes prefixes of site/page; `--detail` lists, after each row, the last run's requests
 * (largest first), its unused JavaScript, its LCP element and how the simulation timed its LCP. `--http2` puts a local HTTPS +
 * HTTP/2 front before the server (scripts/http2-front.ts), as production serves the sites;
 * without it the browser speaks plain HTTP/1.1 to the server itself. Public pages are measured as the
 * server's page cache keeps them (decision 0045); `--uncached` turns the cache off, so each run
 * measures a page's first render in the minute.
 */
import { createRequire } from 'node:module'
import { setTimeout as sleep } from 'node:timers/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import SQLite from 'better-sqlite3'
import { launch } from 'chrome-launcher'
import lighthouse, { type Flags, type Result } from 'lighthouse'
import { Simulation } from 'lighthouse/core/lib/lantern/lantern.js'
import { type BenchPage, type SiteRequest, benchPages, demoBuyerCookie } from './bench-pages'
import { benchDataDir, ensureFreshBuild, prepareBenchDatabase } from './bench-support'
import { startHttp2Front } from './http2-front'
import { startProductionServer } from '../tests/support/server-process'

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    detail: { type: 'boolean' },
    http2: { type: 'boolean' },
    uncached: { type: 'boolean' },
    baseline: { type: 'string' },
  },
})
const runs = Number(options.runs)
const onlyPrefixes = options.only?.split(',').filter(Boolean)

/** The page types the issue names, one page each; the other pages of bench:js share their layouts. */
const measuredPageNames = new Set([
  'home',
  'search',
  'landing county',
  'listing detail',
  'broker directory',
  'broker profile',
  'valuation',
  'land values',
  'favorites',
])

const profiles = [
  { name: 'Slow 4G', throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4 }, lcpTargetMs: 1800, scoresPages: true },
  { name: 'rural', throttling: { rttMs: 700, throughputKbps: 400, cpuSlowdownMultiplier: 4 }, lcpTargetMs: 4000, scoresPages: false },
] as const

const transferTargetKilobytes = 250

const pageKey = (page: BenchPage) => `${page.site.key}/${page.name.replace(/ /g, '-')}`

interface Measure {
  lcpMs: number
  fcpMs: number
  tbtMs: number
  cls: number
  totalKilobytes: number
  scriptKilobytes: number
  scriptRequests: number
  accessibility: number | null
  seo: number | null
  indexable: boolean
}

function measureOf(result: Result): Measure {
  const numeric = (audit: string) => result.audits[audit]?.numericValue ?? Number.NaN
  const items =
    (result.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number; requestCount: number }[] } | undefined)?.items ?? []
  const scripts = items.find((item) => item.resourceType === 'script')
  const score = (category: string) => {
    const value = result.categories[category]?.score
    return typeof value === 'number' ? Math.round(value * 100) : null
  }
  return {
    lcpMs: numeric('largest-contentful-paint'),
    fcpMs: numeric('first-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    totalKilobytes: numeric('total-byte-weight') / 1024,
    scriptKilobytes: (scripts?.transferSize ?? 0) / 1024,
    scriptRequests: scripts?.requestCount ?? 0,
    accessibility: score('accessibility'),
    seo: score('seo'),
    indexable: result.audits['is-crawlable']?.score !== 0,
  }
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** The median of each figure over the runs (each figure on its own, as Lighthouse's CLI reports them). */
function medianMeasure(measures: Measure[]): Measure {
  const of = (pick: (measure: Measure) => number | null) => {
    const values = measures.map(pick).filter((value): value is number => value !== null)
    return values.length ? median(values) : null
  }
  return {
    lcpMs: of((measure) => measure.lcpMs)!,
    fcpMs: of((measure) => measure.fcpMs)!,
    tbtMs: of((measure) => measure.tbtMs)!,
    cls: of((measure) => measure.cls)!,
    totalKilobytes: of((measure) => measure.totalKilobytes)!,
    scriptKilobytes: of((measure) => measure.scriptKilobytes)!,
    scriptRequests: of((measure) => measure.scriptRequests)!,
    accessibility: of((measure) => measure.accessibility),
    seo: of((measure) => measure.seo),
    indexable: measures.every((measure) => measure.indexable),
  }
}

function missedTargets(measure: Measure, profile: (typeof profiles)[number]) {
  return [
    measure.lcpMs > profile.lcpTargetMs && `LCP > ${profile.lcpTargetMs / 1000} s`,
    measure.totalKilobytes > transferTargetKilobytes && `> ${transferTargetKilobytes} KB`,
    measure.cls > 0 && 'CLS > 0',
    measure.accessibility !== null && measure.accessibility < 100 && 'a11y < 100',
    measure.indexable && measure.seo !== null && measure.seo < 100 && 'SEO < 100',
  ].filter(Boolean)
}

async function main() {
  prepareBenchDatabase()
  ensureFreshBuild()
  const database = new SQLite(path.join(benchDataDir, 'marketplace.db'), { readonly: true })
  const pages = benchPages(database).filter(
    (page) => measuredPageNames.has(page.name) && (!onlyPrefixes || onlyPrefixes.some((prefix) => pageKey(page).startsWith(prefix))),
  )
  database.close()
  if (!pages.length) throw new Error(`No page matches --only ${options.only}`)

  const { version } = createRequire(import.meta.url)('lighthouse/package.json') as { version: string }
  const protocol = options.http2 ? 'HTTPS and HTTP/2 (a local front)' : 'plain HTTP/1.1'
  console.log(
    `Lighthouse ${version}, mobile, simulated throttling, over ${protocol}, median of ${runs} run${runs === 1 ? '' : 's'}; a11y and SEO scored in the Slow 4G runs;`,
    options.uncached
      ? 'every page as rendered for its request (no page cache)'
      : "public pages as the server's page cache keeps them (each run after another visit within the minute), private pages as rendered for the visitor",
  )
  const serverEnv = { DATA_DIR: benchDataDir, PAGE_CACHE: options.uncached ? 'off' : 'on' }
  const builds: Build[] = []
  try {
    builds.push(await startBuild('this', serverEnv))
    if (options.baseline) builds.unshift(await startBuild('baseline', serverEnv, path.resolve(options.baseline)))
    await measurePages(pages, builds)
  } finally {
    for (const build of builds) await build.stop()
  }
}

/** A checkout's production server (and its HTTP/2 front with `--http2`), named for the table. */
async function startBuild(label: string, env: Record<string, string>, cwd?: string) {
  const server = await startProductionServer(env, { cwd })
  const front = options.http2 ? await startHttp2Front(server.port) : undefined
  return {
    label,
    fetchPage: server.fetchPage,
    origin: (page: BenchPage) => (front ? `https://${page.site.devHost}:${front.port}` : `http://${page.site.devHost}:${server.port}`),
    async stop() {
      await front?.close()
      server.child.kill('SIGTERM')
      await server.exited
    },
  }
}

type Build = Awaited<ReturnType<typeof startBuild>>

async function measurePages(pages: BenchPage[], builds: Build[]) {
  // No browser is downloaded: Debian's Chromium, which resolves *.localhost to this machine itself.
  const chrome = await launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // The front's certificate is its own.
      ...(options.http2 ? ['--ignore-certificate-errors'] : []),
    ],
  })
  const rows: { page: BenchPage; profile: (typeof profiles)[number]; build: Build; measure: Measure }[] = []
  try {
    for (const page of pages) {
      const cookies = new Map<Build, string>()
      if (page.isPrivate) for (const build of builds) cookies.set(build, await demoBuyerCookie(build.fetchPage, page.site))
      for (const profile of profiles) {
        const flags = (build: Build): Flags => ({
          port: chrome.port,
          logLevel: 'error',
          formFactor: 'mobile',
          throttlingMethod: 'simulate',
          throttling: profile.throttling,
          onlyCategories: profile.scoresPages ? ['performance', 'accessibility', 'seo'] : ['performance'],
          extraHeaders: page.isPrivate ? { Cookie: cookies.get(build)! } : undefined,
        })
        const results = new Map<Build, Result[]>(builds.map((build) => [build, []]))
        // The builds' runs alternate, so a busy moment of a shared machine falls on both alike.
        for (let run = 0; run < runs; run++) {
          for (const build of builds) {
            if (!page.isPrivate && !options.uncached) await visitBefore(build.fetchPage, page)
            results.get(build)!.push(await audit(`${build.origin(page)}${page.path}`, flags(build)))
          }
        }
        for (const build of builds) {
          const measure = medianMeasure(results.get(build)!.map(measureOf))
          rows.push({ page, profile, build, measure })
          if (rows.length === 1) console.log(builds.length > 1 ? `${'build'.padEnd(10)}${tableLine(tableHeader)}` : tableLine(tableHeader))
          console.log(tableRow(page, profile, measure, builds.length > 1 ? build.label : undefined))
          if (options.detail) console.log(`${requestDetail(results.get(build)!.at(-1)!)}\n${simulatedLcpDetail()}`)
        }
      }
    }
  } finally {
    chrome.kill()
  }
  const current = rows.filter((row) => row.build === builds.at(-1))
  const missing = current.filter((row) => missedTargets(row.measure, row.profile).length).length
  console.log(missing ? `${missing} of ${current.length} page profiles miss a target` : `all ${current.length} page profiles meet the targets`)
  if (builds.length > 1)
    printShares(
      rows.filter((row) => row.build === builds[0]).map((row) => row.measure),
      current.map((row) => row.measure),
    )
}

/** This checkout's LCP, FCP and bytes as a share of the baseline's, per profile and page, and their median. */
function printShares(baseline: Measure[], current: Measure[]) {
  const shares = (pick: (measure: Measure) => number) => current.map((measure, index) => pick(measure) / pick(baseline[index]!))
  const describe = (name: string, values: number[]) =>
    `${name} ${(median(values) * 100).toFixed(1)} % of the baseline's (from ${(Math.min(...values) * 100).toFixed(1)} to ${(Math.max(...values) * 100).toFixed(1)} %)`
  console.log('This checkout against the baseline, median over the page profiles:')
  console.log(
    `  ${describe(
      'LCP',
      shares((measure) => measure.lcpMs),
    )}`,
  )
  console.log(
    `  ${describe(
      'FCP',
      shares((measure) => measure.fcpMs),
    )}`,
  )
  console.log(
    `  ${describe(
      'bytes',
      shares((measure) => measure.totalKilobytes),
    )}`,
  )
}

/**
 * A visit just before a run, as another visitor's within the minute: a public page is then measured
 * as the server's page cache keeps it (compressed again, harder, in the second after: decision
 * 0045), as most visitors of a popular page get it, and not as its first render in the minute.
 */
async function visitBefore(fetchPage: SiteRequest, page: BenchPage) {
  await (await fetchPage(page.site.devHost, page.path, { headers: { 'accept-encoding': 'br' } })).arrayBuffer()
  await sleep(1_000)
}

/** Lighthouse's report of one run; a run whose trace failed (it happens: NO_NAVSTART) is run again. */
async function audit(url: string, flags: Flags, attempts = 3): Promise<Result> {
  const result = (await lighthouse(url, flags))?.lhr
  if (result && !result.runtimeError) return result
  const failure = `${url}: ${result?.runtimeError?.message ?? 'no result'}`
  if (attempts <= 1) throw new Error(failure)
  console.error(`${failure}; running it again`)
  return audit(url, flags, attempts - 1)
}

/** A run's requests (largest first), its unused JavaScript and its LCP element: where a page's bytes and its LCP go. */
function requestDetail(result: Result) {
  type Request = { url: string; resourceType?: string; transferSize?: number; networkRequestTime?: number; networkEndTime?: number }
  const requests = (result.audits['network-requests']?.details as { items?: Request[] } | undefined)?.items ?? []
  const lines = [...requests]
    .sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0))
    .map((request) => {
      const kilobytes = ((request.transferSize ?? 0) / 1024).toFixed(1).padStart(7)
      const timing = `${(request.networkRequestTime ?? 0).toFixed(0).padStart(6)}–${(request.networkEndTime ?? 0).toFixed(0).padEnd(6)} ms`
      return `    ${kilobytes} KB ${timing} ${(request.resourceType ?? '').padEnd(10)} ${new URL(request.url).pathname}`
    })
  type LcpTables = { items?: { items?: { node?: { snippet?: string }; phase?: string; timing?: number }[] }[] }
  const lcpTables = (result.audits['largest-contentful-paint-element']?.details as LcpTables | undefined)?.items
  const lcpElement = lcpTables?.[0]?.items?.[0]?.node?.snippet
  const lcpPhases = (lcpTables?.[1]?.items ?? []).map((phase) => `${phase.phase} ${Math.round(phase.timing ?? 0)} ms`).join(', ')
  type Unused = { url: string; totalBytes: number; wastedBytes: number }
  const unused = ((result.audits['unused-javascript']?.details as { items?: Unused[] } | undefined)?.items ?? []).map(
    (script) => `    unused JS ${(script.wastedBytes / 1024).toFixed(1)} of ${(script.totalBytes / 1024).toFixed(1)} KB in ${new URL(script.url).pathname}`,
  )
  // What the unthrottled load saw: the simulation counts the requests that ended before its LCP.
  const observed = (result.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {}
  const observedTimes = ['observedFirstContentfulPaint', 'observedLargestContentfulPaint', 'observedLoad']
    .map((name) => `${name.replace('observed', '')} ${Math.round(observed[name] ?? 0)} ms`)
    .join(', ')
  return [...lines, ...unused, `    LCP element: ${lcpElement ?? '?'}`, `    LCP phases: ${lcpPhases || '?'}`, `    observed: ${observedTimes}`].join('\n')
}

/**
 * How Lighthouse's simulation (Lantern) timed the last run's LCP: the requests and main-thread tasks
 * of its optimistic and pessimistic graphs (LCP is their mean), each with its simulated start and end.
 */
function simulatedLcpDetail() {
  const lines: string[] = []
  for (const graph of ['optimistic', 'pessimistic']) {
    const timings = Simulation.Simulator.allNodeTimings.get(`${graph}LargestContentfulPaint`)
    if (!timings) continue
    lines.push(`    simulated ${graph} LCP graph:`)
    for (const [node, timing] of [...timings].sort(([, a], [, b]) => a.startTime - b.startTime)) {
      const what =
        node.type === 'network'
          ? `${node.request.resourceType ?? ''} ${node.request.url.slice(0, 100)} ${(node.request.transferSize / 1024).toFixed(1)} KB`
          : `main-thread task`
      lines.push(`      ${timing.startTime.toFixed(0).padStart(6)}–${timing.endTime.toFixed(0).padEnd(6)} ms ${what}`)
    }
  }
  return lines.join('\n')
}

const tableHeader = ['page', 'profile', 'LCP s', 'FCP s', 'TBT ms', 'CLS', 'KB', 'JS KB', 'JS req', 'a11y', 'SEO', '  missed']
const columnWidths = [26, 9, 7, 7, 7, 7, 7, 7, 7, 6, 6, 0]
const tableLine = (cells: string[]) => cells.map((cell, index) => (index < 2 ? cell.padEnd(columnWidths[index]!) : cell.padStart(columnWidths[index]!))).join('')

/** A row as soon as its runs are done: a long run that fails later keeps what it measured. */
function tableRow(page: BenchPage, profile: (typeof profiles)[number], measure: Measure, buildLabel?: string) {
  const cells = [
    pageKey(page),
    profile.name,
    (measure.lcpMs / 1000).toFixed(2),
    (measure.fcpMs / 1000).toFixed(2),
    measure.tbtMs.toFixed(0),
    measure.cls.toFixed(3),
    measure.totalKilobytes.toFixed(0),
    measure.scriptKilobytes.toFixed(0),
    measure.scriptRequests.toFixed(0),
    String(measure.accessibility ?? '–'),
    measure.indexable ? String(measure.seo ?? '–') : 'noidx',
    `  ${missedTargets(measure, profile).join(', ') || 'ok'}`,
  ]
  return buildLabel ? `${buildLabel.padEnd(10)}${tableLine(cells)}` : tableLine(cells)
}

await main()
