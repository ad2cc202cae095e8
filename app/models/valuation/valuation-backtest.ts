import { groupBy } from '~/utils/group-by'
import { median, quantile } from '~/utils/statistics'
import { fitCalibratedModel } from './valuation-fit'
import { type Sale, valueParcel } from './valuation-model'

/**
 * AcreWorth's published accuracy (issue 16 §4), as a pure module: the bench prints it and the
 * 'How accurate is AcreWorth?' page shows it, so both come from this code. The sales are split in
 * time: the model is fitted on those before a cut-off date, and each later sale is valued as if
 * unsold, from the earlier sales only, then compared with its price. Two naive baselines are
 * measured on the same sales: the county's, and the state's, median price per acre before the
 * cut-off times the acres.
 */

export interface BacktestRow {
  sale: Sale
  /** The model's absolute error as a share of the price, and whether its 80 % interval held the price; undefined when no comparable was within reach. */
  model?: { error: number; isCovered: boolean }
  /** The county baseline's error; undefined when the county had no sale before the cut-off. */
  countyError?: number
  /** The state baseline's error; undefined when the state had no sale before the cut-off. */
  stateError?: number
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

export interface Accuracy {
  sales: number
  /** Null where a method valued none of the sales. */
  model: (MethodAccuracy & { intervalCoverage: number }) | null
  countyMedian: MethodAccuracy | null
  stateMedian: MethodAccuracy | null
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

  const rows = heldOut.map((sale): BacktestRow => {
    const started = performance.now()
    const valuation = valueParcel(model, sale, sale.soldAt)
    const valueMilliseconds = performance.now() - started
    const errorOf = (estimate: number) => Math.abs(estimate - sale.price) / sale.price
    const baselineError = (perAcre: number | undefined) => (perAcre === undefined ? undefined : errorOf(perAcre * sale.acres))
    return {
      sale,
      model: valuation && { error: errorOf(valuation.value), isCovered: sale.price >= valuation.low && sale.price <= valuation.high },
      countyError: baselineError(countyMedians.get(sale.countyId)),
      stateError: baselineError(stateMedians.get(sale.stateId)),
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

function accuracyOf(rows: readonly BacktestRow[]): Accuracy {
  const modelOutcomes = rows.flatMap((row) => (row.model ? [row.model] : []))
  const modelAccuracy = methodAccuracy(modelOutcomes.map((outcome) => outcome.error))
  return {
    sales: rows.length,
    model: modelAccuracy && { ...modelAccuracy, intervalCoverage: modelOutcomes.filter((outcome) => outcome.isCovered).length / modelOutcomes.length },
    countyMedian: methodAccuracy(rows.flatMap((row) => (row.countyError === undefined ? [] : [row.countyError]))),
    stateMedian: methodAccuracy(rows.flatMap((row) => (row.stateError === undefined ? [] : [row.stateError]))),
  }
}

/** The model's and the baselines' accuracy over all the rows, and state by state (keyed by state id). */
export function summarise(rows: readonly BacktestRow[]) {
  return {
    overall: accuracyOf(rows),
    byState: new Map([...groupBy(rows, (row) => row.sale.stateId)].map(([stateId, stateRows]) => [stateId, accuracyOf(stateRows)])),
  }
}
