import { describe, expect, test } from 'vitest'
import { sites } from '~/sites/index'
import type { SiteKey } from '~/models/sites/site-profile'
import { canonicalHref, decodeEntities, metaContent, productionPages } from '../support/http'

/**
 * Issue 7 "Done means": a crawler follows links from each site's home page and reaches every
 * state landing (of a state with listings: the others are noindex, decision 0062), every such
 * county landing of two states, a broker page and a listing, with no broken
 * link and every page answering 200 with a self-canonical. The crawl is directed (it does not
 * read all 3,000 listings or 3,142 counties): every page it reads must answer 200 and name itself
 * canonical, and every link on the pages along its way (home, national, two states and their
 * counties, a listing, a broker page) must answer.
 */
const { fetchPage, db } = productionPages()

interface CrawledPage {
  path: string
  html: string
  links: string[]
  /** Its robots meta lets search engines index it. */
  isIndexable: boolean
}

/** Same-site links a crawler would follow: not nofollow, not images, not in-page anchors. */
function followableLinks(html: string) {
  const links = new Set<string>()
  for (const [tag, href] of html.matchAll(/<a\b[^>]*\bhref="([^"#]+)[^"]*"[^>]*>/g)) {
    if (/\brel="[^"]*nofollow/.test(tag) || !href!.startsWith('/') || href!.startsWith('//')) continue
    links.add(decodeEntities(href!))
  }
  return [...links]
}

function createCrawler(host: string) {
  const origin = `http://${host}`
  const robots = { disallowed: [] as string[] }
  const pages = new Map<string, CrawledPage>()
  const statuses = new Map<string, number>()
  const problems: string[] = []

  async function readRobots() {
    const response = await fetchPage(host, '/robots.txt')
    if (response.status !== 200) return
    const text = await response.text()
    robots.disallowed = [...text.matchAll(/^Disallow:\s*(\S+)/gm)].map((match) => match[1]!)
  }

  const isAllowed = (path: string) => !robots.disallowed.some((prefix) => path.startsWith(prefix))

  /** Reads a page, following redirects; records a problem for anything but a 200 with a self-canonical. */
  async function visit(path: string): Promise<CrawledPage | undefined> {
    const seen = pages.get(path)
    if (seen) return seen
    let current = path
    for (let hops = 0; hops < 3; hops++) {
      const response = await fetchPage(host, current, { redirect: 'manual', headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } })
      statuses.set(current, response.status)
      if (response.status === 301 || response.status === 302) {
        current = new URL(response.headers.get('location')!, origin).pathname + new URL(response.headers.get('location')!, origin).search
        continue
      }
      if (response.status !== 200) {
        problems.push(`${path} answered ${response.status}`)
        return undefined
      }
      if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return undefined
      const html = await response.text()
      const robotsMeta = metaContent(html, 'robots') ?? ''
      if (!robotsMeta.includes('noindex') && canonicalHref(html) !== `${origin}${current}`) {
        problems.push(`${current} names ${canonicalHref(html)} as its canonical`)
      }
      const page = {
        path: current,
        html,
        links: robotsMeta.includes('nofollow') ? [] : followableLinks(html).filter(isAllowed),
        isIndexable: !robotsMeta.includes('noindex'),
      }
      pages.set(path, page)
      pages.set(current, page)
      return page
    }
    problems.push(`${path} redirects more than twice`)
    return undefined
  }

  /** Every link of these pages answers 200 (after at most two redirects). */
  async function checkLinksOf(crawled: (CrawledPage | undefined)[]) {
    const linked = new Set(crawled.flatMap((page) => page?.links ?? []))
    for (const link of linked) if (!pages.has(link)) await visit(link)
  }

  return { readRobots, isAllowed, visit, checkLinksOf, problems, pages }
}

/** Active listings (spec §4: neither off market nor sold; not hidden as stale) within a site's property-type scope, as plain SQL. */
const activeListingsOf = (key: SiteKey) =>
  `listings.status in (1, 2) and listings.freshness > 0 and (${sites[key].listingScopeBits} = 0 or listings.property_types & ${sites[key].listingScopeBits} != 0)`

/** The states with and without active listings on a site. */
function statesOf(key: SiteKey) {
  const rows = db
    .prepare(
      `select slug, exists (select 1 from listings where listings.state_id = states.id and ${activeListingsOf(key)}) as hasListings from states order by name`,
    )
    .all() as { slug: string; hasListings: 0 | 1 }[]
  return { withListings: rows.filter((row) => row.hasListings).map((row) => row.slug), without: rows.filter((row) => !row.hasListings).map((row) => row.slug) }
}

/** The counties of a state with and without active listings on the land site. */
function countiesOf(stateAbbreviation: string) {
  const rows = db
    .prepare(
      `select counties.slug, exists (select 1 from listings where listings.county_id = counties.id and ${activeListingsOf('land')}) as hasListings
       from counties join states on states.id = counties.state_id where states.abbreviation = ? order by counties.slug`,
    )
    .all(stateAbbreviation) as { slug: string; hasListings: 0 | 1 }[]
  return { withListings: rows.filter((row) => row.hasListings).map((row) => row.slug), without: rows.filter((row) => !row.hasListings).map((row) => row.slug) }
}

describe('a crawler starting at the land site home page', () => {
  test('reaches every state landing with listings, every such county landing of two states, a listing and a broker page, with no broken link', async () => {
    const crawler = createCrawler('land.localhost')
    await crawler.readRobots()
    const home = await crawler.visit('/')
    expect(home).toBeDefined()
    // States: every state landing with listings is linked from the home page or from the national landing it links to; the others are not.
    const national = home!.links.includes('/market-insights/') ? await crawler.visit('/market-insights/') : undefined
    const linkedFromTop = new Set([...home!.links, ...(national?.links ?? [])])
    const states = statesOf('land')
    expect(states.without).toContain('District-of-Columbia')
    for (const slug of states.withListings) expect(linkedFromTop, `link to /${slug}`).toContain(`/${slug}`)
    for (const slug of states.without) expect(linkedFromTop, `link to /${slug}`).not.toContain(`/${slug}`)
    const stateLandings = new Map<string, CrawledPage | undefined>()
    for (const slug of states.withListings) stateLandings.set(slug, await crawler.visit(`/${slug}`))
    // Counties of two states: each state landing links to every one of its counties with listings, and names the others without a link.
    const alongTheWay = [home, national]
    for (const [slug, abbreviation] of [
      ['Delaware', 'DE'],
      ['Vermont', 'VT'],
    ] as const) {
      const landing = stateLandings.get(slug)
      expect(landing, slug).toBeDefined()
      alongTheWay.push(landing)
      const counties = countiesOf(abbreviation)
      expect(counties.withListings.length, slug).toBeGreaterThan(0)
      for (const county of counties.withListings) {
        expect(landing!.links, `${slug} links to /${county}`).toContain(`/${county}`)
        alongTheWay.push(await crawler.visit(`/${county}`))
      }
      for (const county of counties.without) expect(landing!.links, `${slug} links to /${county}`).not.toContain(`/${county}`)
    }
    // A listing and a broker page, by links from a state landing's results.
    const texas = stateLandings.get('Texas')!
    const listingLink = texas.links.find((link) => link.startsWith('/property/'))
    expect(listingLink, 'a listing linked from the Texas landing').toBeDefined()
    const listing = await crawler.visit(listingLink!)
    const brokerLink = [...crawler.pages.values()].flatMap((page) => page.links).find((link) => /^\/member\/[a-z0-9-]+\/\d+$/.test(link))
    expect(brokerLink, 'a broker page linked from a page read').toBeDefined()
    expect(listing).toBeDefined()
    const broker = await crawler.visit(brokerLink!)
    await crawler.checkLinksOf([...alongTheWay, texas, listing, broker])
    expect(crawler.problems).toEqual([])
  }, 240_000)
})

describe.each([
  ['farm' as const, /^\/property\/[a-z0-9-]+-\d+\/$/, /^\/broker\/[a-z0-9-]+-\d+\/$/],
  ['hunting' as const, /^\/[a-z0-9-]+\/pid\/\d+\/$/, /^\/profile\/[a-z0-9-]+\/\d+$/],
])('a crawler starting at %s.localhost', (key, listingPattern, brokerPattern) => {
  test('reaches every state with listings, a listing and a broker page, with no broken link', async () => {
    const host = `${key}.localhost`
    const crawler = createCrawler(host)
    await crawler.readRobots()
    const home = await crawler.visit('/')
    expect(home).toBeDefined()
    const stateLinks = home!.links.filter((link) => /^\/[a-z-]+-land-for-sale\/?$/.test(link))
    const states = await Promise.all(stateLinks.map((link) => crawler.visit(link)))
    const linkedStates = new Set(stateLinks.map((link) => link.replaceAll('/', '').replace('-land-for-sale', '')))
    expect([...linkedStates].sort()).toEqual(
      statesOf(key)
        .withListings.map((slug) => slug.toLowerCase())
        .sort(),
    )
    const listingLink = states.flatMap((page) => page?.links ?? []).find((link) => listingPattern.test(link))
    expect(listingLink, 'a listing linked from a state page').toBeDefined()
    const listing = await crawler.visit(listingLink!)
    const brokerLink = [...crawler.pages.values()].flatMap((page) => page.links).find((link) => brokerPattern.test(link))
    expect(brokerLink, 'a broker page linked from a page read').toBeDefined()
    const broker = await crawler.visit(brokerLink!)
    const firstState = states.find((page) => page?.links.includes(listingLink!))
    await crawler.checkLinksOf([home, firstState, listing, broker])
    expect(crawler.problems).toEqual([])
  }, 240_000)
})

/** Every address a page links to under /login, nofollow or not: a crawler may read any of them. */
const loginLinksOf = (html: string) => [...html.matchAll(/<a\b[^>]*\bhref="(\/login[^"]*)"/g)].map(([, href]) => decodeEntities(href!))

describe.each(['land.localhost', 'farm.localhost', 'hunting.localhost', 'value.localhost'])('50 pages of %s, read as a crawler reads them', (host) => {
  test('link one login address, /login, and no address per page (issue 39 item 2)', async () => {
    const crawler = createCrawler(host)
    await crawler.readRobots()
    const queue = ['/']
    const read = new Set<string>()
    const loginAddresses = new Set<string>()
    while (queue.length > 0 && read.size < 50) {
      const path = queue.shift()!
      if (read.has(path)) continue
      read.add(path)
      const response = await fetchPage(host, path, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } })
      if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) continue
      const html = await response.text()
      for (const login of loginLinksOf(html)) loginAddresses.add(login)
      // Breadth first over the links the crawler may follow, so the 50 pages span the site's kinds of page.
      queue.push(...followableLinks(html).filter((link) => !read.has(link) && crawler.isAllowed(link)))
    }
    expect(read.size).toBe(50)
    expect([...loginAddresses]).toEqual(['/login'])
  }, 120_000)
})

/** The links every page carries (header, menus, footer): those the home, login and error pages all link, as a crawler may follow them. */
async function sitewideLinksOf(crawler: ReturnType<typeof createCrawler>) {
  const pages = await Promise.all(['/', '/login', '/error/'].map((path) => crawler.visit(path)))
  const [first, ...others] = pages.map((page) => page?.links ?? [])
  return first!.filter((link) => others.every((links) => links.includes(link)))
}

/** The pages of `links` (after their redirects) whose robots meta says noindex. */
async function noindexPagesOf(crawler: ReturnType<typeof createCrawler>, links: Iterable<string>) {
  const noindex: string[] = []
  for (const link of new Set(links)) {
    const page = await crawler.visit(link)
    if (page && !page.isIndexable) noindex.push(link)
  }
  return noindex
}

describe.each(['land.localhost', 'farm.localhost', 'hunting.localhost', 'value.localhost'])('the sitewide navigation of %s (issue 39 item 3)', (host) => {
  test('leads to no noindex page', async () => {
    const crawler = createCrawler(host)
    await crawler.readRobots()
    const sitewide = await sitewideLinksOf(crawler)
    expect(sitewide.length).toBeGreaterThan(20)
    expect(await noindexPagesOf(crawler, sitewide)).toEqual([])
    expect(crawler.problems).toEqual([])
  }, 240_000)
})

/** Links to place pages: the land site's landings, the other listing sites' place searches, AcreWorth's land value pages. */
const placePagePatterns: Record<SiteKey, RegExp> = {
  land: /^\/([A-Z][^/?]*|search\/[a-z-]+-land-for-sale\/)$/,
  farm: /^\/[a-z-]+-land-for-sale(\/[a-z0-9-]+)?$/,
  hunting: /^\/[a-z-]+-land-for-sale(\/[a-z0-9-]+)?$/,
  value: /^\/land-values\/([a-z-]+\/)?([a-z0-9-]+\/)?$/,
}

/** The country's page of place links on each site. */
const nationalPaths: Record<SiteKey, string> = { land: '/market-insights/', farm: '/land', hunting: '/land', value: '/land-values/' }

/** Every fifth of the place pages linked (in path order), read to see they are indexable: reading all of them (about 1,500 on a listing site) takes minutes. */
const sampledEvery = 5
const sampleOf = (links: Set<string>) => [...links].sort().filter((_link, index) => index % sampledEvery === 0)

describe.each(['land', 'farm', 'hunting', 'value'] as const)('the place pages of the %s site (issue 39 item 3)', (key) => {
  test('an indexable page links no noindex place page: the home, the national page and every state page they link, and a fifth of the places those link', async () => {
    const crawler = createCrawler(`${key}.localhost`)
    await crawler.readRobots()
    const placeLinksOf = (page: CrawledPage | undefined) => (page?.isIndexable ? page.links.filter((link) => placePagePatterns[key].test(link)) : [])
    const top = [await crawler.visit('/'), await crawler.visit(nationalPaths[key])]
    const stateLinks = new Set(top.flatMap(placeLinksOf))
    expect(await noindexPagesOf(crawler, stateLinks)).toEqual([])
    const statePages = [...stateLinks].map((link) => crawler.pages.get(link))
    const linked = new Set(statePages.flatMap(placeLinksOf).filter((link) => !stateLinks.has(link)))
    expect(linked.size).toBeGreaterThan(15)
    expect(await noindexPagesOf(crawler, sampleOf(linked))).toEqual([])
    expect(crawler.problems).toEqual([])
  }, 240_000)
})
