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
import { tickScheduledJobs } from './scheduled-jobs'
import { prepareData } from './prepare-data'
import { productionServerArguments } from '../server/node-command'

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

// Every minute, every due scheduled job starts (scripts/scheduled-jobs.ts), each under its own
// lease, so any number of servers run each once and a slow feed import delays no other (decision
// 0066); elsewhere run `npm run jobs` from cron. Links in e-mails name the sites' configured origins
// (SITE_ORIGINS, decision 0046): this machine's *.localhost hosts on PORT unless configured.
const jobsDb = openDatabase()
const tick = () => tickScheduledJobs(jobsDb).catch((error: unknown) => console.error('Scheduled jobs failed:', error))
void tick()
setInterval(tick, 60 * 1000).unref()
