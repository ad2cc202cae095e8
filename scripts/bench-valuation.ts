/**
 * `npm run bench:valuation` (issue 16 §4): prints the backtest of AcreWorth's valuation model
 * (app/models/valuation/valuation-backtest.ts, the code behind the 'How accurate is AcreWorth?'
 * page) on the sold listings of the benchmark database: the median absolute percentage error, the
 * shares within ±10 % and ±20 % and the 80 % interval's coverage, next to the county and state
 * median baselines, overall and for the five states with the most held-out sales, with the time
 * to fit the model and to value one parcel.
 */
import { prepareBenchDatabase } from './bench-support'
import { median, quantile } from '../app/utils/statistics'
import { openDatabase } from '../app/models/db/db.server'
import { loadSales } from '../app/models/valuation/valuation-sales.server'
import { type Accuracy, type MethodAccuracy, backtestValuations, summarise } from '../app/models/valuation/valuation-backtest'

prepareBenchDatabase()
const db = openDatabase()
const sales = await loadSales(db)
const states = new Map((await db.selectFrom('states').select(['id', 'abbreviation']).execute()).map((state) => [state.id, state.abbreviation]))
await db.destroy()

const backtest = backtestValuations(sales)
if (!backtest) throw new Error('The benchmark database has no sold listings to backtest.')
const { overall, byState } = summarise(backtest.rows)

const percent = (value: number) => `${(100 * value).toFixed(1)} %`
const describe = (method: MethodAccuracy | null) =>
  method ? `MdAPE ${percent(method.medianError)}, ±10 % ${percent(method.withinTenPercent)}, ±20 % ${percent(method.withinTwentyPercent)}` : 'n/a'
const summary = (accuracy: Accuracy) =>
  [
    `  model:  ${describe(accuracy.model)}${accuracy.model ? `, 80 % interval covers ${percent(accuracy.model.intervalCoverage)}` : ''} (valued ${accuracy.model?.valued ?? 0} of ${accuracy.sales})`,
    `  county: ${describe(accuracy.countyMedian)}`,
    `  state:  ${describe(accuracy.stateMedian)}`,
  ].join('\n')

const day = (time: number) => new Date(time).toISOString().slice(0, 10)
console.log(
  `${sales.length} sales ${day(backtest.firstSaleAt)} – ${day(backtest.lastSaleAt)}; fitted on ${backtest.trainingCount} before ${day(backtest.cutoff)} in ${backtest.fitMilliseconds.toFixed(0)} ms; ${backtest.heldOutCount} held out`,
)
console.log(`\nAll states\n${summary(overall)}`)
const busiest = [...byState].sort((a, b) => b[1].sales - a[1].sales).slice(0, 5)
for (const [stateId, accuracy] of busiest) console.log(`\n${states.get(stateId)} (${accuracy.sales} sales)\n${summary(accuracy)}`)
const timings = backtest.rows.map((row) => row.valueMilliseconds)
console.log(`\nTime to value one parcel: p50 ${median(timings).toFixed(2)} ms, p95 ${quantile(timings, 0.95).toFixed(2)} ms`)
