import { landUseOf } from '~/models/valuation/valuation-model'
import { propertyType } from '~/models/listings/enumerations'

/**
 * Price context (issue 19 item 1, decision 0029): a listing's price per acre beside the median of
 * comparable land — the same use (the valuation model's one use per listing) and the same size
 * band — in its county, else its region, else its state, among the land for sale and the land sold
 * in the last two years. Facts and the distribution only: never a verdict on the price. Pure
 * module: the job that stores the contexts and the tests call it alike.
 */

export type PriceContextAreaKind = 'county' | 'region' | 'state'

/** A listing as the contexts read it; `salesPrice` and `soldAt` only for a sold one. */
export interface PricedLand {
  id: number
  countyId: number
  regionId: number | null
  stateId: number
  propertyTypes: number
  acres: number
  price: number
  saleType: 'sale' | 'auction'
  status: 'active' | 'sold' | 'off-market'
  salesPrice: number | null
  /** Milliseconds since the epoch. */
  soldAt: number | null
}

export interface ListingPriceContext {
  listingId: number
  areaKind: PriceContextAreaKind
  areaId: number
  landUse: number
  sizeBand: number
  /** Comparable listings other than this one. */
  comparables: number
  medianPricePerAcre: number
  /** Null for a listing without a verdict: an auction, or no price ('Contact for Price'). */
  pricePerAcre: number | null
  cheaperComparables: number | null
  /** This listing's price per acre over the median; null without a verdict. */
  pricePerAcreRatio: number | null
}

export interface PriceContextGroup {
  areaKind: PriceContextAreaKind
  areaId: number
  landUse: number
  sizeBand: number
  forSale: number
  sold: number
  medianPricePerAcre: number
  /** Prices per acre at evenly spaced ranks (`sampleSize` at most), ascending. */
  forSaleSample: number[]
  soldSample: number[]
}

/** A county or region needs this many other comparable listings to stand on its own; else the next area up is used. */
export const minimumComparables = 8
/** Below this many in the whole state, there is no context at all. */
const minimumStateComparables = 3
/** Sales within this many years count as comparables. */
export const recentSaleYears = 2
const sampleSize = 41
const yearMilliseconds = 365.25 * 86_400_000

/** Comparable sizes lie within a power of four: band b holds 2^(2b−1) to 2^(2b+1) acres (8–32 acres is band 2). */
export const sizeBandOf = (acres: number) => Math.round(Math.log(Math.max(acres, 0.01)) / Math.log(4))

/** The acres a size band holds, [from, to). */
export function sizeBandAcres(band: number): [number, number] {
  return [2 ** (2 * band - 1), 2 ** (2 * band + 1)]
}

/** The value of a listing among the comparables: what it sold for, or what a sale asks; none for an auction or no price. */
function comparableValue(land: PricedLand, now: number): number | null {
  if (!(land.acres > 0)) return null
  if (land.status === 'sold') {
    const isRecent = land.soldAt !== null && now - land.soldAt <= recentSaleYears * yearMilliseconds
    return isRecent && land.salesPrice !== null && land.salesPrice > 0 ? land.salesPrice / land.acres : null
  }
  return land.status === 'active' && land.saleType === 'sale' && land.price > 2 ? land.price / land.acres : null
}

/** What the listing's own price per acre is compared as: its sale price when sold, its asking price on a priced sale. */
function comparedValue(land: PricedLand): number | null {
  if (!(land.acres > 0)) return null
  if (land.status === 'sold') return land.salesPrice !== null && land.salesPrice > 0 ? land.salesPrice / land.acres : null
  return land.saleType === 'sale' && land.price > 2 ? land.price / land.acres : null
}

/** How many of the ascending `values` are below `value`. */
function countBelow(values: Float64Array, value: number) {
  let low = 0
  let high = values.length
  while (low < high) {
    const middle = (low + high) >> 1
    if (values[middle]! < value) low = middle + 1
    else high = middle
  }
  return low
}

/** The median of the ascending `values` without the one at `skip` (none skipped at -1). */
function medianWithout(values: Float64Array, skip: number) {
  const count = values.length - (skip >= 0 ? 1 : 0)
  const at = (rank: number) => values[skip >= 0 && rank >= skip ? rank + 1 : rank]!
  const middle = count >> 1
  return count % 2 === 1 ? at(middle) : (at(middle - 1) + at(middle)) / 2
}

function sampleOf(values: number[]) {
  if (values.length <= sampleSize) return values
  return Array.from({ length: sampleSize }, (_, index) => values[Math.round((index * (values.length - 1)) / (sampleSize - 1))]!)
}

interface Pool {
  all: Float64Array
  forSale: number[]
  sold: number[]
}

const keyOf = (kind: PriceContextAreaKind, id: number, use: number, band: number) => `${kind}|${id}|${use}|${band}`

/**
 * Every listing's context and the groups they use. A listing among the comparables is left out of
 * its own median and count; an area with too few others gives way to the next one up.
 */
export function computePriceContexts(lands: readonly PricedLand[], now: number): { contexts: ListingPriceContext[]; groups: PriceContextGroup[] } {
  const values = new Map<number, number | null>()
  const collecting = new Map<string, { forSale: number[]; sold: number[] }>()
  const areasOf = (land: PricedLand): [PriceContextAreaKind, number][] => [
    ['county', land.countyId],
    ...(land.regionId === null ? [] : [['region', land.regionId] as [PriceContextAreaKind, number]]),
    ['state', land.stateId],
  ]
  for (const land of lands) {
    const value = comparableValue(land, now)
    values.set(land.id, value)
    if (value === null) continue
    const use = landUseOf(land.propertyTypes)
    const band = sizeBandOf(land.acres)
    for (const [kind, id] of areasOf(land)) {
      const key = keyOf(kind, id, use, band)
      let entry = collecting.get(key)
      if (!entry) collecting.set(key, (entry = { forSale: [], sold: [] }))
      entry[land.status === 'sold' ? 'sold' : 'forSale'].push(value)
    }
  }
  const pools = new Map<string, Pool>()
  for (const [key, entry] of collecting) {
    entry.forSale.sort((a, b) => a - b)
    entry.sold.sort((a, b) => a - b)
    pools.set(key, { all: Float64Array.from([...entry.forSale, ...entry.sold]).sort(), forSale: entry.forSale, sold: entry.sold })
  }
  const contexts: ListingPriceContext[] = []
  const usedGroups = new Map<string, PriceContextGroup>()
  for (const land of lands) {
    if (!(land.acres > 0)) continue
    const use = landUseOf(land.propertyTypes)
    const band = sizeBandOf(land.acres)
    const ownValue = values.get(land.id) ?? null
    const chosen = areasOf(land).find(([kind, id]) => {
      const pool = pools.get(keyOf(kind, id, use, band))
      const others = (pool?.all.length ?? 0) - (ownValue === null ? 0 : 1)
      return others >= (kind === 'state' ? minimumStateComparables : minimumComparables)
    })
    if (!chosen) continue
    const [kind, id] = chosen
    const key = keyOf(kind, id, use, band)
    const pool = pools.get(key)!
    const skip = ownValue === null ? -1 : countBelow(pool.all, ownValue)
    const median = medianWithout(pool.all, skip)
    const compared = land.saleType === 'sale' || land.status === 'sold' ? comparedValue(land) : null
    contexts.push({
      listingId: land.id,
      areaKind: kind,
      areaId: id,
      landUse: use,
      sizeBand: band,
      comparables: pool.all.length - (skip >= 0 ? 1 : 0),
      medianPricePerAcre: median,
      pricePerAcre: compared,
      cheaperComparables: compared === null ? null : countBelow(pool.all, compared),
      pricePerAcreRatio: compared === null ? null : compared / median,
    })
    if (!usedGroups.has(key)) {
      usedGroups.set(key, {
        areaKind: kind,
        areaId: id,
        landUse: use,
        sizeBand: band,
        forSale: pool.forSale.length,
        sold: pool.sold.length,
        medianPricePerAcre: medianWithout(pool.all, -1),
        forSaleSample: sampleOf(pool.forSale),
        soldSample: sampleOf(pool.sold),
      })
    }
  }
  return { contexts, groups: [...usedGroups.values()] }
}

/** What land of a use is called, in the plural ('farms'), for the sentences. */
const landUseNouns: Record<number, string> = {
  [propertyType.commercial]: 'commercial properties',
  [propertyType.homesites]: 'homesites',
  [propertyType.residential]: 'residential lots',
  [propertyType.farm]: 'farms',
  [propertyType.ranch]: 'ranches',
  [propertyType.horse]: 'horse properties',
  [propertyType.timberland]: 'timberland properties',
  [propertyType.hunting]: 'hunting properties',
  [propertyType.recreational]: 'recreational properties',
  [propertyType.undeveloped]: 'undeveloped properties',
}

export const landUseNoun = (landUse: number) => landUseNouns[landUse] ?? 'properties'
