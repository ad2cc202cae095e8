import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { ColumnHeadings, ScrollRegion } from '~/components/data-table'
import { ValuationForm } from '~/components/valuation-form'
import { draftPropertyTypeOptions } from '~/models/sellers/listing-draft-fields'
import { siteFromRequest } from '~/sites/site.server'
import { formatAcres, formatDollars, formatLongDate } from '~/utils/format'
import { headContextFrom, pageMeta } from '~/utils/page-meta'
import { loadValuation, loadValuationForm } from './valuation.server'

/** /value/ (the form, with its messages) and /value/{…}/ (a valuation) on AcreWorth (issue 16 §1–2). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const site = siteFromRequest(request)
  return params['*'] === undefined ? loadValuationForm(site, request) : loadValuation(site, request)
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => {
  const context = headContextFrom(matches)
  const site = context?.site.name ?? ''
  if (data?.kind === 'valuation') {
    const place = `${data.place.county}, ${data.place.state}`
    return pageMeta(context, {
      title: `What ${formatAcres(data.inputs.acres)} in ${place} is worth | ${site}`,
      description: `An estimate of the value of ${formatAcres(data.inputs.acres)} in ${place} from the land sold nearby, with its range and the sales it rests on.`,
      canonicalPath: data.path,
      // One parcel's valuation is for its owner, not for search results.
      noindex: true,
    })
  }
  return pageMeta(context, {
    title: `What is my land worth? | ${site}`,
    description: 'Value land from the sales of comparable land nearby.',
    canonicalPath: '/value/',
    noindex: true,
  })
}

const confidenceText = {
  high: 'High confidence: many close, recent sales of similar land agree.',
  medium: 'Medium confidence: the comparable sales are fewer, farther or less alike.',
  low: 'Low confidence: few sales of similar land nearby; treat the range as a rough guide.',
} as const

export default function ValuationPage() {
  const page = useLoaderData<typeof loader>()
  if (page.kind === 'form') {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="mb-4 text-3xl font-bold text-brand">What is your land worth?</h1>
        <ValuationForm states={page.states} values={page.values} errors={page.errors} />
      </div>
    )
  }
  const { inputs, place, valuation } = page
  const types = draftPropertyTypeOptions.filter((option) => inputs.propertyTypes.includes(option.key)).map((option) => option.label)
  return (
    <article className="mx-auto max-w-5xl px-4 py-10" aria-labelledby="valuation-heading">
      <h1 id="valuation-heading" className="text-3xl font-bold text-brand">{`${formatAcres(inputs.acres)} in ${place.county}, ${place.state}`}</h1>
      <p className="mt-1 text-ink/80">
        {[types.join(', '), inputs.house ? `a house with ${inputs.house.beds} bedrooms and ${inputs.house.baths} bathrooms` : 'no house'].filter(Boolean).join('; ')}
      </p>
      {valuation ? (
        <>
          <section aria-labelledby="estimate-heading" className="mt-6 rounded-xl bg-white p-6 shadow">
            <h2 id="estimate-heading" className="text-lg font-semibold">
              Estimated value
            </h2>
            <p className="mt-1 text-4xl font-bold">{formatDollars(valuation.value)}</p>
            <p className="mt-1">{`${formatDollars(valuation.perAcre)} an acre · 80 % range ${formatDollars(valuation.low)} to ${formatDollars(valuation.high)}`}</p>
            <p className="mt-3 font-medium">{confidenceText[valuation.confidence]}</p>
          </section>
          <section aria-labelledby="comparables-heading" className="mt-8">
            <h2 id="comparables-heading" className="text-xl font-semibold">{`The ${valuation.comparables.length} sales it rests on`}</h2>
            <ScrollRegion label="Comparable sales" className="mt-3">
              <table className="w-full border-collapse text-left text-sm">
                <ColumnHeadings
                  headings={['#', 'Distance', 'Sold', 'Acres', 'Price', 'Per acre', 'Adjusted per acre', 'Adjustment']}
                  numeric={['Distance', 'Acres', 'Price', 'Per acre', 'Adjusted per acre', 'Adjustment']}
                />
                <tbody>
                  {valuation.comparables.map((comparable, index) => (
                    <tr key={comparable.id} className="border-t border-ink/10">
                      <th scope="row" className="px-3 py-2 font-medium">
                        {index + 1}
                      </th>
                      <td className="px-3 py-2 text-right tabular-nums">{`${comparable.distanceKm.toFixed(1)} km`}</td>
                      <td className="whitespace-nowrap px-3 py-2">{formatLongDate(comparable.soldOn)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{formatAcres(comparable.acres)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{formatDollars(comparable.price)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{formatDollars(comparable.perAcre)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{formatDollars(comparable.adjustedPerAcre)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{`${comparable.adjustment >= 1 ? '+' : ''}${Math.round((comparable.adjustment - 1) * 100)} %`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </section>
        </>
      ) : (
        <p className="mt-6 rounded-md border border-ink/15 bg-white p-4">No land of this kind has sold near enough to value this parcel yet.</p>
      )}
      <section aria-labelledby="method-heading" className="mt-8 max-w-3xl">
        <h2 id="method-heading" className="text-xl font-semibold">
          How the estimate is made
        </h2>
        <p className="mt-2">
          We look for land sold near the parcel, of about its size and kind, in the last few years, widening the search where sales are few. Each sale&rsquo;s price
          per acre is brought to the parcel: to today by the county&rsquo;s price trend, to the parcel&rsquo;s size (an acre costs less on a larger property), and
          for a house and features, each by how much they moved prices in the sales we hold. The estimate weighs the closest, newest and most alike sales most; the
          range is where 80 of 100 such estimates have landed against real sales.
        </p>
      </section>
    </article>
  )
}
