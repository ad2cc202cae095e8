import { leastSquares } from '~/utils/least-squares'
import { largest, quantile } from '~/utils/statistics'

/**
 * How wide AcreWorth's 80 % range is and which confidence label an estimate gets (issue 36 item 5,
 * decision 0059), both set from measured error on earlier sales rather than by hand. The checks
 * are sales valued out of sample (by a model fitted on the sales before them). From them: a least-
 * squares fit of the log of each check's error on what a valuation knows about itself (the spread
 * of its comparables, their median distance, how many there are, how much they were adjusted, how
 * far their estimate lies from the county-level one, the house's share; decision 0064) predicts an
 * estimate's error; the
 * labels are the thirds of the checks by that prediction (the thresholds are its terciles); and
 * each label's range is the prediction times the factor that put 80 % of that label's checks
 * inside. A third of the checks per label is what makes each label's 80 % measurable.
 */

/** What a valuation knows about itself before its range is set. */
export interface RangeInputs {
  /** The log spread of the adjusted comparables, widened for few of them (the uncalibrated sigma). */
  spread: number
  medianDistanceKm: number
  comparableCount: number
  /** The comparables' median gross adjustment (0.3 is 30 %): the more a sale had to be adjusted, the less it says. */
  grossAdjustment: number
  /** How far, in logs, the comparables' estimate lies from the county-level one: two ways of valuing that disagree. */
  countyGap: number
  /** The share of the value that is the parcel's house, priced by rate rather than by the land's comparables. */
  houseShare: number
}

export type Confidence = 'high' | 'medium' | 'low'
export const confidenceLabels = ['high', 'medium', 'low'] as const satisfies readonly Confidence[]

export interface IntervalCalibration {
  /** Coefficients of the predicted log error on `predictors`; null before any calibration. */
  coefficients: readonly number[] | null
  /** The predicted log error at or below which an estimate is 'high', then 'medium'. */
  thresholds: { high: number; medium: number }
  /** Per label, the factor of the predicted error that is the half-width of the 80 % range in logs. */
  widths: Record<Confidence, number>
  /** The widest median comparable distance among the checks: past it no error was measured, so the label is 'low'. */
  measuredDistanceKm: number
  /** How many checks each label rests on, for the decision record and the bench. */
  checks: Record<Confidence, number>
}

/** z of the 80 % interval of a normal distribution. */
export const z80 = 1.2816

/**
 * Before calibration (too few checks): the comparables' spread as a normal sigma and every
 * estimate 'low' — nothing has measured how far such estimates miss.
 */
export const uncalibratedInterval: IntervalCalibration = {
  coefficients: null,
  thresholds: { high: -Infinity, medium: -Infinity },
  widths: { high: z80, medium: z80, low: z80 },
  measuredDistanceKm: 0,
  checks: { high: 0, medium: 0, low: 0 },
}

/** What the label rule's coefficients multiply, in order, for the bench's print-out. */
export const predictorNames = [
  '1',
  'ln spread',
  'ln(1 + median km)',
  '1 / comparables',
  'ln(0.05 + median gross adjustment)',
  'gap from the county-level estimate',
  'house share',
] as const
const predictors = (inputs: RangeInputs) =>
  Float64Array.of(
    1,
    Math.log(inputs.spread),
    Math.log1p(inputs.medianDistanceKm),
    1 / inputs.comparableCount,
    Math.log(0.05 + inputs.grossAdjustment),
    inputs.countyGap,
    inputs.houseShare,
  )
/** An error below 1 % counts as 1 %: the log of a near-exact estimate would weigh on the fit without bound. */
const smallestError = 0.01
/** A label needs this many checks for its 80 % to be measured. */
const minimumChecksPerLabel = 20

const predictedLogError = (coefficients: readonly number[], inputs: RangeInputs) =>
  predictors(inputs).reduce((sum, value, index) => sum + value * coefficients[index]!, 0)

/** The label of an estimate and the half-width of its 80 % range, in logs. */
export function rangeOf(calibration: IntervalCalibration, inputs: RangeInputs): { confidence: Confidence; halfWidth: number } {
  if (!calibration.coefficients) return { confidence: 'low', halfWidth: calibration.widths.low * inputs.spread }
  const predicted = predictedLogError(calibration.coefficients, inputs)
  const confidence: Confidence =
    inputs.medianDistanceKm > calibration.measuredDistanceKm
      ? 'low'
      : predicted <= calibration.thresholds.high
        ? 'high'
        : predicted <= calibration.thresholds.medium
          ? 'medium'
          : 'low'
  return { confidence, halfWidth: calibration.widths[confidence] * Math.exp(predicted) }
}

/** The calibration that `checks` (inputs and each one's absolute log error) measure; uncalibrated when too few. */
export function fitIntervalCalibration(checks: readonly (RangeInputs & { logError: number })[]): IntervalCalibration {
  if (checks.length < minimumChecksPerLabel * confidenceLabels.length) return uncalibratedInterval
  const coefficients = [
    ...leastSquares(
      predictorNames.length,
      checks.map((check) => [predictors(check), Math.log(Math.max(smallestError, check.logError))] as const),
    ),
  ]
  const scored = checks.map((check) => ({ predicted: predictedLogError(coefficients, check), logError: check.logError }))
  const predictions = scored.map((check) => check.predicted)
  const thresholds = { high: quantile(predictions, 1 / 3), medium: quantile(predictions, 2 / 3) }
  const labelOf = (predicted: number): Confidence => (predicted <= thresholds.high ? 'high' : predicted <= thresholds.medium ? 'medium' : 'low')
  const ratioOf = (check: (typeof scored)[number]) => check.logError / Math.exp(check.predicted)
  // A label with too few checks (ties at a threshold) takes the factor of all the checks.
  const pooledWidth = quantile(scored.map(ratioOf), 0.8)
  const widths = { ...uncalibratedInterval.widths }
  const counts = { high: 0, medium: 0, low: 0 }
  for (const label of confidenceLabels) {
    const ratios = scored.filter((check) => labelOf(check.predicted) === label).map(ratioOf)
    counts[label] = ratios.length
    widths[label] = ratios.length >= minimumChecksPerLabel ? quantile(ratios, 0.8) : pooledWidth
  }
  return { coefficients, thresholds, widths, measuredDistanceKm: largest(checks.map((check) => check.medianDistanceKm)), checks: counts }
}

/** Φ, the standard normal distribution function (Abramowitz and Stegun 7.1.26: within 1.5e-7). */
export function normalDistribution(z: number) {
  const x = Math.abs(z) / Math.SQRT2
  const t = 1 / (1 + 0.3275911 * x)
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x)
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2
}

/**
 * Where `price` falls in an estimate's predicted distribution (its probability integral
 * transform): log-normal around the value, with the 80 % range as its 10th and 90th percentiles.
 */
export function probabilityBelow(estimate: { value: number; high: number }, price: number) {
  const sigma = Math.log(estimate.high / estimate.value) / z80
  return normalDistribution(Math.log(price / estimate.value) / sigma)
}
