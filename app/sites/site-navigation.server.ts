import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { type SitePopularity, defaultPopularSearches, sitePopularity } from '~/models/places/popular.server'
import { countSearchMatches } from '~/models/search/search.server'
import { resolveSearchPath } from '~/models/search/search-request.server'
import { type SiteNavigation, hrefsBesideStates, siteNavigation } from './navigation'
import type { SiteProfile } from './site-profile'

/**
 * The popular states and searches for the menus and footers (the valuation site's lists its
 * states' land value pages); spec §8: a failed count leaves the state lists empty.
 */
async function navigationPopularity(db: Kysely<Database>, site: SiteProfile): Promise<Pick<SitePopularity, 'states' | 'searches'>> {
  try {
    return await sitePopularity(db, site)
  } catch (error) {
    console.error('Counting listings and searches by state for the menus failed', error)
    return uncountedPopularity(site)
  }
}

// One object per site, so that while counting fails its navigation and their markup are still built once.
const uncountedPopularityBySite = new WeakMap<SiteProfile, Pick<SitePopularity, 'states' | 'searches'>>()

function uncountedPopularity(site: SiteProfile) {
  let popularity = uncountedPopularityBySite.get(site)
  if (!popularity)
    uncountedPopularityBySite.set(site, (popularity = { states: [], searches: defaultPopularSearches(site).map((search) => ({ ...search, searches: 0 })) }))
  return popularity
}

// Building the menus' ~200 search links takes about 2 ms; the popularity is one shared object per
// site until popular.server.ts recounts it, so the links are built and their searches counted once per recount.
const navigationByPopularity = new WeakMap<object, Promise<SiteNavigation>>()

/** The hrefs of the navigation that are searches of the site finding no listing (decision 0062). */
async function emptySearchHrefs(db: Kysely<Database>, site: SiteProfile, navigation: SiteNavigation) {
  const empty = new Set<string>()
  for (const href of hrefsBesideStates(navigation)) {
    const search = await resolveSearchPath(db, site, href)
    if (search && (await countSearchMatches(db, { criteria: search.criteria, location: search.location, scopeBits: site.listingScopeBits })) === 0) empty.add(href)
  }
  return empty
}

/** The navigation without links to searches that find nothing; with every link when counting them fails. */
async function navigationWithListings(db: Kysely<Database>, site: SiteProfile, popularity: Pick<SitePopularity, 'states' | 'searches'>) {
  const everyLink = siteNavigation(site, popularity.states, popularity.searches)
  // While the listings by state cannot be counted, neither can the searches: the links stay.
  if (popularity === uncountedPopularityBySite.get(site)) return everyLink
  try {
    const empty = await emptySearchHrefs(db, site, everyLink)
    return empty.size === 0 ? everyLink : siteNavigation(site, popularity.states, popularity.searches, (href) => !empty.has(href))
  } catch (error) {
    console.error("Counting the listings of the menus' searches failed", error)
    return everyLink
  }
}

/**
 * The site's header menu and footer links as its states are counted now: the root loader sends the
 * single links with the page's data, the document draws the link panels and columns
 * (app/document/frame-parts.server.tsx).
 */
export async function siteNavigationNow(db: Kysely<Database>, site: SiteProfile) {
  const popularity = await navigationPopularity(db, site)
  let navigation = navigationByPopularity.get(popularity)
  if (!navigation) navigationByPopularity.set(popularity, (navigation = navigationWithListings(db, site, popularity)))
  return navigation
}
