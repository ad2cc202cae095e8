import type { Route } from './+types/route'
import { ColumnHeadings, ScrollRegion } from '~/components/data-table'
import { formatLongDate, formatPercent } from '~/utils/format'
import { useSite } from '~/hooks/use-site'
import type { Accuracy, Lift } from '~/models/valuation/valuation-backtest'
import { SalesProvenanceNote } from '~/components/sales-provenance'
import { RangesSection, RollingSection } from './accuracy-sections'

const cell = 'whitespace-nowrap px-3 py-2 text-right tabular-nums'
const percentOrDash = (share: number | undefined) => (share === undefined ? '–' : formatPercent(share))
const rowHeading = 'px-3 py-2 text-left font-medium'
const overallHeadings = ['Estimate', 'Sales valued', 'Median error', 'Within ±10 %', 'Within ±20 %', '80 % range holds the price']

/** The model beside the two fair baselines and the two rules of thumb on one set of held-out sales, and its lift over the better baseline. */
function OverallTable({ caption, label, accuracy }: { caption: string; label: string; accuracy: Accuracy }) {
  const rows = [
    { label, method: accuracy.model, coverage: percentOrDash(accuracy.model?.intervalCoverage) },
    // Issue 36 item 6: a parcel typed without a point is valued at its county's centre.
    { label: `${label}, typed without a point`, method: accuracy.withoutPoint, coverage: percentOrDash(accuracy.withoutPoint?.intervalCoverage) },
    {
      label: `${label}, without a point or a use`,
      method: accuracy.withoutPointOrUse,
      coverage: percentOrDash(accuracy.withoutPointOrUse?.intervalCoverage),
    },
    { label: 'Hedonic regression', method: accuracy.hedonic, coverage: 'No range' },
    { label: 'Nearest 8 sales of the same use, unadjusted', method: accuracy.nearestComparables, coverage: 'No range' },
    { label: 'County median × acres', method: accuracy.countyMedian, coverage: 'No range' },
    { label: 'State median × acres', method: accuracy.stateMedian, coverage: 'No range' },
  ]
  return (
    <ScrollRegion label={caption} className="mt-6">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="px-3 py-2 text-left font-semibold">{caption}</caption>
        <ColumnHeadings headings={overallHeadings} numeric={overallHeadings.slice(1)} />
        <tbody>
          {rows.map(({ label: rowLabel, method, coverage }) => (
            <tr key={rowLabel} className="border-t border-ink/10">
              <th scope="row" className={rowHeading}>
                {rowLabel}
              </th>
              <td className={cell}>{(method?.valued ?? 0).toLocaleString('en-US')}</td>
              <td className={cell}>{percentOrDash(method?.medianError)}</td>
              <td className={cell}>{percentOrDash(method?.withinTenPercent)}</td>
              <td className={cell}>{percentOrDash(method?.withinTwentyPercent)}</td>
              <td className={cell}>{coverage}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {accuracy.lift ? <LiftSentence label={label} lift={accuracy.lift} /> : null}
    </ScrollRegion>
  )
}

const points = (share: number) => `${(Math.abs(share) * 100).toFixed(1)} points`

/** The model's lift over the better fair baseline, in points of median error, with its bootstrap interval. */
function LiftSentence({ label, lift }: { label: string; lift: Lift }) {
  const direction = lift.points >= 0 ? 'lower' : 'higher'
  const interval = `${lift.low < 0 ? '−' : ''}${points(lift.low)} to ${lift.high < 0 ? '−' : ''}${points(lift.high)}`
  return (
    <p className="px-3 py-2">
      {`On the ${lift.sales.toLocaleString('en-US')} sales that ${label} and both fair baselines valued, ${label}’s median error is ${points(lift.points)} ${direction} than the better baseline’s, the ${lift.baseline} (${formatPercent(lift.baselineError)} against ${formatPercent(lift.modelError)}); drawing those sales again at random 200 times puts that difference between ${interval}, 19 times in 20.`}
    </p>
  )
}

const stateHeadings = [
  'State',
  'Sales',
  'Median error',
  'Within ±10 %',
  'Within ±20 %',
  '80 % range holds the price',
  'Hedonic regression error',
  'Nearest sales error',
  'County median error',
  'State median error',
]

export function ValuationAccuracyPage({ loaderData: { figures, minimumStateSales } }: Route.ComponentProps) {
  const { name } = useSite()
  return (
    <article className="mx-auto max-w-5xl px-4 py-10 text-ink" aria-labelledby="accuracy-heading">
      <h1 id="accuracy-heading" className="text-3xl font-bold text-brand">{`How accurate is ${name}?`}</h1>
      {figures ? (
        <>
          <SalesProvenanceNote provenance={figures.provenance} className="mt-4" />
          <div className="mt-4 max-w-3xl space-y-3">
            <p>
              {`We test ${name} the way it is used, on sales it has not seen. The model is fitted on the ${figures.trainingCount.toLocaleString('en-US')} sales before ${formatLongDate(figures.cutoff)}; each of the ${figures.heldOutCount.toLocaleString('en-US')} sales since is then valued as if it were unsold, from the earlier sales only, and the estimate is compared with the price the land sold for.`}
            </p>
            <p>
              {`Two fair baselines, fitted on the same earlier sales, are tested on the same sales: a hedonic regression (the price from the acres, the land’s use and features, a house, the state, the county and the quarter of the sale) and the median price per acre of the 8 nearest earlier sales of the same use, times the acres. So are two rules of thumb: the county’s median price per acre before ${formatLongDate(figures.cutoff)}, times the acres, and the state’s. The median error is the middle one: half the estimates came closer to the price, half missed by more. The 80 % range given with each estimate should hold the price of about four sales in five. Each sale is also valued as if its owner had typed no point on the map (the estimate is then made at the county’s centre), and as if no use were ticked either (then it is valued as undeveloped land), as the valuation form does.`}
            </p>
            <p>The figures are worked out again every hour from the sales we hold.</p>
          </div>
          {figures.realSales ? (
            <OverallTable
              caption={`Real sales: the ${figures.realSales.sales.toLocaleString('en-US')} sales since ${formatLongDate(figures.cutoff)} that partner feeds and sellers reported`}
              label={name}
              accuracy={figures.realSales}
            />
          ) : null}
          <OverallTable
            caption={`All states: the ${figures.heldOutCount.toLocaleString('en-US')} sales since ${formatLongDate(figures.cutoff)}`}
            label={name}
            accuracy={figures.overall}
          />
          <RollingSection name={name} rolling={figures.rolling} />
          {figures.calibration ? <RangesSection calibration={figures.calibration} cutoff={figures.cutoff} labelChecks={figures.labelChecks} /> : null}
          <h2 className="mt-10 text-xl font-semibold">By state</h2>
          {figures.states.length > 0 ? (
            <ScrollRegion label="Accuracy by state" className="mt-3">
              <table className="w-full border-collapse text-left text-sm">
                <caption className="px-3 py-2 text-left font-semibold">{`${name} in the states with at least ${minimumStateSales} sales since ${formatLongDate(figures.cutoff)}, beside the median error of the fair baselines and of the county’s and the state’s median × acres`}</caption>
                <ColumnHeadings headings={stateHeadings} numeric={stateHeadings.slice(1)} />
                <tbody>
                  {figures.states.map(({ name: stateName, accuracy }) => (
                    <tr key={stateName} className="border-t border-ink/10">
                      <th scope="row" className={rowHeading}>
                        {stateName}
                      </th>
                      <td className={cell}>{accuracy.sales.toLocaleString('en-US')}</td>
                      <td className={cell}>{percentOrDash(accuracy.model?.medianError)}</td>
                      <td className={cell}>{percentOrDash(accuracy.model?.withinTenPercent)}</td>
                      <td className={cell}>{percentOrDash(accuracy.model?.withinTwentyPercent)}</td>
                      <td className={cell}>{percentOrDash(accuracy.model?.intervalCoverage)}</td>
                      <td className={cell}>{percentOrDash(accuracy.hedonic?.medianError)}</td>
                      <td className={cell}>{percentOrDash(accuracy.nearestComparables?.medianError)}</td>
                      <td className={cell}>{percentOrDash(accuracy.countyMedian?.medianError)}</td>
                      <td className={cell}>{percentOrDash(accuracy.stateMedian?.medianError)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          ) : (
            <p className="mt-3">{`No state has had ${minimumStateSales} sales since ${formatLongDate(figures.cutoff)} yet.`}</p>
          )}
        </>
      ) : (
        <p className="mt-4">No land has sold yet, so there are no sales to test the estimates on.</p>
      )}
    </article>
  )
}
