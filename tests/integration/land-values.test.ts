import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { marketStatus } from '~/models/listings/enumerations'
import { type SiteFetch, canonicalHref, decodeEntities, loadRequestHandler, metaContent } from '../support/http'
import { openTestDatabase } from '../support/test-database'

/**
 * AcreWorth's land value pages (issue 16 §5) without JavaScript. The 3,000-listing seed gives no
 * county the ten sales a page needs to be indexed, so the server here reads a copy of the seeded
 * database in which a dozen of Texas's sales have moved to Travis County; the shared database
 * stays as the other test files expect it.
 */
const host = 'value.localhost'
const year = new Date().getUTCFullYear()
const movedSales = 12
let handler: SiteFetch
let copyDir: string
let thinCounty: { name: string; token: string }

/** The copy, with Travis County's sales; and a Texas county with a sale or a few, too few to say anything. */
async function prepareDatabaseCopy() {
  copyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'land-values-'))
  const source = openTestDatabase()
  await source.backup(path.join(copyDir, 'marketplace.db'))
  source.close()
  const db = new SQLite(path.join(copyDir, 'marketplace.db'))
  const travis = db.prepare(`select id, state_id, region_id from counties where slug = 'Travis-County-TX'`).get() as {
    id: number
    state_id: number
    region_id: number
  }
  const isSale = `listings.status = ${marketStatus.sold} and listings.sales_price > 0 and listings.sales_date is not null and listings.acres > 0`
  db.prepare(
    `update listings set county_id = ?, region_id = ? where id in (select id from listings where ${isSale} and state_id = ? and county_id != ? order by id limit ?)`,
  ).run(travis.id, travis.region_id, travis.state_id, travis.id, movedSales)
  const thin = db
    .prepare(
      `select counties.name || ' ' || counties.suffix as name, counties.slug from counties join listings on listings.county_id = counties.id
       where counties.state_id = ? and ${isSale} group by counties.id having count(*) < 10 order by counties.slug limit 1`,
    )
    .get(travis.state_id) as { name: string; slug: string }
  db.close()
  thinCounty = { name: thin.name, token: thin.slug.replace(/-TX$/, '').toLowerCase() }
}

beforeAll(async () => {
  await prepareDatabaseCopy()
  process.env.DATA_DIR = copyDir
  process.env.SITE_ENVIRONMENT = 'production'
  handler = await loadRequestHandler()
})

afterAll(() => {
  delete process.env.SITE_ENVIRONMENT
  fs.rmSync(copyDir, { recursive: true, force: true })
})

const get = (pagePath: string, pageHost = host) => handler(pageHost, pagePath, { headers: { accept: 'text/html' }, redirect: 'manual' })
const html = async (pagePath: string) => decodeEntities(await (await get(pagePath)).text())
const title = (page: string) => page.match(/<title>([^<]*)<\/title>/)?.[1]
const text = (page: string) =>
  page
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
const travisPath = '/land-values/texas/travis-county/'
/** A link by its address and text, both patterns in which a dot is a dot. */
const linkPattern = (href: string, label: string) => new RegExp(`<a href="${href.replaceAll(/[.?]/g, '\\$&')}"[^>]*>${label}</a>`)

describe('the land value pages', () => {
  test('are titled by place and year: the country, a state, a county', async () => {
    expect(title(await html('/land-values/'))).toBe(`US Land Values ${year}`)
    expect(title(await html('/land-values/texas/'))).toBe(`Texas Land Values ${year}`)
    const travis = await html(travisPath)
    expect(title(travis)).toBe(`Travis County, TX Land Values ${year}`)
    expect(canonicalHref(travis)).toBe(`http://${host}${travisPath}`)
    expect(metaContent(travis, 'description')).toMatch(/^Land in Travis County, TX sold for a median \$[\d,]+ an acre over \d+ sales since \d{4}\./)
  })

  test('carry their breadcrumb trail as BreadcrumbList JSON-LD', async () => {
    const json = (await html(travisPath)).match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!
    const [trail] = JSON.parse(json)['@graph'] as { '@type': string; itemListElement: { position: number; name: string; item: string }[] }[]
    expect(trail!['@type']).toBe('BreadcrumbList')
    const steps = trail!.itemListElement
    expect(steps[0]).toEqual({ '@type': 'ListItem', position: 1, name: 'United States', item: `http://${host}/land-values/` })
    expect(steps[1]).toMatchObject({ name: 'Texas', item: `http://${host}/land-values/texas/` })
    expect(steps.at(-1)).toMatchObject({ position: steps.length, name: 'Travis County', item: `http://${host}${travisPath}` })
  })

  test('link every state from the index, and from its state every county and region with sales enough to be indexed, naming the others unlinked', async () => {
    const stateLinks = new Set((await html('/land-values/')).match(/href="\/land-values\/[a-z-]+\/"/g))
    expect(stateLinks.size).toBe(51)
    const texas = await html('/land-values/texas/')
    // Decision 0062: a thin county's page is noindex, so its row names it without a link; only Travis County has the sales.
    const countyLinks = new Set(texas.match(/href="\/land-values\/texas\/[a-z-]+-county\/"/g))
    expect([...countyLinks]).toEqual([`href="${travisPath}"`])
    expect(texas).not.toContain(`href="/land-values/texas/${thinCounty.token}/"`)
    expect(text(texas)).toContain(thinCounty.name)
    // Central Texas holds Travis County's sales: enough to be indexed.
    expect(texas).toContain('href="/land-values/texas/central-texas-region/"')
    expect((await get('/land-values/texas/central-texas-region/')).status).toBe(200)
  })

  test("a state's page gives USDA's own figures for the state, told apart from the generated sales (issue 36)", async () => {
    const texas = text(await html('/land-values/texas/'))
    expect(texas).toContain(
      'USDA’s own survey puts an acre of Texas farm real estate at $2,970 on average in June 2025 (cropland $2,710, pasture $2,300): USDA NASS Land Values 2025 Summary.',
    )
    expect(texas).toContain('The demonstration sales are priced around USDA’s state figures; how counties differ from their state, and every sale, is generated.')
  })

  test('a county with enough sales is indexed and gives its medians, beside its state in the chart', async () => {
    const travis = await html(travisPath)
    expect(metaContent(travis, 'robots')).not.toMatch(/noindex/)
    const page = text(travis)
    const sales = Number(page.match(/Median sold price per acre since \d{4} \$[\d,]+ (\d+) sales/)?.[1])
    expect(sales).toBeGreaterThanOrEqual(movedSales)
    expect(page).not.toContain('Too few sales to say')
    expect(travis).toMatch(/<svg[^>]*role="img"/)
    expect(page).toContain('Quarter Travis County, TX Texas')
  })

  test('a county with too few sales is not indexed, and says why', async () => {
    const thin = await html(`/land-values/texas/${thinCounty.token}/`)
    expect(metaContent(thin, 'robots')).toBe('noindex, follow')
    expect(text(thin)).toContain(`Too few sales to say what land in ${thinCounty.name}, TX is worth`)
    expect(metaContent(await html('/land-values/texas/'), 'robots')).not.toMatch(/noindex/)
  })

  test('link to the land site’s searches of the place, for sale, sold and by kind', async () => {
    const travis = await html(travisPath)
    const search = 'http://land.localhost/search/texas-land-for-sale/travis-county/'
    expect(travis).toMatch(linkPattern(search, 'Land for sale in Travis County, TX'))
    expect(travis).toMatch(linkPattern(`${search}status-sold/`, 'Land sold in Travis County, TX'))
    expect(travis).toMatch(linkPattern(`${search}[a-z-]+-for-sale/`, '[A-Za-z ]+ for sale in Travis County, TX'))
  })

  test('an unknown place, a city, or another site is a 404; another spelling is sent to the page', async () => {
    expect((await get('/land-values/texas/atlantis-county/')).status).toBe(404)
    expect((await get('/land-values/texas/austin/')).status).toBe(404)
    expect((await get('/land-values/atlantis/')).status).toBe(404)
    expect((await get('/land-values/', 'land.localhost')).status).toBe(404)
    expect((await get(travisPath, 'farm.localhost')).status).toBe(404)
    const respelled = await get('/land-values/Texas/Travis-County')
    expect(respelled.status).toBe(301)
    expect(respelled.headers.get('location')).toBe(travisPath)
  })
})

describe('the way in', () => {
  test('the XML sitemap lists the indexable land value pages and leaves out the thin ones', async () => {
    expect(await (await get('/sitemap.xml')).text()).toContain(`<loc>http://${host}/sitemaps/landings.xml</loc>`)
    const landings = await (await get('/sitemaps/landings.xml')).text()
    for (const pagePath of ['/land-values/', '/land-values/texas/', travisPath]) expect(landings).toContain(`<loc>http://${host}${pagePath}</loc>`)
    expect(landings).not.toContain(`/land-values/texas/${thinCounty.token}/`)
  })

  test('the home page links to the land values of the country and of each state', async () => {
    const home = await html('/')
    expect(home).toMatch(linkPattern('/land-values/', 'What land sold for, by state, county and region'))
    expect(home).toMatch(linkPattern('/land-values/texas/', 'Texas'))
  })
})
