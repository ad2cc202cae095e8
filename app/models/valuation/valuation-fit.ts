import { type Sale, calibrateInterval, fitValuationModel } from './valuation-model'

/** The latest fifth of the sales, valued from the sales before each, sets the interval's width. */
const calibrationShare = 0.2

/**
 * The model as AcreWorth serves it: fitted on `sales`, its interval calibrated on their latest
 * fifth. The service and the backtest both fit through here, so the backtest measures what is served.
 */
export function fitCalibratedModel(sales: readonly Sale[]) {
  const byDate = [...sales].sort((a, b) => a.soldAt - b.soldAt)
  return calibrateInterval(fitValuationModel(byDate), byDate.slice(Math.floor(byDate.length * (1 - calibrationShare))))
}
