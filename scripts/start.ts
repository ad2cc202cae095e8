/**
 * `npm start`: build when the sources are newer than the build, prepare the database, then
 * serve all four sites from one production server (server/index.ts, decision 0023) on PORT
 * (default 3000). SIGTERM or Ctrl-C reaches the server, which finishes its requests and exits:
 * package.json starts this script with `exec node --import tsx`, so the process npm signals is this
 * one, not a shell or a tsx launcher that would die alone and leave the server running (issue 34).
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { openDatabase } from '../app/models/db/db.server'
import { savedSearchUpdatesLease, sendSavedSearchUpdates } from '../app/models/accounts/saved-search-updates.server'
import { runWithLease } from '../app/models/jobs/job-leases.server'
import { minuteJobsLease, runScheduledJobs } from './scheduled-jobs'
import { prepareData } from './prepare-data'
import { productionServerArguments } from '../server/node-command'
import { siteDirectory } from '../app/sites/site-origin.server'

const serverBuild = 'build/server/index.js'

function newestModification(folder: string): number {
  let newest = 0
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs)
  }
  return newest
}

function buildIsStale() {
  if (!fs.existsSync(serverBuild)) return true
  const builtAt = fs.statSync(serverBuild).mtimeMs
  return ['app', 'server'].some((folder) => fs.existsSync(folder) && newestModification(folder) > builtAt)
}

if (buildIsStale()) {
  console.log('Building (about a minute)…')
  // Warnings and errors only: the list of some 250 built files is for whoever studies the build (`npm run build`).
  const build = spawnSync('npx', ['react-router', 'build', '--logLevel', 'warn'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

await prepareData()

const port = process.env.PORT ?? '3000'
console.log(`Serving on port ${port}: http://land.localhost:${port} http://farm.localhost:${port} http://hunting.localhost:${port} http://value.localhost:${port}`)
const server = spawn(process.execPath, productionServerArguments, {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', PORT: port },
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))

// Saved-search e-mail updates (Daily, Weekly) go out from here every hour. Links in e-mails (these
// and the lead digests) name the sites' configured origins (SITE_ORIGINS, decision 0046): this
// machine's *.localhost hosts on PORT unless configured.
const updatesDb = openDatabase()
const sendUpdates = () =>
  runWithLease(updatesDb, savedSearchUpdatesLease, () => sendSavedSearchUpdates(updatesDb, siteDirectory))
    .then((run) => run && run.sent + run.failed > 0 && console.log(`Saved-search updates: ${run.sent} e-mails sent, ${run.failed} failed`))
    .catch((error: unknown) => console.error('Saved-search updates failed:', error))
void sendUpdates()
setInterval(sendUpdates, 60 * 60 * 1000).unref()

// Every minute: partner feeds due for a pull are imported, finance-lead webhooks due for a
// retry are sent, and so are the sellers' lead digests due today; finished days of analytics are rolled up. A lease row
// runs each job in one process at a time and claims in the database keep each e-mail to one, however many servers
// run (decision 0026); elsewhere run `npm run jobs` from cron.
const runMinuteJobs = () =>
  runWithLease(updatesDb, minuteJobsLease, () => runScheduledJobs(updatesDb))
    .then((jobs) => {
      if (!jobs) return
      const { feedRuns, retired, leadAttempts, leadDigests, analytics, priceContexts } = jobs
      for (const run of feedRuns) console.log(`Feed import run ${run.runId}: ${run.status}, ${JSON.stringify(run.counts)}`)
      if (retired > 0) console.log(`Feed listings retired after their grace period: ${retired}`)
      if (leadAttempts > 0) console.log(`Finance-lead webhook attempts: ${leadAttempts}`)
      if (leadDigests.sent > 0) console.log(`Lead digests sent: ${leadDigests.sent}`)
      if (analytics.rolledUpDays.length > 0) console.log(`Analytics rolled up: ${analytics.rolledUpDays.join(', ')}`)
      if (priceContexts) console.log(`Price contexts worked out again: ${priceContexts.listings} listings`)
    })
    .catch((error: unknown) => console.error('Scheduled jobs failed:', error))
setInterval(runMinuteJobs, 60 * 1000).unref()
