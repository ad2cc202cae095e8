import { redirect } from 'react-router'
import type { Kysely } from 'kysely'
import { type LandingPlace, hasLandingPages, landingPath } from '~/models/places/landing-path'
import { listingCard } from '~/sites/listing-links'
import { buildSearchPath } from '~/models/search/search-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { requestIsForPath } from '~/http/requested-path.server'
import type { Database } from '~/models/db/db-schema'
import { type ResolvedLocation, loadGazetteer } from '~/models/places/gazetteer.server'
import type { PlaceMarketSection } from '~/models/places/market-stats'
import {
  hierarchyPlaceOf,
  landingPlaceOf,
  financeLocationOf,
  marketPlaceOf,
  marketSentence,
  placeMarketSection,
  placeTrail,
  resolveLandingPlace,
} from '~/models/places/landing-places.server'
import { recentFinanceCenterHref } from '~/models/finance/finance-centers.server'
import { findAdForPlace } from '~/models/ads/ads.server'
import { findHeroPhotoId } from '~/models/listings/listing.server'
import { findFeaturedListings, marketSnapshot } from '~/models/places/market-stats.server'
import { type SearchCriteria, normalizeCriteria } from '~/models/search/search-criteria'

const featuredCount = 6

/** The kinds of property with the most listings, for the description: 'Farms, ranches and hunting land'. */
function leadingTypes(market: PlaceMarketSection) {
  const labels = [...market.inventory]
    .sort((a, b) => b.listings - a.listings)
    .slice(0, 3)
    .map((type, index) => (index === 0 ? type.name : type.name.toLowerCase()))
  return labels.length <= 1 ? labels.join('') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`
}

/** What a landing page draws (its component's and its head's data). */
export type LandingPageData = Awaited<ReturnType<typeof loadLandingPage>>

/**
 * A landing page of the land site (spec §2, issue 7): the place's market in figures, its
 * featured listings and the links down the hierarchy. Throws a 404 for a place that does not
 * exist and a 301 to the canonical spelling ('/texas' → '/Texas', '/United-States/' → '/market-insights/').
 */
export async function loadLandingPage(db: Kysely<Database>, site: SiteProfile, request: Request, landing: LandingPlace) {
  const gazetteer = await loadGazetteer(db)
  const place = resolveLandingPlace(gazetteer, landing)
  if (!place) throw new Response('Not Found', { status: 404 })
  const canonicalPath = landingPath(landingPlaceOf(place))
  if (!requestIsForPath(request, canonicalPath)) throw redirect(canonicalPath, 301)
  const scopeBits = site.listingScopeBits
  const [snapshot, featured, financeHref, ad] = await Promise.all([
    marketSnapshot(db, scopeBits),
    findFeaturedListings(db, { scopeBits, place: marketPlaceOf(place), limit: featuredCount }),
    recentFinanceCenterHref(db, site, financeLocationOf(place)),
    findAdForPlace(db, site, financeLocationOf(place), { rotationKey: canonicalPath }),
  ])
  const heroPhotoId = featured.find((listing) => listing.imageIds.length > 0)?.imageIds[0] ?? (await findHeroPhotoId(db))
  const market = placeMarketSection(site, gazetteer, snapshot, place)
  const { listings } = market.stats
  const heading = `${market.placeName} Land for Sale`
  const types = leadingTypes(market)
  return {
    kind: place.kind,
    heading,
    title: `${heading} – ${listings.toLocaleString('en-US')} ${listings === 1 ? 'Listing' : 'Listings'} | ${site.name}`,
    description:
      listings === 0
        ? `No land for sale in ${market.placeName} right now.`
        : `${marketSentence(market)}${types ? ` ${types} with photos, prices and acreage from land brokers and owners.` : ''}`,
    canonicalPath,
    /** A place without land for sale is no page to send a searcher to, like an empty search (decision 0062). */
    isIndexable: listings > 0,
    heroPhotoId,
    market,
    featured: featured.map((listing) => listingCard(site, listing)),
    breadcrumbs: placeTrail(site, gazetteer, place),
    /** The finance center for the page's place (the header's 'Finance'), null when none lends there. */
    financeHref: financeHref ?? null,
    /** The page's ad (issue 17 §8), null when none fits the place. */
    ad,
  }
}

/**
 * The rural sites' stand-in for landing pages (issue 7): their plain state, region and county
 * searches (page 1, no filter, default order) show the place's market and the links down from
 * it. Null for any other search, and on the land site, which has landing pages of its own.
 */
export async function searchPageMarketSection(
  db: Kysely<Database>,
  site: SiteProfile,
  criteria: SearchCriteria,
  location: ResolvedLocation,
): Promise<PlaceMarketSection | null> {
  const { state } = location
  if (hasLandingPages(site) || !state || criteria.places.length > 1 || location.cities.length > 0 || location.lakes.length > 0) return null
  if (buildSearchPath(site, normalizeCriteria({ state: criteria.state, places: criteria.places })) !== buildSearchPath(site, criteria)) return null
  const [county] = location.counties
  const [region] = location.regions
  const gazetteer = await loadGazetteer(db)
  const place = hierarchyPlaceOf(gazetteer, state, county ? { kind: 'county', id: county.id } : region ? { kind: 'region', id: region.id } : undefined)
  if (!place) return null
  return placeMarketSection(site, gazetteer, await marketSnapshot(db, site.listingScopeBits), place)
}
