import { describe, expect, test } from 'vitest'
import { canonicalHref, decodeEntities, metaContent, productionPages } from '../support/http'

/**
 * Issue 7 "Done means": a crawler follows links from each site's home page and reaches every
 * state landing, every county landing of two states, a broker page and a listing, with no broken
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
      const page = { path: current, html, links: robotsMeta.includes('nofollow') ? [] : followableLinks(html).filter(isAllowed) }
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

const stateSlugs = (db.prepare(`select slug from states order by name`).all() as { slug: string }[]).map((row) => row.slug)

function countySlugsOf(stateAbbreviation: string) {
  return (
    db
      .prepare(`select counties.slug from counties join states on states.id = counties.state_id where states.abbreviation = ? order by counties.slug`)
      .all(stateAbbreviation) as { slug: string }[]
  ).map((row) => row.slug)
}

describe('a crawler starting at the land site home page', () => {
  test('reaches every state landing, every county landing of two states, a listing and a broker page, with no broken link', async () => {
    const crawler = createCrawler('land.localhost')
    await crawler.readRobots()
    const home = await crawler.visit('/')
    expect(home).toBeDefined()
    // States: every state landing is linked from the home page or from the national landing it links to.
    const national = home!.links.includes('/market-insights/') ? await crawler.visit('/market-insights/') : undefined
    const linkedFromTop = new Set([...home!.links, ...(national?.links ?? [])])
    for (const slug of stateSlugs) expect(linkedFromTop, `link to /${slug}`).toContain(`/${slug}`)
    const stateLandings = new Map<string, CrawledPage | undefined>()
    for (const slug of stateSlugs) stateLandings.set(slug, await crawler.visit(`/${slug}`))
    // Counties of two states: each state landing links to every one of its counties.
    const alongTheWay = [home, national]
    for (const [slug, abbreviation] of [
      ['Delaware', 'DE'],
      ['Vermont', 'VT'],
    ] as const) {
      const landing = stateLandings.get(slug)
      expect(landing, slug).toBeDefined()
      alongTheWay.push(landing)
      for (const county of countySlugsOf(abbreviation)) {
        expect(landing!.links, `${slug} links to /${county}`).toContain(`/${county}`)
        alongTheWay.push(await crawler.visit(`/${county}`))
      }
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
  ['farm.localhost', /^\/property\/[a-z0-9-]+-\d+\/$/, /^\/broker\/[a-z0-9-]+-\d+\/$/],
  ['hunting.localhost', /^\/[a-z0-9-]+\/pid\/\d+\/$/, /^\/profile\/[a-z0-9-]+\/\d+$/],
])('a crawler starting at %s', (host, listingPattern, brokerPattern) => {
  test('reaches every state, a listing and a broker page, with no broken link', async () => {
    const crawler = createCrawler(host)
    await crawler.readRobots()
    const home = await crawler.visit('/')
    expect(home).toBeDefined()
    const stateLinks = home!.links.filter((link) => /^\/[a-z-]+-land-for-sale\/?$/.test(link))
    const states = await Promise.all(stateLinks.map((link) => crawler.visit(link)))
    expect(new Set(stateLinks.map((link) => link.replaceAll('/', '').replace('-land-for-sale', ''))).size).toBe(stateSlugs.length)
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
