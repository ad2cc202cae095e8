import { groupBy } from '~/utils/group-by'
import { median, quantile } from '~/utils/statistics'
import { fitHedonicBaseline, fitNearestComparablesBaseline } from './valuation-baselines'
import { fitCalibratedModel } from './valuation-fit'
import { type Sale, type Valuation, valueParcel } from './valuation-model'

/**
 * AcreWorth's published accuracy (issue 16 §4), as a pure module: the bench prints it and the
 * 'How accurate is AcreWorth?' page shows it, so both come from this code. The sales are split in
 * time: the model is fitted on those before a cut-off date, and each later sale is valued as if
 * unsold, from the earlier sales only, then compared with its price. Two fair baselines fitted on
 * the same training sales (valuation-baselines.ts: a hedonic regression and the unadjusted nearest
 * comparables) and two naive ones (the county's and the state's median price per acre before the
 * cut-off, times the acres) are measured on the same sales.
 */

export interface BacktestRow {
  sale: Sale
  /** The model's absolute error as a share of the price, and whether its 80 % interval held the price; undefined when no comparable was within reach. */
  model?: { error: number; isCovered: boolean; basis: Valuation['basis'] }
  /** The county baseline's error; undefined when the county had no sale before the cut-off. */
  countyError?: number
  /** The state baseline's error; undefined when the state had no sale before the cut-off. */
  stateError?: number
  /** The hedonic regression's error; undefined for a state it had no sale of. */
  hedonicError?: number
  /** The unadjusted nearest comparables' error; undefined when no sale of the use was within reach. */
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

export interface Accuracy {
  sales: number
  /** Null where a method valued none of the sales. */
  model: (MethodAccuracy & { intervalCoverage: number }) | null
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

/** The time-split backtest of `sales`; undefined when there are none to split. */
export function backtestValuations(sales: readonly Sale[]): Backtest | undefined {
  if (sales.length === 0) return undefined
  const saleTimes = sales.map((sale) => sale.soldAt).sort((a, b) => a - b)
  const cutoff = quantile(saleTimes, 1 - heldOutShare)
  const training = sales.filter((sale) => sale.soldAt < cutoff)
  const heldOut = sales.filter((sale) => sale.soldAt >= cutoff)

  const fitStarted = performance.now()
  const model = fitCalibratedModel(training)
  const fitMilliseconds = performance.now() - fitStarted
  const countyMedians = medianPerAcre(training, (sale) => sale.countyId)
  const stateMedians = medianPerAcre(training, (sale) => sale.stateId)
  const hedonic = fitHedonicBaseline(training)
  const nearest = fitNearestComparablesBaseline(training)

  const rows = heldOut.map((sale): BacktestRow => {
    const started = performance.now()
    const valuation = valueParcel(model, sale, sale.soldAt)
    const valueMilliseconds = performance.now() - started
    const errorOf = (estimate: number) => Math.abs(estimate - sale.price) / sale.price
    const baselineError = (perAcre: number | undefined) => (perAcre === undefined ? undefined : errorOf(perAcre * sale.acres))
    const valueError = (value: number | undefined) => (value === undefined ? undefined : errorOf(value))
    return {
      sale,
      model: valuation && { error: errorOf(valuation.value), isCovered: sale.price >= valuation.low && sale.price <= valuation.high, basis: valuation.basis },
      countyError: baselineError(countyMedians.get(sale.countyId)),
      stateError: baselineError(stateMedians.get(sale.stateId)),
      hedonicError: valueError(hedonic(sale)),
      nearestError: valueError(nearest(sale)),
      valueMilliseconds,
    }
  })
  return {
    firstSaleAt: saleTimes[0]!,
    lastSaleAt: saleTimes.at(-1)!,
    cutoff,
    trainingCount: training.length,
    heldOutCount: heldOut.length,
    fitMilliseconds,
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

/** Resamples for the lift's interval: enough for a stable 2.5th and 97.5th percentile at these sizes. */
const bootstrapResamples = 200

/** A small seeded generator (mulberry32): the published interval is the same at every run. */
function seededRandom(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state)
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296
  }
}

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
  const random = seededRandom(36)
  const resampled = Array.from({ length: bootstrapResamples }, () =>
    pointsOf(Array.from({ length: shared.length }, () => shared[Math.floor(random() * shared.length)]!)),
  )
  const modelError = median(shared.map((row) => row.model))
  return {
    baseline,
    sales: shared.length,
    modelError,
    baselineError: Math.min(hedonicError, nearestError),
    points: Math.min(hedonicError, nearestError) - modelError,
    low: quantile(resampled, 0.025),
    high: quantile(resampled, 0.975),
  }
}

function accuracyOf(rows: readonly BacktestRow[]): Accuracy {
  const modelOutcomes = rows.flatMap((row) => (row.model ? [row.model] : []))
  const modelAccuracy = methodAccuracy(modelOutcomes.map((outcome) => outcome.error))
  return {
    sales: rows.length,
    model: modelAccuracy && { ...modelAccuracy, intervalCoverage: modelOutcomes.filter((outcome) => outcome.isCovered).length / modelOutcomes.length },
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
