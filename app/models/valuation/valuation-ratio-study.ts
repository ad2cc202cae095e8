import { median, quantile } from '~/utils/statistics'

/**
 * The measures of a ratio study (IAAO's Standard on Ratio Studies) for AcreWorth's published
 * accuracy (issue 36 item 4), each with a seeded bootstrap 95 % interval. A sale's ratio is the
 * estimate over the price it sold for.
 */

export interface EstimateAndPrice {
  estimate: number
  price: number
}

export interface RatioFigures {
  /** The median of |ratio − 1|: the median absolute percentage error. */
  medianError: number
  /** PPE10 and PPE20: the shares of estimates within ±10 % and ±20 % of the price. */
  withinTenPercent: number
  withinTwentyPercent: number
  /** The coefficient of dispersion: 100 × the mean distance of the ratios from their median, over the median. */
  dispersion: number
  /** The price-related differential: the mean ratio over the mean weighted by price; above 1, cheap land is valued high against dear land. */
  priceRelatedDifferential: number
}

/** A figure and its bootstrap 95 % interval. */
export interface Interval {
  value: number
  low: number
  high: number
}

export type RatioStudy = { sales: number } & { [Figure in keyof RatioFigures]: Interval }

/** IAAO's COD of `ratios`, in percent. */
export function coefficientOfDispersion(ratios: readonly number[]) {
  const middle = median(ratios)
  return (100 * ratios.reduce((sum, ratio) => sum + Math.abs(ratio - middle), 0)) / ratios.length / middle
}

/** IAAO's PRD: the mean ratio over the ratio of the summed estimates to the summed prices (the mean weighted by price). */
export function priceRelatedDifferential(sales: readonly EstimateAndPrice[]) {
  const meanRatio = sales.reduce((sum, sale) => sum + sale.estimate / sale.price, 0) / sales.length
  const weightedMean = sales.reduce((sum, sale) => sum + sale.estimate, 0) / sales.reduce((sum, sale) => sum + sale.price, 0)
  return meanRatio / weightedMean
}

export function ratioFigures(sales: readonly EstimateAndPrice[]): RatioFigures {
  const ratios = sales.map((sale) => sale.estimate / sale.price)
  const errors = ratios.map((ratio) => Math.abs(ratio - 1))
  const shareWithin = (bound: number) => errors.filter((error) => error <= bound).length / errors.length
  return {
    medianError: median(errors),
    withinTenPercent: shareWithin(0.1),
    withinTwentyPercent: shareWithin(0.2),
    dispersion: coefficientOfDispersion(ratios),
    priceRelatedDifferential: priceRelatedDifferential(sales),
  }
}

/** A small seeded generator (mulberry32): a published interval is the same at every run. */
export function seededRandom(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state)
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** Resamples for a bootstrap interval: enough for a stable 2.5th and 97.5th percentile at these sizes. */
export const bootstrapResamples = 200
/** Every published interval draws from this seed. */
const bootstrapSeed = 36

/** `statistic` of `items` drawn again with replacement, `bootstrapResamples` times, from a fixed seed. */
export function bootstrap<Item, Value>(items: readonly Item[], statistic: (sample: readonly Item[]) => Value): Value[] {
  const random = seededRandom(bootstrapSeed)
  return Array.from({ length: bootstrapResamples }, () => statistic(Array.from({ length: items.length }, () => items[Math.floor(random() * items.length)]!)))
}

/** The 2.5th and 97.5th percentiles of bootstrap values around `value`. */
export const intervalOf = (value: number, resampled: readonly number[]): Interval => ({
  value,
  low: quantile(resampled, 0.025),
  high: quantile(resampled, 0.975),
})

/** The ratio study of `sales` with a bootstrap 95 % interval on each figure; null for none. */
export function ratioStudy(sales: readonly EstimateAndPrice[]): RatioStudy | null {
  if (sales.length === 0) return null
  const figures = ratioFigures(sales)
  const resampled = bootstrap(sales, ratioFigures)
  const figure = (name: keyof RatioFigures) =>
    intervalOf(
      figures[name],
      resampled.map((sample) => sample[name]),
    )
  return {
    sales: sales.length,
    medianError: figure('medianError'),
    withinTenPercent: figure('withinTenPercent'),
    withinTwentyPercent: figure('withinTwentyPercent'),
    dispersion: figure('dispersion'),
    priceRelatedDifferential: figure('priceRelatedDifferential'),
  }
}
