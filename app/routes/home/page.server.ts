import type { Kysely } from 'kysely'
import { readConfig } from '~/config.server'
import { landValuesPath } from '~/models/valuation/land-values-path'
import { hasLandingPages, nationalLandingPath } from '~/models/places/landing-path'
import { listingCard } from '~/sites/listing-links'
import type { SiteProfile } from '~/models/sites/site-profile'
import type { Database } from '~/models/db/db-schema'
import { loadGazetteer } from '~/models/places/gazetteer.server'
import { placeMarketSection } from '~/models/places/landing-places.server'
import { findHeroPhotoId } from '~/models/listings/listing.server'
import { findFeaturedListings, marketStatsOf, marketSnapshot } from '~/models/places/market-stats.server'
import { nearMeLink, type VisitorLocation } from '~/models/places/near-me.server'
import { stateMapStates } from '~/models/places/map-shapes.server'
import { findAdForPlace } from '~/models/ads/ads.server'

/** The names of the CDN's location headers, for a `Vary` header on pages whose links depend on them. */
export function visitorHeaderNames() {
  const { zip, state } = readConfig().visitorHeaders
  return [zip, state]
}

function visitorLocation(request: Request): VisitorLocation {
  const { zip, state } = readConfig().visitorHeaders
  return { zip: request.headers.get(zip), state: request.headers.get(state) }
}

const popularStateCount = 10
const featuredCount = 6

const districtOfColumbia = 'District of Columbia'

/** The places listings are in, as the home's hero says them: '50 states', '49 states and the District of Columbia'. */
function placesPhrase(places: { name: string }[]) {
  const stateCount = places.filter((place) => place.name !== districtOfColumbia).length
  const states = `${stateCount} ${stateCount === 1 ? 'state' : 'states'}`
  return stateCount < places.length ? `${states} and the ${districtOfColumbia}` : states
}

/**
 * A listing site's home (issue 7): the country's listing count, the visitor's 'Land for Sale
 * Near Me', popular states and every state with counts, featured listings and the property
 * types the site lists. A site without search (the valuation site) has no listing pages to
 * link to: its home is a table of what land asks, state by state, each state linked to its land value page.
 */
export async function loadHomePage(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const scopeBits = site.listingScopeBits
  const [gazetteer, snapshot, heroPhotoId] = await Promise.all([loadGazetteer(db), marketSnapshot(db, scopeBits), findHeroPhotoId(db)])
  const national = marketStatsOf(snapshot)
  const statesWithListings = gazetteer.states.filter((state) => marketStatsOf(snapshot, { kind: 'state', id: state.id }).listings > 0)
  const listingPlaces = placesPhrase(statesWithListings)
  if (!site.searchGrammar) {
    // The table's rows are the places the hero counts: a state with nothing for sale has no asking prices to show.
    const states = statesWithListings.map((state) => ({
      name: state.name,
      href: landValuesPath(state.token),
      stats: marketStatsOf(snapshot, { kind: 'state', id: state.id }),
    }))
    const valuationStates = gazetteer.states.map((state) => ({ token: state.token, name: state.name })).sort((a, b) => a.name.localeCompare(b.name))
    return { kind: 'valuation' as const, heroPhotoId, national, listingPlaces, states, valuationStates }
  }
  const market = placeMarketSection(site, gazetteer, snapshot, { kind: 'national' })
  const allStates = market.childGroups.flatMap((group) => group.places)
  const [featured, ad] = await Promise.all([
    findFeaturedListings(db, { scopeBits, limit: featuredCount }),
    // The home page is about no place: its ad is a national one.
    findAdForPlace(db, site, {}, { rotationKey: '/' }),
  ])
  return {
    kind: 'marketplace' as const,
    heroPhotoId,
    national,
    listingPlaces,
    nearMe: nearMeLink(site, gazetteer, visitorLocation(request)),
    popularStates: [...allStates].sort((a, b) => b.listings - a.listings || a.name.localeCompare(b.name)).slice(0, popularStateCount),
    allStates,
    propertyTypes: market.inventory,
    featured: featured.map((listing) => listingCard(site, listing)),
    insightsHref: hasLandingPages(site) ? nationalLandingPath : null,
    // The state map filter (spec §1) beside the state links, on a site with map search.
    stateMap: site.features.mapSearch ? stateMapStates(site, gazetteer, snapshot) : null,
    ad,
  }
}
