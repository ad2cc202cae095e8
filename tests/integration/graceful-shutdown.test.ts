import http from 'node:http'
import net from 'node:net'
import { expect, test } from 'vitest'
import { startProductionServer } from '../support/server'
import { connects } from '../support/server-process'

/**
 * Issue 18 item 1: on SIGTERM the production server stops accepting connections, finishes the
 * requests in flight, closes the database and exits 0, leaving its port free, within 10 s.
 */
function portIsFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const probe = net.createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

test('a request in flight when SIGTERM arrives is answered; then the server exits 0 and frees its port', async () => {
  const server = await startProductionServer()
  const beacon = JSON.stringify({ events: [{ event: 'page', pageType: 'home' }] })
  // A beacon whose body arrives slowly: the request is in flight until its last byte.
  const request = http.request({
    host: '127.0.0.1',
    port: server.port,
    path: '/api/analytics',
    method: 'POST',
    headers: {
      host: 'land.localhost',
      origin: 'http://land.localhost',
      'content-type': 'text/plain',
      'content-length': Buffer.byteLength(beacon),
      'x-forwarded-for': '192.0.2.241',
    },
  })
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk.toString()))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
    request.on('error', reject)
  })
  request.write(beacon.slice(0, 10))
  await new Promise((resolve) => setTimeout(resolve, 300))
  const signalledAt = Date.now()
  server.child.kill('SIGTERM')
  await expect.poll(() => server.logs.some((entry) => entry.event === 'shutting down')).toBe(true)
  // No new connection is accepted meanwhile.
  expect(await connects(server.port)).toBe(false)
  request.end(beacon.slice(10))
  const { status } = await answered
  expect(status).toBeGreaterThanOrEqual(200)
  expect(status).toBeLessThan(500)
  expect(await server.exited).toBe(0)
  expect(Date.now() - signalledAt).toBeLessThan(10_000)
  expect(await portIsFree(server.port)).toBe(true)
}, 30_000)
