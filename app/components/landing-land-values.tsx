import type { MarketStats } from '~/models/places/market-stats'
import { landValuesPath } from '~/models/valuation/land-values-path'
import { formatDollars } from '~/utils/format'
import { MarketFigures } from './landing-market'

const dollarsOrDash = (value: number | null) => (value === null ? '–' : formatDollars(value))

/**
 * The valuation site's home (issue 7): what land asks across the country and state by state,
 * each state linked to its land value page (issue 16 §5). The site has no search or listing
 * pages, so nothing here links to one.
 */
export function LandingLandValues({ national, states }: { national: MarketStats; states: { name: string; href: string; stats: MarketStats }[] }) {
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
        <p className="mt-4">
          <a href={landValuesPath()} className="font-semibold text-brand underline">
            What land sold for, by state, county and region
          </a>
        </p>
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
                    <a href={state.href} className="text-brand underline">
                      {state.name}
                    </a>
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
