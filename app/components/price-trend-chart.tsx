import { useId } from 'react'
import { ColumnHeadings, ScrollRegion } from '~/components/data-table'
import { scaleTop } from '~/utils/chart-scale'
import { formatCompactCurrency, formatDollars } from '~/utils/format'

/**
 * Price per acre by quarter as lines, one a place (issue 16: a county beside its state), drawn on
 * the server: no script, the same on every browser. The image carries a sentence saying what it
 * shows; the table under it gives every figure. A quarter without a figure is a gap in its line,
 * never a value made up between its neighbours.
 */
export interface TrendChartSeries {
  /** 'Travis County, TX'. */
  label: string
  /** '2024 Q3', in order; null where there were too few sales to say. */
  points: { quarter: string; perAcre: number | null }[]
}

// Narrow enough that its labels stay legible on a phone; a page caps the figure's width on a wide screen.
const width = 520
const height = 240
const margin = { top: 12, right: 12, bottom: 28, left: 56 }
const plotWidth = width - margin.left - margin.right
const plotHeight = height - margin.top - margin.bottom
// Five steps of a 1, 2 or 5 × 10ⁿ top fall on round figures ($400, $1K, $2K).
const gridlineCount = 5
/** At most this many year labels under the chart, so they never run into each other. */
const yearLabelCount = 10

/** Each series told apart by colour, dashes and marker alike (WCAG 1.4.1: colour is never the only cue). */
const seriesStyles = [
  { className: 'stroke-brand fill-brand', dash: undefined, marker: 'circle' },
  { className: 'stroke-accent fill-accent', dash: '6 4', marker: 'square' },
  { className: 'stroke-ink fill-ink', dash: '2 3', marker: 'circle' },
] as const

const styleOf = (index: number) => seriesStyles[index % seriesStyles.length]!

/** The image's text alternative: where each line starts and ends, and how much of it is missing. */
function chartSummary(series: TrendChartSeries[], quarters: string[]) {
  const lines = series.map((entry) => {
    const known = entry.points.filter((point) => point.perAcre !== null)
    if (known.length === 0) return `${entry.label}: too few sales in any quarter to draw a line.`
    const [first, last] = [known[0]!, known.at(-1)!]
    const gaps = entry.points.length - known.length
    const missing = gaps === 0 ? '' : `, with ${gaps} of ${entry.points.length} quarters left out for too few sales`
    return `${entry.label}: ${formatDollars(first.perAcre!)} an acre in ${first.quarter}, ${formatDollars(last.perAcre!)} in ${last.quarter}${missing}.`
  })
  return `Median price per acre of land sold, by quarter, ${quarters[0]} to ${quarters.at(-1)}. ${lines.join(' ')}`
}

/** The path of a line, lifted where a quarter has no figure. */
function linePath(points: ({ x: number; y: number } | null)[]) {
  let path = ''
  let isDrawing = false
  for (const point of points) {
    if (point) path += `${isDrawing ? 'L' : 'M'}${point.x.toFixed(1)} ${point.y.toFixed(1)}`
    isDrawing = point !== null
  }
  return path
}

function Marker({ x, y, shape }: { x: number; y: number; shape: 'circle' | 'square' }) {
  return shape === 'circle' ? <circle cx={x} cy={y} r={2.5} /> : <rect x={x - 2.5} y={y - 2.5} width={5} height={5} />
}

function LegendSwatch({ index }: { index: number }) {
  const style = styleOf(index)
  return (
    <svg viewBox="0 0 28 10" width={28} height={10} aria-hidden="true" className={style.className}>
      <line x1={0} x2={28} y1={5} y2={5} strokeWidth={2} strokeDasharray={style.dash} />
      <Marker x={14} y={5} shape={style.marker} />
    </svg>
  )
}

/** Years label the axis under their quarters; past `yearLabelCount` years, every second or fifth. */
function yearLabels(quarters: string[], xOf: (index: number) => number) {
  const years = [...new Set(quarters.map((quarter) => quarter.slice(0, 4)))]
  const step = Math.ceil(years.length / yearLabelCount)
  return years
    .filter((_, index) => index % step === 0)
    .map((year) => {
      const indexes = quarters.flatMap((quarter, index) => (quarter.startsWith(year) ? [index] : []))
      return { year, x: (xOf(indexes[0]!) + xOf(indexes.at(-1)!)) / 2, startX: xOf(indexes[0]!) }
    })
}

/** Price per acre by quarter for one or more places, with its legend and its figures as a table. */
export function PriceTrendChart({ title, series }: { title: string; series: TrendChartSeries[] }) {
  const id = useId()
  const quarters = [...new Set(series.flatMap((entry) => entry.points.map((point) => point.quarter)))].sort()
  const values = series.flatMap((entry) => entry.points.flatMap((point) => (point.perAcre === null ? [] : [point.perAcre])))
  const top = scaleTop(Math.max(0, ...values))
  const band = plotWidth / Math.max(quarters.length, 1)
  const xOf = (index: number) => margin.left + (index + 0.5) * band
  const yOf = (value: number) => margin.top + plotHeight * (1 - value / top)
  const positionsOf = (entry: TrendChartSeries) => {
    const byQuarter = new Map(entry.points.map((point) => [point.quarter, point.perAcre]))
    return quarters.map((quarter, index) => {
      const value = byQuarter.get(quarter)
      return value == null ? null : { x: xOf(index), y: yOf(value) }
    })
  }
  const figureOf = (entry: TrendChartSeries, quarter: string) => entry.points.find((point) => point.quarter === quarter)?.perAcre ?? null
  return (
    <figure className="rounded-lg border border-ink/15 bg-white p-3">
      <figcaption className="font-semibold">{title}</figcaption>
      {values.length === 0 ? (
        <p className="mt-2">Too few sales in any quarter to draw a line.</p>
      ) : (
        <>
          <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-title ${id}-summary`} className="mt-2 h-auto w-full text-ink" fontSize={14}>
            <title id={`${id}-title`}>{title}</title>
            <desc id={`${id}-summary`}>{chartSummary(series, quarters)}</desc>
            {Array.from({ length: gridlineCount + 1 }, (_, step) => (top * step) / gridlineCount).map((value) => (
              <g key={value}>
                <line x1={margin.left} x2={width - margin.right} y1={yOf(value)} y2={yOf(value)} className={value === 0 ? 'stroke-current' : 'stroke-ink/20'} />
                <text x={margin.left - 6} y={yOf(value)} dy="0.35em" textAnchor="end" fill="currentColor">
                  {formatCompactCurrency(value)}
                </text>
              </g>
            ))}
            {yearLabels(quarters, xOf).map((label) => (
              <g key={label.year}>
                <line x1={label.startX - band / 2} x2={label.startX - band / 2} y1={yOf(0)} y2={yOf(0) + 4} className="stroke-current" />
                <text x={label.x} y={height - 8} textAnchor="middle" fill="currentColor">
                  {label.year}
                </text>
              </g>
            ))}
            {series.map((entry, index) => {
              const style = styleOf(index)
              const positions = positionsOf(entry)
              return (
                <g key={entry.label} className={style.className}>
                  <path d={linePath(positions)} fill="none" strokeWidth={2} strokeDasharray={style.dash} strokeLinejoin="round" />
                  {positions.map((position, quarter) => (position ? <Marker key={quarters[quarter]} x={position.x} y={position.y} shape={style.marker} /> : null))}
                </g>
              )
            })}
          </svg>
          <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
            {series.map((entry, index) => (
              <li key={entry.label} className="flex items-center gap-2">
                <LegendSwatch index={index} />
                {entry.label}
              </li>
            ))}
          </ul>
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer font-semibold text-brand">The figures as a table</summary>
            <ScrollRegion label={`${title}: the figures`} className="mt-2 max-h-96 overflow-y-auto">
              <table className="w-full border-collapse text-left">
                <caption className="sr-only">{`${title}, whole dollars per acre`}</caption>
                <ColumnHeadings headings={['Quarter', ...series.map((entry) => entry.label)]} numeric={series.map((entry) => entry.label)} />
                <tbody>
                  {quarters.map((quarter) => (
                    <tr key={quarter} className="border-t border-ink/10">
                      <th scope="row" className="whitespace-nowrap px-3 py-1.5 font-medium">
                        {quarter}
                      </th>
                      {series.map((entry) => {
                        const figure = figureOf(entry, quarter)
                        return (
                          <td key={entry.label} className="px-3 py-1.5 text-right tabular-nums">
                            {figure === null ? 'Too few sales' : formatDollars(figure)}
                          </td>
                        )
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </details>
        </>
      )}
    </figure>
  )
}
