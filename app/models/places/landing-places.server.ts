import type { FinanceLocation } from '~/models/finance/finance-centers.server'
import { type LandingPlace, hasLandingPages, landingPath } from '~/models/places/landing-path'
import { buildSearchPath } from '~/models/search/search-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { formatDollars } from '~/utils/format'
import { type Gazetteer, type GazetteerPlace, type GazetteerState, findPlaceById, findState, findStateById } from './gazetteer.server'
import type { PlaceLink, PlaceLinkGroup, PlaceMarketSection } from './market-stats'
import { type MarketPlace, type MarketSnapshot, marketOf, marketStatsOf } from './market-stats.server'
import { type SearchCriteria, normalizeCriteria } from '~/models/search/search-criteria'
import { propertyTypeOptions } from '~/models/search/search-options'

/**
 * The places of the landing hierarchy (issue 7: country → states → regions and counties →
 * cities → searches) and the links between them. On the land site a place's page is its landing page;
 * the rural sites have none, so there it is the place's plain search.
 */
export type HierarchyPlace =
  | { kind: 'national' }
  | { kind: 'state'; state: GazetteerState }
  | { kind: 'region' | 'county'; place: GazetteerPlace; state: GazetteerState }
  /** A city with the county it lies in (its trail and finance center go through the county). */
  | { kind: 'city'; place: GazetteerPlace; state: GazetteerState; county: GazetteerPlace | undefined }

interface PlaceIndex {
  regionsBySlug: Map<string, GazetteerPlace>
  countiesBySlug: Map<string, GazetteerPlace>
  regionsByState: Map<number, GazetteerPlace[]>
  countiesByState: Map<number, GazetteerPlace[]>
  countiesByRegion: Map<number, GazetteerPlace[]>
  citiesBySlug: Map<string, GazetteerPlace>
  citiesByCounty: Map<number, GazetteerPlace[]>
}

const indexes = new WeakMap<Gazetteer, PlaceIndex>()

function push<Key>(groups: Map<Key, GazetteerPlace[]>, key: Key, place: GazetteerPlace) {
  const group = groups.get(key)
  if (group) group.push(place)
  else groups.set(key, [place])
}

/** Regions, counties and cities by lowercased slug and by parent, alphabetical within a parent; built once per gazetteer. */
function placeIndex(gazetteer: Gazetteer): PlaceIndex {
  let index = indexes.get(gazetteer)
  if (index) return index
  index = {
    regionsBySlug: new Map(),
    countiesBySlug: new Map(),
    regionsByState: new Map(),
    countiesByState: new Map(),
    countiesByRegion: new Map(),
    citiesBySlug: new Map(),
    citiesByCounty: new Map(),
  }
  const byName = [...gazetteer.places].sort((a, b) => a.name.localeCompare(b.name))
  for (const place of byName) {
    if (place.kind === 'region') {
      index.regionsBySlug.set(place.slug.toLowerCase(), place)
      push(index.regionsByState, place.stateId, place)
    } else if (place.kind === 'county') {
      index.countiesBySlug.set(place.slug.toLowerCase(), place)
      push(index.countiesByState, place.stateId, place)
      if (place.regionId !== null) push(index.countiesByRegion, place.regionId, place)
    } else {
      index.citiesBySlug.set(place.slug.toLowerCase(), place)
      if (place.countyId !== null) push(index.citiesByCounty, place.countyId, place)
    }
  }
  indexes.set(gazetteer, index)
  return index
}

/** The place a landing path names, whatever the case of its slug; undefined for a place that does not exist. */
export function resolveLandingPlace(gazetteer: Gazetteer, landing: LandingPlace): HierarchyPlace | undefined {
  if (landing.kind === 'national') return { kind: 'national' }
  const slug = landing.slug.toLowerCase()
  if (landing.kind === 'state') {
    const state = findState(gazetteer, slug)
    return state && { kind: 'state', state }
  }
  const index = placeIndex(gazetteer)
  if (landing.kind === 'city') {
    const city = index.citiesBySlug.get(slug)
    const state = city && findStateById(gazetteer, city.stateId)
    const county = city?.countyId == null ? undefined : findPlaceById(gazetteer, 'county', city.countyId)
    return city && state && { kind: 'city', place: city, state, county }
  }
  const place = (landing.kind === 'region' ? index.regionsBySlug : index.countiesBySlug).get(slug)
  const state = place && findStateById(gazetteer, place.stateId)
  return place && state && { kind: landing.kind, place, state }
}

/** The place a search's single location names: a state, or one county or region in it. */
export function hierarchyPlaceOf(gazetteer: Gazetteer, state: GazetteerState, place?: { kind: 'county' | 'region'; id: number }): HierarchyPlace | undefined {
  if (!place) return { kind: 'state', state }
  const found = findPlaceById(gazetteer, place.kind, place.id)
  return found && { kind: place.kind, place: found, state }
}

export function landingPlaceOf(place: HierarchyPlace): LandingPlace {
  if (place.kind === 'national') return { kind: 'national' }
  return { kind: place.kind, slug: place.kind === 'state' ? place.state.slug : place.place.slug }
}

export function marketPlaceOf(place: HierarchyPlace): MarketPlace | undefined {
  if (place.kind === 'national') return undefined
  return place.kind === 'state' ? { kind: 'state', id: place.state.id } : { kind: place.kind, id: place.place.id }
}

/** Where a finance center for the place is looked up (county, then region, then state, then the default). */
export function financeLocationOf(place: HierarchyPlace): FinanceLocation {
  switch (place.kind) {
    case 'national':
      return {}
    case 'state':
      return { stateId: place.state.id }
    case 'region':
      return { stateId: place.state.id, regionId: place.place.id }
    case 'county':
      return { stateId: place.state.id, regionId: place.place.regionId ?? undefined, countyId: place.place.id }
    case 'city':
      // Spec §3's finance location scale stops at the county: a city's lender is its county's.
      return place.county ? financeLocationOf({ kind: 'county', place: place.county, state: place.state }) : { stateId: place.state.id }
  }
}

/** 'United States', 'Texas', 'Central Texas', 'Travis County, TX'. */
export function placeNameOf(place: HierarchyPlace) {
  switch (place.kind) {
    case 'national':
      return 'United States'
    case 'state':
      return place.state.name
    case 'region':
      return place.place.name
    case 'county':
    case 'city':
      return `${place.place.name}, ${place.state.abbreviation}`
  }
}

/** The plain search of a place: every listing in it. */
export function searchCriteriaOf(place: HierarchyPlace): SearchCriteria {
  if (place.kind === 'national') return normalizeCriteria({})
  if (place.kind === 'state') return normalizeCriteria({ state: place.state.token })
  return normalizeCriteria({ state: place.state.token, places: [place.place.token] })
}

// A state's page lists hundreds of counties; their paths never change, so each is built once per site.
const pagePaths = new WeakMap<SiteProfile, Map<string, string>>()

/** Where a place's page is on a site: its landing page on the land site, its plain search elsewhere. */
function placePagePath(site: SiteProfile, place: HierarchyPlace) {
  let paths = pagePaths.get(site)
  if (!paths) pagePaths.set(site, (paths = new Map()))
  const key = place.kind === 'national' ? 'national' : `${place.kind}:${place.kind === 'state' ? place.state.id : place.place.id}`
  let path = paths.get(key)
  if (path === undefined) {
    path = hasLandingPages(site) ? landingPath(landingPlaceOf(place)) : buildSearchPath(site, searchCriteriaOf(place))
    paths.set(key, path)
  }
  return path
}

/** United States › Texas › Central Texas › Travis County: each step's page on the site. */
export function placeTrail(site: SiteProfile, gazetteer: Gazetteer, place: HierarchyPlace) {
  return placeTrailTo(gazetteer, place, (step) => placePagePath(site, step))
}

/** United States › Texas › Central Texas › Travis County › Austin, each step at the page `pathOf` gives it. */
export function placeTrailTo(gazetteer: Gazetteer, place: HierarchyPlace, pathOf: (step: HierarchyPlace) => string) {
  const trail: HierarchyPlace[] = [{ kind: 'national' }]
  if (place.kind !== 'national') trail.push({ kind: 'state', state: place.state })
  const county = place.kind === 'county' ? place.place : place.kind === 'city' ? place.county : undefined
  const regionId = county?.regionId ?? null
  const region = regionId === null ? undefined : findPlaceById(gazetteer, 'region', regionId)
  if (place.kind !== 'national' && region) trail.push({ kind: 'region', place: region, state: place.state })
  if (place.kind === 'city' && county) trail.push({ kind: 'county', place: county, state: place.state })
  if (place.kind !== 'national' && place.kind !== 'state') trail.push(place)
  return trail.map((step) => ({ name: step.kind === 'county' || step.kind === 'city' ? step.place.name : placeNameOf(step), href: pathOf(step) }))
}

/** Louisiana has parishes and Alaska boroughs: the word a state's counties go by. */
function countyWord(counties: GazetteerPlace[]) {
  const allEndWith = (suffix: string) => counties.length > 0 && counties.every((county) => county.name.endsWith(suffix))
  return allEndWith(' Parish') ? 'Parishes' : allEndWith(' Borough') ? 'Boroughs' : 'Counties'
}

type PlaceWithinState = Extract<HierarchyPlace, { kind: 'region' | 'county' }>

/** The places one step below a state (its regions, then its counties) or a region (its counties), each group headed and alphabetical. */
export function placeGroupsWithin(gazetteer: Gazetteer, place: Exclude<HierarchyPlace, { kind: 'national' }>): { heading: string; places: PlaceWithinState[] }[] {
  const index = placeIndex(gazetteer)
  const { state } = place
  const regions = place.kind === 'state' ? (index.regionsByState.get(state.id) ?? []) : []
  const counties =
    place.kind === 'state' ? (index.countiesByState.get(state.id) ?? []) : place.kind === 'region' ? (index.countiesByRegion.get(place.place.id) ?? []) : []
  const placeName = place.kind === 'state' ? state.name : place.place.name
  return [
    { heading: `Regions of ${placeName}`, places: regions.map((region): PlaceWithinState => ({ kind: 'region', place: region, state })) },
    { heading: `${countyWord(counties)} in ${placeName}`, places: counties.map((county): PlaceWithinState => ({ kind: 'county', place: county, state })) },
  ].filter((group) => group.places.length > 0)
}

/**
 * Every place one step down, each with its listing count; those with listings link to their
 * pages. An empty place's page is noindex, so it is named without a link (decision 0062).
 */
function childGroups(site: SiteProfile, gazetteer: Gazetteer, snapshot: MarketSnapshot, place: HierarchyPlace): PlaceLinkGroup[] {
  const link = (name: string, child: HierarchyPlace): PlaceLink => {
    const { listings } = marketOf(snapshot, marketPlaceOf(child))
    return { name, href: listings > 0 ? placePagePath(site, child) : null, listings }
  }
  if (place.kind === 'national') {
    // Spec §2: 'State links read "{state} Land For Sale"'.
    return [{ heading: 'Land for sale by state', places: gazetteer.states.map((state) => link(`${state.name} Land For Sale`, { kind: 'state', state })) }]
  }
  if (place.kind === 'city') return []
  if (place.kind === 'county') {
    // The county's cities, each to its landing page (or city search): the way down to a city's page.
    const cities = placeIndex(gazetteer).citiesByCounty.get(place.place.id) ?? []
    const cityOf = (city: GazetteerPlace): HierarchyPlace => ({ kind: 'city', place: city, state: place.state, county: place.place })
    return cities.length > 0 ? [{ heading: `Cities in ${place.place.name}`, places: cities.map((city) => link(city.name, cityOf(city))) }] : []
  }
  return placeGroupsWithin(gazetteer, place).map((group) => ({ heading: group.heading, places: group.places.map((child) => link(child.place.name, child)) }))
}

/** The property types a site lists (its scope; every type for a scope of 0) that have listings in the place. */
function inventoryLinks(site: SiteProfile, listingsByType: number[], criteria: SearchCriteria): PlaceLink[] {
  return propertyTypeOptions.flatMap((option, index) => {
    const listings = listingsByType[index] ?? 0
    const isInScope = site.listingScopeBits === 0 || (site.listingScopeBits & option.bits) !== 0
    if (!isInScope || listings === 0) return []
    return [{ name: option.label, listings, href: buildSearchPath(site, { ...criteria, propertyTypes: [option.key] }) }]
  })
}

/** A place's market in figures, by property type, and the links down from it. */
export function placeMarketSection(site: SiteProfile, gazetteer: Gazetteer, snapshot: MarketSnapshot, place: HierarchyPlace): PlaceMarketSection {
  const criteria = searchCriteriaOf(place)
  return {
    placeName: placeNameOf(place),
    stats: marketStatsOf(snapshot, marketPlaceOf(place)),
    inventory: inventoryLinks(site, marketOf(snapshot, marketPlaceOf(place)).listingsByType, criteria),
    searchHref: buildSearchPath(site, criteria),
    childGroups: childGroups(site, gazetteer, snapshot, place),
  }
}

/** 'Browse 1,503 properties for sale in Texas: median asking price $420,000, $3,150 per acre.' */
export function marketSentence(market: PlaceMarketSection) {
  const { listings, medianPrice, medianPricePerAcre } = market.stats
  const figures = [
    medianPrice !== null ? `median asking price ${formatDollars(medianPrice)}` : '',
    medianPricePerAcre !== null ? `${formatDollars(medianPricePerAcre)} per acre` : '',
  ].filter(Boolean)
  const count = `${listings.toLocaleString('en-US')} ${listings === 1 ? 'property' : 'properties'}`
  return `Browse ${count} for sale in ${market.placeName}${figures.length > 0 ? `: ${figures.join(', ')}` : ''}.`
}
