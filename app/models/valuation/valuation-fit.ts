import { type Sale, calibrateInterval, fitValuationModel } from './valuation-model'

/** The latest fifth of the sales, valued from the sales before each, sets the ranges' widths and the labels. */
const calibrationShare = 0.2

/**
 * The model as AcreWorth serves it: fitted on `sales`, with the ranges' widths (the comparables'
 * and the county-level one) and the labels found by valuing
 * their latest fifth from a model fitted on the sales before it — out of sample, as a parcel is
 * valued (a model that has seen a sale values it too well, and the range came out too narrow).
 * The service and the backtest both fit through here, so the backtest measures what is served.
 */
export function fitCalibratedModel(sales: readonly Sale[]) {
  const byDate = [...sales].sort((a, b) => a.soldAt - b.soldAt)
  const split = Math.floor(byDate.length * (1 - calibrationShare))
  const { interval, countyLevelLogError } = calibrateInterval(fitValuationModel(byDate.slice(0, split)), byDate.slice(split))
  return { ...fitValuationModel(byDate), interval, countyLevelLogError }
}
