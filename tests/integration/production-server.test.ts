import { readFileSync, readdirSync, statSync } from 'node:fs'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { sessionCookie } from '../support/http'
import { productionServer } from '../support/server'
import { contactableListing, openTestDatabase } from '../support/test-database'

/**
 * The production server (issue 18 items 1–3, decision 0023), through a real connection: the
 * security headers on every kind of answer, compression, health checks, request ids and logs,
 * HTTP caching for a CDN, the session cookie's Secure flag, and the refusal of cross-site posts.
 */
const { fetchPage, logs } = productionServer()
const land = 'land.localhost'
const demoBuyer = { email: 'demo.buyer@example.com', password: 'demo-buyer-1' }
const searchPath = '/search/texas-land-for-sale/'

const builtScript = readdirSync('build/client/assets').find((file) => file.endsWith('.js'))!

/** The nonce the answer's Content-Security-Policy names for scripts. */
function policyNonce(response: Response) {
  return response.headers.get('content-security-policy')?.match(/script-src[^;]*'nonce-([^']+)'/)?.[1]
}

describe('security headers on every answer', () => {
  const answers = {
    'a page': () => fetchPage(land, '/'),
    'an API call': () => fetchPage(land, '/api/authenticate/isloggedin'),
    'a built asset': () => fetchPage(land, `/assets/${builtScript}`),
    'a 404 page': () => fetchPage(land, '/no-such-place-at-all/really-not/'),
    'a health check': () => fetchPage('anything.example', '/healthz'),
    'a photo': () => fetchPage(land, '/resizedimages/480/720/cover/60/webp/1-96'),
  }
  /** Never drawn as a document: the policy allows them nothing, with no nonce to name (decision 0023). */
  const subresources = new Set(['an API call', 'a built asset', 'a photo'])
  for (const [kind, answer] of Object.entries(answers)) {
    test(kind, async () => {
      const response = await answer()
      const policy = response.headers.get('content-security-policy') ?? ''
      expect(policy).toContain("frame-ancestors 'self'")
      if (subresources.has(kind)) {
        expect(policy).toMatch(/^default-src 'none';/)
        expect(policy).not.toContain('unsafe-inline')
      } else {
        expect(policy).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/)
        expect(policy.match(/script-src[^;]*/)?.[0]).not.toContain('unsafe-inline')
        expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin')
      }
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('permissions-policy')).toContain('camera=()')
      expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/)
      // Plain http: no HSTS, which would pin a local run to HTTPS.
      expect(response.headers.get('strict-transport-security')).toBeNull()
    })
  }

  test('a photo or a script carries none of the headers only a document acts on (decision 0023)', async () => {
    for (const response of [await answers['a photo'](), await answers['a built asset']()]) {
      expect(response.status).toBe(200)
      for (const header of ['cross-origin-opener-policy', 'x-frame-options', 'x-xss-protection', 'origin-agent-cluster'])
        expect(response.headers.get(header)).toBeNull()
    }
  })

  test('the 404 page is a 404, the asset is cached for good', async () => {
    expect((await answers['a 404 page']()).status).toBe(404)
    expect((await answers['a built asset']()).headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  test('over HTTPS from a trusted proxy, HSTS too', async () => {
    const response = await fetchPage(land, '/healthz', { headers: { 'x-forwarded-proto': 'https' } })
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000')
  })

  test("each page has its own nonce, on every script it runs and on nothing else's", async () => {
    const pages = await Promise.all([fetchPage(land, searchPath), fetchPage(land, searchPath)])
    const nonces = pages.map(policyNonce)
    expect(nonces[0]).toBeTruthy()
    expect(nonces[0]).not.toBe(nonces[1])
    for (const [index, page] of pages.entries()) {
      const html = await page.text()
      const runnable = [...html.matchAll(/<script(?![^>]*type="(?:application\/(?:ld\+)?json|text\/plain)")[^>]*>/g)].map((match) => match[0])
      expect(runnable.length).toBeGreaterThan(2)
      for (const tag of runnable) expect(tag).toContain(`nonce="${nonces[index]}"`)
      expect(html).toContain(`<meta property="csp-nonce" content="" nonce="${nonces[index]}"/>`)
    }
  })
})

describe('compression, health and logs', () => {
  test('pages go out compressed with brotli, or gzip for a client without it', async () => {
    const brotli = await fetchPage(land, searchPath, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(brotli.headers.get('content-encoding')).toBe('br')
    const gzip = await fetchPage(land, searchPath, { headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(gzip.headers.get('vary')).toContain('Accept-Encoding')
  })

  test("a page kept in the server's cache goes out again compressed harder, to each browser that takes Brotli however it asks, and never to one that does not (decision 0045)", async () => {
    // A page no other test here asks for: its first answer fills the cache.
    const path = '/Oklahoma'
    const ask = (acceptEncoding: string) => fetchPage(land, path, { headers: { 'accept-encoding': acceptEncoding } })
    const first = await ask('gzip, deflate, br')
    expect(first.headers.get('x-page-cache')).toBeNull()
    const firstBytes = Buffer.from(await first.arrayBuffer())
    const html = brotliDecompressSync(firstBytes)
    // Chromium's own way of asking, and another browser's, get the same kept page, once it is compressed again.
    for (const acceptEncoding of ['gzip, deflate, br, zstd', 'br;q=1.0, gzip;q=0.8, *;q=0.1']) {
      await expect
        .poll(async () => {
          const again = await ask(acceptEncoding)
          const bytes = Buffer.from(await again.arrayBuffer())
          expect([again.headers.get('x-page-cache'), again.headers.get('content-encoding'), again.headers.get('etag')]).toEqual([
            'hit',
            'br',
            first.headers.get('etag'),
          ])
          expect(Number(again.headers.get('content-length'))).toBe(bytes.length)
          expect(brotliDecompressSync(bytes).equals(html)).toBe(true)
          return bytes.length
        })
        .toBeLessThan(firstBytes.length * 0.97)
    }
    const gzip = await ask('gzip')
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(await gzip.arrayBuffer()).length).toBeGreaterThan(0)
  })

  test('built scripts go out as the build compressed them: Brotli at its strongest, gzip without it, else the file (decision 0043)', async () => {
    const framework = readdirSync('build/client/assets').find((file) => /^framework-.*\.js$/.test(file))!
    const file = readFileSync(`build/client/assets/${framework}`)
    const ask = (acceptEncoding: string) => fetchPage(land, `/assets/${framework}`, { headers: { 'accept-encoding': acceptEncoding } })
    const brotli = await ask('gzip, deflate, br')
    expect(brotli.headers.get('content-encoding')).toBe('br')
    expect(brotli.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(brotli.headers.get('vary')).toContain('Accept-Encoding')
    expect(Number(brotli.headers.get('content-length'))).toBe(statSync(`build/client/assets/${framework}.br`).size)
    // Smaller than the per-answer compression would make it.
    expect(Number(brotli.headers.get('content-length'))).toBeLessThan(brotliCompressSync(file, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length)
    expect(brotliDecompressSync(await brotli.arrayBuffer()).equals(file)).toBe(true)
    const gzip = await ask('gzip')
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(await gzip.arrayBuffer()).equals(file)).toBe(true)
    const plain = await ask('identity')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(Buffer.from(await plain.arrayBuffer()).equals(file)).toBe(true)
  })

  test('/healthz answers while the process is up and /readyz while the database answers, on any host', async () => {
    for (const host of [land, '10.0.0.7:3000']) {
      const health = await fetchPage(host, '/healthz')
      expect([health.status, await health.text()]).toEqual([200, 'ok'])
      const ready = await fetchPage(host, '/readyz')
      expect([ready.status, await ready.text()]).toEqual([200, 'ok'])
    }
  })

  test('one JSON log line per request, with the request id it answered; a sane incoming id is kept', async () => {
    const kept = await fetchPage(land, '/healthz', { headers: { 'x-request-id': 'cdn-7f3a.42' } })
    expect(kept.headers.get('x-request-id')).toBe('cdn-7f3a.42')
    const replaced = await fetchPage(land, '/healthz', { headers: { 'x-request-id': 'no spaces <or> brackets' } })
    const requestId = replaced.headers.get('x-request-id')
    expect(requestId).toMatch(/^[\w-]{36}$/)
    await expect.poll(() => logs().find((entry) => entry.requestId === requestId)).toMatchObject({ method: 'GET', host: land, path: '/healthz', status: 200 })
    const entry = logs().find((line) => line.requestId === 'cdn-7f3a.42')!
    expect(Object.keys(entry).sort()).toEqual(['durationMs', 'host', 'method', 'path', 'pid', 'requestId', 'status', 'time'])
    expect(typeof entry.durationMs).toBe('number')
  })
})

describe('HTTP caching', () => {
  test('anonymous pages are public for a CDN with a strong ETag; the same ETag answers 304 without a body', async () => {
    for (const [path, sMaxAge] of [
      ['/', 60],
      [searchPath, 60],
      [contactableListing(3).path, 60],
      ['/Texas', 300],
      ['/broker/', 300],
      ['/sitemap.xml', 300],
      ['/robots.txt', 300],
    ] as const) {
      const page = await fetchPage(land, path)
      expect(page.status, path).toBe(200)
      expect(page.headers.get('cache-control'), path).toBe(`public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=${sMaxAge === 60 ? 300 : 3600}`)
      const etag = page.headers.get('etag')
      expect(etag, path).toMatch(/^"[\w-]+"$/)
      const again = await fetchPage(land, path, { headers: { 'if-none-match': etag! } })
      expect(again.status, path).toBe(304)
      expect(await again.text()).toBe('')
      expect(again.headers.get('etag')).toBe(etag)
      // The browser keeps the policy stored with its copy, whose scripts carry its nonce.
      expect(again.headers.get('content-security-policy')).toBeNull()
    }
  })

  test('a page names what it varies on: the login cookie, and the visitor location headers where it reads them', async () => {
    expect((await fetchPage(land, searchPath)).headers.get('vary')).toMatch(/^Cookie\b/)
    expect((await fetchPage(land, '/')).headers.get('vary')).toMatch(/x-visitor-zip, x-visitor-state, Cookie/)
  })

  test('a stale ETag gets the whole page', async () => {
    const page = await fetchPage(land, searchPath, { headers: { 'if-none-match': '"not-this-page"' } })
    expect(page.status).toBe(200)
    expect((await page.text()).length).toBeGreaterThan(1000)
  })

  test('a signed-in person’s pages are private, never shared, and carry no ETag', async () => {
    const cookie = await sessionCookie(fetchPage, land, demoBuyer, '192.0.2.231')
    for (const path of ['/', searchPath, '/account']) {
      const page = await fetchPage(land, path, { headers: { cookie } })
      expect(page.status, path).toBe(200)
      expect(page.headers.get('cache-control'), path).toBe('private, no-store')
      expect(page.headers.get('etag'), path).toBeNull()
    }
  })
})

describe('the session cookie', () => {
  const login = (headers: Record<string, string>, address: string) =>
    fetchPage(land, '/login', {
      method: 'POST',
      body: new URLSearchParams({ ...demoBuyer, redirectTo: '/' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${land}`, 'x-forwarded-for': address, ...headers },
    })

  test('is not Secure over plain http, so a local run keeps its login; the login’s answer is never cached', async () => {
    const response = await login({}, '192.0.2.232')
    expect(response.status).toBe(303)
    expect(response.headers.get('set-cookie')).toMatch(/^__session=/)
    expect(response.headers.get('set-cookie')).not.toMatch(/;\s*Secure/i)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
  })

  // Secure and __Host- follow the site's configured origin, not the request (decision 0047): tests/integration/origins.test.ts.
})

describe('a form sent from another site', () => {
  test("is answered 403 with the site's own error page, and nothing is stored", async () => {
    const listing = contactableListing(4)
    const db = openTestDatabase()
    const leads = () => (db.prepare('select count(*) as n from leads where listing_id = ?').get(listing.id) as { n: number }).n
    try {
      const before = leads()
      const response = await fetchPage('farm.localhost', listing.path, {
        method: 'POST',
        body: new URLSearchParams({ intent: 'contact', name: 'Pat Buyer', email: 'pat@example.com', phone: '(512) 555-0123', message: 'Hello' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'x-forwarded-for': '192.0.2.234' },
      })
      expect(response.status).toBe(403)
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
      const html = await response.text()
      // The farm site's layout, title and error text.
      expect(html).toContain('data-site="farm"')
      expect(html).toContain('Farm &amp; Ranch Finder</title>')
      expect(html).toContain('The form was sent from another website, so nothing was saved.')
      expect(leads()).toBe(before)
    } finally {
      db.close()
    }
  })

  test('a same-site form, or one whose browser sends no Origin, still posts', async () => {
    const listing = contactableListing(5)
    for (const origin of ['http://land.localhost', undefined]) {
      const response = await fetchPage(land, listing.path, {
        method: 'POST',
        body: new URLSearchParams({ intent: 'contact', name: 'Pat', email: 'pat@example', phone: '(512) 555-0123', message: 'Hi' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '192.0.2.235', ...(origin ? { origin } : {}) },
      })
      // The action ran: its own answer to an invalid e-mail, not a refusal.
      expect(response.status).toBe(400)
      expect(await response.text()).toContain('id="contact-seller"')
    }
  })
})
