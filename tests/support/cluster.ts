import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import https from 'node:https'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { startTestPostgres, type TestPostgres } from '../../scripts/test-postgres'
import type { SiteFetch } from './http'
import { startS3Server } from './s3-server'
import { type ProductionServer, headersFor, requestAsFetch, startProductionServer } from './server-process'

/**
 * Several servers for real (issue 37 item 2): Debian's nginx ending TLS (a throwaway self-signed
 * certificate) in front of two production server processes, each with a data folder of its own,
 * on one PostgreSQL database and one photo bucket (a local s3rver). nginx runs the documented example, docs/operations/nginx-marketplace.conf,
 * with its upstream addresses, port and certificate replaced, and two more copies of its server
 * block that reach one server each (so a test can write through A and read through B).
 */
export const nginxBinary = '/usr/sbin/nginx'
export const exampleConfig = path.resolve('docs/operations/nginx-marketplace.conf')
const siteKeys = ['land', 'farm', 'hunting', 'value'] as const

/** A port no one listens on now. */
async function freePort() {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** The example's first server block (the TLS one), listening on `port` and sending to `upstream`. */
function tlsServerBlock(example: string, port: number, upstream: string, certificate: { cert: string; key: string }) {
  const start = example.indexOf('server {')
  const end = example.indexOf('\nserver {', start + 1)
  return example
    .slice(start, end)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl http2;`)
    .replace(/ssl_certificate \S+;/, `ssl_certificate ${certificate.cert};`)
    .replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${certificate.key};`)
    .replace('proxy_pass http://marketplace;', `proxy_pass http://${upstream};`)
    .replace(/server_name [^;]+;/, `server_name ${siteKeys.map((key) => `${key}.localhost`).join(' ')};`)
}

/** The example's upstream block naming `addresses` (as `name`). */
function upstreamBlock(example: string, name: string, addresses: string[]) {
  const start = example.indexOf('upstream marketplace {')
  const block = example.slice(start, example.indexOf('}', start) + 1)
  const serverLines = [...block.matchAll(/^\s*server \S+( [^;]*)?;$/gm)]
  const options = serverLines[0]![1] ?? ''
  const first = block.indexOf(serverLines[0]![0])
  const last = block.indexOf(serverLines.at(-1)![0]) + serverLines.at(-1)![0].length
  return (
    block.slice(0, first).replace('upstream marketplace', `upstream ${name}`) +
    addresses.map((address) => `\n    server ${address}${options};`).join('') +
    block.slice(last)
  )
}

/** Requests through nginx to both servers (`balanced`), or to one of them. */
export interface ClusterEntrances {
  balanced: SiteFetch
  a: SiteFetch
  b: SiteFetch
}

export interface Cluster {
  /** Requests from the browser at `clientAddress` (a loopback address, 127.0.0.2 and up: nginx sees each as its own client). */
  from: (clientAddress: string) => ClusterEntrances
  servers: { a: ProductionServer; b: ProductionServer }
  /** The settings each server runs with (its data folder, the shared database, bucket and secret): a job runner beside it takes the same. */
  serverEnv: { a: Record<string, string>; b: Record<string, string> }
  /** The origin of a site through one entrance, as a browser there names it (the balanced one's is SITE_ORIGINS'). */
  origin: (siteKey: (typeof siteKeys)[number], entrance?: keyof ClusterEntrances) => string
  databaseUrl: string
  /** nginx's access log lines: what it sent where. */
  nginxLog: () => string[]
  stop: () => Promise<void>
}

/** Sends requests to nginx on `port` as a browser at `localAddress` on `https://{host}` would, trusting the throwaway certificate. */
function tlsFetch(port: number, certificate: string, localAddress: string): SiteFetch {
  return (host, requestPath, init = {}) =>
    requestAsFetch(
      https.request,
      { host: '127.0.0.1', port, localAddress, servername: host, ca: certificate, path: requestPath, headers: headersFor(`${host}:${port}`, init) },
      init,
    )
}

export async function startCluster(options: { listings?: number } = {}): Promise<Cluster> {
  // What was started, stopped in reverse order: by `stop`, or at once when starting fails.
  const cleanups: (() => unknown)[] = []
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  }
  try {
    return await startParts(options, cleanups, stop)
  } catch (error) {
    await stop()
    throw error
  }
}

async function startParts({ listings = 300 }: { listings?: number }, cleanups: (() => unknown)[], stop: () => Promise<void>): Promise<Cluster> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-'))
  cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }))
  const postgres: TestPostgres = startTestPostgres(54395) ?? raise('PostgreSQL binaries not found')
  cleanups.push(() => postgres.stop())
  // A database of its own in the server: the data-layer tests use the default one.
  const databaseName = `cluster_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: postgres.url })
  await admin.connect()
  await admin.query(`create database ${databaseName}`)
  await admin.end()
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: postgres.url })
    await client.connect()
    await client.query(`drop database if exists ${databaseName} with (force)`)
    await client.end()
  })
  const databaseUrl = postgres.url.replace(/\/[^/]*$/, `/${databaseName}`)

  const bucket = await startS3Server()
  cleanups.push(() => bucket.close())

  const dataA = path.join(folder, 'a')
  const dataB = path.join(folder, 'b')
  fs.mkdirSync(dataA)
  fs.mkdirSync(dataB)
  execFileSync('npx', ['tsx', 'scripts/prepare-data.ts'], {
    env: { ...process.env, ...bucket.env, DATABASE_URL: databaseUrl, DATA_DIR: dataA, SEED_LISTINGS: String(listings), SEED_DEMO_USERS: '1' },
    stdio: 'pipe',
  })

  const certificate = { cert: path.join(folder, 'cert.pem'), key: path.join(folder, 'key.pem') }
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=land.localhost',
      '-addext',
      `subjectAltName=${siteKeys.map((key) => `DNS:${key}.localhost`).join(',')}`,
      '-keyout',
      certificate.key,
      '-out',
      certificate.cert,
    ],
    { stdio: 'pipe' },
  )

  const ports = { balanced: await freePort(), a: await freePort(), b: await freePort() }
  const origin = (siteKey: (typeof siteKeys)[number], entrance: keyof ClusterEntrances = 'balanced') => `https://${siteKey}.localhost:${ports[entrance]}`
  const serverEnv = (dataDir: string) => ({
    ...bucket.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    // One hop: nginx. Its X-Forwarded-For and -Proto are believed, a client's own never.
    TRUST_PROXY: '1',
    SESSION_SECRET: 'cluster-test-session-secret-not-for-production',
    SITE_ORIGINS: siteKeys.map((key) => `${key}=${origin(key)}`).join(','),
  })
  const environments = { a: serverEnv(dataA), b: serverEnv(dataB) }
  const [a, b] = await Promise.all([startProductionServer(environments.a), startProductionServer(environments.b)])
  for (const server of [a, b])
    cleanups.push(async () => {
      if (server.child.exitCode === null) server.child.kill('SIGTERM')
      await server.exited
    })

  const example = fs.readFileSync(exampleConfig, 'utf8')
  // nginx's workers (www-data when the test runs as root) buffer large bodies there: a photo upload.
  fs.chmodSync(folder, 0o755)
  const temporaryFolders = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
  for (const kind of temporaryFolders) fs.mkdirSync(path.join(folder, `${kind}-temp`), { mode: 0o777 })
  const accessLog = path.join(folder, 'access.log')
  const config = [
    `pid ${path.join(folder, 'nginx.pid')};`,
    `error_log ${path.join(folder, 'error.log')} warn;`,
    'daemon off;',
    'events { worker_connections 256; }',
    'http {',
    `  access_log ${accessLog} combined;`,
    ...temporaryFolders.map((kind) => `  ${kind}_temp_path ${path.join(folder, `${kind}-temp`)};`),
    upstreamBlock(example, 'marketplace', [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]),
    upstreamBlock(example, 'server_a', [`127.0.0.1:${a.port}`]),
    upstreamBlock(example, 'server_b', [`127.0.0.1:${b.port}`]),
    tlsServerBlock(example, ports.balanced, 'marketplace', certificate),
    tlsServerBlock(example, ports.a, 'server_a', certificate),
    tlsServerBlock(example, ports.b, 'server_b', certificate),
    '}',
  ].join('\n')
  const configFile = path.join(folder, 'nginx.conf')
  fs.writeFileSync(configFile, config)
  execFileSync(nginxBinary, ['-t', '-c', configFile, '-p', folder], { stdio: 'pipe' })
  const nginx = spawn(nginxBinary, ['-c', configFile, '-p', folder], { stdio: ['ignore', 'inherit', 'inherit'] })
  const nginxExited = new Promise((resolve) => nginx.on('exit', resolve))
  cleanups.push(async () => {
    nginx.kill('SIGTERM')
    await nginxExited
  })
  const certificateText = fs.readFileSync(certificate.cert, 'utf8')
  const from = (clientAddress: string): ClusterEntrances => ({
    balanced: tlsFetch(ports.balanced, certificateText, clientAddress),
    a: tlsFetch(ports.a, certificateText, clientAddress),
    b: tlsFetch(ports.b, certificateText, clientAddress),
  })
  // nginx is up when it answers.
  for (let attempt = 0; ; attempt++) {
    try {
      await from('127.0.0.1').balanced('land.localhost', '/healthz')
      break
    } catch (error) {
      if (attempt > 100) throw error
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  return {
    from,
    servers: { a, b },
    serverEnv: environments,
    origin,
    databaseUrl,
    nginxLog: () => (fs.existsSync(accessLog) ? fs.readFileSync(accessLog, 'utf8').split('\n').filter(Boolean) : []),
    stop,
  }
}

function raise(message: string): never {
  throw new Error(message)
}
