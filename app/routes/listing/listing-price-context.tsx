import { useId } from 'react'
import type { PriceScale } from '~/models/trust/price-context-view'
import type { ListingContext } from './listing-context.server'
import { formatDollars } from '~/utils/format'

/**
 * The listing's price in context (issue 19 item 1): the sentence, the comparables it rests on,
 * a scale drawn on the server with its words beside it, and AcreWorth's estimate. Never a verdict.
 */

const width = 520
const height = 118
const margin = { left: 72, right: 16 }
const rows = { forSale: 44, sold: 74 }
const plotWidth = width - margin.left - margin.right
const xOf = (position: number) => margin.left + position * plotWidth

/** Comparables as dots on one line a row: for sale as circles, sold as squares (not colour alone, WCAG 1.4.1). */
function ContextScale({ scale, labelledBy }: { scale: PriceScale; labelledBy: string }) {
  const medianX = xOf(scale.median)
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={labelledBy} className="mt-3 h-auto w-full max-w-xl text-ink" fontSize={13}>
      <text x={medianX} y={14} textAnchor="middle" fill="currentColor">
        {`Median ${scale.medianLabel}`}
      </text>
      <line x1={medianX} x2={medianX} y1={20} y2={90} className="stroke-current" strokeDasharray="4 3" />
      {(
        [
          ['For sale', rows.forSale, scale.forSale],
          ['Sold', rows.sold, scale.sold],
        ] as const
      ).map(([label, y, positions]) => (
        <g key={label}>
          <text x={0} y={y} dy="0.35em" fill="currentColor">
            {label}
          </text>
          <line x1={margin.left} x2={width - margin.right} y1={y} y2={y} className="stroke-ink/20" />
          {positions.map((position, index) =>
            label === 'For sale' ? (
              <circle key={index} cx={xOf(position)} cy={y} r={4} className="fill-brand/60" />
            ) : (
              <rect key={index} x={xOf(position) - 3.5} y={y - 3.5} width={7} height={7} className="fill-ink/50" />
            ),
          )}
        </g>
      ))}
      {scale.listing === null ? null : (
        <g className="fill-accent stroke-accent">
          <line x1={xOf(scale.listing)} x2={xOf(scale.listing)} y1={28} y2={90} strokeWidth={3} />
          <path d={`M${xOf(scale.listing) - 6} 22 L${xOf(scale.listing) + 6} 22 L${xOf(scale.listing)} 30 Z`} />
        </g>
      )}
      <text x={margin.left} y={height - 6} fill="currentColor">
        {scale.lowLabel}
      </text>
      <text x={width - margin.right} y={height - 6} textAnchor="end" fill="currentColor">
        {`${scale.highLabel} an acre`}
      </text>
    </svg>
  )
}

export function ListingPriceContext({ price }: { price: ListingContext['price'] }) {
  const id = useId()
  const { view, estimate } = price
  return (
    <section aria-labelledby="price-context-heading" id="price-context">
      <h2 id="price-context-heading" className="text-xl font-bold text-stone-900">
        Price in context
      </h2>
      {view ? (
        <>
          <p className="mt-3 text-stone-900">{view.sentence}</p>
          {view.fallbackNote ? <p className="mt-1 text-sm text-stone-700">{view.fallbackNote}</p> : null}
          <p className="mt-1 text-sm text-stone-700">{view.comparablesNote}</p>
          <ContextScale scale={view.scale} labelledBy={`${id}-scale`} />
          <p id={`${id}-scale`} className="mt-1 text-sm text-stone-700">
            {view.scaleText}
          </p>
        </>
      ) : (
        <p className="mt-3 text-stone-700">
          {price.isPending
            ? 'This price per acre is being compared with comparable land: the comparison appears here within a few minutes.'
            : 'Too few comparable listings in the state to put this price per acre in context.'}
        </p>
      )}
      {estimate ? (
        <p className="mt-3 text-stone-900">
          {`AcreWorth estimates this land at ${formatDollars(estimate.value)} (80 % range ${formatDollars(estimate.low)} to ${formatDollars(estimate.high)}, ${estimate.confidence} confidence). `}
          <a href={estimate.href} className="font-semibold text-brand underline">
            See the full valuation on AcreWorth
          </a>
        </p>
      ) : null}
    </section>
  )
}
