import {
  type CustomSegmentKey,
  type MapBounds,
  type SearchCriteria,
  customSegmentKeys,
  defaultMarketStatuses,
  emptyCriteria,
  hasSoldFilters,
  isCalendarDate,
  normalizeCriteria,
} from '~/models/search/search-criteria'
import { pathSegments, placeTokenPattern } from '~/models/search/grammar-tokens'
import { decodeArea, encodeArea } from '~/models/search/drawn-area'
import {
  type PriceChangeTypeKey,
  type SortOrder,
  activityOptions,
  amenityOptions,
  dateListedOptions,
  keysOf,
  marketStatusOptions,
  propertyTypeOptions,
  transactionTypeOptions,
} from '~/models/search/search-options'
import type { SiteProfile } from '~/models/sites/site-profile'

/**
 * Search URLs (spec §2 "Search URLs", architecture "URL grammar"): the only code that reads or
 * writes them. The land site speaks /search/{state}-land-for-sale/{place}/{type}-for-sale/…,
 * the rural sites /{state}-land-for-sale/{place}/{type}/… and /land. Filters, sort and page
 * are readable path tokens; free-text keywords ride in `?keywords=`, and the map view of a site
 * with map search in `?view=map` (spec §2 "List/Map toggle"; the list is the plain URL).
 */
type Grammar = NonNullable<SiteProfile['searchGrammar']>

/** How the results are shown: the same search, so not a criterion; the canonical URL is the list's. */
export type SearchView = 'list' | 'map'

export interface ParsedSearchPath {
  criteria: SearchCriteria
  /** The same search in normal form: a request for any other spelling is redirected here (301). */
  normalPath: string
  /** What <link rel=canonical> names: the normal path without map bounds or a drawn area (spec §2), or view. */
  canonicalPath: string
  /** 'map' only on a site with map search (a `?view=map` elsewhere is no part of the search). */
  view: SearchView
}

const sortTokens: Record<Exclude<SortOrder, 'default'>, string> = {
  'acres-asc': 'sort-acres-low',
  'acres-desc': 'sort-acres-high',
  newest: 'sort-newest',
  'price-asc': 'sort-price-low',
  'price-desc': 'sort-price-high',
  'price-per-acre-asc': 'sort-price-per-acre-low',
  'price-per-acre-desc': 'sort-price-per-acre-high',
  'recently-changed': 'sort-recently-changed',
  'price-per-acre-below-median': 'sort-below-county-median',
  // Spec §2 "Search URLs" tokens (linkSortOptions).
  'title-asc': 'sort-az',
  'title-desc': 'sort-za',
  'seller-listings-desc': 'sort-listings-high',
}

const transactionTokens: Record<(typeof transactionTypeOptions)[number]['key'], string> = { sale: 'sales', auction: 'auctions' }

const flagTokens = {
  ownerFinancing: 'owner-financing',
  mineralRights: 'mineral-rights',
  hasVideo: 'has-video',
  hasVirtualTour: 'virtual-tour',
  hasCustomMap: 'custom-map',
  belowMedianPricePerAcre: 'below-county-median',
} as const

const priceChangeTokens: Record<Exclude<PriceChangeTypeKey, 'none'>, string> = { reduction: 'price-reduced', change: 'price-changed' }

/** Spec §2 landing segments: '{type}-for-sale' on the land site, the bare type elsewhere. */
function typeToken(grammar: Grammar, key: string) {
  return grammar === 'land' ? `${key}-for-sale` : key
}

function customToken(grammar: Grammar, key: CustomSegmentKey) {
  return key === 'present-use-orchard-vineyards' ? key : typeToken(grammar, key)
}

function formatNumber(value: number) {
  return String(value)
}

function rangeToken(name: string, min: number | undefined, max: number | undefined) {
  if (min !== undefined && max !== undefined) return `${name}-${formatNumber(min)}-${formatNumber(max)}`
  if (max !== undefined) return `${name}-under-${formatNumber(max)}`
  if (min !== undefined) return `${name}-over-${formatNumber(min)}`
  return undefined
}

const number = String.raw`(\d+(?:\.\d+)?)`
const rangePatterns = (name: string) => ({
  between: new RegExp(`^${name}-${number}-${number}$`),
  under: new RegExp(`^${name}-under-${number}$`),
  over: new RegExp(`^${name}-over-${number}$`),
})
// 'price-per-acre-under-5000' never reads as a price: a number must follow 'price-' or its 'under-'/'over-'.
const ranges = {
  price: rangePatterns('price'),
  'price-per-acre': rangePatterns('price-per-acre'),
  acres: rangePatterns('acres'),
  sqft: rangePatterns('sqft'),
  'sold-price': rangePatterns('sold-price'),
}
const rangeFields = {
  price: ['priceMin', 'priceMax'],
  'price-per-acre': ['pricePerAcreMin', 'pricePerAcreMax'],
  acres: ['acresMin', 'acresMax'],
  sqft: ['sqftMin', 'sqftMax'],
  'sold-price': ['salesPriceMin', 'salesPriceMax'],
} as const satisfies Record<keyof typeof ranges, readonly [keyof SearchCriteria, keyof SearchCriteria]>

/** Sold dates read as days: 'sold-2024-01-01-2024-12-31', 'sold-since-2024-01-01', 'sold-until-2024-12-31'. */
const day = String.raw`(\d{4}-\d{2}-\d{2})`
const soldDatePatterns = {
  between: new RegExp(`^sold-${day}-${day}$`),
  since: new RegExp(`^sold-since-${day}$`),
  until: new RegExp(`^sold-until-${day}$`),
}

function soldDateToken(min: string | undefined, max: string | undefined) {
  if (min !== undefined && max !== undefined) return `sold-${min}-${max}`
  if (min !== undefined) return `sold-since-${min}`
  if (max !== undefined) return `sold-until-${max}`
  return undefined
}

function parseSoldDates(token: string): [string | undefined, string | undefined] | undefined {
  const between = token.match(soldDatePatterns.between)
  if (between) return [between[1], between[2]]
  const since = token.match(soldDatePatterns.since)
  if (since) return [since[1], undefined]
  const until = token.match(soldDatePatterns.until)
  if (until) return [undefined, until[1]]
  return undefined
}

function formatBounds(bounds: MapBounds) {
  return `map-${bounds.south}_${bounds.west}_${bounds.north}_${bounds.east}`
}

/** The tokens after the location, in canonical order. */
function filterTokens(grammar: Grammar, criteria: SearchCriteria, { withMap }: { withMap: boolean }) {
  const tokens: string[] = []
  for (const key of criteria.propertyTypes) tokens.push(typeToken(grammar, key))
  if (criteria.customSegment) tokens.push(customToken(grammar, criteria.customSegment))
  for (const key of criteria.transactionTypes) tokens.push(transactionTokens[key])
  tokens.push(
    ...[
      rangeToken('price', criteria.priceMin, criteria.priceMax),
      rangeToken('price-per-acre', criteria.pricePerAcreMin, criteria.pricePerAcreMax),
      rangeToken('acres', criteria.acresMin, criteria.acresMax),
      rangeToken('sold-price', criteria.salesPriceMin, criteria.salesPriceMax),
      soldDateToken(criteria.soldDateMin, criteria.soldDateMax),
    ].filter((token) => token !== undefined),
  )
  if (criteria.bedMin !== undefined) tokens.push(`beds-${criteria.bedMin}-plus`)
  if (criteria.bathMin !== undefined) tokens.push(`baths-${criteria.bathMin}-plus`)
  const sqft = rangeToken('sqft', criteria.sqftMin, criteria.sqftMax)
  if (sqft) tokens.push(sqft)
  if (criteria.hasHouse !== null) tokens.push(criteria.hasHouse ? 'with-house' : 'without-house')
  for (const [field, token] of Object.entries(flagTokens)) {
    if (criteria[field as keyof typeof flagTokens]) tokens.push(token)
  }
  for (const key of criteria.activityTypes) tokens.push(`activity-${key}`)
  for (const key of criteria.amenityTypes) tokens.push(`feature-${key}`)
  const statusesAreDefault =
    criteria.marketStatuses.length === defaultMarketStatuses.length && defaultMarketStatuses.every((status) => criteria.marketStatuses.includes(status))
  // A sold price or date already means sold listings only (see normalizeCriteria): 'status-sold' would repeat it.
  if (!statusesAreDefault && !hasSoldFilters(criteria)) for (const key of criteria.marketStatuses) tokens.push(`status-${key}`)
  if (criteria.dateListed !== 'any') tokens.push(`listed-${criteria.dateListed}`)
  if (criteria.priceChangeType !== 'none') tokens.push(`${priceChangeTokens[criteria.priceChangeType]}-${criteria.priceChangeLookback}-days`)
  if (criteria.latitude !== undefined && criteria.longitude !== undefined) {
    tokens.push(`lat${criteria.latitude}`, `long${criteria.longitude}`)
    if (criteria.radius > 0) tokens.push(`within-${criteria.radius}-miles`)
  }
  if (withMap && criteria.mapBounds) tokens.push(formatBounds(criteria.mapBounds))
  if (withMap && criteria.mapPolygon) tokens.push(`polygon-${encodeArea(criteria.mapPolygon)}`)
  if (criteria.sortOrder !== 'default') tokens.push(sortTokens[criteria.sortOrder])
  if (criteria.page > 1) tokens.push(`page-${criteria.page}`)
  return tokens
}

function locationSegments(grammar: Grammar, criteria: SearchCriteria, hasTypeToken: boolean): string[] {
  // Broker results are /member/{id}/ on the land site; the rural sites' broker pages come with the directory.
  if (grammar === 'land' && criteria.brokerId !== undefined) return ['member', String(criteria.brokerId)]
  const base = grammar === 'land' ? ['search'] : []
  if (criteria.state && criteria.zip) return [...base, criteria.state, `${criteria.zip}-land-for-sale`]
  if (criteria.state) return [...base, `${criteria.state}-land-for-sale`, ...criteria.places]
  // National: the land site names it only when nothing else does (/search/all-land/ vs /search/farms-for-sale/).
  if (grammar === 'land') return hasTypeToken ? base : [...base, 'all-land']
  return ['land']
}

function assemble(grammar: Grammar, segments: string[], keywordQuery: string | undefined, view: SearchView) {
  const path = `/${segments.join('/')}${grammar === 'land' ? '/' : ''}`
  const query = new URLSearchParams()
  if (keywordQuery) query.set('keywords', keywordQuery)
  if (view === 'map') query.set('view', view)
  return query.size > 0 ? `${path}?${query}` : path
}

function buildPaths(grammar: Grammar, criteria: SearchCriteria, view: SearchView) {
  const hasTypeToken = criteria.propertyTypes.length > 0 || criteria.customSegment !== undefined || criteria.transactionTypes.length > 0
  const location = locationSegments(grammar, criteria, hasTypeToken)
  return {
    normalPath: assemble(grammar, [...location, ...filterTokens(grammar, criteria, { withMap: true })], criteria.keywordQuery, view),
    canonicalPath: assemble(grammar, [...location, ...filterTokens(grammar, criteria, { withMap: false })], criteria.keywordQuery, 'list'),
  }
}

function viewOn(site: SiteProfile, view: SearchView | string | null): SearchView {
  return site.features.mapSearch && view === 'map' ? 'map' : 'list'
}

/** The URL of a search on a site (in the given view, where the site has it); the site must have a search grammar. */
export function buildSearchPath(site: SiteProfile, criteria: SearchCriteria, { view = 'list' }: { view?: SearchView } = {}): string {
  if (!site.searchGrammar) throw new Error(`${site.name} has no search`)
  return buildPaths(site.searchGrammar, normalizeCriteria(criteria), viewOn(site, view)).normalPath
}

type Parsed = Partial<SearchCriteria> & Pick<SearchCriteria, 'places' | 'propertyTypes' | 'transactionTypes' | 'activityTypes' | 'amenityTypes' | 'marketStatuses'>

function lookup<Key extends string>(token: string, keys: readonly Key[], toToken: (key: Key) => string): Key | undefined {
  return keys.find((key) => toToken(key) === token)
}

function parseNumber(text: string | undefined) {
  return text === undefined ? undefined : Number(text)
}

function parseRange(token: string, patterns: ReturnType<typeof rangePatterns>): [number | undefined, number | undefined] | undefined {
  const between = token.match(patterns.between)
  if (between) return [parseNumber(between[1]), parseNumber(between[2])]
  const under = token.match(patterns.under)
  if (under) return [undefined, parseNumber(under[1])]
  const over = token.match(patterns.over)
  if (over) return [parseNumber(over[1]), undefined]
  return undefined
}

/** Applies one filter token to `parsed`; false when the token is not a filter. */
function applyFilterToken(grammar: Grammar, token: string, parsed: Parsed): boolean {
  const propertyType = lookup(token, keysOf(propertyTypeOptions), (key) => typeToken(grammar, key))
  if (propertyType) return parsed.propertyTypes.push(propertyType) > 0
  const custom = lookup(token, customSegmentKeys, (key) => customToken(grammar, key))
  if (custom) {
    if (parsed.customSegment) return false
    parsed.customSegment = custom
    return true
  }
  const transaction = lookup(token, keysOf(transactionTypeOptions), (key) => transactionTokens[key])
  if (transaction) return parsed.transactionTypes.push(transaction) > 0
  for (const [name, patterns] of Object.entries(ranges)) {
    const bounds = parseRange(token, patterns)
    if (!bounds) continue
    const [minField, maxField] = rangeFields[name as keyof typeof ranges]
    Object.assign(parsed, { [minField]: bounds[0], [maxField]: bounds[1] })
    return true
  }
  const soldDates = parseSoldDates(token)
  if (soldDates) {
    // A day that is not on the calendar ('sold-since-2024-02-30') is no search.
    if (!soldDates.every((date) => date === undefined || isCalendarDate(date))) return false
    ;[parsed.soldDateMin, parsed.soldDateMax] = soldDates
    return true
  }
  const rooms = token.match(/^(beds|baths)-(\d+)-plus$/)
  if (rooms) {
    parsed[rooms[1] === 'beds' ? 'bedMin' : 'bathMin'] = Number(rooms[2])
    return true
  }
  if (token === 'with-house' || token === 'without-house') {
    parsed.hasHouse = token === 'with-house'
    return true
  }
  const flag = Object.entries(flagTokens).find(([, flagToken]) => flagToken === token)
  if (flag) {
    parsed[flag[0] as keyof typeof flagTokens] = true
    return true
  }
  const [prefix, ...rest] = token.split('-')
  const key = rest.join('-')
  if (prefix === 'activity') {
    const activity = lookup(key, keysOf(activityOptions), (value) => value)
    return activity ? parsed.activityTypes.push(activity) > 0 : false
  }
  if (prefix === 'feature') {
    const amenity = lookup(key, keysOf(amenityOptions), (value) => value)
    return amenity ? parsed.amenityTypes.push(amenity) > 0 : false
  }
  if (prefix === 'status') {
    const status = lookup(key, keysOf(marketStatusOptions), (value) => value)
    return status ? parsed.marketStatuses.push(status) > 0 : false
  }
  if (prefix === 'listed') {
    const dateListed = lookup(key, keysOf(dateListedOptions), (value) => value)
    if (!dateListed || dateListed === 'any') return false
    parsed.dateListed = dateListed
    return true
  }
  const priceChange = token.match(/^price-(reduced|changed)-(\d+)-days$/)
  if (priceChange) {
    parsed.priceChangeType = priceChange[1] === 'reduced' ? 'reduction' : 'change'
    parsed.priceChangeLookback = Number(priceChange[2])
    return true
  }
  const coordinate = token.match(/^(lat|long)(-?\d{1,3}(?:\.\d+)?)$/)
  if (coordinate) {
    parsed[coordinate[1] === 'lat' ? 'latitude' : 'longitude'] = Number(coordinate[2])
    return true
  }
  const radius = token.match(/^within-(\d+)-miles$/)
  if (radius) {
    parsed.radius = Number(radius[1])
    return true
  }
  const bounds = token.match(/^map-(-?[\d.]+)_(-?[\d.]+)_(-?[\d.]+)_(-?[\d.]+)$/)
  if (bounds) {
    const [south, west, north, east] = bounds.slice(1).map(Number) as [number, number, number, number]
    parsed.mapBounds = { south, west, north, east }
    return true
  }
  // A drawn area (drawn-area.ts); an overlong or broken one is no token, so the path is a 404.
  const area = token.match(/^polygon-([a-z2-7]+)$/)
  if (area) {
    parsed.mapPolygon = decodeArea(area[1]!)
    return parsed.mapPolygon !== undefined
  }
  const sort = Object.entries(sortTokens).find(([, sortToken]) => sortToken === token)
  if (sort) {
    parsed.sortOrder = sort[0] as SortOrder
    return true
  }
  const page = token.match(/^page-(\d{1,4})$/)
  if (page) {
    parsed.page = Number(page[1])
    return true
  }
  return false
}

function isLandingToken(grammar: Grammar, token: string) {
  return keysOf(propertyTypeOptions).some((key) => typeToken(grammar, key) === token) || customSegmentKeys.some((key) => customToken(grammar, key) === token)
}

/** Reads the location head of a path; returns the index of the first filter token, or -1. */
function parseLocation(grammar: Grammar, segments: string[], parsed: Parsed): number {
  let index = 0
  if (grammar === 'land') {
    if (segments[0] === 'member') {
      if (!/^\d{1,9}$/.test(segments[1] ?? '')) return -1
      parsed.brokerId = Number(segments[1])
      return 2
    }
    if (segments[0] !== 'search') return -1
    index = 1
    if (segments[index] === 'all-land') return index + 1
  } else if (segments[0] === 'land') {
    return 1
  }
  const head = segments[index] ?? ''
  // 'hunting-land-for-sale' is a property type, not the state of Hunting.
  if (isLandingToken(grammar, head)) return index
  const zip = segments[index + 1]?.match(/^(\d{5})-land-for-sale$/)
  if (zip && placeTokenPattern.test(head)) {
    parsed.state = head
    parsed.zip = zip[1]
    return index + 2
  }
  const state = head.match(/^([a-z0-9-]+)-land-for-sale$/)
  if (!state) return grammar === 'land' && head !== '' ? index : -1
  parsed.state = state[1]
  return index + 1
}

/**
 * Reads a search path (and its query) on a site. Returns undefined when the path is not a
 * search of this site's grammar or has a token it does not know: the route answers 404.
 */
export function parseSearchPath(site: SiteProfile, pathname: string, query = new URLSearchParams()): ParsedSearchPath | undefined {
  const grammar = site.searchGrammar
  if (!grammar) return undefined
  const segments = pathSegments(pathname)
  if (!segments) return undefined
  const parsed: Parsed = { places: [], propertyTypes: [], transactionTypes: [], activityTypes: [], amenityTypes: [], marketStatuses: [] }
  let index = parseLocation(grammar, segments, parsed)
  if (index < 0) return undefined
  // Place tokens follow the state directly; anything unknown after them must be a filter.
  if (parsed.state && !parsed.zip) {
    while (index < segments.length && !applyFilterToken(grammar, segments[index]!, parsed)) {
      if (!placeTokenPattern.test(segments[index]!)) return undefined
      parsed.places.push(segments[index]!)
      index += 1
    }
    index += 1
  }
  for (; index < segments.length; index += 1) {
    if (!applyFilterToken(grammar, segments[index]!, parsed)) return undefined
  }
  const isNational = !parsed.state && parsed.brokerId === undefined
  const hasType = parsed.propertyTypes.length > 0 || parsed.customSegment !== undefined || parsed.transactionTypes.length > 0
  if (grammar === 'land' && isNational && segments[1] !== 'all-land' && !hasType) return undefined
  const criteria = normalizeCriteria({
    ...parsed,
    marketStatuses: parsed.marketStatuses.length > 0 ? parsed.marketStatuses : emptyCriteria.marketStatuses,
    keywordQuery: query.get('keywords') ?? undefined,
  })
  const view = viewOn(site, query.get('view'))
  return { criteria, view, ...buildPaths(grammar, criteria, view) }
}
