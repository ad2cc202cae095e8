import type { CoverageDimension } from '~/models/valuation/valuation-coverage'
import type { Interval, RatioStudy } from '~/models/valuation/valuation-ratio-study'
import type { RollingFigures } from '~/models/valuation/valuation-rolling'
import { formatLongDate, formatPercent } from '~/utils/format'
import { ColumnHeadings, ScrollRegion } from '~/components/data-table'

/** The tables of AcreWorth's rolling evaluation and of its ranges' coverage (issue 36 items 4 and 5) on 'How accurate is AcreWorth?'. */

const cell = 'whitespace-nowrap px-3 py-2 text-right tabular-nums'
const rowHeading = 'px-3 py-2 text-left font-medium'
const percentOrDash = (share: number | null | undefined) => (share === null || share === undefined ? '–' : formatPercent(share))

/** A figure and its bootstrap 95 % interval, as '34 % (29–40 %)'. */
function withInterval(figure: Interval | undefined, format: (value: number) => string) {
  if (!figure) return '–'
  return `${format(figure.value)} (${format(figure.low)} to ${format(figure.high)})`
}
const oneDecimal = (value: number) => value.toFixed(1)
const twoDecimals = (value: number) => value.toFixed(2)

const rollingHeadings = ['Quarter', 'Fitted on', 'Sales valued', 'Median error', 'Within ±10 %', 'Within ±20 %', 'COD', 'PRD']

export interface RollingOriginFigures extends RollingFigures {
  origin: string
  end: string
  trainingCount: number
}

/** One method's figures at each quarterly origin and over all of them, each with its 95 % interval. */
export function RollingTable({
  caption,
  origins,
  pooled,
  pick,
}: {
  caption: string
  origins: RollingOriginFigures[]
  pooled: RollingFigures
  pick: (figures: RollingFigures) => RatioStudy | null
}) {
  const rows = [
    ...origins.map((origin) => ({ heading: `From ${formatLongDate(origin.origin)}`, fittedOn: origin.trainingCount.toLocaleString('en-US'), study: pick(origin) })),
    { heading: 'All quarters', fittedOn: '–', study: pick(pooled) },
  ]
  return (
    <ScrollRegion label={caption} className="mt-6">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="px-3 py-2 text-left font-semibold">{caption}</caption>
        <ColumnHeadings headings={rollingHeadings} numeric={rollingHeadings.slice(1)} />
        <tbody>
          {rows.map(({ heading, fittedOn, study }) => (
            <tr key={heading} className="border-t border-ink/10">
              <th scope="row" className={rowHeading}>
                {heading}
              </th>
              <td className={cell}>{fittedOn}</td>
              <td className={cell}>{(study?.sales ?? 0).toLocaleString('en-US')}</td>
              <td className={cell}>{withInterval(study?.medianError, formatPercent)}</td>
              <td className={cell}>{withInterval(study?.withinTenPercent, formatPercent)}</td>
              <td className={cell}>{withInterval(study?.withinTwentyPercent, formatPercent)}</td>
              <td className={cell}>{withInterval(study?.dispersion, oneDecimal)}</td>
              <td className={cell}>{withInterval(study?.priceRelatedDifferential, twoDecimals)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

/** The share of sales whose price the 80 % range held, group by group, and how far the estimates missed (a label means something when 'High' misses by less). */
export function CoverageTable({ caption, dimension }: { caption: string; dimension: CoverageDimension }) {
  const headings = [dimension.name, 'Sales', '80 % range holds the price', 'Median error']
  return (
    <ScrollRegion label={caption} className="mt-6">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="px-3 py-2 text-left font-semibold">{caption}</caption>
        <ColumnHeadings headings={headings} numeric={headings.slice(1)} />
        <tbody>
          {dimension.groups.map((group) => (
            <tr key={group.label} className="border-t border-ink/10">
              <th scope="row" className={rowHeading}>
                {group.label}
              </th>
              <td className={cell}>{group.sales.toLocaleString('en-US')}</td>
              <td className={cell}>{percentOrDash(group.coverage)}</td>
              <td className={cell}>{percentOrDash(group.medianError)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

const decileHeadings = ['Where the price fell', ...Array.from({ length: 10 }, (_, index) => `${index * 10} to ${(index + 1) * 10} %`)]

/** Where the prices fell in each estimate's predicted distribution, by tenths (a PIT histogram as a table). */
export function ProbabilityTable({ caption, deciles }: { caption: string; deciles: number[] }) {
  return (
    <ScrollRegion label={caption} className="mt-6">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="px-3 py-2 text-left font-semibold">{caption}</caption>
        <ColumnHeadings headings={decileHeadings} numeric={decileHeadings.slice(1)} />
        <tbody>
          <tr className="border-t border-ink/10">
            <th scope="row" className={rowHeading}>
              Share of the sales
            </th>
            {deciles.map((share, index) => (
              <td key={decileHeadings[index + 1]} className={cell}>
                {formatPercent(share)}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </ScrollRegion>
  )
}
