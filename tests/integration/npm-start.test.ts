import { spawn } from 'node:child_process'
import fs from 'node:fs'
import readline from 'node:readline'
import { afterAll, expect, test } from 'vitest'
import { privateDataDir } from '../support/private-data'
import { connects, siteFetch } from '../support/server-process'

/**
 * Issue 34 item 6: a process manager (systemd, a container runtime) signals the process it
 * started, here `npm start`'s own; the whole server must stop within 10 s, its port freed. npm
 * passes the signal to its script's process, so that process must be the one that serves: a shell
 * and a tsx launcher between them once died alone and left the server running.
 */
const dataDir = privateDataDir('npm-start')
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`${signal} to the process npm start created stops the whole server within 10 s`, async () => {
    const npm = spawn('npm', ['start'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_CONCURRENCY: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)))
    npm.stderr.pipe(process.stderr)
    const port = await new Promise<number>((resolve, reject) => {
      readline.createInterface({ input: npm.stdout }).on('line', (line) => {
        if (line.startsWith('{') && (JSON.parse(line) as { event?: string }).event === 'listening') resolve((JSON.parse(line) as { port: number }).port)
      })
      npm.on('exit', (code) => reject(new Error(`npm start exited with ${code} before listening`)))
    })
    expect((await siteFetch(port)('land.localhost', '/healthz')).status).toBe(200)
    const signalledAt = Date.now()
    npm.kill(signal)
    await exited
    expect(Date.now() - signalledAt).toBeLessThan(10_000)
    // Nothing of the server is left answering on its port.
    expect(await connects(port)).toBe(false)
  }, 60_000)
}
