/**
 * One page of every page type on every site, drawn from the benchmark database: what the page
 * benchmarks (bench:js, bench:lighthouse) measure, and the demo buyer's session for those behind login.
 */
import type { Database } from 'better-sqlite3'
import { normalizeCriteria } from '../app/models/search/search-criteria'
import { demoUsers } from '../app/models/accounts/demo-users'
import { valuationPath } from '../app/models/valuation/valuation-path'
import { brokerDirectoryPath, brokerPagePath } from '../app/models/brokers/broker-path'
import { sites } from '../app/sites/index'
import { hasLandingPages, landingPath, nationalLandingPath } from '../app/models/places/landing-path'
import { landValuesPath } from '../app/models/valuation/land-values-path'
import { listingPath } from '../app/models/listings/listing-path'
import { buildSearchPath } from '../app/models/search/search-path'
import type { SiteProfile } from '../app/models/sites/site-profile'
import { sitemapPath } from '../app/models/sitemaps/sitemap-path'

export interface BenchPage {
  site: SiteProfile
  name: string
  path: string
  status?: number
  isPrivate?: boolean
}

/** Active listings within a site's scope (spec §4 active; `listingScopeBits`). */
function activeListingsOf(site: SiteProfile) {
  return `listings.status in (1, 2)${site.listingScopeBits ? ` and (listings.property_types & ${site.listingScopeBits}) != 0` : ''}`
}

/** The pages of every site, in site order; `database` is the benchmark database (read only). */
export function benchPages(database: Database): BenchPage[] {
  const firstListing = (site: SiteProfile) =>
    database
      .prepare(
        `select listings.id, listings.acres, counties.name || ' ' || counties.suffix as countyName, states.abbreviation as stateAbbreviation
         from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
         where ${activeListingsOf(site)} order by listings.id limit 1`,
      )
      .get() as { id: number; acres: number; countyName: string; stateAbbreviation: string }

  /** A paid broker (one with a broker page, spec §2) with listings on the site. */
  const firstPaidBroker = (site: SiteProfile) =>
    database
      .prepare(
        `select accounts.id, accounts.contact_name as contactName, accounts.company_name as companyName from accounts
         where accounts.is_free = 0 and exists (select 1 from listings where listings.account_id = accounts.id and ${activeListingsOf(site)})
         order by accounts.id limit 1`,
      )
      .get() as { id: number; contactName: string; companyName: string }

  /** The county with the most active listings: a landing page with every section filled. */
  const busiestCountySlug = () =>
    (
      database
        .prepare(
          'select counties.slug from counties join listings on listings.county_id = counties.id where listings.status in (1, 2) group by counties.id order by count(*) desc limit 1',
        )
        .get() as { slug: string }
    ).slug

  return Object.values(sites).flatMap((site) => {
    const page = (name: string, pagePath: string | undefined, options: Partial<BenchPage> = {}) => (pagePath ? [{ site, name, path: pagePath, ...options }] : [])
    const broker = site.brokerPathStyle ? firstPaidBroker(site) : undefined
    const contentPath = Object.values(site.contentPaths)[0]
    const valuation = site.features.valuation
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
      ...page(
        'valuation',
        valuation ? valuationPath({ state: 'texas', county: 'travis-county', acres: 40, propertyTypes: [], house: null, features: [], point: null }) : undefined,
      ),
      ...page('land values', valuation ? landValuesPath('texas') : undefined),
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
  })
}

const randomOctets = () => Array.from({ length: 3 }, () => Math.floor(Math.random() * 256)).join('.')

/** Answers a request to a site as its browser would (the build's handler in process, or a server). */
export type SiteRequest = (host: string, pathname: string, init?: RequestInit) => Promise<Response>

/** The session cookie (`name=value`) of the seeded demo buyer on a site, for the pages behind login. */
export async function demoBuyerCookie(request: SiteRequest, site: SiteProfile) {
  const buyer = demoUsers[0]!
  const response = await request(site.devHost, '/login', {
    method: 'POST',
    body: new URLSearchParams({ email: buyer.email, password: buyer.password, redirectTo: '/account/' }),
    // An address of its own each time: repeated benchmark runs would otherwise meet the login throttle.
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${site.devHost}`, 'x-forwarded-for': `10.${randomOctets()}` },
  })
  const cookie = response.headers.get('set-cookie')?.split(';')[0]
  if (response.status !== 303 || !cookie) throw new Error(`${site.devHost}: the demo buyer could not log in (${response.status})`)
  return cookie
}
