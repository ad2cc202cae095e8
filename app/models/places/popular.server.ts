import type { Kysely } from 'kysely'
import type { SiteProfile } from '~/models/sites/site-profile'
import { timedCache } from '~/utils/timed-cache.server'
import type { Database } from '~/models/db/db-schema'
import { type SearchCriteria, customSegmentKeys, normalizeCriteria } from '~/models/search/search-criteria'
import { type SearchType, searchTypesOf, searchesByState, searchesByType } from '~/models/search/search-counts.server'
import { searchTypeWords } from '~/models/search/search-seo'
import { loadGazetteer } from './gazetteer.server'
import { marketOf, marketSnapshot } from './market-stats.server'

/** A state with the number of active listings a site shows there. */
export interface PopularState {
  id: number
  name: string
  abbreviation: string
  /** The gazetteer's slug: 'New-Mexico'. */
  slug: string
  listings: number
}

const timeToLiveMilliseconds = 10 * 60_000

/**
 * Every state (and DC) with its active listing count within the site's property-type scope
 * (`SiteProfile.listingScopeBits`, 0 for all), most listings first, then by name: the "Popular
 * States" of home pages and, until enough searches are counted, of footers. The counts are the
 * market snapshot's (decision 0028), which the minute jobs keep, so no page counts the table.
 */
export async function popularStates(db: Kysely<Database>, scopeBits: number): Promise<PopularState[]> {
  const [gazetteer, snapshot] = await Promise.all([loadGazetteer(db), marketSnapshot(db, scopeBits)])
  return gazetteer.states
    .map((state) => ({
      id: state.id,
      name: state.name,
      abbreviation: state.abbreviation,
      slug: state.slug,
      listings: marketOf(snapshot, { kind: 'state', id: state.id }).listings,
    }))
    .sort((a, b) => b.listings - a.listings || a.name.localeCompare(b.name))
}

/**
 * Searches counted over the last 30 days (search-counts.server.ts) needed before they, rather than
 * listing counts and the site's own list, rank the footer's popular states and searches: below it,
 * a handful of searches would reorder the footer of every page.
 */
export const minimumCountedSearches = 300

export interface PopularSearch {
  label: string
  criteria: Partial<SearchCriteria>
  /** Searches of its type over the last 30 days. */
  searches: number
}

/** A site's footer lists (spec §2 Popular States and Popular Searches; §7 /api/popular/…/0). */
export interface SitePopularity {
  /** Every state: by searches once enough are counted, else by active listings. */
  states: (PopularState & { searches: number })[]
  /** By searches once enough are counted (the site's own list filling the rest), else the site's own list. */
  searches: PopularSearch[]
  /** Whether the counts, not the fallbacks, ranked the states and the searches. */
  isFromSearchCounts: { states: boolean; searches: boolean }
}

/** The search for one type: its landing segment or its property type. */
function searchOfType(searchType: SearchType): Partial<SearchCriteria> {
  return (customSegmentKeys as readonly string[]).includes(searchType)
    ? { customSegment: searchType as SearchCriteria['customSegment'] }
    : { propertyTypes: [searchType as SearchCriteria['propertyTypes'][number]] }
}

/** The site's own popular searches: its footer's list (the land site's), else its menu's property types. */
export function defaultPopularSearches(site: SiteProfile): Omit<PopularSearch, 'searches'>[] {
  const section = site.footerSections.find((spec) => spec.kind === 'searches')
  if (section) return [...section.searches]
  return site.menuPropertyTypes.filter((type) => type !== 'all').map((type) => ({ label: `${searchTypeWords(type)} for Sale`, criteria: searchOfType(type) }))
}

const total = (counts: Iterable<number>) => [...counts].reduce((sum, count) => sum + count, 0)

async function countSitePopularity(db: Kysely<Database>, site: SiteProfile): Promise<SitePopularity> {
  const [states, byState, byType] = await Promise.all([popularStates(db, site.listingScopeBits), searchesByState(db, site.siteId), searchesByType(db, site.siteId)])
  const searchesOf = new Map(byType.map((entry) => [entry.searchType, entry.searches]))
  const isFromSearchCounts = { states: total(byState.values()) >= minimumCountedSearches, searches: total(searchesOf.values()) >= minimumCountedSearches }
  const rankedStates = states.map((state) => ({ ...state, searches: byState.get(state.id) ?? 0 }))
  if (isFromSearchCounts.states) rankedStates.sort((a, b) => b.searches - a.searches || b.listings - a.listings || a.name.localeCompare(b.name))
  const defaults = defaultPopularSearches(site).map((search) => {
    const [searchType] = searchTypesOf(normalizeCriteria(search.criteria))
    return { ...search, searches: (searchType && searchesOf.get(searchType)) || 0 }
  })
  const counted = byType.map(({ searchType, searches }) => ({ label: `${searchTypeWords(searchType)} for Sale`, criteria: searchOfType(searchType), searches }))
  const searches = isFromSearchCounts.searches ? [...counted, ...defaults.filter((search) => search.searches === 0)].slice(0, defaults.length) : defaults
  return { states: rankedStates, searches, isFromSearchCounts }
}

/** The site's footer lists, kept ten minutes per database and site (its profile, one object per site) like `popularStates`. */
export const sitePopularity: (db: Kysely<Database>, site: SiteProfile) => Promise<SitePopularity> = timedCache(timeToLiveMilliseconds, countSitePopularity)
