import polyline from '@mapbox/polyline'
import { z } from 'zod'
import { maxAreaCodeLength } from './drawn-area'
import { type Gazetteer, type PlaceKind, findPlaceById, findStateById, findZip } from '~/models/places/gazetteer.server'
import { type SearchCriteria, normalizeCriteria } from './search-criteria'
import {
  type ActivityKey,
  type AmenityKey,
  type DateListedKey,
  type MarketStatusKey,
  type PriceChangeTypeKey,
  type PropertyTypeKey,
  type SortOrder,
  type TransactionTypeKey,
  keysOf,
  marketStatusOptions,
  propertyTypeOptions,
  sortOptions,
  transactionTypeOptions,
} from './search-options'

/**
 * Search criteria as JSON in spec §3's field names (POST /api/property/searchUrl/{siteId} and
 * /api/Popular/logPopularSearch/{siteId}, spec §7), read into the grammar's criteria. Places come
 * as ids (stateId or stateAbbreviation or stateName, countyIdList, cityIdList, regionIdList, zip);
 * property types as keys ('hunting-land') or spec §3 bit values (128, or a mask); market statuses
 * and sale types as keys or their spec numbers; a drawn area as mapEncodedCords (a Google encoded
 * polyline); a price per acre range as pricePerAcreMin and pricePerAcreMax (beyond spec §3, as in
 * the search's URLs); sortOrderId as 'PRICE_DESC', 'price-desc' or 'Recent'; pageIndex as the page
 * number (0 and 1 are both the first page). Fields it does not know are ignored, and values outside
 * the option lists dropped, as in the search's own forms.
 */
const maxIds = 10
const number = z
  .union([
    z.number().finite(),
    z
      .string()
      .regex(/^\s*-?\d+(?:\.\d+)?\s*$/)
      .transform(Number),
  ])
  .nullish()
const text = z.string().max(200).nullish()
const flag = z.boolean().nullish()
const ids = z.array(z.number().int().positive()).max(maxIds).nullish()
const keysOrNumbers = z
  .array(z.union([z.string().max(50), z.number().int()]))
  .max(30)
  .nullish()

const criteriaJsonSchema = z.object({
  acresMin: number,
  acresMax: number,
  priceMin: number,
  priceMax: number,
  pricePerAcreMin: number,
  pricePerAcreMax: number,
  salesPriceMin: number,
  salesPriceMax: number,
  soldDateMin: text,
  soldDateMax: text,
  bedMin: number,
  bathMin: number,
  sqftMin: number,
  sqftMax: number,
  activityTypes: z.array(z.string().max(50)).max(30).nullish(),
  amenityTypes: z.array(z.string().max(50)).max(30).nullish(),
  propertyTypes: z.union([z.number().int().nonnegative(), keysOrNumbers]),
  transactionTypes: keysOrNumbers,
  marketStatuses: keysOrNumbers,
  stateId: z.number().int().nullish(),
  stateAbbreviation: text,
  stateName: text,
  countyIdList: ids,
  cityIdList: ids,
  regionIdList: ids,
  lakeIdList: ids,
  zip: text,
  brokerId: z.number().int().positive().nullish(),
  latitude: number,
  longitude: number,
  radius: number,
  mapBounds: z.object({ south: z.number(), west: z.number(), north: z.number(), east: z.number() }).nullish(),
  /** A drawn area as Google's encoded polyline at its usual five decimals (spec §3 mapEncodedCords). */
  mapEncodedCords: z.string().max(maxAreaCodeLength).nullish(),
  keywordQuery: text,
  dateListed: text,
  priceChangeLookback: number,
  priceChangeType: text,
  hasHouse: flag,
  hasVideo: flag,
  hasVirtualTour: flag,
  hasCustomMap: flag,
  mineralRights: flag,
  ownerFinancing: flag,
  sortOrderId: text,
  pageIndex: z.number().int().nonnegative().nullish(),
})

export type CriteriaJson = z.input<typeof criteriaJsonSchema>

export type CriteriaFromJson =
  | { ok: true; criteria: SearchCriteria; stateId: number | undefined }
  /** Not criteria: not an object, or a field of the wrong type. */
  | { ok: false; reason: 'invalid'; message: string }
  /** Well-formed, but naming a place that is not known (or not one search's: places of two states). */
  | { ok: false; reason: 'unknown-place' }

const single = (bits: number) => bits !== 0 && (bits & (bits - 1)) === 0

function propertyTypeKeys(value: number | (string | number)[]): PropertyTypeKey[] {
  const byBits = (bits: number) => propertyTypeOptions.find((option) => option.bits === bits)?.key
  if (typeof value === 'number') {
    const exact = byBits(value)
    if (exact) return [exact]
    return propertyTypeOptions.filter((option) => single(option.bits) && (value & option.bits) !== 0).map((option) => option.key)
  }
  return value.flatMap((item) => {
    const key = typeof item === 'number' ? byBits(item) : item
    return key === undefined ? [] : [key as PropertyTypeKey]
  })
}

/** Keys as given, or numbers through their spec values (market status 1–4, sale type 1 sale, 2 auction). */
function keysFrom<Key extends string>(items: (string | number)[], keyOfNumber: (value: number) => Key | undefined): Key[] {
  return items.flatMap((item) => {
    const key = typeof item === 'number' ? keyOfNumber(item) : (item as Key)
    return key === undefined ? [] : [key]
  })
}

const transactionKeys = keysOf(transactionTypeOptions)
const sortKeys: readonly string[] = keysOf(sortOptions)

/** 'PRICE_PER_ACRE_DESC', 'Price per acre desc' and 'price-per-acre-desc' alike; spec §3's 'recent' is 'recently-changed'. */
function sortOrderOf(text: string | null | undefined): SortOrder | undefined {
  if (!text) return undefined
  const normal = text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
  const key = normal === 'recent' ? 'recently-changed' : normal
  return sortKeys.includes(key) ? (key as SortOrder) : undefined
}

function firstIssue(error: z.ZodError) {
  const issue = error.issues[0]!
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message
}

/** The state and places a criteria JSON names; undefined when any of them is unknown or they lie in different states. */
function locationOf(gazetteer: Gazetteer, json: z.output<typeof criteriaJsonSchema>) {
  const places = (
    [
      ['county', json.countyIdList],
      ['region', json.regionIdList],
      ['city', json.cityIdList],
    ] as const
  ).flatMap(([kind, list]) => (list ?? []).map((id) => findPlaceById(gazetteer, kind as PlaceKind, id)))
  if (places.some((place) => place === undefined)) return undefined
  const zip = json.zip ? findZip(gazetteer, json.zip.trim()) : undefined
  if (json.zip && !zip) return undefined
  // Spec §3 device info: state id 0 is the whole country.
  const named = json.stateId || undefined
  const byAbbreviation = json.stateAbbreviation ? gazetteer.states.find((state) => state.abbreviation === json.stateAbbreviation!.trim().toUpperCase()) : undefined
  const byName = json.stateName ? gazetteer.states.find((state) => state.name.toLowerCase() === json.stateName!.trim().toLowerCase()) : undefined
  if ((json.stateAbbreviation && !byAbbreviation) || (json.stateName && !byName)) return undefined
  const stateIds = new Set([named, byAbbreviation?.id, byName?.id, zip?.stateId, ...places.map((place) => place!.stateId)].filter((id) => id !== undefined))
  if (stateIds.size > 1) return undefined
  // A lake is a place of each state it touches (Lake Tahoe: California and Nevada): it takes the
  // state the rest of the criteria name, else its only state; a lake of several states needs a stateId.
  const lakes = (json.lakeIdList ?? []).map((id) => gazetteer.lakes.filter((lake) => lake.id === id && (stateIds.size === 0 || stateIds.has(lake.stateId))))
  if (lakes.some((inStates) => inStates.length !== 1)) return undefined
  for (const [lake] of lakes) stateIds.add(lake!.stateId)
  if (stateIds.size > 1) return undefined
  const [stateId] = stateIds
  const state = stateId === undefined ? undefined : findStateById(gazetteer, stateId)
  if (stateId !== undefined && !state) return undefined
  return { state, places: [...places.map((place) => place!.token), ...lakes.map(([lake]) => lake!.token)], zip: zip?.zip }
}

/** Reads a criteria JSON (already parsed from the body) into normal-form criteria. */
export function criteriaFromJson(gazetteer: Gazetteer, body: unknown): CriteriaFromJson {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, reason: 'invalid', message: 'The body must be a JSON object of search criteria.' }
  const parsed = criteriaJsonSchema.safeParse(body)
  if (!parsed.success) return { ok: false, reason: 'invalid', message: firstIssue(parsed.error) }
  const json = parsed.data
  const location = locationOf(gazetteer, json)
  if (!location) return { ok: false, reason: 'unknown-place' }
  const value = <T>(input: T | null | undefined) => input ?? undefined
  const criteria = normalizeCriteria({
    state: location.state?.token,
    places: location.places,
    zip: location.zip,
    brokerId: value(json.brokerId),
    latitude: value(json.latitude),
    longitude: value(json.longitude),
    radius: json.radius ?? 0,
    mapBounds: value(json.mapBounds),
    // normalizeCriteria drops what is no area, as it drops any value it does not understand.
    mapPolygon: json.mapEncodedCords ? polyline.decode(json.mapEncodedCords) : undefined,
    acresMin: value(json.acresMin),
    acresMax: value(json.acresMax),
    priceMin: value(json.priceMin),
    priceMax: value(json.priceMax),
    pricePerAcreMin: value(json.pricePerAcreMin),
    pricePerAcreMax: value(json.pricePerAcreMax),
    salesPriceMin: value(json.salesPriceMin),
    salesPriceMax: value(json.salesPriceMax),
    soldDateMin: value(json.soldDateMin),
    soldDateMax: value(json.soldDateMax),
    bedMin: value(json.bedMin),
    bathMin: value(json.bathMin),
    sqftMin: value(json.sqftMin),
    sqftMax: value(json.sqftMax),
    propertyTypes: json.propertyTypes == null ? [] : propertyTypeKeys(json.propertyTypes),
    activityTypes: (json.activityTypes ?? []) as ActivityKey[],
    amenityTypes: (json.amenityTypes ?? []) as AmenityKey[],
    transactionTypes: keysFrom<TransactionTypeKey>(json.transactionTypes ?? [], (saleType) => transactionKeys[saleType - 1]),
    marketStatuses: keysFrom<MarketStatusKey>(json.marketStatuses ?? [], (status) => marketStatusOptions.find((option) => option.value === status)?.key),
    keywordQuery: value(json.keywordQuery),
    dateListed: value(json.dateListed) as DateListedKey | undefined,
    priceChangeLookback: json.priceChangeLookback ?? 0,
    priceChangeType: value(json.priceChangeType) as PriceChangeTypeKey | undefined,
    hasHouse: json.hasHouse ?? null,
    hasVideo: json.hasVideo ?? false,
    hasVirtualTour: json.hasVirtualTour ?? false,
    hasCustomMap: json.hasCustomMap ?? false,
    mineralRights: json.mineralRights ?? false,
    ownerFinancing: json.ownerFinancing ?? false,
    sortOrder: sortOrderOf(json.sortOrderId),
    page: Math.max(1, json.pageIndex ?? 1),
  })
  return { ok: true, criteria, stateId: location.state?.id }
}
