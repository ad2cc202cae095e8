/**
 * `npm run fuzz` (issue 18 item 7): for each site, URLs made by the real URL grammars (search,
 * listing, landing, broker, directory, valuation, land-value, sitemap paths and the API calls)
 * and then mutated, plus every form of the site posted with random fields, with and without a
 * session, all sent to the production server (server/index.ts on a private copy of the test
 * database) eight at a time. Prints per site the requests sent, the status histogram, the
 * answers of 500 and above, the hangs (no answer in 10 s) and the p99 time; each 500 or hang is
 * saved under tests/fuzz-cases/ for tests/integration/fuzz-cases.test.ts to replay.
 *
 *   npm run fuzz -- [--per-site 10000] [--seed 1] [--concurrency 8]
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { parseArgs } from 'node:util'
import fc from 'fast-check'
import { generate } from 'otplib'
import { parse as parseHtml } from 'node-html-parser'
import pLimit from 'p-limit'
import { brokerSortOptions, brokerTypeOptions } from '~/models/brokers/broker-directory'
import { type ValuationInputs, valuationAccuracyPath, valuationPath } from '~/models/valuation/valuation-path'
import { buildBrokerDirectoryPath } from '~/sites/broker-directory-path'
import { brokerDirectoryPath, brokerPagePath } from '~/models/brokers/broker-path'
import { sites } from '~/sites/index'
import { landValuesPath } from '~/models/valuation/land-values-path'
import { hasLandingPages, landingPath, nationalLandingPath } from '~/models/places/landing-path'
import { listingPath } from '~/models/listings/listing-path'
import { buildSearchPath } from '~/models/search/search-path'
import { sitemapFilePath, sitemapPath } from '~/models/sitemaps/sitemap-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { percentile } from './bench-support'
import { type FuzzCase, fuzzCaseFolder, fuzzSessionUsers } from '../tests/support/fuzz-cases'
import { privateDataDir } from '../tests/support/private-data'
import { startProductionServer } from '../tests/support/server-process'
import { forgetUsedTotpStep, openTestDatabase } from '../tests/support/test-database'
import { searchCriteriaArbitrary, valuationInputsArbitrary } from '../tests/support/url-arbitraries'

const { values: options } = parseArgs({
  options: {
    'per-site': { type: 'string', default: '10000' },
    seed: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '8' },
  },
})
const perSite = Number(options['per-site'])
const seed = Number(options.seed)
const hangMs = 10_000

// ---------------------------------------------------------------------------
// A seeded random source, so that a run can be repeated.

let randomState = seed >>> 0 || 1
function random() {
  // mulberry32
  randomState = (randomState + 0x6d2b79f5) >>> 0
  let t = randomState
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
}
const integer = (max: number) => Math.floor(random() * max)
const pick = <Value>(items: readonly Value[]): Value => items[integer(items.length)]!
const chance = (probability: number) => random() < probability
const samples = <Value>(arbitrary: fc.Arbitrary<Value>, count: number) => fc.sample(arbitrary, { numRuns: count, seed: seed + count })

// ---------------------------------------------------------------------------
// The database's real places, listings and brokers, so that many URLs name something that exists.

function prepareTestData() {
  const run = (command: string, args: string[], env: Record<string, string> = {}) => {
    const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
    if (result.status !== 0) process.exit(result.status ?? 1)
  }
  if (!fs.existsSync('build/server/index.js')) run('npx', ['react-router', 'build'])
  // The fuzzer posts forms signed in as the demo accounts too (decision 0050).
  run('npx', ['tsx', 'scripts/prepare-data.ts'], {
    DATA_DIR: process.env.DATA_DIR ?? '.test-data',
    SEED_LISTINGS: process.env.SEED_LISTINGS ?? '3000',
    SEED_DEMO_USERS: '1',
  })
}

function readRealNames() {
  const db = openTestDatabase()
  try {
    const all = <Row>(sql: string) => db.prepare(sql).all() as Row[]
    return {
      states: all<{ slug: string; abbreviation: string }>('select slug, abbreviation from states'),
      counties: all<{ slug: string; stateSlug: string }>(
        'select counties.slug, states.slug as stateSlug from counties join states on states.id = counties.state_id',
      ),
      regions: all<{ slug: string }>('select slug from regions'),
      cities: all<{ slug: string }>('select slug from cities order by random() limit 500'),
      listings: all<{ id: number; acres: number; countyName: string; stateAbbreviation: string; imageIds: string | null }>(
        `select listings.id, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation, listings.image_ids as imageIds
         from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id order by random() limit 500`,
      ),
      brokers: all<{ id: number; contactName: string | null; companyName: string | null }>(
        'select id, contact_name as contactName, company_name as companyName from accounts order by random() limit 300',
      ),
    }
  } finally {
    db.close()
  }
}

type RealNames = ReturnType<typeof readRealNames>

/** 'Travis-County-TX' → 'travis-county' (the search grammar's and valuation's county token). */
const countyToken = (slug: string) => slug.toLowerCase().replace(/-[a-z]{2}$/, '')

// ---------------------------------------------------------------------------
// Seed URLs from the grammars.

function seedUrls(site: SiteProfile, names: RealNames, count: number): string[] {
  const stateTokens = names.states.map((state) => state.slug.toLowerCase())
  const placeTokens = [...names.counties.map((county) => countyToken(county.slug)), ...names.regions.map((region) => region.slug.toLowerCase())]
  const makers: (() => string)[] = [
    () => '/',
    () => '/robots.txt',
    () => '/sitemap.xml',
    () => pick(['/login', '/signup', '/login/forgot', '/feedback', '/financing', '/find']),
  ]
  if (site.searchGrammar) {
    const criteria = [
      ...samples(searchCriteriaArbitrary({ withBroker: site.searchGrammar === 'land' }), Math.ceil(count / 4)),
      ...samples(
        searchCriteriaArbitrary({ withBroker: false, states: fc.constantFrom(...stateTokens), places: fc.constantFrom(...placeTokens) }),
        Math.ceil(count / 4),
      ),
    ]
    makers.push(
      () => buildSearchPath(site, pick(criteria)),
      () => buildSearchPath(site, pick(criteria)),
      () => buildSearchPath(site, pick(criteria), { view: 'map' }),
      () => `/map-points${buildSearchPath(site, pick(criteria))}`,
      () => `/download/search?url=${encodeURIComponent(buildSearchPath(site, pick(criteria)))}`,
      () => listingPath(site, pick(names.listings)),
      () => listingPath(site, pick(names.listings)),
      () => `/flyer/${pick(names.listings).id}`,
      () => `/listing-map/${pick(names.listings).id}/${pick(['outline', 'location', 'x'])}.svg`,
      () => `/externallink/${pick(names.listings).id}/${pick(['listing', 'auction', 'website', 'x'])}`,
      () => sitemapPath(site, { kind: 'state', stateSlug: pick(names.states).slug }),
      () => sitemapPath(site, { kind: 'county', countySlug: pick(names.counties).slug, page: 1 + integer(3) }),
      () =>
        sitemapPath(site, { kind: pick(['featured-listing', 'new-listing'] as const), stateAbbreviation: pick(names.states).abbreviation, page: 1 + integer(3) }),
      () => sitemapFilePath({ kind: { listingsOf: pick(names.states).abbreviation.toLowerCase() }, part: 1 + integer(2) }),
      () => sitemapFilePath({ kind: pick(['landings', 'searches', 'brokers', 'pages'] as const), part: 1 }),
    )
  }
  const listing = names.listings.find((row) => row.imageIds)
  const imageIds = names.listings.flatMap((row) =>
    row.imageIds
      ? String(row.imageIds)
          .split(/[^\d]+/)
          .filter(Boolean)
      : [],
  )
  if (listing && imageIds.length > 0) {
    makers.push(
      () =>
        `/resizedimages/${pick([0, 120, 400, 900])}/${pick([0, 160, 600, 1200])}/${pick(['cover', 'contain', 'inside'])}/${pick([60, 80])}/${pick(['', 'webp/', 'avif/'])}1-${pick(imageIds)}`,
    )
  }
  if (site.brokerPathStyle) {
    makers.push(
      () => brokerPagePath(site, pick(names.brokers), pick(['profile', 'listings'] as const), 1 + integer(3))!,
      () => `/propertylink/${pick(names.brokers).id}`,
    )
  }
  if (brokerDirectoryPath(site)) {
    makers.push(() =>
      buildBrokerDirectoryPath(site, {
        state: chance(0.6) ? pick(stateTokens) : undefined,
        brokerType: chance(0.5) ? pick(brokerTypeOptions).word : undefined,
        sort: pick(brokerSortOptions).key,
        page: 1 + integer(5),
        name: chance(0.2) ? pick(['smith', 'land co', '']) : undefined,
      }),
    )
  }
  if (hasLandingPages(site)) {
    makers.push(
      () => nationalLandingPath,
      () => landingPath({ kind: 'state', slug: pick(names.states).slug }),
      () => landingPath({ kind: 'county', slug: pick(names.counties).slug }),
      () => landingPath({ kind: 'region', slug: pick(names.regions).slug }),
      () => landingPath({ kind: 'city', slug: pick(names.cities).slug }),
    )
  }
  if (!site.searchGrammar) {
    const counties = names.counties.map((county) => ({ state: county.stateSlug.toLowerCase(), county: countyToken(county.slug) }))
    const valuations = [
      ...samples(valuationInputsArbitrary(), Math.ceil(count / 4)),
      ...samples(valuationInputsArbitrary(), Math.ceil(count / 4)).map((inputs): ValuationInputs => ({ ...inputs, ...pick(counties) })),
    ]
    makers.push(
      () => valuationPath(pick(valuations)),
      () => valuationPath(pick(valuations)),
      () => valuationAccuracyPath,
      () => `/value?${new URLSearchParams({ state: pick(stateTokens), county: pick(counties).county, acres: String(integer(5000)) })}`,
      () => landValuesPath(),
      () => landValuesPath(pick(stateTokens)),
      () => landValuesPath(pick(counties).state, pick(counties).county),
    )
  }
  makers.push(() => pick(apiPaths(site, names)))
  return Array.from({ length: count }, () => pick(makers)())
}

function apiPaths(site: SiteProfile, names: RealNames) {
  const ids = () => names.listings.slice(0, 1 + integer(5)).map((listing) => listing.id)
  return [
    `/api/featureflag/${pick(['recentlyViewed', 'betaMap', 'x'])}`,
    `/api/Property/getviewedlistings/${ids().join('-')}`,
    `/api/property/searchUrl/${site.siteId}?state=${pick(names.states).slug}`,
    `/api/popular/${pick(['statenames', 'PropertyTypeNames'])}/${pick([0, 48, site.siteId])}`,
    `/api/validation/validatePhoneNumber/${pick(['5125550123', '123', '+15125550123'])}`,
    `/api/location/financeByLocationData/${site.siteId}/${integer(4)}/${pick(['48', '48453', '48453-48491', ''])}`,
    `/api/content/financeCenterFullInfo/${integer(12)}`,
    '/api/authenticate/isloggedin',
    `/api/authenticate/logininfo/${site.siteId}`,
    `/api/authenticate/loginviatoken/${'a'.repeat(1 + integer(40))}/${site.siteId}`,
    `/api/locations?q=${pick(['tex', 'travis', 'a', ''])}`,
    `/map-shapes/${pick(['states.geojson', 'counties-48.geojson', 'counties-99.geojson'])}`,
    `/search-map/${pick(['0', '1', 'x'])}.svg`,
    '/data-layer/runtime.js',
    `/ads/${integer(50)}/click`,
    '/api/nothing',
  ]
}

// ---------------------------------------------------------------------------
// Mutations: what crawlers, scanners and broken links send.

const oddTokens = [
  'zzz',
  'page-0',
  'page--1',
  'sort-',
  'price-under-',
  'acres-over-abc',
  'undefined',
  'null',
  '..',
  '.',
  '~',
  'index.php',
  'wp-admin',
  'CON',
  '%20',
  '+',
  '%2B',
]
const oddQueries = [
  '?page=999999999999',
  '?view=map&view=list',
  '?keywords=%ff%fe',
  '?keywords=' + 'k'.repeat(3000),
  '?a[b][c]=1',
  '?__proto__[x]=1',
  '?=',
  '?&&&',
  '?utm_source=%00',
  '?redirectTo=//evil.example',
  '?redirectTo=https://evil.example/',
  '?id=1%27%20or%201=1--',
  '?q=%E0%A4%A',
  '?view=map&west=abc&south=1e400',
]

function mutate(url: string): string {
  const [pathname = '/', query] = url.split(/\?(.*)/s)
  let segments = pathname.split('/').filter(Boolean)
  const operations = 1 + integer(2)
  let suffix = query ? `?${query}` : ''
  for (let step = 0; step < operations; step++) {
    const at = integer(segments.length + 1)
    switch (integer(12)) {
      case 0:
        segments.splice(at, 0, pick(oddTokens))
        break
      case 1:
        if (segments.length > 0) segments.splice(at, 0, segments[integer(segments.length)]!)
        break
      case 2:
        segments = segments
          .map((segment) => ({ segment, order: random() }))
          .sort((a, b) => a.order - b.order)
          .map((item) => item.segment)
        break
      case 3:
        segments.splice(at, 0, 'x'.repeat(10_240))
        break
      case 4:
        segments.splice(at, 0, pick(['%2e%2e%2f', '%2e%2e', '..%2f..%2fetc%2fpasswd', '%2e%2e%5c']))
        break
      case 5:
        segments.splice(at, 0, pick(['%00', 'a%00b', '%00.svg']))
        break
      case 6:
        segments.splice(at, 0, pick(['page-99999999', 'page-1e9', 'page-2147483648', 'page-9007199254740993', 'page-0001']))
        break
      case 7:
        segments.splice(at, 0, pick(['%ff%fe', '%c3%28', '%e2%82', '%ed%a0%80', '%F0%9F%98%80']))
        break
      case 8:
        suffix = pick(oddQueries)
        break
      case 9:
        if (segments.length > 0) segments.splice(integer(segments.length), 1)
        break
      case 10:
        segments = segments.map((segment) => (chance(0.5) ? segment.toUpperCase() : segment))
        break
      case 11:
        if (segments.length > 0) segments[integer(segments.length)] += pick(['-', '--', '.json', '.xml', ';x', '%20', '\u00e9'].map(encodeURI))
        break
    }
  }
  return `/${segments.join('/')}${chance(0.5) ? '/' : ''}${suffix}`.replace(/^\/\//, '/')
}

// ---------------------------------------------------------------------------
// Sending.

interface Sent extends FuzzCase {
  status: number | 'hang' | 'error'
  ms: number
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Number(options.concurrency) })

function send(
  port: number,
  request: FuzzCase,
  cookie?: string,
): Promise<{ status: number | 'hang' | 'error'; ms: number; body: string; setCookie?: string; location?: string }> {
  const started = performance.now()
  return new Promise((resolve) => {
    const headers: Record<string, string> = { host: request.host, 'x-forwarded-for': `198.18.${integer(256)}.${integer(256)}`, ...request.headers }
    if (cookie) headers.cookie = cookie
    if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body))
    const outgoing = http.request({ host: '127.0.0.1', port, path: request.path, method: request.method, headers, agent, timeout: hangMs }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          ms: performance.now() - started,
          body: Buffer.concat(chunks).toString('utf8'),
          setCookie: response.headers['set-cookie']?.[0],
          location: response.headers.location,
        }),
      )
    })
    outgoing.on('timeout', () => {
      outgoing.destroy()
      resolve({ status: 'hang', ms: hangMs, body: '' })
    })
    outgoing.on('error', (error) =>
      resolve({ status: outgoing.destroyed && performance.now() - started >= hangMs ? 'hang' : 'error', ms: performance.now() - started, body: String(error) }),
    )
    outgoing.end(request.body)
  })
}

// ---------------------------------------------------------------------------
// Forms: found on the site's pages, posted back with random fields.

interface FoundForm {
  action: string
  fields: { name: string; values: string[] }[]
  session?: FuzzCase['session']
}

const formPages = ['/', '/login', '/signup', '/login/forgot', '/feedback', '/financing', '/lands-connector/new', '/addlisting', '/value', '/find']
const sessionFormPages = [
  '/account/details',
  '/account/savedsearches',
  '/account/listings/new',
  '/account/leads',
  '/lands-connector/new',
  '/account/valuations',
  '/account',
]

function formsOf(html: string, pagePath: string, session?: FuzzCase['session']): FoundForm[] {
  return parseHtml(html)
    .querySelectorAll('form')
    .filter((form) => (form.getAttribute('method') ?? 'get').toLowerCase() === 'post')
    .map((form) => {
      const fields = new Map<string, string[]>()
      for (const element of form.querySelectorAll('input, select, textarea, button')) {
        const name = element.getAttribute('name')
        if (!name) continue
        const values = fields.get(name) ?? []
        const options =
          element.tagName === 'SELECT'
            ? element.querySelectorAll('option').map((option) => option.getAttribute('value') ?? option.text)
            : [element.getAttribute('value') ?? '']
        fields.set(name, [...values, ...options])
      }
      return { action: form.getAttribute('action') || pagePath, fields: [...fields].map(([name, values]) => ({ name, values })), session }
    })
}

const oddValues = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  '99999999999999999999',
  '3.14',
  'true',
  '[object Object]',
  '漢字🙂',
  '\u0000',
  '\ud800',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  'fuzz@example.com',
  'a@b',
  'x'.repeat(10_240),
  '2024-02-30',
  '+1 (512) 555-0123',
]

function randomBody(form: FoundForm) {
  const body = new URLSearchParams()
  for (const field of form.fields) {
    if (chance(0.15)) continue
    const value = chance(0.5) ? pick(field.values) : pick(oddValues)
    body.append(field.name, value)
    if (chance(0.05)) body.append(field.name, pick(oddValues))
  }
  if (chance(0.2)) body.append(pick(['intent', '_action', 'id', 'listingId', 'redirectTo', 'page', pick(oddValues)]), pick(oddValues))
  return body.toString()
}

function formPosts(form: FoundForm, host: string, count: number): FuzzCase[] {
  return Array.from({ length: count }, () => {
    const kind = integer(10)
    const headers: Record<string, string> = { origin: `http://${host}` }
    let body = randomBody(form)
    if (kind === 0) {
      headers['content-type'] = 'multipart/form-data'
    } else if (kind === 1) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(Object.fromEntries(new URLSearchParams(body)))
    } else if (kind === 2) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = `%ff%fe=%ff&${'a'.repeat(integer(3)) || '%'}=%E0%A4%A`
    } else {
      headers['content-type'] = 'application/x-www-form-urlencoded'
    }
    return { method: 'POST', host, path: chance(0.1) ? mutate(form.action) : form.action, headers, body, session: form.session }
  })
}

async function logIn(port: number, host: string, { email, password, totpSecret }: (typeof fuzzSessionUsers)[keyof typeof fuzzSessionUsers], dataDir: string) {
  const post = (path: string, fields: Record<string, string>, cookie?: string) =>
    send(
      port,
      {
        method: 'POST',
        host,
        path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}` },
        body: new URLSearchParams(fields).toString(),
      },
      cookie,
    )
  const answer = await post('/login', { email, password, redirectTo: '/' })
  const cookie = answer.setCookie?.split(';')[0]
  if (!totpSecret || !answer.location?.startsWith('/login/verify/')) return cookie
  // The demo administrator's second factor (decision 0052); its last code may have been this step's, on another site.
  forgetUsedTotpStep(email, path.join(dataDir, 'marketplace.db'))
  const verified = await post('/login/verify/', { code: await generate({ secret: totpSecret }), redirectTo: '/' }, cookie)
  return verified.setCookie?.split(';')[0]
}

// ---------------------------------------------------------------------------

async function main() {
  prepareTestData()
  const names = readRealNames()
  const dataDir = privateDataDir('fuzz')
  const server = await startProductionServer({ DATA_DIR: dataDir })
  const limit = pLimit(Number(options.concurrency))
  const failures: Sent[] = []
  const rows: string[] = []
  try {
    for (const site of Object.values(sites)) {
      const host = `${site.key}.localhost`
      const cookies: Partial<Record<NonNullable<FuzzCase['session']>, string>> = {}
      for (const [role, user] of Object.entries(fuzzSessionUsers)) cookies[role as keyof typeof fuzzSessionUsers] = await logIn(server.port, host, user, dataDir)
      const forms: FoundForm[] = []
      for (const page of formPages) {
        const answer = await send(server.port, { method: 'GET', host, path: page })
        if (answer.status === 200) forms.push(...formsOf(answer.body, page))
      }
      const listing = names.listings[0]!
      for (const page of [site.searchGrammar ? listingPath(site, listing) : undefined, site.brokerPathStyle ? brokerPagePath(site, names.brokers[0]!) : undefined]) {
        if (!page) continue
        const answer = await send(server.port, { method: 'GET', host, path: page })
        if (answer.status === 200) forms.push(...formsOf(answer.body, page))
      }
      for (const role of ['seller', 'admin'] as const) {
        for (const page of sessionFormPages) {
          const answer = await send(server.port, { method: 'GET', host, path: page }, cookies[role])
          if (answer.status === 200) forms.push(...formsOf(answer.body, page, role).filter((form) => !form.action.startsWith('/logout')))
        }
      }
      const postsPerForm = Math.max(5, Math.round(perSite / 10 / Math.max(1, forms.length)))
      const requests: FuzzCase[] = [
        ...seedUrls(site, names, perSite).map((url): FuzzCase => ({ method: chance(0.03) ? 'HEAD' : 'GET', host, path: chance(0.7) ? mutate(url) : url })),
        ...forms.flatMap((form) => [...formPosts(form, host, postsPerForm), ...formPosts({ ...form, session: undefined }, host, 2)]),
        ...apiPaths(site, names).map((apiPath): FuzzCase => ({
          method: 'POST',
          host,
          path: apiPath,
          headers: { 'content-type': 'application/json', origin: `http://${host}` },
          body: pick(['{', '[]', '{"a":' + '['.repeat(5000), JSON.stringify({ ids: [1, 'x'], url: '%ff' }), '']),
        })),
      ]
      const results = await Promise.all(
        requests.map((request) =>
          limit(async (): Promise<Sent> => {
            const answer = await send(server.port, request, request.session ? cookies[request.session] : undefined)
            return { ...request, status: answer.status, ms: answer.ms }
          }),
        ),
      )
      const histogram = new Map<string, number>()
      for (const result of results) histogram.set(String(result.status), (histogram.get(String(result.status)) ?? 0) + 1)
      const bad = results.filter((result) => result.status === 'hang' || result.status === 'error' || result.status >= 500)
      failures.push(...bad)
      const times = results.map((result) => result.ms).sort((a, b) => a - b)
      rows.push(
        `${site.key.padEnd(8)} sent ${String(results.length).padStart(6)}  forms ${String(forms.length).padStart(3)}  500+ ${bad.filter((result) => typeof result.status === 'number').length}  hangs ${bad.filter((result) => result.status === 'hang').length}  errors ${bad.filter((result) => result.status === 'error').length}  p50 ${percentile(times, 50).toFixed(1)} ms  p99 ${percentile(times, 99).toFixed(1)} ms  statuses ${[
          ...histogram,
        ]
          .sort()
          .map(([status, count]) => `${status}:${count}`)
          .join(' ')}`,
      )
      console.log(rows.at(-1))
    }
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  fs.mkdirSync(fuzzCaseFolder, { recursive: true })
  // One case per kind of failure: the same path and body type failing again is the same bug.
  const kinds = new Map(
    failures.map((failure) => [
      [failure.method, failure.host, failure.path.split('?')[0]!.slice(0, 300), failure.headers?.['content-type'], failure.session].join(' '),
      failure,
    ]),
  )
  for (const { status, ms, ...request } of kinds.values()) {
    const name = createHash('sha256').update(JSON.stringify(request)).digest('hex').slice(0, 16)
    fs.writeFileSync(path.join(fuzzCaseFolder, `${name}.json`), `${JSON.stringify({ ...request, found: `${status} in ${Math.round(ms)} ms` }, null, 2)}\n`)
    console.log(`${status} ${request.method} ${request.host}${request.path.slice(0, 200)} → ${name}.json`)
  }
  console.log(`\nfuzz: seed ${seed}, ${perSite} URLs per site; ${failures.length} failures, ${kinds.size} kinds saved under ${fuzzCaseFolder}/`)
  agent.destroy()
  process.exit(failures.length > 0 ? 1 : 0)
}

await main()
