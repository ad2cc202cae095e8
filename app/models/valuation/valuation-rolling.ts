import { largest } from '~/utils/statistics'
import { type BacktestRow, scoreHeldOutSales } from './valuation-backtest'
import { type Sale, quarterOf } from './valuation-model'
import { type EstimateAndPrice, type RatioStudy, ratioStudy } from './valuation-ratio-study'

/**
 * AcreWorth's rolling out-of-time evaluation (issue 36 item 4, decision 0059): at each of the
 * last eight quarter starts (two years), the model and the two fair baselines are fitted again on
 * the sales before it and score the sales of the quarter that follows, as if AcreWorth had been
 * run on that day. One split can be lucky; eight in a row show whether the accuracy holds.
 */

export const rollingOriginCount = 8

/** The first instant of a quarter (`quarterOf`'s numbering). */
export const quarterStart = (quarter: number) => Date.UTC(Math.floor(quarter / 4), (quarter % 4) * 3, 1)

/** The starts of the last `count` quarters, ending with the quarter of the latest sale (so the last quarter may be partly over). */
export function rollingOrigins(sales: readonly Sale[], count = rollingOriginCount) {
  if (sales.length === 0) return []
  const latest = quarterOf(largest(sales.map((sale) => sale.soldAt)))
  return Array.from({ length: count }, (_, index) => quarterStart(latest - count + 1 + index))
}

export interface ScoredOrigin {
  origin: number
  /** The next quarter's start: the scored sales are those from `origin` to before this. */
  end: number
  trainingCount: number
  rows: BacktestRow[]
}

/** Each origin fitted and scored in turn: a generator, so a server can let requests through between two refits. */
export function* scoreRollingOrigins(sales: readonly Sale[], count = rollingOriginCount): Generator<ScoredOrigin> {
  for (const origin of rollingOrigins(sales, count)) {
    const end = quarterStart(quarterOf(origin) + 1)
    const training = sales.filter((sale) => sale.soldAt < origin)
    const scored = sales.filter((sale) => sale.soldAt >= origin && sale.soldAt < end)
    if (training.length === 0 || scored.length === 0) continue
    yield { origin, end, trainingCount: training.length, rows: scoreHeldOutSales(training, scored).rows }
  }
}

export interface RollingFigures {
  sales: number
  model: RatioStudy | null
  hedonic: RatioStudy | null
  nearestComparables: RatioStudy | null
  /** The share of the model's estimates whose 80 % range held the price; null when it valued none. */
  intervalCoverage: number | null
}

const pairs = (rows: readonly BacktestRow[], estimateOf: (row: BacktestRow) => number | undefined): EstimateAndPrice[] =>
  rows.flatMap((row) => {
    const estimate = estimateOf(row)
    return estimate === undefined ? [] : [{ estimate, price: row.sale.price }]
  })

/** The ratio studies of the model and the two fair baselines over `rows`. */
export function rollingFigures(rows: readonly BacktestRow[]): RollingFigures {
  const valued = rows.flatMap((row) => (row.model ? [row.model] : []))
  return {
    sales: rows.length,
    model: ratioStudy(pairs(rows, (row) => row.model?.estimate)),
    hedonic: ratioStudy(pairs(rows, (row) => row.hedonicEstimate)),
    nearestComparables: ratioStudy(pairs(rows, (row) => row.nearestEstimate)),
    intervalCoverage: valued.length === 0 ? null : valued.filter((outcome) => outcome.isCovered).length / valued.length,
  }
}

/** Each origin's figures, and all origins' sales pooled. */
export function summariseRolling(origins: readonly ScoredOrigin[]) {
  return {
    origins: origins.map(({ origin, end, trainingCount, rows }) => ({ origin, end, trainingCount, ...rollingFigures(rows) })),
    pooled: rollingFigures(origins.flatMap((origin) => origin.rows)),
  }
}
