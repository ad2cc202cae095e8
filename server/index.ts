/**
 * The production server (decisions 0023 and 0025): the app's Express server from the build, on
 * PORT (default 3000) and HOST (default all interfaces), in WEB_CONCURRENCY worker processes
 * (default: one per core) behind that one port (node:cluster; the primary hands connections to
 * the workers, passes a worker's `broadcast` messages to the others and starts a new worker when one dies). On SIGTERM or SIGINT every worker stops
 * accepting connections, lets the requests in flight finish, closes the database and exits 0;
 * whatever is still running after 10 s is cut off (exit 1). The database is migrated and seeded
 * before this starts (`npm start`), never by a worker.
 */
import cluster, { type Worker } from 'node:cluster'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import { answerMetricsQuestions } from './cluster-metrics'

interface ProductionServerBuild {
  /** Why this configuration must not serve (an http origin in production…), or undefined. */
  configurationProblem: () => string | undefined
  warmUp: () => Promise<void>
  createApp: () => { listen: (port: number, host: string | undefined, done: () => void) => Server }
  closeDb: () => Promise<void>
}

const shutdownLimitMs = 10_000
/** Connections kept alive between requests are closed this often while shutting down. */
const idleSweepMs = 100
/** A worker that died is replaced after this pause, so a worker failing at start does not spin. */
const restartPauseMs = 1_000

const logEvent = (event: string, fields: Record<string, unknown> = {}) => console.log(JSON.stringify({ time: new Date().toISOString(), event, ...fields }))

function workerCount() {
  const configured = Number(process.env.WEB_CONCURRENCY)
  return Number.isInteger(configured) && configured > 0 ? configured : os.availableParallelism()
}

/** One process serving requests: the only one when WEB_CONCURRENCY is 1, else a worker of the primary below. */
async function serve(build: ProductionServerBuild) {
  await build.warmUp()

  const server = build.createApp().listen(Number(process.env.PORT ?? 3000), process.env.HOST || undefined, () => {
    // The port it got (PORT=0 asks for any free one); with workers, the primary announces the server.
    const { port } = server.address() as AddressInfo
    if (cluster.isPrimary) logEvent('listening', { port, pid: process.pid })
  })

  let isShuttingDown = false
  function shutDown(signal: NodeJS.Signals) {
    if (isShuttingDown) return
    isShuttingDown = true
    logEvent('shutting down', { signal, pid: process.pid })
    setTimeout(() => {
      console.error(`Requests still running ${shutdownLimitMs / 1000} s after ${signal}: exiting without them`)
      process.exit(1)
    }, shutdownLimitMs).unref()
    // Idle keep-alive connections would hold the server open; busy ones close once their answer is sent.
    setInterval(() => server.closeIdleConnections(), idleSweepMs).unref()
    server.close(() => {
      build
        .closeDb()
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          console.error('Closing the database failed', error)
          process.exit(1)
        })
    })
  }
  process.on('SIGTERM', shutDown)
  process.on('SIGINT', shutDown)
}

/** The primary of several workers: forks them, replaces one that dies, and passes a shutdown on to all. */
function supervise(count: number) {
  let isShuttingDown = false
  let shutdownExitCode = 0
  const listening = new Set<number>()
  let isAnnounced = false

  const fork = () => cluster.fork()
  cluster.on('listening', (worker: Worker, address) => {
    listening.add(worker.id)
    if (isAnnounced || listening.size < count) return
    isAnnounced = true
    logEvent('listening', { port: address.port, pid: process.pid, workers: Object.values(cluster.workers ?? {}).map((each) => each?.process.pid) })
  })
  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id)
    if (isShuttingDown) {
      if (code !== 0) shutdownExitCode = 1
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(shutdownExitCode)
      return
    }
    logEvent('worker died', { pid: worker.process.pid, code, signal })
    setTimeout(fork, restartPauseMs)
  })
  // A worker's news for the others (listings changed: app/models/listings/listing-changes.server.ts).
  cluster.on('message', (sender, message: { broadcast?: boolean }) => {
    if (!message?.broadcast) return
    for (const worker of Object.values(cluster.workers ?? {})) if (worker && worker !== sender) worker.send(message)
  })
  answerMetricsQuestions()
  for (let worker = 0; worker < count; worker += 1) fork()

  function shutDown(signal: NodeJS.Signals) {
    if (isShuttingDown) return
    isShuttingDown = true
    logEvent('shutting down', { signal, pid: process.pid })
    // Each worker finishes its own requests within the limit; one that does not is cut off just after.
    setTimeout(() => {
      console.error(`Workers still running ${shutdownLimitMs / 1000} s after ${signal}: stopping them`)
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL')
      process.exit(1)
    }, shutdownLimitMs + 500).unref()
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal)
  }
  process.on('SIGTERM', shutDown)
  process.on('SIGINT', shutDown)
}

// Made by `react-router build` (server/app.ts is its entry); named in a variable, TypeScript leaves it to run time.
const serverBuildPath = '../build/server/index.js'
const build = (await import(serverBuildPath)) as ProductionServerBuild
const configurationProblem = build.configurationProblem()
if (configurationProblem) {
  console.error(`The server does not start: ${configurationProblem}`)
  process.exit(1)
}
const count = workerCount()
if (cluster.isPrimary && count > 1) supervise(count)
else await serve(build)
