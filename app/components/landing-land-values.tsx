import type { MarketStats } from '~/models/places/market-stats'
import { formatDollars } from '~/utils/format'
import { MarketFigures } from './landing-market'

const dollarsOrDash = (value: number | null) => (value === null ? '–' : formatDollars(value))

/**
 * The valuation site's home (issue 7): what land asks across the country and state by state.
 * The site has no search or listing pages, so nothing here links to one.
 */
export function LandingLandValues({ national, states }: { national: MarketStats; states: { name: string; stats: MarketStats }[] }) {
  return (
    <>
      <section aria-labelledby="national-values" className="mx-auto max-w-6xl px-4 py-8">
        <h2 id="national-values" className="text-2xl font-bold text-brand">
          Land values in the United States
        </h2>
        <p className="mt-2 max-w-3xl">Asking prices of the land for sale today, the starting point of every valuation.</p>
        <div className="mt-4">
          <MarketFigures stats={national} />
        </div>
      </section>
      <section aria-labelledby="state-values" className="mx-auto max-w-6xl px-4 pb-8">
        <h2 id="state-values" className="text-2xl font-bold text-brand">
          Land values by state
        </h2>
        <div className="mt-4 overflow-x-auto rounded-lg border border-ink/10 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-brand/5">
              <tr>
                <th scope="col" className="px-4 py-2">
                  State
                </th>
                <th scope="col" className="px-4 py-2 text-right">
                  Properties for sale
                </th>
                <th scope="col" className="px-4 py-2 text-right">
                  Median asking price
                </th>
                <th scope="col" className="px-4 py-2 text-right">
                  Median price per acre
                </th>
              </tr>
            </thead>
            <tbody>
              {states.map((state) => (
                <tr key={state.name} className="border-t border-ink/10">
                  <th scope="row" className="px-4 py-2 font-medium">
                    {state.name}
                  </th>
                  <td className="px-4 py-2 text-right tabular-nums">{state.stats.listings.toLocaleString('en-US')}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{dollarsOrDash(state.stats.medianPrice)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{dollarsOrDash(state.stats.medianPricePerAcre)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  )
}
