import type { Confidence } from '~/models/valuation/valuation-calibration'
import type { Calibration } from '~/models/valuation/valuation-coverage'
import type { RollingFigures } from '~/models/valuation/valuation-rolling'
import { formatLongDate, formatPercent } from '~/utils/format'
import { CoverageTable, ProbabilityTable, type RollingOriginFigures, RollingTable } from './accuracy-tables'

/**
 * Two sections of 'How accurate is AcreWorth?' (issue 36 items 4 and 5, decision 0059): the
 * rolling out-of-time evaluation, and whether the 80 % ranges and the confidence labels hold.
 */

export function RollingSection({ name, rolling }: { name: string; rolling: { origins: RollingOriginFigures[]; pooled: RollingFigures } }) {
  const first = rolling.origins[0]
  return (
    <section aria-labelledby="rolling-heading">
      <h2 id="rolling-heading" className="mt-10 text-xl font-semibold">
        Quarter by quarter, over two years
      </h2>
      {first ? (
        <>
          <div className="mt-3 max-w-3xl space-y-3">
            <p>
              {`One cut-off can be lucky. So ${name} is also run as it would have been on the first day of each of the last ${rolling.origins.length} quarters: the model and the two fair baselines are fitted again on the sales before that day and value each sale of the quarter that follows (the latest quarter, so far). In brackets, each figure’s 95 % interval (the sales drawn again at random 200 times).`}
            </p>
            <p>
              COD, the coefficient of dispersion, is how far the ratios of the estimates to the prices spread around their median, in percent: the lower, the more
              even. PRD, the price-related differential, is the mean ratio over the ratio weighted by price: above 1, cheaper land is valued high against dearer
              land, below 1 the reverse (assessors aim for 0.98 to 1.03).
            </p>
          </div>
          <RollingTable
            caption={`${name}: the sales of each quarter since ${formatLongDate(first.origin)}, valued by a model fitted on the sales before the quarter`}
            origins={rolling.origins}
            pooled={rolling.pooled}
            pick={(figures) => figures.model}
          />
          <RollingTable
            caption={`Hedonic regression: the same sales, fitted on the same earlier sales`}
            origins={rolling.origins}
            pooled={rolling.pooled}
            pick={(figures) => figures.hedonic}
          />
          <RollingTable
            caption={`Nearest 8 sales of the same use, unadjusted: the same sales, from the same earlier sales`}
            origins={rolling.origins}
            pooled={rolling.pooled}
            pick={(figures) => figures.nearestComparables}
          />
        </>
      ) : (
        <p className="mt-3">There are too few sales yet to run the model quarter by quarter.</p>
      )}
    </section>
  )
}

const met = (isMet: boolean) => (isMet ? 'met' : 'not met')

export function RangesSection({ calibration, cutoff, labelChecks }: { calibration: Calibration; cutoff: string; labelChecks: Record<Confidence, number> }) {
  const since = `the ${calibration.sales.toLocaleString('en-US')} sales since ${formatLongDate(cutoff)}`
  const checks = labelChecks.high + labelChecks.medium + labelChecks.low
  const { labels, states } = calibration.targets
  return (
    <section aria-labelledby="ranges-heading">
      <h2 id="ranges-heading" className="mt-10 text-xl font-semibold">
        Do the ranges mean what they say?
      </h2>
      <div className="mt-3 max-w-3xl space-y-3">
        <p>
          {checks > 0
            ? `The confidence labels are set from measured error, not by hand. ${checks.toLocaleString('en-US')} of the sales before ${formatLongDate(cutoff)} were each valued from the sales before them. How far each of those estimates missed, set against how well its comparable sales agreed with each other and with the county’s level, how much they had to be adjusted, how near they were, how many, and how much of the value was a house, predicts the error of any estimate; the labels are the thirds of those earlier estimates by predicted error (an estimate whose comparable sales lie farther away than any of theirs is Low). Each label’s range is then as wide as it had to be to hold four in five of that label’s earlier prices.`
            : `Too few sales before ${formatLongDate(cutoff)} could be checked to set the labels, so every estimate is labelled Low and its range is the spread of its comparable sales.`}
        </p>
        <p>
          {`Of ${since}, the 80 % range held ${formatPercent(calibration.coverage)}. Our targets: each label’s range holds 80 ± ${100 * labels.tolerance} % of its sales — ${met(labels.isMet)}; and nine states in ten, of those with ${states.minimumStateSales} or more of these sales, within 80 ± ${100 * states.tolerance} % — ${states.counted === 0 ? 'no state has that many sales yet' : `${states.within} of ${states.counted}, ${met(states.isMet)}`}. The table by state below gives each state’s.`}
        </p>
      </div>
      {calibration.dimensions.map((dimension) => (
        <CoverageTable key={dimension.name} caption={`The 80 % range by ${dimension.name.toLowerCase()}: ${since}`} dimension={dimension} />
      ))}
      <p className="mt-6 max-w-3xl">
        An estimate and its range describe a spread of likely prices. Where the ranges are right, a tenth of the prices fall in each tenth of that spread; more in
        the low tenths means the estimates were too high, more in the high tenths too low, and more at both ends that the ranges were too narrow.
      </p>
      <ProbabilityTable caption={`Where the price fell in each estimate’s spread of likely prices: ${since}`} deciles={calibration.probabilityDeciles} />
    </section>
  )
}
