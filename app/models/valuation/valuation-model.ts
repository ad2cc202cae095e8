import { propertyType } from '~/models/listings/enumerations'
import type { SalePriceSource } from '~/models/listings/sale-price-source'
import { distanceKilometres } from '~/models/geo/shapes'
import { groupBy } from '~/utils/group-by'
import { largest, median, quantile } from '~/utils/statistics'
import { type Confidence, type IntervalCalibration, type RangeInputs, fitIntervalCalibration, rangeOf, uncalibratedInterval } from './valuation-calibration'

/**
 * AcreWorth's valuation model (issue 16 §3), fitted from sold listings alone: no price is set by
 * hand. A sale is land plus, sometimes, a house; land is compared per acre, in logs. From the
 * sales without a house: per state, a size elasticity (price per acre falls as acres grow) fitted
 * within counties and uses; nationally, what each use (farm, homesite, timber…) and each feature
 * adds; per county (else region, else state) a quarterly price index and a level. From the sales
 * with a house, per state, what a square foot of house adds. A parcel is valued from its nearest
 * comparable sales, each stripped of its house and brought to the parcel's place, size, use,
 * features and date, weighted by how close and alike they are; the parcel's house is added back.
 * The interval comes from how much the adjusted comparables disagree. Pure module: the sales are
 * loaded elsewhere, so the model is tested and backtested without a database.
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
  /** The house's size when known. */
  squareFeet: number | null
  /** Feature bits (see `featureBits`). */
  features: number
  /** Where the price came from: the published figures say on which kind of sales they rest. */
  source: SalePriceSource
}

/** The parcel to value: a sale without its price, date and their source. */
export type Parcel = Omit<Sale, 'id' | 'price' | 'soldAt' | 'source'>

/** Features the data carries whose effect on price the model fits (each one bit). */
export const featureBits = { waterfront: 1, mineralRights: 2, ownerFinancing: 4 } as const

/**
 * What land is used for, as one class per sale: the first of these property types it carries. The
 * order puts the uses that set a price (a shop, a house lot) before those that come with them.
 */
const landUseOrder = [
  propertyType.commercial,
  propertyType.homesites,
  propertyType.residential,
  propertyType.farm,
  propertyType.ranch,
  propertyType.horse,
  propertyType.timberland,
  propertyType.hunting,
  propertyType.recreational,
  propertyType.undeveloped,
] as const
export const landUseOf = (propertyTypes: number) => landUseOrder.find((bit) => (propertyTypes & bit) !== 0) ?? 0

export interface ComparableSale {
  sale: Sale
  distanceKm: number
  /** What the comparable says the parcel is worth an acre: its land brought to the parcel, plus the parcel's house. */
  adjustedPerAcre: number
  /** Each adjustment of the land's price per acre as a factor (1.12 is +12 %); `house` is the dollars of house taken out of the sale. */
  adjustments: { time: number; place: number; size: number; use: number; features: number; house: number }
  /**
   * The gross adjustment: each adjustment's dollars an acre, taken in turn and summed without
   * sign, as a share of the comparable's price an acre (0.3 is 30 %). A comparable past
   * `grossAdjustmentCap` is not used (decision 0060).
   */
  grossAdjustment: number
  weight: number
}

export interface Valuation {
  /**
   * 'comparables': from enough nearby sales within the gross adjustment cap. 'county': too few
   * of those, so the county's level (else the state's) with the parcel's size, use, features and
   * date, and a range as wide as such estimates have missed by; no comparable is shown.
   */
  basis: 'comparables' | 'county'
  value: number
  perAcre: number
  /** The 80 % interval of the value. */
  low: number
  high: number
  /** Dollars of the value that are the parcel's house. */
  houseValue: number
  /**
   * From the label rule fitted on earlier sales (valuation-calibration.ts); a county-level range is
   * always 'low': it rests on no comparable, and the rule's inputs (spread, distance, count) are a
   * comparables valuation's.
   */
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
  landUseEffects: Map<number, number>
  indexes: { county: Map<number, PriceIndex>; region: Map<number, PriceIndex>; state: Map<number, PriceIndex> }
  /** Each county's land level once size, use, date and features are taken out, shrunk towards its state's when its sales are few. */
  countyLevels: Map<number, number>
  /** Each state's level, for a county without sales. */
  stateLevels: Map<number, number>
  /**
   * Each county's recent move against its index: how far its sales of the last `recentQuarters`
   * quarters lay from its level (their median, shrunk by their number), which holds from
   * `recentFrom` on. A county's own index would be a few sales a quarter; this moves only when
   * several recent sales agree (decision 0064).
   */
  countyJumps: Map<number, number>
  recentFrom: number
  featureEffects: Map<number, number>
  /** Dollars a square foot of house adds, per state, at the place's median price level. */
  houseDollarsPerSquareFoot: Map<number, number>
  nationalHouseDollarsPerSquareFoot: number
  /** The median house's size, for a house whose size is not given. */
  typicalSquareFeet: number
  /** The 80 % interval's width and the confidence label, measured on earlier sales (fitted by `calibrateInterval`). */
  interval: IntervalCalibration
  /** How far, in log terms, 80 % of county-level estimates came within of the price (fitted by `calibrateInterval`): the county-level range's half-width. */
  countyLevelLogError: number
  salesByCell: Map<number, Sale[]>
  saleCount: number
}

const dayMs = 86_400_000
/** Quarters since 1970: the index's time step. */
export const quarterOf = (time: number) => {
  const date = new Date(time)
  return date.getUTCFullYear() * 4 + Math.floor(date.getUTCMonth() / 3)
}
const logPerAcre = (sale: Pick<Sale, 'price' | 'acres'>) => Math.log(sale.price / sale.acres)
/** A state needs this many sales to have its own size elasticity or house price; an index needs this many over this many quarters. */
const minimumSalesForElasticity = 30
const minimumHouseSales = 20
const minimumSalesForIndex = 150
const minimumQuartersForIndex = 6
/** A county's level counts as this many of its state's sales: a county of five sales moves halfway from its state's. */
const countyLevelPrior = 5
/** A county's recent move is measured over this many quarters, and counts as this many sales that saw no move. */
const recentQuarters = 4
const countyJumpPrior = 5
/** A house never takes more than this share of a sale's price: the rest is land. */
const largestHouseShare = 0.8
const fallbackSquareFeet = 1_800

/** Tukey's bisquare weight of a residual: 1 near zero, nothing past `bisquareScales` robust standard deviations. */
const bisquareScales = 4.685
function bisquareWeights(residuals: readonly number[]) {
  const scale = 1.4826 * median(residuals.map(Math.abs))
  if (scale === 0) return residuals.map(() => 1)
  return residuals.map((residual) => {
    const u = residual / (bisquareScales * scale)
    return Math.abs(u) >= 1 ? 0 : (1 - u * u) ** 2
  })
}
const robustRounds = 6

/** A point further than this many robust standard deviations from its group's median x is left out of a slope: its leverage would decide it. */
const leverageScales = 4

/**
 * Slope of y on x within groups (a fixed-effects regression), clamped to what land prices do;
 * outlier-resistant: points far out on x are left out (a sale entered with its acres in square
 * feet lies 10 log units out), then each point is weighted by its residual (Tukey's bisquare),
 * starting from the least-squares line, so wrong prices do not tilt the line either (decision 0064).
 */
function withinGroupSlope(points: readonly { group: number; x: number; y: number }[]) {
  const groups = [...groupBy(points, (point) => point.group).values()].filter((group) => group.length >= 2)
  const offsets = groups.flatMap((group) => {
    const centre = median(group.map((point) => point.x))
    return group.map((point) => point.x - centre)
  })
  const scaleX = 1.4826 * median(offsets.map(Math.abs))
  let weights: number[] = offsets.map((offset) => (scaleX > 0 && Math.abs(offset) > leverageScales * scaleX ? 0 : 1))
  const isInRange = weights.slice()
  let slope: number | undefined
  for (let round = 0; round <= robustRounds; round++) {
    let offset = 0
    let numerator = 0
    let denominator = 0
    const centres = groups.map((group) => {
      const groupWeights = weights.slice(offset, offset + group.length)
      offset += group.length
      const total = groupWeights.reduce((sum, weight) => sum + weight, 0)
      if (total === 0) return { x: 0, y: 0 }
      const x = group.reduce((sum, point, index) => sum + groupWeights[index]! * point.x, 0) / total
      const y = group.reduce((sum, point, index) => sum + groupWeights[index]! * point.y, 0) / total
      group.forEach((point, index) => {
        numerator += groupWeights[index]! * (point.x - x) * (point.y - y)
        denominator += groupWeights[index]! * (point.x - x) ** 2
      })
      return { x, y }
    })
    if (denominator === 0) break
    const fitted = numerator / denominator
    slope = fitted
    const residuals = groups.flatMap((group, index) => group.map((point) => point.y - centres[index]!.y - fitted * (point.x - centres[index]!.x)))
    weights = bisquareWeights(residuals).map((weight, index) => weight * isInRange[index]!)
  }
  return slope === undefined ? undefined : Math.min(0, Math.max(-0.9, slope))
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

/** Sales are filed in cells of a quarter degree: a listing page's 15 km search reads a few cells, not nine whole degrees. */
const cellDegrees = 0.25
// A number, not a string: a wide search looks up hundreds of cells. Columns lie within ±720.
const cellKey = (row: number, column: number) => row * 2048 + column
const cellOf = (latitude: number, longitude: number) => cellKey(Math.floor(latitude / cellDegrees), Math.floor(longitude / cellDegrees))
const medians = <Item>(items: readonly Item[], keyOf: (item: Item) => number, valueOf: (item: Item) => number) =>
  new Map([...groupBy(items, keyOf)].map(([key, group]) => [key, { value: median(group.map(valueOf)), count: group.length }]))

/** A use or feature needs this many sales to have an effect of its own. */
const minimumSalesForEffect = 10
const backfittingRounds = 12

/**
 * The log effects of uses and features on land prices, with a level per county, by least squares
 * fitted one term at a time (backfitting): a county of one sale says nothing about uses, and its
 * level takes it all; counties with several uses say what each adds. Means, not medians, so that
 * the rounds converge to the least-squares fit; then fitted again with each sale weighted by its
 * residual (Tukey's bisquare, decision 0064), so that a wrongly entered sale barely counts.
 */
function fitEffects(points: readonly { countyId: number; use: number; features: number; level: number }[]) {
  type Point = (typeof points)[number]
  let weights = new Map<Point, number>(points.map((point) => [point, 1]))
  const weightedMean = (group: readonly Point[], valueOf: (point: Point) => number) => {
    let total = 0
    let sum = 0
    for (const point of group) {
      const weight = weights.get(point)!
      total += weight
      sum += weight * valueOf(point)
    }
    return total === 0 ? 0 : sum / total
  }
  const byCounty = groupBy(points, (point) => point.countyId)
  const byUse = [...groupBy(points, (point) => point.use)].filter(([, group]) => group.length >= minimumSalesForEffect)
  const withFeature = Object.values(featureBits).map((bit) => [bit, points.filter((point) => (point.features & bit) !== 0)] as const)
  const countyLevels = new Map<number, number>()
  const landUseEffects = new Map<number, number>()
  const featureEffects = new Map<number, number>(Object.values(featureBits).map((bit) => [bit, 0]))
  const rest = (point: Point, without?: 'county' | 'use' | number) =>
    point.level -
    (without === 'county' ? 0 : (countyLevels.get(point.countyId) ?? 0)) -
    (without === 'use' ? 0 : (landUseEffects.get(point.use) ?? 0)) -
    featureSum(featureEffects, typeof without === 'number' ? point.features & ~without : point.features)
  const backfit = () => {
    for (let round = 0; round < backfittingRounds; round++) {
      for (const [countyId, group] of byCounty)
        countyLevels.set(
          countyId,
          weightedMean(group, (point) => rest(point, 'county')),
        )
      for (const [use, group] of byUse)
        landUseEffects.set(
          use,
          weightedMean(group, (point) => rest(point, 'use')),
        )
      for (const [bit, group] of withFeature)
        if (group.length >= minimumSalesForEffect)
          featureEffects.set(
            bit,
            weightedMean(group, (point) => rest(point, bit)),
          )
    }
  }
  backfit()
  // Again with each sale weighted by how far it lay from the fit: a price per acre entered as the price does not move a use's effect.
  const robustWeights = bisquareWeights(points.map((point) => rest(point)))
  weights = new Map(points.map((point, index) => [point, robustWeights[index]!]))
  backfit()
  return { landUseEffects, featureEffects }
}

export function fitValuationModel(sales: readonly Sale[]): ValuationModel {
  const usable = sales.filter((sale) => sale.price > 0 && sale.acres > 0)
  const land = usable.filter((sale) => !sale.hasHouse).map((sale) => ({ sale, use: landUseOf(sale.propertyTypes), x: Math.log(sale.acres), y: logPerAcre(sale) }))

  // Size: per state within counties and uses, else all states pooled.
  const groupOf = (point: (typeof land)[number]) => point.sale.countyId * 65_536 + point.use
  const nationalSizeElasticity = withinGroupSlope(land.map((point) => ({ group: groupOf(point), x: point.x, y: point.y }))) ?? -0.3
  const sizeElasticity = new Map<number, number>()
  for (const [stateId, statePoints] of groupBy(land, (point) => point.sale.stateId)) {
    const slope =
      statePoints.length >= minimumSalesForElasticity ? withinGroupSlope(statePoints.map((point) => ({ group: groupOf(point), x: point.x, y: point.y }))) : undefined
    sizeElasticity.set(stateId, slope ?? nationalSizeElasticity)
  }
  const elasticityOf = (stateId: number) => sizeElasticity.get(stateId) ?? nationalSizeElasticity
  const sizeFree = land.map((point) => ({ ...point, level: point.y - elasticityOf(point.sale.stateId) * point.x }))

  // Use and features: what each adds against the county's level, fitted together.
  const { landUseEffects, featureEffects } = fitEffects(
    sizeFree.map((point) => ({ countyId: point.sale.countyId, use: point.use, features: point.sale.features, level: point.level })),
  )
  const plainLand = sizeFree.map((point) => ({
    ...point,
    level: point.level - (landUseEffects.get(point.use) ?? 0) - featureSum(featureEffects, point.sale.features),
  }))

  // Time: each place's level by quarter, relative to the place's own median level.
  const fitIndexes = (keyOf: (sale: Sale) => number | null) => {
    const indexes = new Map<number, PriceIndex>()
    for (const [key, group] of groupBy(plainLand, (point) => keyOf(point.sale))) {
      if (key === null) continue
      const center = median(group.map((point) => point.level))
      const index = fitIndex(group.map((point) => ({ quarter: quarterOf(point.sale.soldAt), value: point.level - center })))
      if (index) indexes.set(key, index)
    }
    return indexes
  }
  const model: ValuationModel = {
    sizeElasticity,
    nationalSizeElasticity,
    landUseEffects,
    indexes: { county: fitIndexes((sale) => sale.countyId), region: fitIndexes((sale) => sale.regionId), state: fitIndexes((sale) => sale.stateId) },
    countyLevels: new Map(),
    stateLevels: new Map(),
    countyJumps: new Map(),
    recentFrom: Infinity,
    featureEffects,
    houseDollarsPerSquareFoot: new Map(),
    nationalHouseDollarsPerSquareFoot: 0,
    typicalSquareFeet: fallbackSquareFeet,
    interval: uncalibratedInterval,
    countyLevelLogError: defaultCountyLevelLogError,
    salesByCell: groupBy(usable, (sale) => cellOf(sale.latitude, sale.longitude)),
    saleCount: usable.length,
  }
  const timeOf = (sale: Sale) => placeTime(model, sale, quarterOf(sale.soldAt))

  // Place: each county's level in today's terms, shrunk towards its state's where its sales are few.
  const timeFree = plainLand.map((point) => ({ ...point, level: point.level - timeOf(point.sale) }))
  const stateLevels = medians(
    timeFree,
    (point) => point.sale.stateId,
    (point) => point.level,
  )
  for (const [stateId, { value }] of stateLevels) model.stateLevels.set(stateId, value)
  const stateOfCounty = new Map(timeFree.map((point) => [point.sale.countyId, point.sale.stateId]))
  for (const [countyId, { value, count }] of medians(
    timeFree,
    (point) => point.sale.countyId,
    (point) => point.level,
  )) {
    const stateLevel = stateLevels.get(stateOfCounty.get(countyId)!)!.value
    model.countyLevels.set(countyId, (count * value + countyLevelPrior * stateLevel) / (count + countyLevelPrior))
  }

  // A county's recent move: its last quarters' sales against its level.
  model.recentFrom = largest(plainLand.map((point) => quarterOf(point.sale.soldAt))) - recentQuarters + 1
  for (const [countyId, recent] of groupBy(
    timeFree.filter((point) => quarterOf(point.sale.soldAt) >= model.recentFrom),
    (point) => point.sale.countyId,
  )) {
    const level = model.countyLevels.get(countyId)!
    model.countyJumps.set(countyId, (median(recent.map((point) => point.level - level)) * recent.length) / (recent.length + countyJumpPrior))
  }

  // House: what is left of a house sale's price once its land is valued, per square foot at the place's median level.
  const houses = usable.filter((sale) => sale.hasHouse)
  const sized = houses.flatMap((sale) => (sale.squareFeet ? [sale.squareFeet] : []))
  if (sized.length > 0) model.typicalSquareFeet = median(sized)
  const rates = houses.flatMap((sale) => {
    const level = model.countyLevels.get(sale.countyId)
    if (level === undefined) return []
    const landValue = Math.exp(landLogPerAcre(model, sale, level) + timeOf(sale)) * sale.acres
    return [{ stateId: sale.stateId, rate: (sale.price - landValue) / ((sale.squareFeet ?? model.typicalSquareFeet) * Math.exp(timeOf(sale))) }]
  })
  model.nationalHouseDollarsPerSquareFoot = rates.length > 0 ? Math.max(0, median(rates.map((item) => item.rate))) : 0
  for (const [stateId, group] of groupBy(rates, (item) => item.stateId))
    if (group.length >= minimumHouseSales) model.houseDollarsPerSquareFoot.set(stateId, Math.max(0, median(group.map((item) => item.rate))))
  return model
}

/** The log price an acre of a parcel's land at a place level, at the place's median date. */
function landLogPerAcre(model: ValuationModel, parcel: Parcel, placeLevel: number) {
  return (
    placeLevel +
    (model.sizeElasticity.get(parcel.stateId) ?? model.nationalSizeElasticity) * Math.log(parcel.acres) +
    (model.landUseEffects.get(landUseOf(parcel.propertyTypes)) ?? 0) +
    featureEffectOf(model, parcel.features)
  )
}

const featureSum = (effects: Map<number, number>, features: number) => [...effects].reduce((sum, [bit, effect]) => sum + ((features & bit) !== 0 ? effect : 0), 0)
const featureEffectOf = (model: ValuationModel, features: number) => featureSum(model.featureEffects, features)

/** Dollars of house on a parcel or sale at a quarter: its size (else the typical size) at its state's rate, moved by its place's index. */
function houseValueOf(model: ValuationModel, parcel: Parcel, quarter: number) {
  if (!parcel.hasHouse) return 0
  const rate = model.houseDollarsPerSquareFoot.get(parcel.stateId) ?? model.nationalHouseDollarsPerSquareFoot
  return rate * (parcel.squareFeet ?? model.typicalSquareFeet) * Math.exp(placeTime(model, parcel, quarter))
}

/** A county's recent move on a quarter: nothing before `recentFrom`. */
const countyJumpAt = (model: ValuationModel, countyId: number, quarter: number) => (quarter >= model.recentFrom ? (model.countyJumps.get(countyId) ?? 0) : 0)

/** A place's log price level on a quarter against its median level: its index, and its county's recent move. */
function placeTime(model: ValuationModel, place: Pick<Sale, 'countyId' | 'regionId' | 'stateId'>, quarter: number) {
  const index = indexFor(model, place)
  return (index ? indexLevel(index, quarter) : 0) + countyJumpAt(model, place.countyId, quarter)
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
  { radiusKm: 15, sizeFactor: 3, years: 3, sameUse: true },
  { radiusKm: 40, sizeFactor: 4, years: 4, sameUse: true },
  { radiusKm: 80, sizeFactor: 6, years: 6, sameUse: false },
  { radiusKm: 160, sizeFactor: 10, years: 8, sameUse: false },
  { radiusKm: 320, sizeFactor: 20, years: 12, sameUse: false },
] as const
const wantedComparables = 8
const usedComparables = 12
/**
 * The largest gross adjustment a comparable may carry: past it, a sale says more about the model's
 * adjustments than about the parcel. Not an appraiser's 25 %: on these sales 25 % or 50 % left many
 * parcels without comparables and made the estimates worse; 100 % cut the tail and made them better
 * (decision 0060 gives the figures).
 */
export const grossAdjustmentCap = 1
/** With fewer comparables within the cap than this, the parcel gets a county-level range instead. */
export const fewestComparables = 3
/** The county-level range's log half-width before it is measured: half to twice the estimate. */
const defaultCountyLevelLogError = Math.log(2)

/** The sales within `radiusKm` of the parcel that `isWanted` accepts (asked first: it is cheaper than the distance). */
function candidatesWithin(model: ValuationModel, parcel: Parcel, radiusKm: number, isWanted: (sale: Sale) => boolean) {
  const radiusDegrees = radiusKm / 111
  // A degree of longitude is shortest at the circle's latitude furthest from the equator.
  const furthestLatitude = Math.min(Math.abs(parcel.latitude) + radiusDegrees, 78)
  const latitudeSpan = Math.ceil(radiusDegrees / cellDegrees)
  const longitudeSpan = Math.ceil(radiusDegrees / Math.cos((furthestLatitude * Math.PI) / 180) / cellDegrees)
  const row = Math.floor(parcel.latitude / cellDegrees)
  const column = Math.floor(parcel.longitude / cellDegrees)
  const found: { sale: Sale; distanceKm: number }[] = []
  for (let dRow = -latitudeSpan; dRow <= latitudeSpan; dRow++) {
    for (let dColumn = -longitudeSpan; dColumn <= longitudeSpan; dColumn++) {
      for (const sale of model.salesByCell.get(cellKey(row + dRow, column + dColumn)) ?? []) {
        if (!isWanted(sale)) continue
        const distanceKm = distanceKilometres(parcel, sale)
        if (distanceKm <= radiusKm) found.push({ sale, distanceKm })
      }
    }
  }
  return found
}

/**
 * A comparable's gross adjustment (see `ComparableSale`): the house line is the parcel's house an
 * acre against the comparable's, then each of the land's log adjustments in turn.
 */
function grossAdjustmentOf(sale: Sale, saleHouse: number, parcelHousePerAcre: number, logAdjustments: readonly number[]) {
  let land = (sale.price - saleHouse) / sale.acres
  let gross = Math.abs(parcelHousePerAcre - saleHouse / sale.acres)
  for (const adjustment of logAdjustments) {
    const adjusted = land * Math.exp(adjustment)
    gross += Math.abs(adjusted - land)
    land = adjusted
  }
  return gross / (sale.price / sale.acres)
}

/** The comparables within the cap, for the nearest search step that finds enough of them (else the widest). */
function acceptableComparables(model: ValuationModel, parcel: Parcel, valuedAt: number, houseValue: number): ComparableSale[] {
  const elasticity = model.sizeElasticity.get(parcel.stateId) ?? model.nationalSizeElasticity
  const parcelUse = landUseOf(parcel.propertyTypes)
  const valuedQuarter = quarterOf(valuedAt)
  const parcelLevel = model.countyLevels.get(parcel.countyId)
  const landUseEffect = (propertyTypes: number) => model.landUseEffects.get(landUseOf(propertyTypes)) ?? 0
  const comparableOf = ({ sale, distanceKm }: { sale: Sale; distanceKm: number }): ComparableSale => {
    const soldQuarter = quarterOf(sale.soldAt)
    const time = placeTime(model, sale, valuedQuarter) - placeTime(model, sale, soldQuarter)
    const saleLevel = model.countyLevels.get(sale.countyId)
    // The two counties as they stand on the valuation date: a county that has jumped carries its jump into its neighbours' sales.
    const place =
      parcelLevel === undefined || saleLevel === undefined
        ? 0
        : parcelLevel + countyJumpAt(model, parcel.countyId, valuedQuarter) - saleLevel - countyJumpAt(model, sale.countyId, valuedQuarter)
    const size = elasticity * (Math.log(parcel.acres) - Math.log(sale.acres))
    const use = landUseEffect(parcel.propertyTypes) - landUseEffect(sale.propertyTypes)
    const features = featureEffectOf(model, parcel.features) - featureEffectOf(model, sale.features)
    const saleHouse = Math.min(houseValueOf(model, sale, soldQuarter), largestHouseShare * sale.price)
    const landPerAcre = Math.exp(Math.log((sale.price - saleHouse) / sale.acres) + time + place + size + use + features)
    const yearsAgo = (valuedAt - sale.soldAt) / (365 * dayMs)
    return {
      sale,
      distanceKm,
      adjustedPerAcre: landPerAcre + houseValue / parcel.acres,
      adjustments: { time: Math.exp(time), place: Math.exp(place), size: Math.exp(size), use: Math.exp(use), features: Math.exp(features), house: saleHouse },
      grossAdjustment: grossAdjustmentOf(sale, saleHouse, houseValue / parcel.acres, [time, place, size, use, features]),
      // Nearer (10 km halves the weight), more recent (2 years halve it) and more alike (size counted twice, place, use and features, in log terms) weigh more.
      weight: 1 / ((1 + distanceKm / 10) * (1 + yearsAgo / 2) * (1 + 2 * Math.abs(size) + Math.abs(place) + Math.abs(use) + Math.abs(features))),
    }
  }
  let accepted: ComparableSale[] = []
  for (const step of searchSteps) {
    const candidates = candidatesWithin(
      model,
      parcel,
      step.radiusKm,
      (sale) =>
        sale.soldAt < valuedAt &&
        valuedAt - sale.soldAt <= step.years * 365 * dayMs &&
        Math.abs(Math.log(sale.acres / parcel.acres)) <= Math.log(step.sizeFactor) &&
        (!step.sameUse || landUseOf(sale.propertyTypes) === parcelUse),
    )
    accepted = candidates.map(comparableOf).filter((comparable) => comparable.grossAdjustment <= grossAdjustmentCap)
    if (accepted.length >= wantedComparables) break
  }
  return withoutOutliers(accepted.sort((a, b) => b.weight - a.weight).slice(0, usedComparables), houseValue / parcel.acres)
}

/** A comparable whose adjusted land price lies further than this many robust standard deviations from the others' median is left out. */
const outlierDeviations = 3

/**
 * The comparables without those that disagree wildly with the rest (a price per acre entered as
 * the price, acres in square feet, a sale between relatives): past `outlierDeviations` median
 * absolute deviations (scaled to a standard deviation) from the median, when enough remain.
 */
function withoutOutliers(comparables: ComparableSale[], parcelHousePerAcre: number) {
  const logs = comparables.map((comparable) => Math.log(comparable.adjustedPerAcre - parcelHousePerAcre))
  if (logs.length < fewestComparables) return comparables
  const centre = median(logs)
  const deviation = 1.4826 * median(logs.map((value) => Math.abs(value - centre)))
  const kept = comparables.filter((_, index) => Math.abs(logs[index]! - centre) <= Math.max(0.05, outlierDeviations * deviation))
  return kept.length >= fewestComparables ? kept : comparables
}

/** The parcel's land at its county's level (else its state's) on `valuedAt`, with its house; undefined for a state without sales. */
function countyLevelValue(model: ValuationModel, parcel: Parcel, valuedAt: number, houseValue: number) {
  const level = model.countyLevels.get(parcel.countyId) ?? model.stateLevels.get(parcel.stateId)
  if (level === undefined) return undefined
  return Math.exp(landLogPerAcre(model, parcel, level) + placeTime(model, parcel, quarterOf(valuedAt))) * parcel.acres + houseValue
}

/** The comparables' estimate of the parcel on `valuedAt` and what it knows about itself; undefined with fewer than `fewestComparables`. */
function comparablesEstimate(model: ValuationModel, parcel: Parcel, valuedAt: number, houseValue: number) {
  const comparables = acceptableComparables(model, parcel, valuedAt, houseValue)
  if (comparables.length < fewestComparables) return undefined
  // The comparables agree or disagree on the land; the house is the parcel's own.
  const landPerAcre = (comparable: ComparableSale) => comparable.adjustedPerAcre - houseValue / parcel.acres
  const totalWeight = comparables.reduce((sum, comparable) => sum + comparable.weight, 0)
  const logs = comparables.map((comparable) => Math.log(landPerAcre(comparable)))
  const mean = comparables.reduce((sum, comparable, index) => sum + comparable.weight * logs[index]!, 0) / totalWeight
  const spread = Math.sqrt(comparables.reduce((sum, comparable, index) => sum + comparable.weight * (logs[index]! - mean) ** 2, 0) / totalWeight)
  const value = Math.exp(mean) * parcel.acres + houseValue
  const countyLevel = countyLevelValue(model, parcel, valuedAt, houseValue)
  const inputs: RangeInputs = {
    // Few comparables say less than their spread shows: widen by the standard error of the mean too.
    spread: Math.max(0.05, spread) * Math.sqrt(1 + 1 / comparables.length),
    medianDistanceKm: median(comparables.map((comparable) => comparable.distanceKm)),
    comparableCount: comparables.length,
    grossAdjustment: median(comparables.map((comparable) => comparable.grossAdjustment)),
    countyGap: countyLevel === undefined ? 0 : Math.abs(Math.log(value / countyLevel)),
    houseShare: houseValue / value,
  }
  return { comparables, value, inputs }
}

/**
 * The parcel's value on `valuedAt` from the sales before it (a sale on or after that date is never
 * its own comparable); with fewer than `fewestComparables` within the cap, a county-level range.
 * Undefined only in a state without sales.
 */
export function valueParcel(model: ValuationModel, parcel: Parcel, valuedAt: number): Valuation | undefined {
  const houseValue = houseValueOf(model, parcel, quarterOf(valuedAt))
  const estimate = comparablesEstimate(model, parcel, valuedAt, houseValue)
  if (!estimate) {
    const value = countyLevelValue(model, parcel, valuedAt, houseValue)
    if (value === undefined) return undefined
    const halfWidth = Math.exp(model.countyLevelLogError)
    return { basis: 'county', value, perAcre: value / parcel.acres, low: value / halfWidth, high: value * halfWidth, houseValue, confidence: 'low', comparables: [] }
  }
  const { comparables, value, inputs } = estimate
  const { confidence, halfWidth } = rangeOf(model.interval, inputs)
  return {
    basis: 'comparables',
    value,
    perAcre: value / parcel.acres,
    low: value * Math.exp(-halfWidth),
    high: value * Math.exp(halfWidth),
    houseValue,
    confidence,
    comparables,
  }
}

/**
 * Sets the intervals and the confidence labels from how far `checks` (sales valued as if unsold,
 * from earlier sales) missed (valuation-calibration.ts): the comparables' spread alone says too
 * little of the error. The county-level range is set from how far the county-level estimates of
 * the same sales missed: 80 % of them came within its half-width.
 */
export function calibrateInterval(model: ValuationModel, checks: readonly Sale[]) {
  const measured = checks.flatMap((sale) => {
    const estimate = comparablesEstimate(model, sale, sale.soldAt, houseValueOf(model, sale, quarterOf(sale.soldAt)))
    return estimate ? [{ ...estimate.inputs, logError: Math.abs(Math.log(sale.price / estimate.value)) }] : []
  })
  model.interval = fitIntervalCalibration(measured)
  const countyLevelErrors = checks.flatMap((sale) => {
    const value = countyLevelValue(model, sale, sale.soldAt, houseValueOf(model, sale, quarterOf(sale.soldAt)))
    return value === undefined ? [] : [Math.abs(Math.log(sale.price / value))]
  })
  if (countyLevelErrors.length >= 20) model.countyLevelLogError = quantile(countyLevelErrors, 0.8)
  return model
}
