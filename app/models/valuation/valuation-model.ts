import { distanceKilometres } from '~/models/seed/shapes'
import { groupBy } from '~/utils/group-by'
import { median, quantile } from '~/utils/statistics'

/**
 * AcreWorth's valuation model (issue 16 §3), fitted from sold listings alone: no price is set by
 * hand. Prices per acre are compared in logs. Per state, a size elasticity (price per acre falls as
 * acres grow) is fitted within counties; per county (else region, else state) a quarterly price
 * index; nationally, what a house and each feature add. A parcel is valued from its nearest
 * comparable sales, each brought to the parcel's size, features and date, weighted by how close
 * they are; the interval comes from how much the adjusted comparables disagree. Pure module: the
 * sales are loaded elsewhere, so the model is tested and backtested without a database.
 */

export interface Sale {
  id: number
  stateId: number
  countyId: number
  regionId: number | null
  latitude: number
  longitude: number
  acres: number
  /** Whole dollars the land sold for. */
  price: number
  /** Milliseconds since the epoch of the sale date. */
  soldAt: number
  propertyTypes: number
  hasHouse: boolean
  /** Feature bits (see `featureBits`). */
  features: number
}

/** The parcel to value: a sale without its price and date. */
export type Parcel = Omit<Sale, 'id' | 'price' | 'soldAt'>

/** Features the data carries whose effect on price the model fits (each one bit). */
export const featureBits = { waterfront: 1, mineralRights: 2, ownerFinancing: 4 } as const

export interface ComparableSale {
  sale: Sale
  distanceKm: number
  /** The comparable's price per acre brought to the parcel: its size, house, features and the valuation date. */
  adjustedPerAcre: number
  /** Each adjustment as a factor on the price per acre (1.12 is +12 %). */
  adjustments: { time: number; size: number; house: number; features: number }
  weight: number
}

export type Confidence = 'high' | 'medium' | 'low'

export interface Valuation {
  value: number
  perAcre: number
  /** The 80 % interval of the value. */
  low: number
  high: number
  confidence: Confidence
  comparables: ComparableSale[]
}

interface PriceIndex {
  /** Log level by quarter number (`quarterOf`), filled from the first to the last quarter with sales. */
  byQuarter: Map<number, number>
  first: number
  last: number
}

export interface ValuationModel {
  sizeElasticity: Map<number, number>
  nationalSizeElasticity: number
  indexes: { county: Map<number, PriceIndex>; region: Map<number, PriceIndex>; state: Map<number, PriceIndex> }
  houseEffect: number
  featureEffects: Map<number, number>
  /** The z-score scale of the interval, so that 80 % of sales fall inside it (fitted by `calibrateInterval`). */
  intervalScale: number
  salesByCell: Map<string, Sale[]>
  saleCount: number
}

const dayMs = 86_400_000
/** Quarters since 1970: the index's time step. */
export const quarterOf = (time: number) => {
  const date = new Date(time)
  return date.getUTCFullYear() * 4 + Math.floor(date.getUTCMonth() / 3)
}
const logPerAcre = (sale: Pick<Sale, 'price' | 'acres'>) => Math.log(sale.price / sale.acres)
/** A state needs this many sales to have its own size elasticity; an index needs this many over this many quarters. */
const minimumSalesForElasticity = 30
const minimumSalesForIndex = 24
const minimumQuartersForIndex = 6

/** Slope of y on x after removing each group's means (a fixed-effects regression), clamped to what land prices do. */
function withinGroupSlope(points: readonly { group: number; x: number; y: number }[]) {
  let numerator = 0
  let denominator = 0
  for (const group of groupBy(points, (point) => point.group).values()) {
    if (group.length < 2) continue
    const meanX = group.reduce((sum, point) => sum + point.x, 0) / group.length
    const meanY = group.reduce((sum, point) => sum + point.y, 0) / group.length
    for (const point of group) {
      numerator += (point.x - meanX) * (point.y - meanY)
      denominator += (point.x - meanX) ** 2
    }
  }
  return denominator === 0 ? undefined : Math.min(0, Math.max(-0.9, numerator / denominator))
}

/** Quarterly medians of `values` (smoothed over three quarters), filled across quarters without sales. */
function fitIndex(points: readonly { quarter: number; value: number }[]): PriceIndex | undefined {
  const byQuarter = groupBy(points, (point) => point.quarter)
  if (points.length < minimumSalesForIndex || byQuarter.size < minimumQuartersForIndex) return undefined
  const quarters = [...byQuarter.keys()].sort((a, b) => a - b)
  const first = quarters[0]!
  const last = quarters.at(-1)!
  const raw = new Map(quarters.map((quarter) => [quarter, median(byQuarter.get(quarter)!.map((point) => point.value))]))
  const levels = new Map<number, number>()
  for (let quarter = first; quarter <= last; quarter++) {
    const near = [quarter - 1, quarter, quarter + 1].flatMap((q) => (raw.has(q) ? [raw.get(q)!] : []))
    if (near.length > 0) levels.set(quarter, near.reduce((sum, value) => sum + value, 0) / near.length)
  }
  // Quarters with no sale near them take the level of the quarter before.
  for (let quarter = first + 1; quarter <= last; quarter++) if (!levels.has(quarter)) levels.set(quarter, levels.get(quarter - 1)!)
  return { byQuarter: levels, first, last }
}

/** The index's level in a quarter; past its ends, its end levels (no trend is extrapolated). */
function indexLevel(index: PriceIndex, quarter: number) {
  return index.byQuarter.get(Math.min(index.last, Math.max(index.first, quarter)))!
}

const cellOf = (latitude: number, longitude: number) => `${Math.floor(latitude)}|${Math.floor(longitude)}`

export function fitValuationModel(sales: readonly Sale[]): ValuationModel {
  const usable = sales.filter((sale) => sale.price > 0 && sale.acres > 0)
  const points = usable.map((sale) => ({ sale, x: Math.log(sale.acres), y: logPerAcre(sale) }))

  // Size: per state within counties, else all states pooled.
  const nationalSizeElasticity = withinGroupSlope(points.map((point) => ({ group: point.sale.countyId, x: point.x, y: point.y }))) ?? -0.3
  const sizeElasticity = new Map<number, number>()
  for (const [stateId, statePoints] of groupBy(points, (point) => point.sale.stateId)) {
    const slope =
      statePoints.length >= minimumSalesForElasticity
        ? withinGroupSlope(statePoints.map((point) => ({ group: point.sale.countyId, x: point.x, y: point.y })))
        : undefined
    sizeElasticity.set(stateId, slope ?? nationalSizeElasticity)
  }
  const sizeFree = points.map((point) => ({ ...point, level: point.y - (sizeElasticity.get(point.sale.stateId) ?? nationalSizeElasticity) * point.x }))

  // Time: each place's level by quarter, relative to the place's own median level.
  const fitIndexes = (keyOf: (sale: Sale) => number | null) => {
    const indexes = new Map<number, PriceIndex>()
    for (const [key, group] of groupBy(sizeFree, (point) => keyOf(point.sale))) {
      const center = median(group.map((point) => point.level))
      const index = fitIndex(group.map((point) => ({ quarter: quarterOf(point.sale.soldAt), value: point.level - center })))
      if (index) indexes.set(key, index)
    }
    return indexes
  }
  const indexes = { county: fitIndexes((sale) => sale.countyId), region: fitIndexes((sale) => sale.regionId), state: fitIndexes((sale) => sale.stateId) }
  const model: ValuationModel = {
    sizeElasticity,
    nationalSizeElasticity,
    indexes,
    houseEffect: 0,
    featureEffects: new Map(),
    intervalScale: 1,
    salesByCell: groupBy(usable, (sale) => cellOf(sale.latitude, sale.longitude)),
    saleCount: usable.length,
  }

  // House and features: the median difference they make once place, size and date are taken out.
  const residuals = sizeFree.map((point) => {
    const index = indexFor(model, point.sale)
    return { sale: point.sale, value: point.level - (index ? indexLevel(index, quarterOf(point.sale.soldAt)) : 0) }
  })
  const countyCenters = new Map([...groupBy(residuals, (item) => item.sale.countyId)].map(([county, group]) => [county, median(group.map((item) => item.value))]))
  const local = residuals.map((item) => ({ sale: item.sale, value: item.value - countyCenters.get(item.sale.countyId)! }))
  const effectOf = (has: (sale: Sale) => boolean) => {
    const withIt = local.filter((item) => has(item.sale)).map((item) => item.value)
    const without = local.filter((item) => !has(item.sale)).map((item) => item.value)
    return withIt.length >= 10 && without.length >= 10 ? median(withIt) - median(without) : 0
  }
  model.houseEffect = effectOf((sale) => sale.hasHouse)
  for (const bit of Object.values(featureBits))
    model.featureEffects.set(
      bit,
      effectOf((sale) => (sale.features & bit) !== 0),
    )
  return model
}

function indexFor(model: ValuationModel, place: Pick<Sale, 'countyId' | 'regionId' | 'stateId'>) {
  return (
    model.indexes.county.get(place.countyId) ??
    (place.regionId === null ? undefined : model.indexes.region.get(place.regionId)) ??
    model.indexes.state.get(place.stateId)
  )
}

/** Where comparables are looked for, widening while fewer than `wantedComparables` are found. */
const searchSteps = [
  { radiusKm: 15, sizeFactor: 3, years: 3, sameType: true },
  { radiusKm: 40, sizeFactor: 4, years: 4, sameType: true },
  { radiusKm: 80, sizeFactor: 6, years: 6, sameType: false },
  { radiusKm: 160, sizeFactor: 10, years: 8, sameType: false },
  { radiusKm: 320, sizeFactor: 20, years: 12, sameType: false },
] as const
const wantedComparables = 8
const usedComparables = 12
/** z of the 80 % interval of a normal distribution. */
const z80 = 1.2816

function candidatesWithin(model: ValuationModel, parcel: Parcel, radiusKm: number) {
  const latitudeSpan = Math.ceil(radiusKm / 111)
  const longitudeSpan = Math.ceil(radiusKm / (111 * Math.max(Math.cos((parcel.latitude * Math.PI) / 180), 0.2)))
  const found: { sale: Sale; distanceKm: number }[] = []
  for (let dLat = -latitudeSpan; dLat <= latitudeSpan; dLat++) {
    for (let dLon = -longitudeSpan; dLon <= longitudeSpan; dLon++) {
      for (const sale of model.salesByCell.get(cellOf(parcel.latitude + dLat, parcel.longitude + dLon)) ?? []) {
        const distanceKm = distanceKilometres(parcel, sale)
        if (distanceKm <= radiusKm) found.push({ sale, distanceKm })
      }
    }
  }
  return found
}

/** The parcel's value on `valuedAt` from the sales before it (a sale on or after that date is never its own comparable). */
export function valueParcel(model: ValuationModel, parcel: Parcel, valuedAt: number): Valuation | undefined {
  const elasticity = model.sizeElasticity.get(parcel.stateId) ?? model.nationalSizeElasticity
  let chosen: { sale: Sale; distanceKm: number }[] = []
  for (const step of searchSteps) {
    chosen = candidatesWithin(model, parcel, step.radiusKm).filter(
      ({ sale }) =>
        sale.soldAt < valuedAt &&
        valuedAt - sale.soldAt <= step.years * 365 * dayMs &&
        Math.abs(Math.log(sale.acres / parcel.acres)) <= Math.log(step.sizeFactor) &&
        (!step.sameType || (sale.propertyTypes & parcel.propertyTypes) !== 0),
    )
    if (chosen.length >= wantedComparables) break
  }
  if (chosen.length === 0) return undefined

  const valuedQuarter = quarterOf(valuedAt)
  const featureFactor = (features: number) => [...model.featureEffects].reduce((sum, [bit, effect]) => sum + ((features & bit) !== 0 ? effect : 0), 0)
  const comparables = chosen
    .map(({ sale, distanceKm }): ComparableSale => {
      const saleIndex = indexFor(model, sale)
      const time = saleIndex ? indexLevel(saleIndex, valuedQuarter) - indexLevel(saleIndex, quarterOf(sale.soldAt)) : 0
      const size = elasticity * (Math.log(parcel.acres) - Math.log(sale.acres))
      const house = model.houseEffect * (Number(parcel.hasHouse) - Number(sale.hasHouse))
      const features = featureFactor(parcel.features) - featureFactor(sale.features)
      const yearsAgo = (valuedAt - sale.soldAt) / (365 * dayMs)
      const weight = 1 / ((1 + distanceKm / 10) * (1 + yearsAgo / 2) * (1 + 2 * Math.abs(size)))
      return {
        sale,
        distanceKm,
        adjustedPerAcre: Math.exp(logPerAcre(sale) + time + size + house + features),
        adjustments: { time: Math.exp(time), size: Math.exp(size), house: Math.exp(house), features: Math.exp(features) },
        weight,
      }
    })
    .sort((a, b) => b.weight - a.weight)
    .slice(0, usedComparables)

  const totalWeight = comparables.reduce((sum, comparable) => sum + comparable.weight, 0)
  const logs = comparables.map((comparable) => Math.log(comparable.adjustedPerAcre))
  const mean = comparables.reduce((sum, comparable, index) => sum + comparable.weight * logs[index]!, 0) / totalWeight
  const spread = Math.sqrt(comparables.reduce((sum, comparable, index) => sum + comparable.weight * (logs[index]! - mean) ** 2, 0) / totalWeight)
  // Few comparables say less than their spread shows: widen by the standard error of the mean too.
  const sigma = Math.max(0.05, spread) * Math.sqrt(1 + 1 / comparables.length) * model.intervalScale
  const perAcre = Math.exp(mean)
  const medianDistance = median(comparables.map((comparable) => comparable.distanceKm))
  const confidence: Confidence =
    comparables.length >= wantedComparables && medianDistance <= 25 && sigma <= 0.3
      ? 'high'
      : comparables.length >= 4 && medianDistance <= 80 && sigma <= 0.6
        ? 'medium'
        : 'low'
  return {
    value: perAcre * parcel.acres,
    perAcre,
    low: Math.exp(mean - z80 * sigma) * parcel.acres,
    high: Math.exp(mean + z80 * sigma) * parcel.acres,
    confidence,
    comparables,
  }
}

/**
 * Scales the intervals so that 80 % of `checks` (sales valued as if unsold, from earlier sales)
 * fall inside: the comparables' spread understates the error by a factor the data decides.
 */
export function calibrateInterval(model: ValuationModel, checks: readonly Sale[]) {
  const scores = checks.flatMap((sale) => {
    const valuation = valueParcel({ ...model, intervalScale: 1 }, sale, sale.soldAt)
    if (!valuation) return []
    const sigma = Math.log(valuation.high / valuation.value) / z80
    return [Math.abs(Math.log(sale.price / valuation.value)) / sigma]
  })
  if (scores.length >= 20) model.intervalScale = quantile(scores, 0.8) / z80
  return model
}
