/**
 * `npm run bench:valuation` (issue 16 §4): prints the backtest of AcreWorth's valuation model
 * (app/models/valuation/valuation-backtest.ts, the code behind the 'How accurate is AcreWorth?'
 * page) on the sold listings of the benchmark database: the median absolute percentage error, the
 * shares within ±10 % and ±20 % and the 80 % interval's coverage, next to two fair baselines (a
 * hedonic regression and the unadjusted nearest comparables, with the model's lift over the better
 * one and its bootstrap 95 % interval) and the county and state median baselines, overall and for the five states with the most held-out sales, with the time
 * to fit the model and to value one parcel; then the valuation page through the production
 * request handler (server p50/p95 over 60 parcels across the country, target p95 ≤ 50 ms at
 * 100,000 listings) and its JavaScript at first view (target ≤ 100 KB gzip).
 * `-- --variant NAME` seeds a harsher world afresh in a database of its own
 * (app/dev-data/stress-variants.ts: noise, non-arms-length, unit-errors, hidden-soil,
 * county-shock) and prints the same tables and that world's own findings, without page timings.
 */
import { benchListings, benchRequestHandler, benchStressVariant, pageJavaScriptKilobytes, percentile, prepareBenchDatabase, timeRequests } from './bench-support'
import { median, quantile } from '../app/utils/statistics'
import { openDatabase } from '../app/models/db/db.server'
import { loadSales } from '../app/models/valuation/valuation-sales.server'
import { isRealSale, provenanceOf, salesProvenanceSentence } from '../app/models/listings/sale-price-source'
import { valuationPath } from '../app/models/valuation/valuation-path'
import { urlSlug } from '../app/utils/url-slug'
import { type Accuracy, type BacktestRow, type Lift, type MethodAccuracy, backtestValuations, summarise } from '../app/models/valuation/valuation-backtest'
import { printAdjustmentDiscipline, printStressFindings } from './bench-valuation-discipline'

prepareBenchDatabase()
const db = openDatabase()
const sales = await loadSales(db)
const states = new Map((await db.selectFrom('states').select(['id', 'abbreviation']).execute()).map((state) => [state.id, state.abbreviation]))
// Parcels for the page timings: the points and sizes of every so many listings, so they span the country.
const parcels = await db
  .selectFrom('listings')
  .innerJoin('counties', 'counties.id', 'listings.county_id')
  .innerJoin('states', 'states.id', 'listings.state_id')
  .select(['states.name as state', 'counties.name as county', 'counties.suffix', 'listings.acres', 'listings.latitude', 'listings.longitude'])
  .where((eb) => eb(eb.fn('mod', ['listings.id', eb.val(Math.max(1, Math.floor(benchListings / 60)))]), '=', 0))
  .limit(60)
  .execute()
await db.destroy()

const backtest = backtestValuations(sales)
if (!backtest) throw new Error('The benchmark database has no sold listings to backtest.')
const { overall, byState } = summarise(backtest.rows)

const percent = (value: number) => `${(100 * value).toFixed(1)} %`
const describe = (method: MethodAccuracy | null) =>
  method ? `MdAPE ${percent(method.medianError)}, ±10 % ${percent(method.withinTenPercent)}, ±20 % ${percent(method.withinTwentyPercent)}` : 'n/a'
const points = (value: number) => `${(100 * value).toFixed(1)} points`
const describeLift = (lift: Lift | null) =>
  lift
    ? `  lift over the better fair baseline (${lift.baseline}, on the ${lift.sales} sales all three valued): ${points(lift.points)} of median error (${percent(lift.baselineError)} → ${percent(lift.modelError)}), 95 % interval ${points(lift.low)} to ${points(lift.high)}`
    : '  lift: n/a'
const summary = (accuracy: Accuracy) =>
  [
    `  model:   ${describe(accuracy.model)}${accuracy.model ? `, 80 % interval covers ${percent(accuracy.model.intervalCoverage)}` : ''} (valued ${accuracy.model?.valued ?? 0} of ${accuracy.sales})`,
    `  hedonic regression:  ${describe(accuracy.hedonic)}`,
    `  nearest comparables: ${describe(accuracy.nearestComparables)}`,
    `  county median: ${describe(accuracy.countyMedian)}`,
    `  state median:  ${describe(accuracy.stateMedian)}`,
    describeLift(accuracy.lift),
  ].join('\n')

const day = (time: number) => new Date(time).toISOString().slice(0, 10)
console.log(
  `${sales.length} sales ${day(backtest.firstSaleAt)} – ${day(backtest.lastSaleAt)}; fitted on ${backtest.trainingCount} before ${day(backtest.cutoff)} in ${backtest.fitMilliseconds.toFixed(0)} ms; ${backtest.heldOutCount} held out`,
)
console.log(`\n${salesProvenanceSentence(provenanceOf(sales)) ?? 'No sales.'}`)
console.log(`\nAll states\n${summary(overall)}`)
const realRows = backtest.rows.filter((row) => isRealSale(row.sale.source))
if (realRows.length > 0) console.log(`\nReal sales (partner feeds and sellers), on their own\n${summary(summarise(realRows).overall)}`)
const busiest = [...byState].sort((a, b) => b[1].sales - a[1].sales).slice(0, 5)
for (const [stateId, accuracy] of busiest) console.log(`\n${states.get(stateId)} (${accuracy.sales} sales)\n${summary(accuracy)}`)
const timings = backtest.rows.map((row) => row.valueMilliseconds)
console.log(`\nTime to value one parcel: p50 ${median(timings).toFixed(2)} ms, p95 ${quantile(timings, 0.95).toFixed(2)} ms`)

const summaryOfRows = (rows: readonly BacktestRow[]) => summary(summarise(rows).overall)
printAdjustmentDiscipline(backtest.rows, summaryOfRows)
// A stress world (--variant) is about accuracy: its own findings, and no page timings.
if (benchStressVariant) {
  console.log(`\nStress world '${benchStressVariant}' on ${benchListings.toLocaleString('en-US')} listings (decision 0060)`)
  await printStressFindings(benchStressVariant, backtest.rows, summaryOfRows)
  process.exit(0)
}

const request = await benchRequestHandler()
const pages = parcels.map(
  (parcel) =>
    [
      'value.localhost',
      valuationPath({
        state: urlSlug(parcel.state),
        county: urlSlug(`${parcel.county} ${parcel.suffix}`),
        acres: Math.max(0.01, parcel.acres),
        propertyTypes: [],
        house: null,
        features: [],
        point: { latitude: parcel.latitude, longitude: parcel.longitude },
      }),
    ] as const,
)
const rounds = 5
const pageTimings = await timeRequests(request, pages, rounds)
const javascript = pageJavaScriptKilobytes((await request(...pages[0]!)).toString())
console.log(`\nValuation pages: ${pages.length} parcels × ${rounds} rounds on ${benchListings.toLocaleString('en-US')} listings`)
console.log(`valuation page p50: ${percentile(pageTimings, 50).toFixed(1)} ms, p95: ${percentile(pageTimings, 95).toFixed(1)} ms  (target p95 ≤ 50)`)
console.log(`valuation page JavaScript at first view: ${javascript.firstView.kilobytes.toFixed(1)} KB gzip over ${javascript.firstView.files} files  (target ≤ 100)`)
console.log(`valuation page JavaScript after load: ${javascript.afterLoad.kilobytes.toFixed(1)} KB gzip over ${javascript.afterLoad.files} files`)
process.exit(0)
