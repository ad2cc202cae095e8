import { z } from 'zod'
import { type AreaVertex, areaBounds, normalizeArea, parseAreaCorners } from './drawn-area'
import { placeTokenPattern, roundCoordinate } from './grammar-tokens'
import {
  type ActivityKey,
  type AmenityKey,
  type DateListedKey,
  type MarketStatusKey,
  type PriceChangeTypeKey,
  type PropertyTypeKey,
  type SortOrder,
  type TransactionTypeKey,
  activityOptions,
  amenityOptions,
  dateListedOptions,
  keysOf,
  marketStatusOptions,
  priceChangeLookbackDays,
  priceChangeTypeOptions,
  propertyTypeOptions,
  allSortOptions,
  transactionTypeOptions,
} from './search-options'

/** Landing segments of spec §2 that are neither a place nor a property type. */
export const customSegmentKeys = ['present-use-orchard-vineyards', 'log-cabins', 'cheap-land', 'off-grid-land', 'land-with-mineral-rights'] as const
export type CustomSegmentKey = (typeof customSegmentKeys)[number]

export interface MapBounds {
  south: number
  west: number
  north: number
  east: number
}

/**
 * Everything a search asks (spec §3 "Search criteria"), always in normal form: lists deduplicated
 * in option order, bounds within range, defaults filled in. Places are URL tokens within the
 * state ('travis-county', 'austin', 'central-texas-region'), resolved to ids by the engine.
 */
export interface SearchCriteria {
  state?: string
  places: string[]
  zip?: string
  brokerId?: number
  latitude?: number
  longitude?: number
  /** Miles around latitude/longitude; 0 means the point's own area (spec default 0). */
  radius: number
  mapBounds?: MapBounds
  /** A drawn area (drawn-area.ts): the search keeps the listings inside it; its box is then `mapBounds`. */
  mapPolygon?: AreaVertex[]
  propertyTypes: PropertyTypeKey[]
  customSegment?: CustomSegmentKey
  transactionTypes: TransactionTypeKey[]
  marketStatuses: MarketStatusKey[]
  priceMin?: number
  priceMax?: number
  /** Bounds of the asking price over the acreage, in whole dollars an acre (issue 40 'under $5,000 an acre'; beyond spec §3). */
  pricePerAcreMin?: number
  pricePerAcreMax?: number
  /** What a sold listing went for (spec §3 salesPriceMin/Max); setting either means sold listings only. */
  salesPriceMin?: number
  salesPriceMax?: number
  /** The sale date's bounds, inclusive, as ISO calendar dates ('2024-01-31'); either means sold listings only. */
  soldDateMin?: string
  soldDateMax?: string
  acresMin?: number
  acresMax?: number
  bedMin?: number
  bathMin?: number
  sqftMin?: number
  sqftMax?: number
  activityTypes: ActivityKey[]
  amenityTypes: AmenityKey[]
  dateListed: DateListedKey
  priceChangeLookback: number
  priceChangeType: PriceChangeTypeKey
  hasHouse: boolean | null
  hasVideo: boolean
  hasVirtualTour: boolean
  hasCustomMap: boolean
  mineralRights: boolean
  ownerFinancing: boolean
  /** Listings whose price per acre is below the median of comparable land in their county (else region or state; decision 0029). */
  belowMedianPricePerAcre: boolean
  keywordQuery?: string
  sortOrder: SortOrder
  page: number
}

/** Spec §3 defaults: available and under contract, radius 0, listed any time, default sort. */
export const defaultMarketStatuses: MarketStatusKey[] = ['available', 'under-contract']

export const emptyCriteria: SearchCriteria = {
  places: [],
  radius: 0,
  propertyTypes: [],
  transactionTypes: [],
  marketStatuses: defaultMarketStatuses,
  activityTypes: [],
  amenityTypes: [],
  dateListed: 'any',
  priceChangeLookback: 0,
  priceChangeType: 'none',
  hasHouse: null,
  hasVideo: false,
  hasVirtualTour: false,
  hasCustomMap: false,
  mineralRights: false,
  ownerFinancing: false,
  belowMedianPricePerAcre: false,
  sortOrder: 'default',
  page: 1,
}

const limits = {
  price: 10_000_000_000,
  acres: 10_000_000,
  rooms: 20,
  sqft: 1_000_000,
  radius: 500,
  page: 1_000,
  keywordLength: 100,
  places: 10,
  soldDate: { earliest: '1900-01-01', latest: '2099-12-31' },
} as const

/** Keeps the known values of a list, once each, in the option table's order. */
function inOptionOrder<Key extends string>(values: readonly string[], order: readonly Key[]): Key[] {
  if (values.length === 0) return []
  const wanted = new Set(values)
  return order.filter((key) => wanted.has(key))
}

function bounded(value: number | undefined, max: number, min = 0): number | undefined {
  if (value === undefined || !Number.isFinite(value) || value < min) return undefined
  return Math.min(value, max)
}

/** Tidies a min/max pair: out-of-range bounds are dropped, reversed bounds swapped. */
function range(min: number | undefined, max: number | undefined, limit: number, round: (value: number) => number) {
  let low = bounded(min, limit)
  let high = bounded(max, limit)
  // A bound of 0 limits nothing (spec §5 reads an upper bound of 0 as open-ended).
  if (low !== undefined) low = round(low) || undefined
  if (high !== undefined) high = round(high) || undefined
  if (low !== undefined && high !== undefined && low > high) [low, high] = [high, low]
  return [low, high] as const
}

/** A real day of the calendar written 'YYYY-MM-DD' ('2024-02-30' is not one). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text)
}

/** A sold-date bound in normal form: a calendar date within `limits.soldDate`, else none. */
function soldDate(text: string | undefined) {
  if (text === undefined || !isCalendarDate(text)) return undefined
  const { earliest, latest } = limits.soldDate
  return text < earliest ? earliest : text > latest ? latest : text
}

function dateRange(min: string | undefined, max: string | undefined) {
  const low = soldDate(min)
  const high = soldDate(max)
  return low !== undefined && high !== undefined && low > high ? ([high, low] as const) : ([low, high] as const)
}

/** Whether a search asks about sales: a sale price or sold date bound (spec §3). */
export function hasSoldFilters(criteria: Pick<SearchCriteria, 'salesPriceMin' | 'salesPriceMax' | 'soldDateMin' | 'soldDateMax'>) {
  return [criteria.salesPriceMin, criteria.salesPriceMax, criteria.soldDateMin, criteria.soldDateMax].some((bound) => bound !== undefined)
}

// `|| 0` turns -0 into 0, so a rounded value always prints and compares as itself.
const roundAcres = (value: number) => Math.round(value * 100) / 100 || 0

/** The normal form of a criteria object: the only shape the grammar and the engine accept. */
export function normalizeCriteria(input: Partial<SearchCriteria>): SearchCriteria {
  // Object.assign, not spread syntax: V8 copies a spread of two differently shaped objects key by
  // key, which made this (called for every link a page draws) about seven times slower.
  const criteria: SearchCriteria = Object.assign({}, emptyCriteria, input)
  const [priceMin, priceMax] = range(criteria.priceMin, criteria.priceMax, limits.price, Math.round)
  const [pricePerAcreMin, pricePerAcreMax] = range(criteria.pricePerAcreMin, criteria.pricePerAcreMax, limits.price, Math.round)
  const [acresMin, acresMax] = range(criteria.acresMin, criteria.acresMax, limits.acres, roundAcres)
  const [sqftMin, sqftMax] = range(criteria.sqftMin, criteria.sqftMax, limits.sqft, Math.round)
  const [salesPriceMin, salesPriceMax] = range(criteria.salesPriceMin, criteria.salesPriceMax, limits.price, Math.round)
  const [soldDateMin, soldDateMax] = dateRange(criteria.soldDateMin, criteria.soldDateMax)
  const sold = { salesPriceMin, salesPriceMax, soldDateMin, soldDateMax }
  // Only a sold listing has a sale price and date, so asking about them asks for sold listings:
  // the status list becomes Sold alone (whatever else was ticked), and the results, the status
  // checkboxes and the URL all say so, rather than an Available search that silently finds nothing.
  const marketStatuses = hasSoldFilters(sold) ? ['sold' as const] : inOptionOrder(criteria.marketStatuses, keysOf(marketStatusOptions))
  const hasPoint = criteria.latitude !== undefined && criteria.longitude !== undefined && Math.abs(criteria.latitude) <= 90 && Math.abs(criteria.longitude) <= 180
  const customSegment = customSegmentKeys.find((key) => key === criteria.customSegment)
  const mapPolygon = normalizeArea(criteria.mapPolygon)
  const keywordQuery = criteria.keywordQuery?.replace(/\s+/g, ' ').trim().slice(0, limits.keywordLength) || undefined
  const normal: SearchCriteria = {
    places: [...new Set(criteria.places.filter((place) => placeTokenPattern.test(place)))].sort().slice(0, limits.places),
    radius: hasPoint ? Math.round(bounded(criteria.radius, limits.radius) ?? 0) : 0,
    propertyTypes: inOptionOrder(criteria.propertyTypes, keysOf(propertyTypeOptions)),
    transactionTypes: inOptionOrder(criteria.transactionTypes, keysOf(transactionTypeOptions)),
    marketStatuses: marketStatuses.length > 0 ? marketStatuses : defaultMarketStatuses,
    activityTypes: inOptionOrder(criteria.activityTypes, keysOf(activityOptions)),
    amenityTypes: inOptionOrder(criteria.amenityTypes, keysOf(amenityOptions)),
    dateListed: keysOf(dateListedOptions).find((key) => key === criteria.dateListed) ?? 'any',
    priceChangeLookback: priceChangeLookbackDays.find((days) => days === criteria.priceChangeLookback) ?? 0,
    priceChangeType: keysOf(priceChangeTypeOptions).find((key) => key === criteria.priceChangeType) ?? 'none',
    hasHouse: typeof criteria.hasHouse === 'boolean' ? criteria.hasHouse : null,
    hasVideo: criteria.hasVideo === true,
    hasVirtualTour: criteria.hasVirtualTour === true,
    hasCustomMap: criteria.hasCustomMap === true,
    // The mineral-rights landing segment already says it; the flag would repeat it in the URL.
    mineralRights: criteria.mineralRights === true && customSegment !== 'land-with-mineral-rights',
    ownerFinancing: criteria.ownerFinancing === true,
    belowMedianPricePerAcre: criteria.belowMedianPricePerAcre === true,
    sortOrder: keysOf(allSortOptions).find((key) => key === criteria.sortOrder) ?? 'default',
    page: Math.min(Math.max(1, Math.floor(Number.isFinite(criteria.page) ? criteria.page : 1)), limits.page),
  }
  // Where a search is: a broker's whole inventory, or a state narrowed to places or one zip.
  if (optionalBrokerId(criteria.brokerId) !== undefined) {
    criteria.state = undefined
    criteria.zip = undefined
    normal.places = []
  }
  if (!criteria.state || !placeTokenPattern.test(criteria.state)) {
    criteria.zip = undefined
    normal.places = []
  }
  if (criteria.zip) normal.places = []
  // A price-change type without a lookback (or the reverse) filters nothing: keep both or neither.
  if (normal.priceChangeLookback === 0 || normal.priceChangeType === 'none') {
    normal.priceChangeLookback = 0
    normal.priceChangeType = 'none'
  }
  const optional: Partial<SearchCriteria> = {
    state: criteria.state && placeTokenPattern.test(criteria.state) ? criteria.state : undefined,
    zip: criteria.zip && /^\d{5}$/.test(criteria.zip) ? criteria.zip : undefined,
    brokerId: optionalBrokerId(criteria.brokerId),
    latitude: hasPoint ? roundCoordinate(criteria.latitude!) : undefined,
    longitude: hasPoint ? roundCoordinate(criteria.longitude!) : undefined,
    // A drawn area's map corners are its own box: one URL for one area.
    mapBounds: mapPolygon ? areaBounds(mapPolygon) : normalizeBounds(criteria.mapBounds),
    mapPolygon,
    customSegment,
    priceMin,
    priceMax,
    pricePerAcreMin,
    pricePerAcreMax,
    ...sold,
    acresMin,
    acresMax,
    bedMin: bounded(criteria.bedMin, limits.rooms, 1) && Math.round(criteria.bedMin!),
    bathMin: bounded(criteria.bathMin, limits.rooms, 1) && Math.round(criteria.bathMin!),
    sqftMin,
    sqftMax,
    keywordQuery,
  }
  for (const key in optional) {
    const value = optional[key as keyof SearchCriteria]
    if (value !== undefined) (normal as unknown as Record<string, unknown>)[key] = value
  }
  return normal
}

function optionalBrokerId(brokerId: number | undefined) {
  return brokerId !== undefined && Number.isSafeInteger(brokerId) && brokerId > 0 ? brokerId : undefined
}

function normalizeBounds(bounds: MapBounds | undefined): MapBounds | undefined {
  if (!bounds) return undefined
  const values = [bounds.south, bounds.west, bounds.north, bounds.east]
  if (!values.every(Number.isFinite)) return undefined
  const [south, west, north, east] = values.map(roundCoordinate) as [number, number, number, number]
  if (Math.abs(south) > 90 || Math.abs(north) > 90 || Math.abs(west) > 180 || Math.abs(east) > 180 || south >= north) return undefined
  return { south, west, north, east }
}

/** Spec §5 "Active-filter count": what the Filter button's badge shows. */
export function countActiveFilters(criteria: SearchCriteria): number {
  const isDefaultStatusList = criteria.marketStatuses.length === 2 && defaultMarketStatuses.every((status) => criteria.marketStatuses.includes(status))
  const flags = [
    criteria.acresMin !== undefined || criteria.acresMax !== undefined,
    criteria.priceMin !== undefined || criteria.priceMax !== undefined,
    criteria.pricePerAcreMin !== undefined || criteria.pricePerAcreMax !== undefined,
    criteria.salesPriceMin !== undefined || criteria.salesPriceMax !== undefined,
    criteria.soldDateMin !== undefined,
    criteria.soldDateMax !== undefined,
    criteria.ownerFinancing,
    criteria.belowMedianPricePerAcre,
    criteria.mineralRights,
    criteria.hasVideo,
    criteria.hasVirtualTour,
    criteria.hasCustomMap,
    criteria.sqftMin !== undefined,
    criteria.bathMin !== undefined,
    criteria.bedMin !== undefined,
    criteria.dateListed !== 'any',
    criteria.priceChangeLookback !== 0,
    criteria.hasHouse !== null,
    criteria.radius > 0,
  ]
  return (
    flags.filter(Boolean).length +
    criteria.activityTypes.length +
    criteria.transactionTypes.length +
    criteria.propertyTypes.length +
    criteria.amenityTypes.length +
    (isDefaultStatusList ? 0 : criteria.marketStatuses.length)
  )
}

const optionalNumber = z.preprocess(
  (value) => (value === '' || value === null || value === undefined ? undefined : Number(String(value).replace(/[$,\s]/g, ''))),
  z.number().finite().optional().catch(undefined),
)
const list = z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.string()))
/**
 * A date field: ISO from a date picker, or 'M/D/YYYY' typed where the browser shows a plain text
 * box instead. Normalisation drops anything that is not a real day.
 */
const formDate = z.preprocess((value) => {
  if (typeof value !== 'string') return undefined
  const text = value.trim()
  const typed = text.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/)
  return typed ? `${typed[3]}-${typed[1]!.padStart(2, '0')}-${typed[2]!.padStart(2, '0')}` : text || undefined
}, z.string().optional().catch(undefined))
const flag = z.preprocess((value) => value === 'on' || value === 'true' || value === '1', z.boolean())

/**
 * Criteria from the filter form (a GET form, so also from a query string). Anything it does not
 * understand is dropped rather than rejected: a search never fails on a stray value.
 */
const filterFormSchema = z.object({
  priceMin: optionalNumber,
  priceMax: optionalNumber,
  pricePerAcreMin: optionalNumber,
  pricePerAcreMax: optionalNumber,
  salesPriceMin: optionalNumber,
  salesPriceMax: optionalNumber,
  soldDateMin: formDate,
  soldDateMax: formDate,
  acresMin: optionalNumber,
  acresMax: optionalNumber,
  bedMin: optionalNumber,
  bathMin: optionalNumber,
  sqftMin: optionalNumber,
  sqftMax: optionalNumber,
  propertyTypes: list,
  activityTypes: list,
  amenityTypes: list,
  transactionTypes: list,
  marketStatuses: list,
  dateListed: z.string().optional().catch(undefined),
  priceChangeLookback: optionalNumber,
  priceChangeType: z.string().optional().catch(undefined),
  hasHouse: z.enum(['yes', 'no', 'any']).optional().catch(undefined),
  hasVideo: flag,
  hasVirtualTour: flag,
  hasCustomMap: flag,
  mineralRights: flag,
  ownerFinancing: flag,
  belowMedianPricePerAcre: flag,
  keywordQuery: z.string().optional().catch(undefined),
  sortOrder: z.string().optional().catch(undefined),
})

/** Reads the filter form's fields into criteria, keeping the location of `base`. */
export function criteriaFromFilterForm(base: SearchCriteria, form: URLSearchParams): SearchCriteria {
  const fields: Record<string, string | string[]> = {}
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key)
    fields[key] = values.length > 1 ? values : values[0]!
  }
  const parsed = filterFormSchema.parse(fields)
  return normalizeCriteria({
    ...base,
    ...parsed,
    propertyTypes: parsed.propertyTypes as PropertyTypeKey[],
    activityTypes: parsed.activityTypes as ActivityKey[],
    amenityTypes: parsed.amenityTypes as AmenityKey[],
    transactionTypes: parsed.transactionTypes as TransactionTypeKey[],
    marketStatuses: parsed.marketStatuses as MarketStatusKey[],
    dateListed: parsed.dateListed as DateListedKey,
    priceChangeLookback: parsed.priceChangeLookback ?? 0,
    priceChangeType: parsed.priceChangeType as PriceChangeTypeKey,
    hasHouse: parsed.hasHouse === 'yes' ? true : parsed.hasHouse === 'no' ? false : null,
    sortOrder: (parsed.sortOrder ?? base.sortOrder) as SortOrder,
    page: 1,
  })
}

/**
 * Reads the map view's 'Search this area' form (the map's south, west, north and east edges) into
 * the same search within those bounds, from its first page; bounds that make no box are dropped,
 * and so is a drawn area: the box shown replaces it.
 */
export function criteriaFromAreaForm(base: SearchCriteria, form: URLSearchParams): SearchCriteria {
  const edge = (name: keyof MapBounds) => Number(form.get(name) ?? Number.NaN)
  const mapBounds = { south: edge('south'), west: edge('west'), north: edge('north'), east: edge('east') }
  return normalizeCriteria({ ...base, mapBounds, mapPolygon: undefined, page: 1 })
}

/**
 * Reads the map's drawing form (its `corners`, see `parseAreaCorners`) into the same search within
 * the drawn area, from its first page; corners that make no area leave the search as it was.
 */
export function criteriaFromDrawnAreaForm(base: SearchCriteria, form: URLSearchParams): SearchCriteria {
  const mapPolygon = parseAreaCorners(form.get('corners') ?? '')
  return mapPolygon ? normalizeCriteria({ ...base, mapPolygon, page: 1 }) : base
}
