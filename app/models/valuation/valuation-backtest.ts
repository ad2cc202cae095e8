import { propertyType } from '~/models/listings/enumerations'
import { groupBy } from '~/utils/group-by'
import { median, quantile } from '~/utils/statistics'
import { fitHedonicBaseline, fitNearestComparablesBaseline } from './valuation-baselines'
import { type Confidence, type IntervalCalibration, probabilityBelow } from './valuation-calibration'
import { fitCalibratedModel } from './valuation-fit'
import { type Parcel, type Sale, type Valuation, type ValuationModel, valueParcel } from './valuation-model'
import { bootstrap, intervalOf } from './valuation-ratio-study'

/**
 * AcreWorth's published accuracy (issue 16 §4), as a pure module: the bench prints it and the
 * 'How accurate is AcreWorth?' page shows it, so both come from this code. The sales are split in
 * time: the model is fitted on those before a cut-off date, and each later sale is valued as if
 * unsold, from the earlier sales only, then compared with its price. Two fair baselines fitted on
 * the same training sales (valuation-baselines.ts: a hedonic regression and the unadjusted nearest
 * comparables) and two naive ones (the county's and the state's median price per acre before the
 * cut-off, times the acres) are measured on the same sales, and so is the model on each sale
 * typed without a point, as a visitor may (issue 36 item 6).
 */

/** How the model did on one sale. */
export interface ModelOutcome {
  /** From comparables, or a county-level range (decision 0060). */
  basis: Valuation['basis']
  estimate: number
  /** The absolute error as a share of the price. */
  error: number
  /** Whether the 80 % interval held the price. */
  isCovered: boolean
  confidence: Confidence
  /** Null for a county-level range: it has no comparables. */
  medianDistanceKm: number | null
  /** Where the price fell in the estimate's predicted distribution (0 to 1): its probability integral transform. */
  probabilityBelowPrice: number
}

/** Where a parcel typed without a point is valued: its county's centre, as the valuation form does (`parcelOf` in models/valuation/valuation.server.ts). */
export type CountyCentres = ReadonlyMap<number, { latitude: number; longitude: number }>

export interface BacktestRow {
  sale: Sale
  /** Undefined only in a state without sales (with too few comparables, a county-level range). */
  model?: ModelOutcome
  /** The sale valued as if typed without a point (at its county's centre); undefined without county centres. */
  withoutPoint?: ModelOutcome
  /** …and without its use either, so valued as undeveloped land, as the form does when no type is ticked. */
  withoutPointOrUse?: ModelOutcome
  /** The county baseline's error; undefined when the county had no sale before the cut-off. */
  countyError?: number
  /** The state baseline's error; undefined when the state had no sale before the cut-off. */
  stateError?: number
  /** The hedonic regression's estimate and error; undefined for a state it had no sale of. */
  hedonicEstimate?: number
  hedonicError?: number
  /** The unadjusted nearest comparables' estimate and error; undefined when no sale of the use was within reach. */
  nearestEstimate?: number
  nearestError?: number
  valueMilliseconds: number
}

export interface Backtest {
  firstSaleAt: number
  lastSaleAt: number
  /** Sales from this time on are held out. */
  cutoff: number
  trainingCount: number
  heldOutCount: number
  fitMilliseconds: number
  /** The model's range widths and label thresholds, as measured before the cut-off. */
  interval: IntervalCalibration
  /** The county-level range's log half-width, as measured before the cut-off. */
  countyLevelLogError: number
  rows: BacktestRow[]
}

/** How close one way of valuing came on the sales it could value. */
export interface MethodAccuracy {
  valued: number
  medianError: number
  withinTenPercent: number
  withinTwentyPercent: number
}

/**
 * How many points of median error the model saves over the better fair baseline, on the sales all
 * three valued, with a bootstrap 95 % interval (the sales drawn again with replacement).
 */
export interface Lift {
  baseline: 'hedonic regression' | 'nearest comparables'
  sales: number
  modelError: number
  baselineError: number
  /** Baseline minus model median error (0.07 is 7 points). */
  points: number
  low: number
  high: number
}

export type ModelAccuracy = MethodAccuracy & { intervalCoverage: number }

export interface Accuracy {
  sales: number
  /** Null where a method valued none of the sales. */
  model: ModelAccuracy | null
  /** The same sales valued as if typed without a point, then without a point or a use. */
  withoutPoint: ModelAccuracy | null
  withoutPointOrUse: ModelAccuracy | null
  hedonic: MethodAccuracy | null
  nearestComparables: MethodAccuracy | null
  countyMedian: MethodAccuracy | null
  stateMedian: MethodAccuracy | null
  /** Null where no sale was valued by the model and both fair baselines. */
  lift: Lift | null
}

/** The share of sales, by date, that are held out: the cut-off is the 80th percentile of the sale dates. */
const heldOutShare = 0.2

/** Each place's median price per acre over `sales`. */
function medianPerAcre(sales: readonly Sale[], placeOf: (sale: Sale) => number) {
  return new Map([...groupBy(sales, placeOf)].map(([place, placeSales]) => [place, median(placeSales.map((sale) => sale.price / sale.acres))]))
}

/** How the model values `parcel` on the sale's date, against the sale's price. */
function modelOutcome(model: ValuationModel, parcel: Parcel, sale: Sale): ModelOutcome | undefined {
  const valuation = valueParcel(model, parcel, sale.soldAt)
  if (!valuation) return undefined
  return {
    basis: valuation.basis,
    estimate: valuation.value,
    error: Math.abs(valuation.value - sale.price) / sale.price,
    isCovered: sale.price >= valuation.low && sale.price <= valuation.high,
    confidence: valuation.confidence,
    medianDistanceKm: valuation.basis === 'county' ? null : median(valuation.comparables.map((comparable) => comparable.distanceKm)),
    probabilityBelowPrice: probabilityBelow(valuation, sale.price),
  }
}

/**
 * The model and every baseline fitted on `training` and scored on `heldOut`, each sale valued on
 * its date as if unsold; with `countyCentres`, each is valued again as if typed without a point.
 */
export function scoreHeldOutSales(training: readonly Sale[], heldOut: readonly Sale[], countyCentres?: CountyCentres) {
  const fitStarted = performance.now()
  const model = fitCalibratedModel(training)
  const fitMilliseconds = performance.now() - fitStarted
  const countyMedians = medianPerAcre(training, (sale) => sale.countyId)
  const stateMedians = medianPerAcre(training, (sale) => sale.stateId)
  const hedonic = fitHedonicBaseline(training)
  const nearest = fitNearestComparablesBaseline(training)

  const rows = heldOut.map((sale): BacktestRow => {
    const started = performance.now()
    const outcome = modelOutcome(model, sale, sale)
    const valueMilliseconds = performance.now() - started
    const errorOf = (estimate: number) => Math.abs(estimate - sale.price) / sale.price
    const baselineError = (perAcre: number | undefined) => (perAcre === undefined ? undefined : errorOf(perAcre * sale.acres))
    const valueError = (value: number | undefined) => (value === undefined ? undefined : errorOf(value))
    const centre = countyCentres?.get(sale.countyId)
    const hedonicEstimate = hedonic(sale)
    const nearestEstimate = nearest(sale)
    return {
      sale,
      model: outcome,
      withoutPoint: centre && modelOutcome(model, { ...sale, ...centre }, sale),
      withoutPointOrUse:
        centre && modelOutcome(model, { ...sale, ...centre, propertyTypes: propertyType.undeveloped | (sale.hasHouse ? propertyType.house : 0) }, sale),
      countyError: baselineError(countyMedians.get(sale.countyId)),
      stateError: baselineError(stateMedians.get(sale.stateId)),
      hedonicEstimate,
      hedonicError: valueError(hedonicEstimate),
      nearestEstimate,
      nearestError: valueError(nearestEstimate),
      valueMilliseconds,
    }
  })
  return { rows, fitMilliseconds, interval: model.interval, countyLevelLogError: model.countyLevelLogError }
}

/** The time-split backtest of `sales`; undefined when there are none to split. */
export function backtestValuations(sales: readonly Sale[], countyCentres?: CountyCentres): Backtest | undefined {
  if (sales.length === 0) return undefined
  const saleTimes = sales.map((sale) => sale.soldAt).sort((a, b) => a - b)
  const cutoff = quantile(saleTimes, 1 - heldOutShare)
  const training = sales.filter((sale) => sale.soldAt < cutoff)
  const heldOut = sales.filter((sale) => sale.soldAt >= cutoff)
  const { rows, fitMilliseconds, interval, countyLevelLogError } = scoreHeldOutSales(training, heldOut, countyCentres)
  return {
    firstSaleAt: saleTimes[0]!,
    lastSaleAt: saleTimes.at(-1)!,
    cutoff,
    trainingCount: training.length,
    heldOutCount: heldOut.length,
    fitMilliseconds,
    interval,
    countyLevelLogError,
    rows,
  }
}

function methodAccuracy(errors: readonly number[]): MethodAccuracy | null {
  if (errors.length === 0) return null
  const shareWithin = (bound: number) => errors.filter((error) => error <= bound).length / errors.length
  return { valued: errors.length, medianError: median(errors), withinTenPercent: shareWithin(0.1), withinTwentyPercent: shareWithin(0.2) }
}

const errorsOf = (rows: readonly BacktestRow[], pick: (row: BacktestRow) => number | undefined) =>
  rows.flatMap((row) => {
    const error = pick(row)
    return error === undefined ? [] : [error]
  })

function liftOf(rows: readonly BacktestRow[]): Lift | null {
  const shared = rows.flatMap((row) =>
    row.model && row.hedonicError !== undefined && row.nearestError !== undefined
      ? [{ model: row.model.error, hedonic: row.hedonicError, nearest: row.nearestError }]
      : [],
  )
  if (shared.length === 0) return null
  const hedonicError = median(shared.map((row) => row.hedonic))
  const nearestError = median(shared.map((row) => row.nearest))
  const baseline = hedonicError <= nearestError ? 'hedonic regression' : 'nearest comparables'
  const baselineOf = (row: (typeof shared)[number]) => (baseline === 'hedonic regression' ? row.hedonic : row.nearest)
  const pointsOf = (sample: readonly (typeof shared)[number][]) => median(sample.map(baselineOf)) - median(sample.map((row) => row.model))
  const modelError = median(shared.map((row) => row.model))
  const { value: points, low, high } = intervalOf(pointsOf(shared), bootstrap(shared, pointsOf))
  return { baseline, sales: shared.length, modelError, baselineError: Math.min(hedonicError, nearestError), points, low, high }
}

function modelAccuracy(outcomes: readonly (ModelOutcome | undefined)[]): ModelAccuracy | null {
  const valued = outcomes.filter((outcome) => outcome !== undefined)
  const accuracy = methodAccuracy(valued.map((outcome) => outcome.error))
  return accuracy && { ...accuracy, intervalCoverage: valued.filter((outcome) => outcome.isCovered).length / valued.length }
}

function accuracyOf(rows: readonly BacktestRow[]): Accuracy {
  return {
    sales: rows.length,
    model: modelAccuracy(rows.map((row) => row.model)),
    withoutPoint: modelAccuracy(rows.map((row) => row.withoutPoint)),
    withoutPointOrUse: modelAccuracy(rows.map((row) => row.withoutPointOrUse)),
    hedonic: methodAccuracy(errorsOf(rows, (row) => row.hedonicError)),
    nearestComparables: methodAccuracy(errorsOf(rows, (row) => row.nearestError)),
    countyMedian: methodAccuracy(errorsOf(rows, (row) => row.countyError)),
    stateMedian: methodAccuracy(errorsOf(rows, (row) => row.stateError)),
    lift: liftOf(rows),
  }
}

/** The model's and the baselines' accuracy over all the rows, and state by state (keyed by state id). */
export function summarise(rows: readonly BacktestRow[]) {
  return {
    overall: accuracyOf(rows),
    byState: new Map([...groupBy(rows, (row) => row.sale.stateId)].map(([stateId, stateRows]) => [stateId, accuracyOf(stateRows)])),
  }
}
