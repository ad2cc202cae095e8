/**
 * `npm run bench:js`: the JavaScript of one page of every page type on every site, read
 * from the production build as it stands (it builds nothing: run `npm run build` first). Each page
 * is requested through the build's own request handler over the benchmark database, and the
 * scripts its HTML preloads and imports are weighed in KB gzip: those of the first view, and the
 * framework's, fetched once the page has loaded (decision 0013). Quality bar: ≤ 100 KB a page at
 * first view; a page over it is flagged and the run exits 1. `--detail` lists every page's scripts.
 */
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { normalizeCriteria } from '../app/models/search/search-criteria'
import { demoUsers } from '../app/models/seed/demo-users'
import { brokerDirectoryPath, brokerPagePath } from '../app/sites/broker-path'
import { sites } from '../app/sites/index'
import { hasLandingPages, landingPath, nationalLandingPath } from '../app/sites/landing-path'
import { listingPath } from '../app/sites/listing-path'
import { buildSearchPath } from '../app/sites/search-path'
import type { SiteProfile } from '../app/sites/site-profile'
import { sitemapPath } from '../app/sites/sitemap-path'
import { benchDataDir, pageJavaScriptKilobytes, prepareBenchDatabase, productionBuildPath, productionRequestHandler } from './bench-support'

const budgetKilobytes = 100
const showDetail = process.argv.includes('--detail')

if (!fs.existsSync(productionBuildPath)) {
  console.error('No production build: run `npm run build` first.')
  process.exit(1)
}
prepareBenchDatabase()
const handle = await productionRequestHandler()
const database = new SQLite(path.join(benchDataDir, 'marketplace.db'), { readonly: true })

/** Active listings within a site's scope (spec §4 active; `listingScopeBits`). */
function activeListingsOf(site: SiteProfile) {
  return `listings.status in (1, 2)${site.listingScopeBits ? ` and (listings.property_types & ${site.listingScopeBits}) != 0` : ''}`
}

function firstListing(site: SiteProfile) {
  return database
    .prepare(
      `select listings.id, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation
       from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
       where ${activeListingsOf(site)} order by listings.id limit 1`,
    )
    .get() as { id: number; acres: number; countyName: string; stateAbbreviation: string }
}

/** A paid broker (one with a broker page, spec §2) with listings on the site. */
function firstPaidBroker(site: SiteProfile) {
  return database
    .prepare(
      `select accounts.id, accounts.contact_name as contactName, accounts.company_name as companyName from accounts
       where accounts.is_free = 0 and exists (select 1 from listings where listings.account_id = accounts.id and ${activeListingsOf(site)})
       order by accounts.id limit 1`,
    )
    .get() as { id: number; contactName: string; companyName: string }
}

/** The county with the most active listings: a landing page with every section filled. */
function busiestCountySlug() {
  return (
    database
      .prepare(
        'select counties.slug from counties join listings on listings.county_id = counties.id where listings.status in (1, 2) group by counties.id order by count(*) desc limit 1',
      )
      .get() as { slug: string }
  ).slug
}

interface Page {
  site: SiteProfile
  name: string
  path: string
  status?: number
  isPrivate?: boolean
}

function pagesOf(site: SiteProfile): Page[] {
  const page = (name: string, pagePath: string | undefined, options: Partial<Page> = {}) => (pagePath ? [{ site, name, path: pagePath, ...options }] : [])
  const broker = site.brokerPathStyle ? firstPaidBroker(site) : undefined
  const contentPath = Object.values(site.contentPaths)[0]
  return [
    ...page('home', '/'),
    ...page('search', site.searchGrammar ? buildSearchPath(site, normalizeCriteria({ state: 'texas' })) : undefined),
    ...(hasLandingPages(site)
      ? [
          ...page('landing national', nationalLandingPath),
          ...page('landing state', landingPath({ kind: 'state', slug: 'Texas' })),
          ...page('landing county', landingPath({ kind: 'county', slug: busiestCountySlug() })),
        ]
      : []),
    ...page('listing detail', site.searchGrammar ? listingPath(site, firstListing(site)) : undefined),
    ...page('broker directory', brokerDirectoryPath(site)),
    ...page('broker profile', broker && brokerPagePath(site, broker, 'profile')),
    ...page('broker listings', broker && brokerPagePath(site, broker, 'listings')),
    ...page('sitemap', sitemapPath(site, { kind: 'home' })),
    ...page('content page', contentPath),
    ...page('finance', site.financeCenterFlag ? '/financing' : undefined),
    ...page('login', '/login'),
    ...page('signup', '/signup'),
    ...page('favorites', '/account/savedproperties/', { isPrivate: true }),
    ...page('saved searches', '/account/savedsearches/', { isPrivate: true }),
    ...page('error page', '/error/'),
    ...page('404 page', '/no-such-page/at-all/', { status: 404 }),
  ]
}

/** The session cookie of the seeded demo buyer on a site, for the pages behind login. */
async function demoBuyerCookie(site: SiteProfile) {
  const buyer = demoUsers[0]
  const response = await handle(site.devHost, '/login', {
    method: 'POST',
    body: new URLSearchParams({ email: buyer.email, password: buyer.password, redirectTo: '/account/' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${site.devHost}` },
  })
  const cookie = response.headers.get('set-cookie')?.split(';')[0]
  if (response.status !== 303 || !cookie) throw new Error(`${site.devHost}: the demo buyer could not log in (${response.status})`)
  return cookie
}

type Weight = ReturnType<typeof pageJavaScriptKilobytes>['firstView']
const rows: { page: Page; firstView: Weight; afterLoad: Weight; route: string }[] = []
for (const site of Object.values(sites)) {
  const cookie = await demoBuyerCookie(site)
  for (const page of pagesOf(site)) {
    const response = await handle(site.devHost, page.path, { headers: page.isPrivate ? { cookie } : {} })
    const html = await response.text()
    if (response.status !== (page.status ?? 200)) throw new Error(`${site.devHost}${page.path} answered ${response.status}`)
    const { firstView, afterLoad } = pageJavaScriptKilobytes(html)
    // The page's own route module is the last in React Router's list of matched routes.
    const route = [...html.matchAll(/"([^"]+)":route\d+/g)].at(-1)?.[1] ?? '?'
    rows.push({ page, firstView, afterLoad, route })
    if (showDetail) {
      console.log(`${site.key} ${page.name} ${page.path}`)
      for (const [when, weight] of [
        ['first view', firstView],
        ['after load', afterLoad],
      ] as const) {
        for (const script of weight.scripts.sort((a, b) => b.kilobytes - a.kilobytes))
          console.log(`  ${when}  ${script.kilobytes.toFixed(1).padStart(6)}  ${script.src}`)
      }
    }
  }
}
database.close()

const overBudget = rows.filter((row) => row.firstView.kilobytes > budgetKilobytes)
console.log(`JavaScript per page, KB gzip: at first view (budget ${budgetKilobytes}) and after load`)
console.log(
  `${'site'.padEnd(8)}${'page'.padEnd(18)}${'first'.padStart(7)}${'files'.padStart(7)}${'after'.padStart(7)}${'files'.padStart(7)}  ${'route'.padEnd(30)}url`,
)
for (const { page, firstView, afterLoad, route } of rows) {
  const flag = firstView.kilobytes > budgetKilobytes ? '  OVER BUDGET' : ''
  const columns = [firstView.kilobytes.toFixed(1), firstView.files, afterLoad.kilobytes.toFixed(1), afterLoad.files]
    .map((value) => String(value).padStart(7))
    .join('')
  console.log(`${page.site.key.padEnd(8)}${page.name.padEnd(18)}${columns}  ${route.padEnd(30)}${page.path}${flag}`)
}
const afterLoadRange = rows.map((row) => row.afterLoad.kilobytes).sort((a, b) => a - b)
console.log(`after load: ${afterLoadRange[0]!.toFixed(1)}–${afterLoadRange.at(-1)!.toFixed(1)} KB a page`)
console.log(
  overBudget.length
    ? `${overBudget.length} of ${rows.length} pages over ${budgetKilobytes} KB at first view`
    : `all ${rows.length} pages within ${budgetKilobytes} KB at first view`,
)
process.exit(overBudget.length ? 1 : 0)
