import { randomBytes } from 'node:crypto'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { describe, expect, test } from 'vitest'
import { productionServer } from '../support/server'

/**
 * Secrets stay out of logs (issue 33 finding 6), through the production server: a reset key, a
 * login token or a Lands Connector reply token in a request reaches no line the server prints, and
 * no client error or analytics row it stores; the request log names the route pattern instead.
 */
const { fetchPage, logs, output, dataDir } = productionServer({ privateData: 'secrets-in-logs' })
const land = 'land.localhost'
const sameOrigin = { origin: `http://${land}` }

/** A secret no other test makes: if it is anywhere in the output, it came from this request. */
const newSecret = () => randomBytes(18).toString('base64url')

/** The request's own log line, once the server wrote it. */
async function logLineOf(response: Response) {
  const requestId = response.headers.get('x-request-id')
  await expect.poll(() => logs().some((entry) => entry.requestId === requestId)).toBe(true)
  return logs().find((entry) => entry.requestId === requestId)!
}

const printedLinesWith = (secret: string) => output().filter((line) => line.includes(secret))

function readStored(sql: string) {
  const db = new SQLite(path.join(dataDir(), 'marketplace.db'), { readonly: true })
  try {
    return JSON.stringify(db.prepare(sql).all())
  } finally {
    db.close()
  }
}

describe('the request log names the route, not the secret', () => {
  const requests = [
    { name: 'a password reset page', path: (secret: string) => `/reset/${secret}`, logged: '/reset/:resetKey' },
    {
      name: 'the login-by-token endpoint (spec §7)',
      path: (secret: string) => `/api/authenticate/loginviatoken/${secret}/0`,
      method: 'POST',
      logged: '/api/authenticate/loginviatoken/:token/:siteId',
    },
    { name: 'a Lands Connector reply page', path: (secret: string) => `/lands-connector/reply/${secret}/`, logged: '/lands-connector/reply/:token/' },
    { name: "a reply page's data request", path: (secret: string) => `/lands-connector/reply/${secret}.data`, logged: '/lands-connector/reply/:token' },
    { name: 'a page with a login token in its query', path: (secret: string) => `/?token=${secret}`, logged: '/' },
  ]
  for (const { name, path: pathOf, method = 'GET', logged } of requests) {
    test(name, async () => {
      const secret = newSecret()
      const response = await fetchPage(land, pathOf(secret), { method, headers: sameOrigin })
      expect((await logLineOf(response)).path).toBe(logged)
      expect(printedLinesWith(secret)).toEqual([])
    })
  }
})

test('a login token refused for a wrong site id is not printed either', async () => {
  const secret = newSecret()
  const response = await fetchPage(land, `/api/authenticate/loginviatoken/${secret}/1080`, { method: 'POST', headers: sameOrigin })
  expect(response.status).toBe(400)
  await logLineOf(response)
  expect(printedLinesWith(secret)).toEqual([])
})

test("a browser's error report from a page with a token or a reset key is printed and stored without them", async () => {
  const [token, resetKey] = [newSecret(), newSecret()]
  const body = JSON.stringify({
    message: `Failed to load http://${land}/reset/${resetKey}`,
    logSeverity: 'error',
    url: `http://${land}/search/texas-land-for-sale/?token=${token}&view=map`,
    referringUrl: `http://${land}/reset/${resetKey}`,
  })
  const response = await fetchPage(land, '/logging/log/', { method: 'POST', body, headers: { ...sameOrigin, 'content-type': 'application/json' } })
  expect(response.status).toBe(204)
  await expect.poll(() => output().some((line) => line.startsWith('[client log]') && line.includes('token=redacted'))).toBe(true)
  const stored = readStored('select message, page_url, referring_url from client_logs order by id desc limit 1')
  expect(stored).toContain('/search/texas-land-for-sale/?token=redacted&view=map')
  expect(stored).toContain('/reset/:resetKey')
  for (const secret of [token, resetKey]) {
    expect(stored).not.toContain(secret)
    expect(printedLinesWith(secret)).toEqual([])
  }
})

test('an analytics beacon naming a reset page stores page types only', async () => {
  const resetKey = newSecret()
  const body = JSON.stringify({ events: [{ event: 'page', pageType: 'login', path: `/reset/${resetKey}`, url: `http://${land}/reset/${resetKey}` }] })
  const response = await fetchPage(land, '/api/analytics', {
    method: 'POST',
    body,
    headers: { ...sameOrigin, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
  })
  expect(response.status).toBe(204)
  expect(readStored('select * from analytics_events')).not.toContain(resetKey)
})
