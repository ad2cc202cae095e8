/**
 * `npm run bench:valuation` (issue 16 §4): backtests AcreWorth's valuation model on the sold
 * listings of the benchmark database with a time split. The model is fitted on the sales before a
 * cut-off (the last 20 % of sale dates are held out); each later sale is valued as if unsold, from
 * the earlier sales only, and compared with its price. Two naive baselines run on the same sales:
 * the county's, and the state's, median price per acre before the cut-off times the acres. Prints
 * the median absolute percentage error, the shares within ±10 % and ±20 %, the 80 % interval's
 * coverage, overall and for the five states with the most held-out sales, and the time to value.
 */
import { performance } from 'node:perf_hooks'
import { prepareBenchDatabase } from './bench-support'
import { groupBy } from '../app/utils/group-by'
import { median, quantile } from '../app/utils/statistics'
import { openDatabase } from '../app/models/db/db.server'
import { loadSales } from '../app/models/valuation/valuation-sales.server'
import { type Sale, calibrateInterval, fitValuationModel, valueParcel } from '../app/models/valuation/valuation-model'

prepareBenchDatabase()
const db = openDatabase()
const sales = (await loadSales(db)).sort((a, b) => a.soldAt - b.soldAt)
const states = new Map((await db.selectFrom('states').select(['id', 'abbreviation']).execute()).map((state) => [state.id, state.abbreviation]))
await db.destroy()

const cutoff = sales[Math.floor(sales.length * 0.8)]!.soldAt
const training = sales.filter((sale) => sale.soldAt < cutoff)
const heldOut = sales.filter((sale) => sale.soldAt >= cutoff)
// The interval is calibrated on the training period's last fifth, valued from the sales before each.
const calibration = training.slice(Math.floor(training.length * 0.8))

const fitStarted = performance.now()
const model = calibrateInterval(fitValuationModel(training), calibration)
const fitMs = performance.now() - fitStarted

const medianPerAcre = (keyOf: (sale: Sale) => number) => {
  const groups = new Map<number, number[]>()
  for (const sale of training) groups.set(keyOf(sale), [...(groups.get(keyOf(sale)) ?? []), sale.price / sale.acres])
  return new Map([...groups].map(([key, values]) => [key, median(values)]))
}
const countyMedians = medianPerAcre((sale) => sale.countyId)
const stateMedians = medianPerAcre((sale) => sale.stateId)

interface Outcome {
  stateId: number
  model?: { error: number; covered: boolean }
  county?: number
  state?: number
}

const timings: number[] = []
const outcomes: Outcome[] = heldOut.map((sale) => {
  const started = performance.now()
  const valuation = valueParcel(model, sale, sale.soldAt)
  timings.push(performance.now() - started)
  const errorOf = (estimate: number | undefined) => (estimate === undefined || Number.isNaN(estimate) ? undefined : Math.abs(estimate - sale.price) / sale.price)
  return {
    stateId: sale.stateId,
    model: valuation && { error: errorOf(valuation.value)!, covered: sale.price >= valuation.low && sale.price <= valuation.high },
    county: errorOf(countyMedians.has(sale.countyId) ? countyMedians.get(sale.countyId)! * sale.acres : undefined),
    state: errorOf(stateMedians.has(sale.stateId) ? stateMedians.get(sale.stateId)! * sale.acres : undefined),
  }
})

const percent = (value: number) => `${(100 * value).toFixed(1)} %`
function summary(rows: readonly Outcome[]) {
  const describe = (errors: number[]) =>
    errors.length === 0
      ? 'n/a'
      : `MdAPE ${percent(median(errors))}, ±10 % ${percent(errors.filter((e) => e <= 0.1).length / errors.length)}, ±20 % ${percent(errors.filter((e) => e <= 0.2).length / errors.length)}`
  const valued = rows.flatMap((row) => (row.model ? [row.model] : []))
  return [
    `  model:  ${describe(valued.map((row) => row.error))}, 80 % interval covers ${percent(valued.filter((row) => row.covered).length / Math.max(1, valued.length))} (valued ${valued.length} of ${rows.length})`,
    `  county: ${describe(rows.flatMap((row) => (row.county === undefined ? [] : [row.county])))}`,
    `  state:  ${describe(rows.flatMap((row) => (row.state === undefined ? [] : [row.state])))}`,
  ].join('\n')
}

const day = (time: number) => new Date(time).toISOString().slice(0, 10)
console.log(
  `${sales.length} sales ${day(sales[0]!.soldAt)} – ${day(sales.at(-1)!.soldAt)}; fitted on ${training.length} before ${day(cutoff)} in ${fitMs.toFixed(0)} ms; ${heldOut.length} held out`,
)
console.log(`\nAll states\n${summary(outcomes)}`)
const busiest = [...groupBy(outcomes, (row) => row.stateId)].sort((a, b) => b[1].length - a[1].length).slice(0, 5)
for (const [stateId, rows] of busiest) console.log(`\n${states.get(stateId)} (${rows.length} sales)\n${summary(rows)}`)
console.log(`\nTime to value one parcel: p50 ${median(timings).toFixed(2)} ms, p95 ${quantile(timings, 0.95).toFixed(2)} ms`)
