/**
 * A throwaway PostgreSQL server on loopback for the data-layer tests, from the machine's
 * Debian packages. TEST_POSTGRES_URL, when set, is used instead.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface TestPostgres {
  url: string
  stop: () => void
  /** Stops the server as a crash would, keeping its data; `resume` starts it again (a fault test). */
  pause: () => void
  resume: () => void
}

export function findPostgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!fs.existsSync(root)) return undefined
  const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))
  return versions.map((version) => path.join(root, version, 'bin')).find((bin) => fs.existsSync(path.join(bin, 'initdb')))
}

export function startTestPostgres(port = 54329): TestPostgres | undefined {
  if (process.env.TEST_POSTGRES_URL) return { url: process.env.TEST_POSTGRES_URL, stop: () => {}, pause: () => {}, resume: () => {} }
  const bin = findPostgresBinaries()
  if (!bin) return undefined
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'test-postgres-'))
  const dataFolder = path.join(folder, 'data')
  // PostgreSQL refuses to run as root; as root, run it as the packaged 'postgres' user.
  const asRoot = process.getuid?.() === 0
  if (asRoot) fs.chownSync(folder, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()))
  const run = (command: string, args: string[]) => {
    const [file, fileArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]] : [path.join(bin, command), args]
    execFileSync(file, fileArgs, { stdio: 'pipe' })
  }
  run('initdb', ['-D', dataFolder, '-A', 'trust', '-U', 'postgres', '--no-sync'])
  const serverOptions = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`
  const start = () => run('pg_ctl', ['-D', dataFolder, '-o', serverOptions, '-l', path.join(folder, 'server.log'), '-w', 'start'])
  start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pause: () => run('pg_ctl', ['-D', dataFolder, '-m', 'immediate', 'stop']),
    resume: start,
    stop: () => {
      try {
        // A paused server that was never resumed is already stopped.
        if (fs.existsSync(path.join(dataFolder, 'postmaster.pid'))) run('pg_ctl', ['-D', dataFolder, '-m', 'immediate', 'stop'])
      } finally {
        fs.rmSync(folder, { recursive: true, force: true })
      }
    },
  }
}
