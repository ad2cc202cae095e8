import { spawn } from 'node:child_process'
import http from 'node:http'
import type https from 'node:https'
import net from 'node:net'
import readline from 'node:readline'
import type { SiteFetch } from './http'
import { productionServerArguments } from '../../server/node-command'

/**
 * The production server (server/index.ts on the build) as `npm start` runs it, in its own process
 * on a free port of 127.0.0.1, for tests of what it adds around the pages (security headers,
 * compression, cross-site refusals, health checks, logs, shutdown). It trusts X-Forwarded-Proto
 * from the test (TRUST_PROXY=loopback); `env` adds settings. One process unless `env` asks for
 * more workers (WEB_CONCURRENCY): the machine running the tests has few cores for many things.
 * `cwd` runs another checkout's server on its own build (a benchmark's baseline).
 */
export async function startProductionServer(env: Record<string, string> = {}, { cwd }: { cwd?: string } = {}) {
  const child = spawn(process.execPath, productionServerArguments, {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SITE_ENVIRONMENT: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      TRUST_PROXY: 'loopback',
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  /** The JSON lines it printed: its request log and its own events. */
  const logs: Record<string, unknown>[] = []
  /** Every line it printed, on stdout and stderr (still shown on the test's stderr): its logs, warnings and errors. */
  const output: string[] = []
  child.stderr!.pipe(process.stderr)
  readline.createInterface({ input: child.stderr! }).on('line', (line) => output.push(line))
  const port = await new Promise<number>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line)
      try {
        const entry = JSON.parse(line) as Record<string, unknown>
        logs.push(entry)
        if (entry.event === 'listening') resolve(entry.port as number)
      } catch {
        // Not one of its JSON lines.
      }
    })
    child.on('exit', (code) => reject(new Error(`The server exited with ${code} before listening`)))
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, port, logs, output, exited, fetchPage: siteFetch(port) }
}

export type ProductionServer = Awaited<ReturnType<typeof startProductionServer>>

/** Answers that have no body, which a Response refuses to be made with. */
const nullBodyStatuses = new Set([101, 103, 204, 205, 304])

/**
 * Sends `init` through Node's `http.request` or `https.request` with `options` (host, port, TLS)
 * and answers as fetch would, nothing decompressed: the browser's side of a test, on any port.
 */
export function requestAsFetch(
  send: (options: https.RequestOptions, onResponse: (response: http.IncomingMessage) => void) => http.ClientRequest,
  options: https.RequestOptions,
  init: RequestInit,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = send({ ...options, method: init.method ?? 'GET' }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const answerHeaders = new Headers()
        for (const [name, value] of Object.entries(response.headers)) {
          for (const item of Array.isArray(value) ? value : [value ?? '']) answerHeaders.append(name, item)
        }
        const status = response.statusCode ?? 0
        const hasBody = !nullBodyStatuses.has(status) && init.method !== 'HEAD'
        resolve(new Response(hasBody ? Buffer.concat(chunks) : null, { status, headers: answerHeaders }))
      })
    })
    request.on('error', reject)
    // Bytes (a multipart upload) as they are; anything else as its text.
    const body = init.body === undefined || init.body === null ? undefined : init.body instanceof Uint8Array ? init.body : String(init.body)
    request.end(body)
  })
}

/** `init`'s headers with the Host a browser sends for `host`, as Node's request options take them. */
export function headersFor(host: string, init: RequestInit) {
  const headers = new Headers(init.headers)
  headers.set('host', host)
  return Object.fromEntries(headers)
}

/**
 * Requests to the server at `port` as a site's browser would send them (Node cannot resolve
 * *.localhost, so the Host header names the site); nothing is decompressed.
 */
export function siteFetch(port: number): SiteFetch {
  return (host, path, init = {}) => requestAsFetch(http.request, { host: '127.0.0.1', port, path, headers: headersFor(host, init) }, init)
}

/**
 * A POST to the server at `port` whose body comes in chunks (no Content-Length) and never ends, as
 * a script may send it: 16 KB every few milliseconds until the server answers; then the answer.
 */
export function postEndlessChunks(port: number, host: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    let answered = false
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { host, 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked', ...headers },
      },
      (response) => {
        answered = true
        clearInterval(sending)
        const parts: Buffer[] = []
        response.on('data', (part: Buffer) => parts.push(part))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: Buffer.concat(parts).toString() }))
      },
    )
    // The server closes the connection once it has answered, while the body is still being sent.
    request.on('error', (error) => {
      clearInterval(sending)
      if (!answered) reject(error)
    })
    const chunk = `message=${'a'.repeat(16 * 1024)}`
    const sending = setInterval(() => request.write(chunk), 5)
  })
}

/** Whether a connection to `port` on 127.0.0.1 is accepted: a server still listens there. */
export function connects(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
