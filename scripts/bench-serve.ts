/**
 * `npm run bench:serve`: the production server (server/index.ts) over the benchmark database,
 * against a bare Node server sending the same bytes (issue 18 item 4, decision 0026). In one run,
 * alternating, autocannon asks each of three servers for the Texas search page with gzip, 10
 * connections for 10 s a turn: (a) the bare server, (b) the production server with its page cache,
 * (c) the production server with PAGE_CACHE=off. Prints requests/s, p50 and p99 for each, the ratio
 * cached/bare (target ≥ 0.5), and p50/p95 of the uncached page asked one at a time.
 * BENCH_ROUNDS (default 2) turns of each; BENCH_WORKERS (default 1) worker processes per server.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'
import { benchDataDir, benchListings, percentile, prepareBenchDatabase, productionBuildPath } from './bench-support'
import { productionServerArguments } from '../server/node-command'

const site = 'land.localhost'
const pagePath = '/search/texas-land-for-sale/'
const rounds = Number(process.env.BENCH_ROUNDS ?? 2)
const workers = process.env.BENCH_WORKERS ?? '1'
const requestHeaders = { host: site, 'accept-encoding': 'gzip' }

const logFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-serve-'))

/**
 * Starts a server whose output goes to a file (its request log is a line a request: reading it
 * here would take this process's time from autocannon) and answers the port its 'listening' line names.
 */
function startLogging(name: string, command: string[], env: Record<string, string> = {}) {
  const logFile = path.join(logFolder, `${name}.log`)
  const output = fs.openSync(logFile, 'w')
  const child = spawn(process.execPath, command, { env: { ...process.env, ...env }, stdio: ['ignore', output, 'inherit'] })
  const port = new Promise<number>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`The ${name} server exited with ${code} before listening`)))
    const poll = setInterval(() => {
      const listening = /"event":"listening","port":(\d+)/.exec(fs.readFileSync(logFile, 'utf8'))
      if (!listening) return
      clearInterval(poll)
      resolve(Number(listening[1]))
    }, 200)
  })
  return { child, port }
}

function startServer(name: string, env: Record<string, string>) {
  return startLogging(name, productionServerArguments, {
    DATA_DIR: benchDataDir,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_CONCURRENCY: workers,
    ...env,
  })
}

/** A server that only sends the page's bytes, as fast as Node can: the ceiling. */
function startBareServer(body: Buffer, headers: Record<string, string>) {
  const bodyFile = path.join(logFolder, 'page.gz')
  fs.writeFileSync(bodyFile, body)
  const source = `
    const body = require('node:fs').readFileSync(${JSON.stringify(bodyFile)})
    const headers = { ...${JSON.stringify(headers)}, 'content-length': body.length }
    const server = require('node:http').createServer((request, response) => response.writeHead(200, headers).end(body))
    server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ event: 'listening', port: server.address().port })))
    process.on('SIGTERM', () => process.exit(0))`
  return startLogging('bare', ['-e', source])
}

function get(port: number) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pagePath, headers: requestHeaders }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

interface Turn {
  requestsPerSecond: number
  p50: number
  p99: number
  failures: number
}

async function load(port: number): Promise<Turn> {
  const result = await autocannon({ url: `http://127.0.0.1:${port}${pagePath}`, connections: 10, duration: 10, headers: requestHeaders })
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failures: result.errors + result.timeouts + result.non2xx }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length

prepareBenchDatabase()
if (!fs.existsSync(productionBuildPath)) throw new Error('No production build: run `npx react-router build` first')

const cached = startServer('cached', {})
const uncached = startServer('uncached', { PAGE_CACHE: 'off' })
const servers: ChildProcess[] = [cached.child, uncached.child]
try {
  const [cachedPort, uncachedPort] = await Promise.all([cached.port, uncached.port])
  const sample = await get(cachedPort)
  if (sample.status !== 200 || sample.headers['content-encoding'] !== 'gzip') throw new Error(`${site}${pagePath} answered ${sample.status} without gzip`)
  const bare = startBareServer(sample.body, {
    'content-type': String(sample.headers['content-type']),
    'content-encoding': 'gzip',
    'cache-control': String(sample.headers['cache-control']),
    etag: String(sample.headers.etag),
    vary: String(sample.headers.vary),
  })
  servers.push(bare.child)
  const barePort = await bare.port

  // The uncached page one request at a time: what one visitor waits for.
  for (let warmUp = 0; warmUp < 20; warmUp++) await get(uncachedPort)
  const timings: number[] = []
  for (let request = 0; request < 200; request++) {
    const startedAt = performance.now()
    await get(uncachedPort)
    timings.push(performance.now() - startedAt)
  }
  timings.sort((a, b) => a - b)

  const targets = [
    { name: 'bare Node server, same gzip bytes', port: barePort, turns: [] as Turn[] },
    { name: 'production server, page cache', port: cachedPort, turns: [] as Turn[] },
    { name: 'production server, PAGE_CACHE=off', port: uncachedPort, turns: [] as Turn[] },
  ]
  for (let round = 0; round < rounds; round++) {
    for (const target of targets) target.turns.push(await load(target.port))
  }

  console.log(
    `\n${site}${pagePath} (${(sample.body.length / 1024).toFixed(1)} KB gzip), ${benchListings.toLocaleString('en-US')} listings, ${workers} worker(s), 10 connections × 10 s × ${rounds} turns each, alternating:`,
  )
  const summaries = targets.map(({ name, turns }) => ({
    name,
    requestsPerSecond: mean(turns.map((turn) => turn.requestsPerSecond)),
    p50: mean(turns.map((turn) => turn.p50)),
    p99: mean(turns.map((turn) => turn.p99)),
    failures: turns.reduce((sum, turn) => sum + turn.failures, 0),
  }))
  for (const { name, requestsPerSecond, p50, p99, failures } of summaries) {
    console.log(
      `  ${name.padEnd(36)} ${requestsPerSecond.toFixed(0).padStart(6)} requests/s   p50 ${p50.toFixed(1)} ms   p99 ${p99.toFixed(1)} ms   ${failures} failures`,
    )
  }
  const ratio = summaries[1]!.requestsPerSecond / summaries[0]!.requestsPerSecond
  console.log(`  cached / bare: ${ratio.toFixed(2)} (target ≥ 0.5)`)
  console.log(`  uncached, one request at a time: p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms`)
} finally {
  for (const server of servers) server.kill('SIGTERM')
}
