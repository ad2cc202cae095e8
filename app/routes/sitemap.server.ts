import { redirect } from 'react-router'
import type { Kysely } from 'kysely'
import { brokerDirectoryPath } from '~/models/brokers/broker-path'
import { landValuesPath } from '~/models/valuation/land-values-path'
import { hasLandingPages, landingPath, nationalLandingPath } from '~/models/places/landing-path'
import { buildSearchPath } from '~/models/search/search-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { type SitemapPage, parseSitemapPath, sitemapPath } from '~/models/sitemaps/sitemap-path'
import { requestIsForPath } from '~/http/requested-path.server'
import type { Database } from '~/models/db/db-schema'
import { type Gazetteer, findPlaceById, findStateById, loadGazetteer } from '~/models/places/gazetteer.server'
import { keysOf, marketStatusOptions } from '~/models/search/search-options'
import { searchHeading } from '~/models/search/search-seo'
import type { Breadcrumb } from '~/components/breadcrumbs'
import type { SitemapLink, SitemapPageData, SitemapSection } from './sitemap.types'
import {
  type PlaceActivity,
  type SiteActivity,
  type SitemapCounty,
  type SitemapPlaces,
  type SitemapState,
  lakeActivityKey,
  siteActivity,
  sitemapPlaces,
} from '~/models/sitemaps/sitemap-places.server'
import { type ListingList, countListingsOf, listingLinks, pagination } from './sitemap-listings.server'
import { type PlaceSearch, searchesOfPlace } from '~/models/sitemaps/sitemap-searches.server'

const notFound = () => new Response('Not Found', { status: 404 })

function countNote(count: number) {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'listing' : 'listings'}`
}

function searchLinks(site: SiteProfile, searches: PlaceSearch[], displayName: string): SitemapLink[] {
  return searches.map((search) => ({
    label: searchHeading(search.criteria, { displayName, preposition: 'in', places: [] }),
    href: buildSearchPath(site, search.criteria),
  }))
}

const pageSuffix = (page: number) => (page > 1 ? ` – Page ${page}` : '')

interface SitemapContext {
  db: Kysely<Database>
  site: SiteProfile
  gazetteer: Gazetteer
  places: SitemapPlaces
  activity: SiteActivity
  /** Home › Sitemap: every page's trail starts so. */
  crumbs: Breadcrumb[]
}

type PageContent = Omit<SitemapPageData, 'canonicalPath'>

/** A known sitemap page: its canonical form (for the 301 check) and how to build it. */
interface ResolvedPage {
  canonical: SitemapPage
  build: () => PageContent | Promise<PageContent>
}

function listingsIn(placeActivity: PlaceActivity | undefined) {
  return placeActivity?.listings ?? 0
}

function stateToken({ gazetteer }: SitemapContext, state: SitemapState) {
  return findStateById(gazetteer, state.id)!.token
}

function stateCrumb({ site }: SitemapContext, state: SitemapState) {
  return { name: state.name, href: sitemapPath(site, { kind: 'state', stateSlug: state.slug }) }
}

function homePage(context: SitemapContext): PageContent {
  const { site, places, activity } = context
  const directory = site.searchGrammar ? brokerDirectoryPath(site) : undefined
  const mainPages: SitemapLink[] = [
    { label: `${site.name} home`, href: '/' },
    ...(hasLandingPages(site) ? [{ label: 'Market insights for the United States', href: nationalLandingPath }] : []),
    ...(site.features.valuation ? [{ label: 'Land values in the United States', href: landValuesPath() }] : []),
    ...(directory ? [{ label: 'Find a broker or agent', href: directory }] : []),
  ]
  const sections: SitemapSection[] = [{ heading: 'Main pages', links: mainPages }]
  if (site.searchGrammar) {
    const states = places.states.filter((state) => listingsIn(activity.states.get(state.id)) > 0)
    sections.push(
      {
        heading: 'Land for sale across the United States',
        links: searchLinks(site, searchesOfPlace('national', { places: [] }, activity.national), 'United States'),
      },
      {
        heading: 'Listings by state',
        links: states.map((state) => ({ ...stateCrumb(context, state), label: state.name, note: countNote(listingsIn(activity.states.get(state.id))) })),
      },
    )
  }
  return {
    title: `Sitemap | ${site.name}`,
    heading: 'Sitemap',
    description: site.searchGrammar
      ? `Every state, county and listing on ${site.name}, with featured and new listings by state and the main land-for-sale searches.`
      : `Every page of ${site.name}: ${site.tagline.toLowerCase()}.`,
    noindex: false,
    breadcrumbs: context.crumbs.slice(0, 1),
    sections,
    pagination: null,
  }
}

async function statePage(context: SitemapContext, state: SitemapState): Promise<PageContent> {
  const { db, site, gazetteer, places, activity } = context
  const listings = listingsIn(activity.states.get(state.id))
  const countyLinks = places.counties
    .filter((county) => county.stateId === state.id && listingsIn(activity.counties.get(county.id)) > 0)
    .map((county) => ({
      label: county.name,
      href: sitemapPath(site, { kind: 'county', countySlug: county.slug, page: 1 }),
      note: countNote(listingsIn(activity.counties.get(county.id))),
    }))
  const lakeLinks = context.gazetteer.lakes.flatMap((lake) => {
    const lakeActivity = activity.lakes.get(lakeActivityKey(state.id, lake.id))
    if (lake.stateId !== state.id || !lakeActivity) return []
    const [search] = searchesOfPlace('lake', { state: stateToken(context, state), places: [lake.token] }, lakeActivity)
    return search ? [{ label: `Land near ${lake.name}`, href: buildSearchPath(site, search.criteria), note: countNote(lakeActivity.listings) }] : []
  })
  // The state's featured and new listings, each linked only while it lists something: an empty list's page is noindex (decision 0062).
  const listLinks = await Promise.all(
    (['featured-listing', 'new-listing'] as const).map(async (kind) =>
      (await countListingsOf(db, site, gazetteer, stateListOf(context, state, kind))) > 0
        ? [
            {
              label: `${kind === 'featured-listing' ? 'Featured' : 'New'} listings in ${state.name}`,
              href: sitemapPath(site, { kind, stateAbbreviation: state.abbreviation, page: 1 }),
            },
          ]
        : [],
    ),
  )
  const about: SitemapLink[] = [
    ...(hasLandingPages(site) ? [{ label: `${state.name} overview`, href: landingPath({ kind: 'state', slug: state.slug }) }] : []),
    ...searchLinks(site, searchesOfPlace('state', { state: stateToken(context, state), places: [] }, activity.states.get(state.id)), state.name),
    ...listLinks.flat(),
  ]
  return {
    title: `${state.name} Listings by County – Sitemap | ${site.name}`,
    heading: `${state.name} Listings by County`,
    description: `${countNote(listings)} in ${state.name} on ${site.name}, county by county, with featured and new listings and every ${state.name} land-for-sale search.`,
    noindex: listings === 0,
    breadcrumbs: context.crumbs,
    sections: [
      { heading: `Land in ${state.name}`, links: about },
      { heading: `Counties of ${state.name}`, links: countyLinks, emptyText: `${site.name} has no listings in ${state.name} right now.` },
      ...(lakeLinks.length > 0 ? [{ heading: `Lakes of ${state.name}`, links: lakeLinks }] : []),
    ],
    pagination: null,
  }
}

async function countyPage(
  context: SitemapContext,
  county: SitemapCounty,
  state: SitemapState,
  canonical: Extract<SitemapPage, { kind: 'county' }>,
): Promise<PageContent> {
  const { db, site, gazetteer, activity } = context
  const place = { state: stateToken(context, state), places: [findPlaceById(gazetteer, 'county', county.id)!.token] }
  const displayName = `${county.name}, ${state.abbreviation}`
  // Sold and off-market listings keep their pages (spec §4 badges), so they are listed too.
  const list = { criteria: { ...place, marketStatuses: keysOf(marketStatusOptions) }, order: 'newest' } as const
  const listings = await listingLinks(db, site, gazetteer, list, canonical.page)
  const about: SitemapLink[] = [
    ...(hasLandingPages(site) ? [{ label: `${displayName} overview`, href: landingPath({ kind: 'county', slug: county.slug }) }] : []),
    ...searchLinks(site, searchesOfPlace('county', place, activity.counties.get(county.id)), displayName),
  ]
  return {
    title: `${displayName} Listings – Sitemap${pageSuffix(canonical.page)} | ${site.name}`,
    heading: `${displayName} Listings`,
    description: `${countNote(listings.total)} in ${displayName} on ${site.name}: every property's page, for sale, under contract and sold.`,
    noindex: listings.total === 0,
    breadcrumbs: [...context.crumbs, stateCrumb(context, state)],
    sections: [
      { heading: `Land in ${displayName}`, links: about },
      { heading: `Listings in ${displayName}`, links: listings.links, emptyText: `${site.name} has no listings in ${displayName} right now.` },
    ],
    pagination: pagination(site, canonical, listings.total),
  }
}

/** A state's featured listings (diamond, platinum and gold, by tier) or its new ones (the last 30 days, newest first). */
function stateListOf(context: SitemapContext, state: SitemapState, kind: 'featured-listing' | 'new-listing'): ListingList {
  return kind === 'featured-listing'
    ? { criteria: { state: stateToken(context, state) }, featuredOnly: true, order: 'tier' }
    : { criteria: { state: stateToken(context, state), dateListed: '30-days' }, order: 'newest' }
}

async function stateListPage(
  context: SitemapContext,
  state: SitemapState,
  canonical: Extract<SitemapPage, { kind: 'featured-listing' | 'new-listing' }>,
): Promise<PageContent> {
  const { db, site, gazetteer } = context
  const isFeatured = canonical.kind === 'featured-listing'
  const list = stateListOf(context, state, canonical.kind)
  const listings = await listingLinks(db, site, gazetteer, list, canonical.page)
  const heading = `${isFeatured ? 'Featured' : 'New'} Listings in ${state.name}`
  return {
    title: `${heading} – Sitemap${pageSuffix(canonical.page)} | ${site.name}`,
    heading,
    description: isFeatured
      ? `${countNote(listings.total)} featured by their sellers in ${state.name} on ${site.name}: diamond, platinum and gold listings.`
      : `${countNote(listings.total)} listed in ${state.name} on ${site.name} in the past 30 days.`,
    noindex: listings.total === 0,
    breadcrumbs: [...context.crumbs, stateCrumb(context, state)],
    sections: [
      {
        heading: isFeatured ? 'Diamond, platinum and gold listings' : 'Listed in the past 30 days, newest first',
        links: listings.links,
        emptyText: `${site.name} has no ${isFeatured ? 'featured' : 'new'} listings in ${state.name} right now.`,
      },
    ],
    pagination: pagination(site, canonical, listings.total),
  }
}

/** The page a parsed path names, found whatever the case of its place; a 404 for an unknown place. */
function resolvePage(context: SitemapContext, sitemap: SitemapPage): ResolvedPage {
  const { places } = context
  switch (sitemap.kind) {
    case 'home':
      return { canonical: sitemap, build: () => homePage(context) }
    case 'state': {
      const state = places.stateBySlug.get(sitemap.stateSlug.toLowerCase())
      if (!state) throw notFound()
      return { canonical: { kind: 'state', stateSlug: state.slug }, build: () => statePage(context, state) }
    }
    case 'county': {
      const county = places.countyBySlug.get(sitemap.countySlug.toLowerCase())
      const state = county && places.states.find((candidate) => candidate.id === county.stateId)
      if (!county || !state) throw notFound()
      const canonical = { kind: 'county', countySlug: county.slug, page: sitemap.page } as const
      return { canonical, build: () => countyPage(context, county, state, canonical) }
    }
    case 'featured-listing':
    case 'new-listing': {
      const state = places.stateByAbbreviation.get(sitemap.stateAbbreviation.toLowerCase())
      if (!state) throw notFound()
      const canonical = { kind: sitemap.kind, stateAbbreviation: state.abbreviation, page: sitemap.page }
      return { canonical, build: () => stateListPage(context, state, canonical) }
    }
  }
}

/**
 * The HTML sitemap page a request asks for (spec §2 /sitemap/ variants): a 404 for an unknown
 * shape, state or county, and a 301 to `sitemapPath` for any other spelling of a known one.
 */
export async function loadSitemapPage(db: Kysely<Database>, site: SiteProfile, request: Request): Promise<SitemapPageData> {
  const sitemap = parseSitemapPath(site, new URL(request.url).pathname)
  if (!sitemap) throw notFound()
  const [places, activity, gazetteer] = await Promise.all([sitemapPlaces(db), siteActivity(db, site.listingScopeBits), loadGazetteer(db)])
  const crumbs = [
    { name: 'Home', href: '/' },
    { name: 'Sitemap', href: sitemapPath(site, { kind: 'home' }) },
  ]
  const page = resolvePage({ db, site, gazetteer, places, activity, crumbs }, sitemap)
  const canonicalPath = sitemapPath(site, page.canonical)
  if (!requestIsForPath(request, canonicalPath)) throw redirect(canonicalPath, 301)
  return { ...(await page.build()), canonicalPath }
}
