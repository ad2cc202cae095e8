import { type ReactNode, useId } from 'react'
import { ColumnHeadings, ScrollRegion } from '~/components/data-table'
import { scaleTop } from '~/utils/chart-scale'
import { type EventSeries, type ListingStatistics as Statistics, type SellerEventKey, statisticsPeriodHref, statisticsPeriods } from '~/models/sellers/listing-stats'

/**
 * A seller's listing statistics (issue 15 §6), drawn on the server: no script, the same on every
 * browser. Each chart is an image with a sentence saying what it shows, and the table beneath
 * gives every figure in words and numbers.
 */

// The busiest series, on their own scales: a day's views would vanish beside its search impressions.
const chartedSeries: SellerEventKey[] = ['detailsViewed', 'searchResults']

const width = 400
const height = 180
const margin = { top: 10, right: 22, bottom: 26, left: 40 }
const plotWidth = width - margin.left - margin.right
const plotHeight = height - margin.top - margin.bottom

const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
const longDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
const formatDay = (date: string, format = shortDay) => format.format(Date.parse(date))
const formatCount = (count: number) => count.toLocaleString('en-US')

/** Labelled days: each one of a week, else weekly or fortnightly back from today, so today always has its date. */
function isLabelledDay(index: number, count: number) {
  const step = count <= 7 ? 1 : count <= 31 ? 7 : 14
  return (count - 1 - index) % step === 0
}

const periodSummary = (dates: string[]) => `${formatDay(dates[0]!)} to ${formatDay(dates.at(-1)!, longDay)} (UTC days)`

/** The chart's text alternative: what a sighted reader takes from it at a glance. */
function chartSummary(dates: string[], series: EventSeries) {
  const opening = `${series.label} per day, ${periodSummary(dates)}: `
  if (series.total === 0) return `${opening}none.`
  const busiest = Math.max(...series.daily)
  const busiestDay = dates[series.daily.indexOf(busiest)]!
  const emptyDays = series.daily.filter((count) => count === 0).length
  const empty = emptyDays === 0 ? '' : `, and none on ${emptyDays === 1 ? '1 day' : `${emptyDays} days`}`
  return `${opening}${formatCount(series.total)} in all, most on ${formatDay(busiestDay)} (${formatCount(busiest)})${empty}.`
}

/** Daily bars of one series, with its scale on the left and dates below. */
function EventSeriesChart({ dates, series }: { dates: string[]; series: EventSeries }) {
  const titleId = useId()
  const top = scaleTop(Math.max(...series.daily))
  const band = plotWidth / dates.length
  const y = (value: number) => margin.top + plotHeight * (1 - value / top)
  const gridlines = [0, top / 2, top].filter(Number.isInteger)
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={titleId} className="h-auto w-full text-ink" fontSize={12}>
      <title id={titleId}>{chartSummary(dates, series)}</title>
      {gridlines.map((value) => (
        <g key={value}>
          <line x1={margin.left} x2={width - margin.right} y1={y(value)} y2={y(value)} className={value === 0 ? 'stroke-current' : 'stroke-ink/20'} />
          <text x={margin.left - 6} y={y(value)} dy="0.35em" textAnchor="end" fill="currentColor">
            {formatCount(value)}
          </text>
        </g>
      ))}
      {series.daily.map((count, index) =>
        count === 0 ? null : (
          <rect
            key={dates[index]}
            x={margin.left + index * band + band * 0.15}
            width={band * 0.7}
            y={Math.min(y(count), y(0) - 1)}
            height={Math.max(y(0) - y(count), 1)}
            className="fill-brand"
          >
            <title>{`${formatDay(dates[index]!)}: ${formatCount(count)}`}</title>
          </rect>
        ),
      )}
      {dates.map((date, index) =>
        isLabelledDay(index, dates.length) ? (
          <text key={date} x={margin.left + (index + 0.5) * band} y={height - 8} textAnchor="middle" fill="currentColor">
            {formatDay(date)}
          </text>
        ) : null,
      )}
    </svg>
  )
}

/**
 * Statistics of one listing or of all a seller's listings: the period switch (plain links to
 * `basePath?days=`), a chart per busy series and the table of every type's total.
 */
export function ListingStatistics({ statistics, basePath }: { statistics: Statistics; basePath: string }) {
  const { days, dates, series } = statistics
  const periodLabel = `Last ${days} days`
  return (
    <div>
      <nav aria-label="Period">
        <ul className="flex flex-wrap gap-2 text-sm font-semibold">
          {statisticsPeriods.map((period) => (
            <li key={period}>
              <a
                href={statisticsPeriodHref(basePath, period)}
                aria-current={period === days ? 'page' : undefined}
                className="inline-block rounded-md border border-ink/30 px-3 py-1.5 text-brand hover:border-brand aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-brand-contrast"
              >
                {`${period} days`}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-3 text-ink/80">{`${periodLabel}: ${periodSummary(dates)}, today so far.`}</p>
      <div className="mt-4 grid gap-6 medium:grid-cols-2">
        {series
          .filter((entry) => chartedSeries.includes(entry.key))
          .map((entry) => (
            <figure key={entry.key} className="rounded-lg border border-ink/15 bg-white p-3">
              <figcaption className="font-semibold">{`${entry.label} per day`}</figcaption>
              <EventSeriesChart dates={dates} series={entry} />
            </figure>
          ))}
      </div>
      <FigureTable
        label={`What buyers did, ${periodLabel.toLowerCase()}`}
        headings={['Event', periodLabel]}
        rows={series.map((entry) => ({ key: entry.key, name: entry.label, figures: [entry.total] }))}
        className="mt-6 max-w-xl"
      />
    </div>
  )
}

/** A table of named counts (one row a type of event, a listing or an ad), a column of counts on the right for each figure heading. */
export function FigureTable({
  label,
  headings,
  rows,
  className,
}: {
  label: string
  headings: [name: string, ...figures: string[]]
  rows: { key: string | number; name: ReactNode; figures: number[] }[]
  className: string
}) {
  return (
    <ScrollRegion label={label} className={className}>
      <table className="w-full border-collapse bg-white text-left text-sm">
        <ColumnHeadings headings={headings} numeric={headings.slice(1)} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-ink/10">
              <th scope="row" className="px-3 py-2 font-medium">
                {row.name}
              </th>
              {row.figures.map((figure, index) => (
                <td key={index} className="px-3 py-2 text-right tabular-nums">
                  {formatCount(figure)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}
