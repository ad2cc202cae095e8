import { spawnSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { productionServerArguments } from '../../server/node-command'
import { canonicalHref } from '../support/http'
import { type ProductionServer, productionServer, startProductionServer } from '../support/server'
import { contactableListing } from '../support/test-database'
import { hostileHosts } from '../support/hostile-hosts'
import { catchOutgoingMail } from '../support/smtp'

/**
 * Issue 33 finding 1 (decision 0046): the server writes absolute URLs (reset mails, shared
 * listings, canonical links, sitemaps, robots.txt) on the sites' configured origins only, and a
 * request naming a host it does not serve is refused before any route runs.
 */
const smtp = catchOutgoingMail()
const { fetchPage } = productionServer()
const demoBuyer = 'demo.buyer@example.com'
/** The test database keeps rate-limit windows between runs: each run is a client of its own. */
const clientAddress = `198.51.${Date.now() % 250}.${Math.floor(Math.random() * 250)}`
const form = (fields: Record<string, string>, host: string) => ({
  method: 'POST',
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': clientAddress, origin: `http://${host}` },
})

async function mailsTo(address: string, count: number) {
  for (let wait = 0; wait < 100; wait++) {
    const mails = smtp.received.filter((message) => message.to.includes(address))
    if (mails.length >= count) return mails
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return smtp.received.filter((message) => message.to.includes(address))
}

const linksIn = (mail: { raw: string }) => mail.raw.replace(/=\r?\n/g, '').match(/https?:\/\/[^\s"<>]+/g) ?? []

describe('a Host header this server does not serve', () => {
  test.each(hostileHosts.map((host) => [host.length > 40 ? `a host of ${host.length} characters` : host, host]))(
    '%s is answered 421 for a page, a form and a sitemap',
    async (_name, host) => {
      for (const answer of [
        await fetchPage(host, '/'),
        await fetchPage(host, '/sitemap.xml'),
        await fetchPage(host, '/login/forgot/', form({ email: demoBuyer }, host)),
      ]) {
        expect(answer.status).toBe(421)
        expect(await answer.text()).not.toContain('evil')
      }
    },
  )

  test('mails no link to another domain: the reset mail that follows links to the configured origin', async () => {
    const listing = contactableListing(0)
    for (const host of hostileHosts) {
      expect((await fetchPage(host, '/login/forgot/', form({ email: demoBuyer }, host))).status).toBe(421)
      const share = form({ intent: 'share', senderName: 'Pat', recipients: 'friend@example.com', message: 'Look' }, host)
      expect((await fetchPage(host, listing.path, share)).status).toBe(421)
    }
    expect((await fetchPage('land.localhost', '/login/forgot/', form({ email: demoBuyer }, 'land.localhost'))).status).toBe(303)
    const [mail, ...others] = await mailsTo(demoBuyer, 1)
    expect(others).toEqual([])
    expect(linksIn(mail!).some((link) => link.startsWith('http://land.localhost/reset/'))).toBe(true)
    expect(smtp.received.flatMap(linksIn).filter((link) => link.includes('evil'))).toEqual([])
  })
})

describe('with public origins configured', () => {
  let server: ProductionServer | undefined
  beforeAll(async () => {
    server = await startProductionServer({
      SITE_ORIGINS: 'land=https://www.landatlas.test,farm=https://www.farmfinder.test,hunting=https://wildacres.test,value=https://acreworth.test',
    })
  }, 60_000)
  afterAll(async () => {
    server?.child.kill('SIGTERM')
    await server?.exited
  })
  // A proxy we trust may forward any host a client named; the origin still comes from configuration.
  const behindProxy = { headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } }

  test('canonical links, robots.txt and the sitemap name the configured origin, whichever served host was asked', async () => {
    for (const host of ['www.farmfinder.test', 'farm.localhost']) {
      const home = await server!.fetchPage(host, '/', behindProxy)
      expect(home.status).toBe(200)
      expect(canonicalHref(await home.text())).toBe('https://www.farmfinder.test/')
      expect(await (await server!.fetchPage(host, '/robots.txt', behindProxy)).text()).toContain('Sitemap: https://www.farmfinder.test/sitemap.xml')
      const sitemap = await (await server!.fetchPage(host, '/sitemap.xml', behindProxy)).text()
      expect(sitemap).toContain('<loc>https://www.farmfinder.test/')
      expect(sitemap).not.toContain('evil')
    }
  })

  test('the login cookie of an https site is Secure and __Host- prefixed, through the trusted TLS proxy', async () => {
    const response = await server!.fetchPage('www.landatlas.test', '/login', {
      method: 'POST',
      body: new URLSearchParams({ email: demoBuyer, password: 'demo-buyer-1', redirectTo: '/' }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://www.landatlas.test',
        'x-forwarded-proto': 'https',
        'x-forwarded-for': clientAddress,
      },
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('set-cookie')).toMatch(/^__Host-session=[^;]+;.*Secure/i)
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000')
  })

  test("a configured origin's host is served, its neighbours are not", async () => {
    expect((await server!.fetchPage('acreworth.test', '/')).status).toBe(200)
    expect((await server!.fetchPage('www.acreworth.test', '/')).status).toBe(421)
  })
})

describe('a production server', () => {
  test.each([
    ['a public origin over plain http', { SITE_ORIGINS: 'land=http://www.landatlas.test' }, 'SITE_ORIGINS names http://www.landatlas.test'],
    ['https origins but no TLS proxy named in TRUST_PROXY', { SITE_ORIGINS: 'land=https://www.landatlas.test', TRUST_PROXY: 'false' }, 'set TRUST_PROXY'],
  ])('refuses to start with %s, and says why in one line', (_case, env, reason) => {
    const start = spawnSync(process.execPath, productionServerArguments, {
      env: { ...process.env, NODE_ENV: 'production', SITE_ENVIRONMENT: 'production', PORT: '0', HOST: '127.0.0.1', WEB_CONCURRENCY: '1', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(start.status).toBe(1)
    const lines = start.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(`The server does not start: `)
    expect(lines[0]).toContain(reason)
  })
})
