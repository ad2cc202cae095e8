import { describe, expect, test } from 'vitest'
import type { SiteKey } from '~/models/sites/site-profile'
import { metaContent, productionPages } from '../support/http'
import { specLandingSegments } from '../support/spec-landing-paths'

/**
 * The spec §2 route walk (issue 17 §1): on each site, every route spec §2 gives that site (the
 * shared routes and the site's own list) answers — 200, a redirect to the page's canonical path
 * that then answers 200, or a redirect to /login for a login-required route — and never 404.
 * The routes spec §2 gives to one site only are the other sites' 404. The paths are the spec's
 * shapes filled with real ids and names read from the seeded database with plain SQL, not built
 * by the code under test. Where a site answers a shared route with 404 on purpose, the route is
 * in its `notFound` list with the reason; docs/spec-coverage.md marks those rows 'decided otherwise'.
 */
const { fetchPage, db } = productionPages()

/**
 * What a route must answer: a page (after redirects to its canonical path), a redirect to log in, a
 * permanent redirect to the same page of the land site (a shared page it alone publishes), or a 404.
 */
type Expectation = 'page' | 'login' | 'land-site' | 'not-found'

/** One spec §2 route: the spec's pattern, a concrete path of it, and what it answers. */
interface RouteCase {
  route: string
  path: string
  expect?: Expectation
}

interface SeededPlace {
  listingId: number
  zip: string
  countySlug: string
  stateSlug: string
  stateAbbreviation: string
  regionSlug: string
}

/** An active timberland listing (every listing site's scope holds timberland) in a county with a region, and its places. */
const place = db
  .prepare(
    `select listings.id as listingId, listings.zip, counties.slug as countySlug, states.slug as stateSlug, states.abbreviation as stateAbbreviation,
            regions.slug as regionSlug
     from listings join counties on counties.id = listings.county_id join states on states.id = listings.state_id
     join regions on regions.id = listings.region_id
     where listings.status = 1 and listings.property_types & 16 != 0 and listings.zip is not null order by listings.id limit 1`,
  )
  .get() as SeededPlace

/** A paid broker (spec §2 "paid broker page") with that kind of listing, so it has a page on every listing site. */
const broker = db
  .prepare(
    `select accounts.id, accounts.contact_name as contactName from accounts
     where accounts.is_free = 0 and exists (select 1 from listings where listings.account_id = accounts.id and listings.status = 1 and listings.property_types & 16 != 0)
     order by accounts.id limit 1`,
  )
  .get() as { id: number; contactName: string }

const slugOf = (county: 'Parish' | 'Borough') =>
  (db.prepare('select slug from counties where suffix = ? order by slug limit 1').get(county) as { slug: string }).slug
const parish = slugOf('Parish')
const borough = slugOf('Borough')
const districtOfColumbia = (db.prepare(`select slug from states where abbreviation = 'DC'`).get() as { slug: string }).slug

/** Search tokens of places: the state's lower-case slug, the county without its state ('travis-county'), the region with '-region'. */
const stateToken = place.stateSlug.toLowerCase()
const countyToken = place.countySlug.replace(/-[A-Z]{2}$/, '').toLowerCase()
const regionToken = `${place.regionSlug.toLowerCase()}-region`
/** A broker name slug as spec §5 makes it; a wrong one is redirected (301) to the canonical page, which is fine here. */
const brokerSlug = broker.contactName.toLowerCase().replace(/[^a-z0-9]+/g, '-')
const { listingId } = place
const siteIds: Record<SiteKey, number> = { land: 0, farm: 1080, hunting: 1113, value: 2005 }

/** Spec §2 "Shared routes (all sites)" that every site answers. */
function sharedRoutes(key: SiteKey): RouteCase[] {
  return [
    { route: '/', path: '/' },
    { route: '/account/', path: '/account/', expect: 'login' },
    { route: '/account/details/', path: '/account/details/', expect: 'login' },
    { route: '/account/savedsearches/', path: '/account/savedsearches/', expect: 'login' },
    { route: '/account/savedproperties/', path: '/account/savedproperties/', expect: 'login' },
    { route: '/account/savedproperties/{siteId}/page-{n}', path: `/account/savedproperties/${siteIds[key]}/page-2`, expect: 'login' },
    // Issue 17 §2: the Lands Connector is on the sites that sell land (decision 0020); AcreWorth sends its visitors to the land site's (issue 39 item 4, decision 0062).
    { route: '/lands-connector/', path: '/lands-connector/', expect: key === 'value' ? 'land-site' : 'login' },
    { route: '/login', path: '/login' },
    { route: '/error/', path: '/error/' },
    { route: '/sitemap/', path: '/sitemap/' },
  ]
}

/** Shared routes of the listing sites (land, farm, hunting); the valuation site has no listings or brokers (see its `notFound`). */
function listingSiteRoutes(): RouteCase[] {
  return [
    { route: '/propertylink/{brokerId}', path: `/propertylink/${broker.id}` },
    { route: '/flyer/{propertyId}', path: `/flyer/${listingId}` },
    { route: '/financing', path: '/financing' },
    { route: '/sitemap/{stateName}', path: `/sitemap/${place.stateSlug}` },
    { route: '/sitemap/{countyName}-County-{stateAbbreviation}', path: `/sitemap/${place.countySlug}` },
    { route: '/sitemap/{countyName}-Parish-{stateAbbreviation}', path: `/sitemap/${parish}` },
    { route: '/sitemap/{countyName}-Borough-{stateAbbreviation}', path: `/sitemap/${borough}` },
    { route: '/sitemap/featured-listing/{stateAbbreviation}', path: `/sitemap/featured-listing/${place.stateAbbreviation}` },
    { route: '/sitemap/new-listing/{stateAbbreviation}', path: `/sitemap/new-listing/${place.stateAbbreviation}` },
    // Spec §2 "Add-listing link: /addlisting/?siteId={siteId}": every listing site's header links it on its own host.
    { route: '/addlisting/?siteId={siteId}', path: '/addlisting/', expect: 'login' },
  ]
}

/** The search tokens of spec §2 "Search URLs", after a base search path (with the grammar's trailing slash or not). */
function tokenRoutes(base: string, slash: '/' | ''): RouteCase[] {
  return [
    { route: 'sort-az', path: `${base}sort-az${slash}` },
    { route: 'sort-za', path: `${base}sort-za${slash}` },
    { route: 'sort-listings-high', path: `${base}sort-listings-high${slash}` },
    { route: 'sort-price-high', path: `${base}sort-price-high${slash}` },
    { route: 'sort-acres-high', path: `${base}sort-acres-high${slash}` },
    { route: 'page-{n}', path: `${base}page-2${slash}` },
    { route: 'lat{value}/long{value}', path: `${base}lat30.2/long-97.7${slash}` },
  ]
}

/** Spec §2 shared routes the land site publishes for all: the land feed is one feed for every site (issue 14), and the others lead there (issue 39 item 4). */
const landFeedRoutes: RouteCase[] = [
  { route: '/landfeed/docs/', path: '/landfeed/docs/' },
  { route: '/landfeed/states/', path: '/landfeed/states/' },
]
const onTheLandSite = (routes: RouteCase[]) => routes.map((route): RouteCase => ({ ...route, expect: 'land-site' }))

/** Spec §2 "Main land site" routes and its search URLs. */
const landRoutes: RouteCase[] = [
  { route: '/terms/advertising/', path: '/terms/advertising/' },
  { route: '/terms/advertising/terms-and-conditions-for-submitting-photos/', path: '/terms/advertising/terms-and-conditions-for-submitting-photos/' },
  { route: '/termsofuse/', path: '/termsofuse/' },
  { route: '/farmcredit/documentation/leads/', path: '/farmcredit/documentation/leads/' },
  { route: '/farmcredit/documentation/listings/', path: '/farmcredit/documentation/listings/' },
  { route: '/market-insights/', path: '/market-insights/' },
  { route: '/broker/', path: '/broker/' },
  { route: '/broker/{rest of path}', path: `/broker/${stateToken}/agents/sort-az/` },
  { route: '/member/{brokerId}/', path: `/member/${broker.id}/` },
  { route: '/member/{brokerName}/{brokerId}', path: `/member/${brokerSlug}/${broker.id}` },
  // Spec §2: "if brokerId is not numeric it falls back to search results" (the directory's search for the name, below).
  { route: '/member/{brokerName}/{brokerId} (brokerId not numeric)', path: `/member/${brokerSlug}/${brokerSlug}` },
  { route: '/member/{brokerName}/{brokerId}/listings/', path: `/member/${brokerSlug}/${broker.id}/listings/` },
  { route: '/listing/{rest of path}', path: `/listing/${stateToken}/${listingId}` },
  { route: '/property/{canonicalLocation}/{propertyId}/', path: `/property/somewhere/${listingId}/` },
  { route: '/property/{propertyid}', path: `/property/${listingId}` },
  { route: '/{stateName}', path: `/${place.stateSlug}` },
  { route: '/{stateName} (District of Columbia)', path: `/${districtOfColumbia}` },
  { route: '/{regionName}-Region', path: `/${place.regionSlug}-Region` },
  { route: '/{countyName}-County-{stateAbbreviation}', path: `/${place.countySlug}` },
  { route: '/{countyName}-Parish-{stateAbbreviation}', path: `/${parish}` },
  { route: '/{countyName}-Borough-{stateAbbreviation}', path: `/${borough}` },
  { route: '/United-States/ (friendly location path)', path: '/United-States/' },
  ...specLandingSegments.map((segment) => ({ route: `/search/${segment}/`, path: `/search/${segment}/` })),
  { route: '/search/{state}-land-for-sale/', path: `/search/${stateToken}-land-for-sale/` },
  { route: '/search/{state}-land-for-sale/{county}/{propertyType}-for-sale/', path: `/search/${stateToken}-land-for-sale/${countyToken}/hunting-land-for-sale/` },
  { route: '/search/{state}-land-for-sale/{region}/', path: `/search/${stateToken}-land-for-sale/${regionToken}/` },
  { route: '/search/{state}-land-for-sale/{custom segment}/', path: `/search/${stateToken}-land-for-sale/cheap-land-for-sale/` },
  { route: '/search/{state}/{zip}-land-for-sale/', path: `/search/${stateToken}/${place.zip}-land-for-sale/` },
  ...tokenRoutes('/search/all-land/', '/'),
]

/** The hunting site's sitemap of the county, in its lower-case spelling. */
const huntingSitemapPlace = `/sitemap/${place.countySlug.toLowerCase()}`

/** Spec §2 "{product}-style (rural land) site": the hunting site. */
const huntingRoutes: RouteCase[] = [
  { route: '/find-agent/', path: '/find-agent/' },
  { route: '/find-agent/{restofPath*}', path: `/find-agent/${stateToken}/owner/sort-listings-high/` },
  { route: '/profile/{brokerName}/{brokerId}', path: `/profile/${brokerSlug}/${broker.id}` },
  { route: '/profile/{brokerName}/{brokerId}/properties', path: `/profile/${brokerSlug}/${broker.id}/properties` },
  { route: '/pid/{restofPath*}', path: `/pid/${listingId}/` },
  { route: '/{propertyGeo}/pid/{restofPath*}', path: `/somewhere/pid/${listingId}/` },
  { route: '/sitemap', path: '/sitemap' },
  { route: '/sitemap/{canonicalLocation}', path: huntingSitemapPlace },
  { route: '/advertising-terms', path: '/advertising-terms' },
  { route: '/terms-conditions', path: '/terms-conditions' },
  { route: '/terms-and-conditions-for-submitting-photos', path: '/terms-and-conditions-for-submitting-photos' },
]

/** Spec §2 "Farm-and-ranch-style site". */
const farmRoutes: RouteCase[] = [
  { route: '/real-estate-agents/', path: '/real-estate-agents/' },
  { route: '/real-estate-agents/{restofPath*}', path: `/real-estate-agents/${stateToken}/agents/sort-za/` },
  { route: '/broker/{name}-{accountId}/', path: `/broker/${brokerSlug}-${broker.id}/` },
  { route: '/broker/{brokerNameAndId}/land/', path: `/broker/${brokerSlug}-${broker.id}/land/` },
  { route: '/property/{canonicalLocation}-{propertyId}/', path: `/property/somewhere-${listingId}/` },
  { route: '/about/termsandconditions/', path: '/about/termsandconditions/' },
  { route: '/advertising-terms/', path: '/advertising-terms/' },
]

/** Spec §2 "Search URLs" of the other sites: /{state}-land-for-sale/{place}/{type}, or /land. */
const ruralSearchRoutes: RouteCase[] = [
  { route: '/land', path: '/land' },
  { route: '/{state}-land-for-sale', path: `/${stateToken}-land-for-sale` },
  { route: '/{state}-land-for-sale/{place}/{type}', path: `/${stateToken}-land-for-sale/${countyToken}/timberland` },
  { route: '/{state}/{zip}-land-for-sale', path: `/${stateToken}/${place.zip}-land-for-sale` },
  ...tokenRoutes('/land/', ''),
]

/** The routes of `routes` but those at `paths`: another site's route that this site also answers, in its own spelling. */
const except = (routes: RouteCase[], ...paths: string[]) => routes.filter((route) => !paths.includes(route.path))
/** Routes spec §2 gives to another site only: this site's 404 page. */
const notFound = (...routeLists: RouteCase[][]) => routeLists.flat().map((route) => ({ ...route, expect: 'not-found' as const }))

/**
 * The routes of each site. The valuation site (AcreWorth) has no listings, searches, brokers or
 * lenders (architecture, decision 0003): the listing sites' shared routes are its 404s.
 */
const routesBySite: Record<SiteKey, RouteCase[]> = {
  land: [
    ...sharedRoutes('land'),
    ...landFeedRoutes,
    ...listingSiteRoutes(),
    ...landRoutes,
    // The hunting site's /sitemap spellings are the land site's sitemap in another spelling (a 301).
    ...notFound(farmRoutes, except(huntingRoutes, '/sitemap', huntingSitemapPlace), ruralSearchRoutes),
  ],
  farm: [
    ...sharedRoutes('farm'),
    ...listingSiteRoutes(),
    ...farmRoutes,
    ...ruralSearchRoutes,
    ...onTheLandSite(landFeedRoutes),
    // /property/{id} reads as the farm site's own /property/{canonicalLocation}-{propertyId}/ (a 301).
    ...notFound(except(landRoutes, `/property/${listingId}`), except(huntingRoutes, '/sitemap', huntingSitemapPlace, '/advertising-terms')),
  ],
  hunting: [
    ...sharedRoutes('hunting'),
    ...listingSiteRoutes(),
    ...huntingRoutes,
    ...ruralSearchRoutes,
    ...onTheLandSite(landFeedRoutes),
    ...notFound(landRoutes, except(farmRoutes, '/advertising-terms/')),
  ],
  value: [
    ...sharedRoutes('value'),
    ...onTheLandSite(landFeedRoutes),
    ...notFound(except(listingSiteRoutes(), '/addlisting/'), landRoutes, farmRoutes, except(huntingRoutes, '/sitemap'), ruralSearchRoutes),
  ],
}

const hostOf = (key: SiteKey) => `${key}.localhost`

/** Asks for `path` on the site, following redirects within the site, until a page answers or a redirect leaves for /login. */
async function answer(key: SiteKey, path: string) {
  const host = hostOf(key)
  const hops: string[] = []
  let current = path
  for (let hop = 0; hop < 4; hop += 1) {
    const response = await fetchPage(host, current, { headers: { accept: 'text/html' }, redirect: 'manual' })
    const location = response.headers.get('location')
    hops.push(`${response.status} ${current}`)
    if (response.status < 300 || response.status >= 400 || !location) return { status: response.status, hops }
    const next = new URL(location, `http://${host}`)
    if (next.host !== host) return { status: response.status, hops, offSite: next.href }
    if (next.pathname === '/login') return { status: response.status, hops, login: next }
    current = `${next.pathname}${next.search}`
  }
  return { status: 0, hops }
}

describe.each(Object.keys(routesBySite) as SiteKey[])('the spec §2 routes of the %s site', (key) => {
  const title = ({ route, expect: expectation }: RouteCase) => (expectation === 'not-found' ? `${route} is another site's: 404` : route)
  test.each(routesBySite[key].map((route) => [title(route), route] as const))('%s', async (_title, { path, expect: expectation = 'page' }) => {
    const { status, hops, login, offSite } = await answer(key, path)
    const trail = hops.join(' → ')
    if (expectation === 'land-site') {
      expect(status, trail).toBe(301)
      expect(offSite, trail).toBe(`http://${hostOf('land')}${path}`)
      return
    }
    expect(offSite, trail).toBeUndefined()
    if (expectation === 'not-found') {
      expect(status, trail).toBe(404)
    } else if (expectation === 'login') {
      expect(login?.searchParams.get('redirectTo'), trail).toBe(path)
      expect(status, trail).toBe(302)
    } else {
      expect(login, trail).toBeUndefined()
      expect(status, trail).toBe(200)
    }
  })
})

test('a password reset link of spec §2 (/reset/{resetKey}) is a page of every site: a used or unknown key is 410 Gone, not 404', async () => {
  for (const key of Object.keys(siteIds) as SiteKey[]) {
    const { status } = await answer(key, '/reset/0123456789abcdef0123456789abcdef')
    expect(status, key).toBe(410)
  }
})

test('a land-site broker address whose id is not numeric falls back to search results: a 301 to the directory search for the name, which lists the broker and is noindex', async () => {
  const response = await fetchPage(hostOf('land'), `/member/${brokerSlug}/not-a-number`, { redirect: 'manual' })
  expect(response.status).toBe(301)
  const location = response.headers.get('location')!
  expect(location).toBe(`/broker/?${new URLSearchParams({ name: brokerSlug.replaceAll('-', ' ') })}`)
  const results = await fetchPage(hostOf('land'), location)
  expect(results.status).toBe(200)
  const html = await results.text()
  expect(metaContent(html, 'robots')).toBe('noindex, follow')
  expect(html).toMatch(new RegExp(`href="/member/[a-z0-9-]+/${broker.id}"`))
})
