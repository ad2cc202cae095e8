import { execFile } from 'node:child_process'
import fs from 'node:fs'
import { promisify } from 'node:util'
import pg from 'pg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demoUsers } from '~/models/accounts/demo-users'
import { saveSearch, searchToSave } from '~/models/accounts/saved-search.server'
import { createKysely } from '~/models/db/dialect.server'
import { listingPath } from '~/models/listings/listing-path'
import { sites } from '~/sites/index'
import { resizedImagePath } from '~/models/media/document-ids'
import { draftPhotoUploadPath } from '~/models/sellers/listing-draft'
import { fixedRenditions } from '~/utils/image-renditions'
import { type Cluster, type ClusterEntrances, nginxBinary, startCluster } from '../support/cluster'
import { decodeEntities } from '../support/http'
import { startTestSmtpServer } from '../support/smtp'
import { changePrice, publishListing } from '../support/seller-drafts'

/**
 * Several servers for real (issue 37 item 2): nginx ending TLS in front of two production server
 * processes with their own data folders, on one PostgreSQL and one photo bucket, with the documented nginx example
 * (tests/support/cluster.ts). Each browser is a loopback address of its own, so nginx, and through
 * it the servers, see as many clients as the test makes.
 */
const hasNginx = fs.existsSync(nginxBinary)
const runScript = promisify(execFile)
if (!hasNginx) console.warn(`${nginxBinary} not found: the multi-server test is skipped (Debian's nginx package; .ci/run installs it).`)

let cluster: Cluster
const land = 'land.localhost'
const seller = demoUsers.find((user) => user.email === 'demo.seller@example.com')!
const buyer = demoUsers.find((user) => user.email === 'demo.buyer@example.com')!
const inTravis = { latitude: '30.2672', longitude: '-97.7431' }

/** One browser without scripts at `clientAddress`: it keeps its cookie whichever server answers, and follows no redirect. */
function browser(clientAddress: string) {
  const entrances = cluster.from(clientAddress)
  let cookie = ''
  const send = async (entrance: keyof ClusterEntrances, pathname: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    if (cookie) headers.set('cookie', cookie)
    const response = await entrances[entrance](land, pathname, { ...init, headers })
    const setCookie = response.headers.get('set-cookie')
    if (setCookie) cookie = setCookie.split(';')[0]!
    return response
  }
  const post = (entrance: keyof ClusterEntrances, pathname: string, fields: Record<string, string | string[]>, headers: Record<string, string> = {}) => {
    const body = new URLSearchParams()
    for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item)
    return send(entrance, pathname, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: cluster.origin('land', entrance), ...headers },
    })
  }
  return {
    send,
    get: (entrance: keyof ClusterEntrances, pathname: string) => send(entrance, pathname),
    cookie: () => cookie,
    post,
    logIn: async (entrance: keyof ClusterEntrances, user: { email: string; password: string }) => {
      const response = await post(entrance, '/login', { email: user.email, password: user.password, redirectTo: '/' })
      expect(response.status, `logging in as ${user.email}`).toBe(303)
      return response
    },
  }
}

const pageText = async (response: Response) =>
  decodeEntities(await response.text())
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')

describe.skipIf(!hasNginx)('two servers behind nginx with TLS, on one PostgreSQL', () => {
  beforeAll(async () => {
    cluster = await startCluster()
  }, 180_000)

  afterAll(async () => {
    await cluster?.stop()
  }, 60_000)

  test('nginx deals the requests out to both servers over TLS', async () => {
    const entrance = cluster.from('127.0.0.2').balanced
    const answers = await Promise.all(Array.from({ length: 8 }, () => entrance(land, '/search/texas-land-for-sale/')))
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 200))
    for (const server of [cluster.servers.a, cluster.servers.b])
      await expect.poll(() => server.logs.some((entry) => entry.path === '/search/texas-land-for-sale/')).toBe(true)
  })

  test('because nginx says the request came over https, the session cookie is Secure and HSTS is sent', async () => {
    const login = await browser('127.0.0.3').logIn('a', buyer)
    expect(login.headers.get('set-cookie')).toMatch(/;\s*Secure/i)
    expect(login.headers.get('strict-transport-security')).toBe('max-age=31536000')
    const page = await cluster.from('127.0.0.3').b(land, '/')
    expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000')
  })

  test('a session started on A is honoured on B, and once signed out on A it is refused on B', async () => {
    const person = browser('127.0.0.4')
    await person.logIn('a', buyer)
    expect((await person.get('b', '/account/')).status).toBe(200)
    const sessionCookie = person.cookie()
    const signedOut = await person.post('a', '/logout', {})
    expect(signedOut.status).toBe(303)
    // The old cookie, kept as a thief would: the session is gone on the server, not only in the browser.
    const refused = await cluster.from('127.0.0.4').b(land, '/account/', { headers: { cookie: sessionCookie } })
    expect(refused.status).toBe(302)
    expect(refused.headers.get('location')).toMatch(/^\/login/)
  })

  test('the login limit counts the tries sent to both servers, per browser address as nginx saw it; a forged X-Forwarded-For changes nothing', async () => {
    const tryLogin = (clientAddress: string, attempt: number) =>
      browser(clientAddress).post(
        attempt % 2 === 0 ? 'a' : 'b',
        '/login',
        { email: `nobody-${attempt}@example.com`, password: 'not-the-password-1', redirectTo: '/' },
        {
          // A different address forged on every try: were it believed, no limit would ever be reached.
          'x-forwarded-for': `203.0.113.${attempt}`,
        },
      )
    const statuses: number[] = []
    for (let attempt = 0; attempt < 24; attempt++) statuses.push((await tryLogin('127.0.0.5', attempt)).status)
    expect(statuses.slice(0, 20)).toEqual(Array.from({ length: 20 }, () => 400))
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429])
    // Another browser is not held back by the first one's tries.
    expect((await tryLogin('127.0.0.6', 0)).status).toBe(400)
  })

  test('a listing published on A is on B’s pages, and its new price reaches B within 2 seconds', async () => {
    const person = browser('127.0.0.7')
    await person.logIn('a', seller)
    const post = (pathname: string, fields: Record<string, string | string[]>) => person.post('a', pathname, fields)
    const id = await publishListing(post, inTravis)
    const client = new pg.Client({ connectionString: cluster.databaseUrl })
    await client.connect()
    const { rows } = await client.query<{ acres: number; countyName: string; stateAbbreviation: string }>(
      `select listings.acres, counties.name || ' ' || counties.suffix as "countyName", states.abbreviation as "stateAbbreviation"
       from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id where listings.id = $1`,
      [id],
    )
    await client.end()
    const publicPath = listingPath(sites.land, { id, acres: Number(rows[0]!.acres), countyName: rows[0]!.countyName, stateAbbreviation: rows[0]!.stateAbbreviation })
    const fromB = cluster.from('127.0.0.8').b
    // B read the page into its cache before the change.
    expect(await pageText(await fromB(land, publicPath))).toContain('$480,000')
    await changePrice(post, id, '450000')
    const changedAt = performance.now()
    await expect.poll(async () => (await pageText(await fromB(land, publicPath))).includes('$450,000'), { timeout: 2_000, interval: 100 }).toBe(true)
    console.log(`The new price was on B's page ${Math.round(performance.now() - changedAt)} ms after A published it.`)
  })

  test('a photo a seller uploads through A is served by B, from the bucket they share', async () => {
    const person = browser('127.0.0.10')
    await person.logIn('a', seller)
    const started = await person.post('a', '/account/listings/new/', { state: 'TX', county: 'Travis', city: 'Austin', ...inTravis, intent: 'next' })
    const draftId = Number(/\/drafts\/(\d+)\//.exec(started.headers.get('location') ?? '')?.[1])
    expect(draftId).toBeGreaterThan(0)
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#5a8', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
      .jpeg()
      .toBuffer()
    const form = new FormData()
    form.append('photos', new File([new Uint8Array(photo)], 'meadow.jpg', { type: 'image/jpeg' }))
    const multipart = new Request('https://land.localhost/', { method: 'POST', body: form })
    const uploaded = await person.send('a', draftPhotoUploadPath(draftId), {
      method: 'POST',
      body: new Uint8Array(await multipart.arrayBuffer()),
      headers: { 'content-type': multipart.headers.get('content-type')!, origin: cluster.origin('land', 'a'), accept: 'application/json' },
    })
    expect(uploaded.status).toBe(200)
    const answer = (await uploaded.json()) as { stored: { documentId: number }[] }
    const imagePath = resizedImagePath(answer.stored[0]!.documentId, fixedRenditions.draftPhoto)
    const fromB = await cluster.from('127.0.0.11').b(land, imagePath)
    expect(fromB.status).toBe(200)
    expect(await sharp(Buffer.from(await fromB.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 240, height: 160 })
  })

  test('with the scheduled jobs run beside both servers at once, a due saved-search e-mail goes out once', async () => {
    const db = createKysely({ postgresUrl: cluster.databaseUrl })
    const smtp = await startTestSmtpServer()
    try {
      const { id: userId } = await db.selectFrom('users').select('id').where('email', '=', buyer.email).executeTakeFirstOrThrow()
      const search = (await searchToSave(db, sites.land, '/search/texas-land-for-sale/'))!
      await saveSearch(db, { userId, siteId: sites.land.siteId, search })
      const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()
      await db
        .updateTable('saved_searches')
        .set({ notify: 'Daily', created_at: daysAgo(3) })
        .where('user_id', '=', userId)
        .where('path', '=', search.path)
        .execute()
      // A Texas listing new since the search was saved.
      const texas = await db
        .selectFrom('listings')
        .innerJoin('states', 'states.id', 'listings.state_id')
        .select('listings.id')
        .where('states.abbreviation', '=', 'TX')
        .where('listings.status', '=', 1)
        .executeTakeFirstOrThrow()
      await db
        .updateTable('listings')
        .set({ created_at: daysAgo(1) })
        .where('id', '=', texas.id)
        .execute()
      // One job runner beside each server, as cron starts them every minute on each machine.
      const runJobs = (server: 'a' | 'b') =>
        runScript('npx', ['tsx', 'scripts/scheduled-jobs.ts'], { env: { ...process.env, ...cluster.serverEnv[server], SMTP_URL: smtp.url } })
      await Promise.all([runJobs('a'), runJobs('b')])
      expect(smtp.received.filter((mail) => mail.to.includes(buyer.email))).toHaveLength(1)
      const runs = await db.selectFrom('job_runs').select('name').where('name', '=', 'saved-search-updates').execute()
      expect(runs).toHaveLength(1)
    } finally {
      await smtp.stop()
      await db.destroy()
    }
  }, 120_000)

  test('when A is killed mid-request, B goes on serving through nginx', async () => {
    const entrance = cluster.from('127.0.0.9').balanced
    const inFlight = Array.from({ length: 6 }, () =>
      entrance(land, '/search/texas-land-for-sale/').then(
        (answer) => answer.status,
        () => 'dropped',
      ),
    )
    cluster.servers.a.child.kill('SIGKILL')
    await cluster.servers.a.exited
    await Promise.all(inFlight)
    const after = await Promise.all(Array.from({ length: 6 }, () => entrance(land, '/search/texas-land-for-sale/')))
    expect(after.map((answer) => answer.status)).toEqual(Array.from({ length: 6 }, () => 200))
  })
})
