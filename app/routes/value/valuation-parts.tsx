import { accountPaths } from '~/models/accounts/account-paths'
import type { ComparablesMap as ComparablesMapData } from '~/models/valuation/comparables-map'
import { type Valuation, fewestComparables, grossAdjustmentCap } from '~/models/valuation/valuation-model'
import { formatAcres, formatDollars, formatLongDate } from '~/utils/format'
import { secondaryButtonStyle } from '~/components/account-page'
import { ComparablesMap } from './comparables-map'
import { ColumnHeadings, ScrollRegion } from '~/components/data-table'

/** The parts of AcreWorth's valuation page (issue 16 §2); the route puts them together. */

export interface ValuationFigures extends Pick<Valuation, 'basis' | 'value' | 'perAcre' | 'low' | 'high' | 'houseValue' | 'confidence'> {
  /** Null with Low data on until the visitor asks for it (`showMapHref`). */
  map: ComparablesMapData | null
  showMapHref: string
  comparables: {
    id: number
    href: string | null
    distanceKm: number
    soldOn: string
    acres: number
    price: number
    perAcre: number
    adjustedPerAcre: number
    adjustment: number
    grossAdjustment: number
  }[]
}

/** What each label means under the rule of decisions 0059 and 0064: thirds of the error measured on earlier sales. */
const confidenceText = {
  high: 'High confidence: estimates like this one (by how well their comparable sales agree with each other and with the county’s level, how much they had to be adjusted, how near and how many they are, and how much of the value is a house) have come closest to the prices land later sold for, the best third.',
  medium: 'Medium confidence: estimates like this one have come about as close to the prices land later sold for as the middle third of our estimates.',
  low: 'Low confidence: estimates like this one have missed the prices land later sold for by the most, or its comparable sales lie farther away than we have tested; treat the range as a rough guide.',
} as const

const percentChange = (factor: number) => `${factor >= 1 ? '+' : '−'}${Math.abs(Math.round((factor - 1) * 100))} %`
const percent = (share: number) => `${Math.round(share * 100)} %`

export function ValuationEstimate({ valuation, saving }: { valuation: ValuationFigures; saving: SavingProps }) {
  if (valuation.basis === 'county')
    return (
      <section aria-labelledby="estimate-heading" className="mt-6 rounded-xl bg-white p-6 shadow">
        <h2 id="estimate-heading" className="text-lg font-semibold">
          A county-level range: too few comparable sales near this parcel
        </h2>
        <p className="mt-1 text-4xl font-bold">{`${formatDollars(valuation.low)} to ${formatDollars(valuation.high)}`}</p>
        <p className="mt-3">
          {`Fewer than ${fewestComparables} sales nearby are alike enough to value this parcel from (each needs adjusting by no more than ${percent(grossAdjustmentCap)} of its price), so we give no single figure. This range is what land of this size and use fetches at the county's price level (the state's where the county has no sales), as wide as 80 of 100 such county-level estimates have needed to hold the prices of later sales.`}
        </p>
        <SaveValuation {...saving} />
      </section>
    )
  return (
    <section aria-labelledby="estimate-heading" className="mt-6 rounded-xl bg-white p-6 shadow">
      <h2 id="estimate-heading" className="text-lg font-semibold">
        Estimated value
      </h2>
      <p className="mt-1 text-4xl font-bold">{formatDollars(valuation.value)}</p>
      <p className="mt-1">{`${formatDollars(valuation.perAcre)} an acre · 80 % range ${formatDollars(valuation.low)} to ${formatDollars(valuation.high)}`}</p>
      {valuation.houseValue > 0 ? <p className="mt-1 text-sm text-ink/80">{`Of which the house: about ${formatDollars(valuation.houseValue)}`}</p> : null}
      <p className="mt-3 font-medium">{confidenceText[valuation.confidence]}</p>
      <SaveValuation {...saving} />
    </section>
  )
}

export interface SavingProps {
  /** Null when not saved; whether its alert is on when saved. */
  saved: { alert: boolean } | null
  /** Where to sign in first, for a visitor who has not. */
  loginHref: string | null
}

/** 'Save this valuation' and 'Tell me when comparable land sells' (signed-in users), as plain forms posting to the page. */
function SaveValuation({ saved, loginHref }: SavingProps) {
  if (loginHref)
    return (
      <p id="saved" className="mt-4 text-sm">
        <a href={loginHref} className="font-semibold text-brand underline">
          Sign in to save this valuation
        </a>{' '}
        and hear when comparable land sells.
      </p>
    )
  const intentButton = (intent: 'save' | 'alert' | 'alert-off', label: string) => (
    <form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={secondaryButtonStyle}>
        {label}
      </button>
    </form>
  )
  return (
    <div id="saved" className="mt-4 flex flex-wrap items-center gap-3">
      {saved ? (
        <p role="status" className="font-medium">
          {'Saved to '}
          <a href={accountPaths.savedValuations} className="text-brand underline">
            your valuations
          </a>
          {saved.alert ? '. We will e-mail you when comparable land sells.' : '.'}
        </p>
      ) : (
        intentButton('save', 'Save this valuation')
      )}
      {saved?.alert ? intentButton('alert-off', 'Stop the e-mails') : intentButton('alert', 'Tell me when comparable land sells')}
    </div>
  )
}

export function ComparableSales({ valuation, placeName }: { valuation: ValuationFigures; placeName: string }) {
  return (
    <section aria-labelledby="comparables-heading" className="mt-8">
      <h2 id="comparables-heading" className="text-xl font-semibold">{`The ${valuation.comparables.length} sales it rests on`}</h2>
      <div className="mt-3 grid gap-6">
        <div className="max-w-2xl">
          {valuation.map ? (
            <ComparablesMap map={valuation.map} placeName={placeName} />
          ) : (
            <a href={valuation.showMapHref} className="font-semibold text-brand underline">
              Show the map of these sales
            </a>
          )}
        </div>
        <ScrollRegion label="Comparable sales">
          <table className="w-full border-collapse text-left text-sm">
            <ColumnHeadings
              headings={['#', 'Distance', 'Sold', 'Acres', 'Price', 'Per acre', 'Adjusted per acre', 'Adjustment', 'Gross adjustment']}
              numeric={['Distance', 'Acres', 'Price', 'Per acre', 'Adjusted per acre', 'Adjustment', 'Gross adjustment']}
            />
            <tbody>
              {valuation.comparables.map((comparable, index) => (
                <tr key={comparable.id} className="border-t border-ink/10">
                  <th scope="row" className="px-3 py-2 font-medium">
                    {comparable.href ? (
                      <a href={comparable.href} className="text-brand underline" aria-label={`Sale ${index + 1}: the listing`}>
                        {index + 1}
                      </a>
                    ) : (
                      index + 1
                    )}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{`${comparable.distanceKm.toFixed(1)} km`}</td>
                  <td className="whitespace-nowrap px-3 py-2">{formatLongDate(comparable.soldOn)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatAcres(comparable.acres)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatDollars(comparable.price)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatDollars(comparable.perAcre)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatDollars(comparable.adjustedPerAcre)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{percentChange(comparable.adjustment)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{percent(comparable.grossAdjustment)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </div>
    </section>
  )
}

export function SellThisLand({ sellHref, landValuesPath, placeName }: { sellHref: string; landValuesPath: string; placeName: string }) {
  return (
    <section aria-labelledby="sell-heading" className="mt-10 rounded-xl border border-brand/30 bg-brand/5 p-6">
      <h2 id="sell-heading" className="text-xl font-semibold">
        Thinking of selling?
      </h2>
      <p className="mt-1">List this land where buyers of land look: the listing starts at this place.</p>
      <p className="mt-3 flex flex-wrap gap-4">
        <a href={sellHref} className="rounded-md bg-brand px-4 py-2 font-semibold text-brand-contrast hover:bg-brand/90">
          List this property
        </a>
        <a href={landValuesPath} className="self-center font-semibold text-brand underline">{`Land values in ${placeName}`}</a>
      </p>
    </section>
  )
}
