/**
 * `npm run bench:valuation` (issue 16 §4): prints the backtest of AcreWorth's valuation model
 * (app/models/valuation/valuation-backtest.ts, the code behind the 'How accurate is AcreWorth?'
 * page) on the sold listings of the benchmark database: the median absolute percentage error, the
 * shares within ±10 % and ±20 % and the 80 % interval's coverage, next to two fair baselines (a
 * hedonic regression and the unadjusted nearest comparables, with the model's lift over the better
 * one and its bootstrap 95 % interval) and the county and state median baselines, overall and for the five states with the most held-out sales, with the time
 * to fit the model and to value one parcel; the model on the same sales typed without a point; the
 * rolling out-of-time evaluation (eight quarterly origins, each refitted: MdAPE, PPE10, PPE20, COD
 * and PRD with bootstrap 95 % intervals, per origin and pooled); the 80 % range's coverage by
 * label, state, use, size, house, comparable distance and horizon, its PIT deciles, the label rule
 * and whether the targets are met (issue 36 items 4 and 5, decision 0059); then the valuation page through the production
 * request handler (server p50/p95 over 60 parcels across the country, target p95 ≤ 50 ms at
 * 100,000 listings) and its JavaScript at first view (target ≤ 100 KB gzip).
 * `-- --variant NAME` seeds a harsher world afresh in a database of its own
 * (app/dev-data/stress-variants.ts: noise, non-arms-length, unit-errors, hidden-soil,
 * county-shock) and prints the same tables and that world's own findings, without page timings.
 */
import { benchListings, benchRequestHandler, benchStressVariant, pageJavaScriptKilobytes, percentile, prepareBenchDatabase, timeRequests } from './bench-support'
import { median, quantile } from '../app/utils/statistics'
import { openDatabase } from '../app/models/db/db.server'
import { loadCountyCentres, loadSales } from '../app/models/valuation/valuation-sales.server'
import { isRealSale, provenanceOf, salesProvenanceSentence } from '../app/models/listings/sale-price-source'
import { valuationPath } from '../app/models/valuation/valuation-path'
import { urlSlug } from '../app/utils/url-slug'
import { type Accuracy, type BacktestRow, type Lift, type MethodAccuracy, backtestValuations, summarise } from '../app/models/valuation/valuation-backtest'
import { type CoverageGroup, calibrationOf } from '../app/models/valuation/valuation-coverage'
import { predictorNames } from '../app/models/valuation/valuation-calibration'
import { type RollingFigures, scoreRollingOrigins, summariseRolling } from '../app/models/valuation/valuation-rolling'
import type { Interval, RatioStudy } from '../app/models/valuation/valuation-ratio-study'
import { printAdjustmentDiscipline, printStressFindings } from './bench-valuation-discipline'

prepareBenchDatabase()
const db = openDatabase()
const sales = await loadSales(db)
const countyCentres = await loadCountyCentres(db)
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

const backtest = backtestValuations(sales, countyCentres)
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
    `  model, typed without a point (the county's centre): ${describe(accuracy.withoutPoint)}${accuracy.withoutPoint ? `, 80 % interval covers ${percent(accuracy.withoutPoint.intervalCoverage)}` : ''}`,
    `  model, without a point or a use (undeveloped): ${describe(accuracy.withoutPointOrUse)}${accuracy.withoutPointOrUse ? `, 80 % interval covers ${percent(accuracy.withoutPointOrUse.intervalCoverage)}` : ''}`,
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

// Issue 36 item 4: the rolling out-of-time evaluation.
const rollingStarted = performance.now()
const rollingOrigins = [...scoreRollingOrigins(sales)]
const rolling = summariseRolling(rollingOrigins)
const interval = (figure: Interval, format: (value: number) => string) => `${format(figure.value)} [${format(figure.low)}, ${format(figure.high)}]`
const ratio = (value: number) => value.toFixed(3)
const study = (name: string, figures: RatioStudy | null) =>
  figures
    ? `    ${name.padEnd(20)} n ${String(figures.sales).padStart(5)}  MdAPE ${interval(figures.medianError, percent)}  PPE10 ${interval(figures.withinTenPercent, percent)}  PPE20 ${interval(figures.withinTwentyPercent, percent)}  COD ${interval(figures.dispersion, (value) => value.toFixed(1))}  PRD ${interval(figures.priceRelatedDifferential, ratio)}`
    : `    ${name.padEnd(20)} n/a`
const rollingBlock = (heading: string, figures: RollingFigures) =>
  [
    `  ${heading}: ${figures.sales} sales${figures.intervalCoverage === null ? '' : `, the model's 80 % range held ${percent(figures.intervalCoverage)}`}`,
    study('model', figures.model),
    study('hedonic regression', figures.hedonic),
    study('nearest comparables', figures.nearestComparables),
  ].join('\n')
console.log(
  `\nRolling out-of-time evaluation: ${rolling.origins.length} quarterly origins, each refitted on the sales before it and scored on the next quarter's (bootstrap 95 % intervals in brackets; ${((performance.now() - rollingStarted) / 1000).toFixed(1)} s)`,
)
for (const origin of rolling.origins) console.log(rollingBlock(`${day(origin.origin)} (fitted on ${origin.trainingCount})`, origin))
console.log(rollingBlock('Pooled', rolling.pooled))

// Issue 36 item 5: the ranges' coverage, the label rule measured before the cut-off, and the targets.
const calibration = calibrationOf(backtest.rows, backtest.cutoff, (stateId) => states.get(stateId) ?? String(stateId))
const rule = backtest.interval
console.log(
  rule.coefficients
    ? `\nLabel rule (fitted on ${rule.checks.high + rule.checks.medium + rule.checks.low} out-of-sample checks before ${day(backtest.cutoff)}): predicted log error = ${rule.coefficients.map((value) => value.toFixed(3)).join(', ')} × (${predictorNames.join(', ')}); high ≤ ${rule.thresholds.high.toFixed(3)} < medium ≤ ${rule.thresholds.medium.toFixed(3)} < low, or beyond ${rule.measuredDistanceKm.toFixed(0)} km; range half-width factors high ${rule.widths.high.toFixed(2)}, medium ${rule.widths.medium.toFixed(2)}, low ${rule.widths.low.toFixed(2)} (checks ${rule.checks.high}/${rule.checks.medium}/${rule.checks.low})`
    : '\nLabel rule: too few checks before the cut-off to calibrate; every estimate is labelled low',
)
const coverageList = (groups: readonly CoverageGroup[]) =>
  groups.map((group) => `${group.label} ${percent(group.coverage)} (${group.sales}, median error ${percent(group.medianError)})`).join('; ')
if (calibration) {
  console.log(`80 % range coverage on the ${calibration.sales} held-out sales the model valued: ${percent(calibration.coverage)}`)
  for (const dimension of calibration.dimensions) console.log(`  ${dimension.name}: ${coverageList(dimension.groups)}`)
  console.log(`  State: ${coverageList(calibration.byState)}`)
  console.log(`  PIT deciles (10 % each when calibrated): ${calibration.probabilityDeciles.map(percent).join(', ')}`)
  const { labels, states: stateTarget } = calibration.targets
  console.log(`  Target, each label within 80 ± ${100 * labels.tolerance} %: ${labels.isMet ? 'met' : 'NOT met'}`)
  console.log(
    `  Target, ≥ 90 % of states with ≥ ${stateTarget.minimumStateSales} held-out sales within 80 ± ${100 * stateTarget.tolerance} %: ${stateTarget.counted === 0 ? 'not measurable (no such state)' : `${stateTarget.within} of ${stateTarget.counted}, ${stateTarget.isMet ? 'met' : 'NOT met'}`}`,
  )
}

const summaryOfRows = (rows: readonly BacktestRow[]) => summary(summarise(rows).overall)
printAdjustmentDiscipline(backtest.rows, backtest.countyLevelLogError, summaryOfRows)
// A stress world (--variant) is about accuracy: its own findings, and no page timings.
if (benchStressVariant) {
  console.log(`\nStress world '${benchStressVariant}' on ${benchListings.toLocaleString('en-US')} listings (decision 0060)`)
  await printStressFindings(
    benchStressVariant,
    backtest.rows,
    rollingOrigins.flatMap((origin) => origin.rows),
    summaryOfRows,
  )
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
