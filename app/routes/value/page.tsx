import type { Route } from './+types/route'
import { LandingFeaturedListings } from '~/components/deferred-listing-grids'
import { ComparableSales, SellThisLand, ValuationEstimate } from './valuation-parts'
import { PriceTrendChart } from '~/components/price-trend-chart'
import { SalesProvenanceNote } from '~/components/sales-provenance'
import { ValuationForm } from '~/components/valuation-form'
import { draftPropertyTypeOptions } from '~/models/sellers/listing-draft-fields'
import { fewestComparables, grossAdjustmentCap } from '~/models/valuation/valuation-model'

export function ValuationPage({ loaderData: page }: Route.ComponentProps) {
  if (page.kind === 'form') {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="mb-4 text-3xl font-bold text-brand">What is your land worth?</h1>
        <ValuationForm states={page.states} values={page.values} errors={page.errors} />
      </div>
    )
  }
  const { inputs, place, valuation } = page
  const placeName = `${place.county}, ${place.stateAbbreviation}`
  const types = draftPropertyTypeOptions.filter((option) => inputs.propertyTypes.includes(option.key)).map((option) => option.label)
  return (
    <article className="mx-auto max-w-6xl px-4 py-10" aria-labelledby="valuation-heading">
      <h1 id="valuation-heading" className="text-3xl font-bold text-brand">
        {page.label}
      </h1>
      <p className="mt-1 text-ink/80">
        {[types.join(', '), inputs.house ? `a house with ${inputs.house.beds} bedrooms and ${inputs.house.baths} bathrooms` : 'no house'].filter(Boolean).join('; ')}
      </p>
      {valuation ? (
        <>
          <ValuationEstimate valuation={valuation} saving={{ saved: page.saved, loginHref: page.loginHref }} />
          <SalesProvenanceNote provenance={page.salesProvenance} className="mt-4" />
          {valuation.basis === 'comparables' ? <ComparableSales valuation={valuation} placeName={placeName} /> : null}
        </>
      ) : (
        <p className="mt-6 rounded-md border border-ink/15 bg-white p-4">No land of this kind has sold near enough to value this parcel yet.</p>
      )}
      <section aria-labelledby="trend-heading" className="mt-10">
        <h2 id="trend-heading" className="text-xl font-semibold">{`How land prices moved in ${placeName} and ${place.state}`}</h2>
        <div className="mt-3 max-w-3xl">
          <PriceTrendChart title={page.trend.title} series={page.trend.series} />
        </div>
      </section>
      <LandingFeaturedListings
        heading="Land for sale nearby"
        note="What sellers ask today, for context: an asking price is not a sale."
        cards={page.nearbyListings}
      />
      <SellThisLand sellHref={page.sellHref} landValuesPath={page.landValuesPath} placeName={placeName} />
      <section aria-labelledby="method-heading" className="mt-10 max-w-3xl">
        <h2 id="method-heading" className="text-xl font-semibold">
          How the estimate is made
        </h2>
        <p className="mt-2">
          We look for land sold near the parcel, of about its size and use, in the last few years, widening the search where sales are few. A sale with a house is
          first stripped of the house, at what a square foot of house has added to sales in the state. Each sale&rsquo;s land price per acre is then brought to the
          parcel: to today by its county&rsquo;s price trend, to the parcel&rsquo;s county, to its size (an acre costs less on a larger property), and for its use
          and features, each by how much they have moved prices in the sales we hold. A sale whose adjustments add up, without their signs, to more than{' '}
          {`${Math.round(grossAdjustmentCap * 100)} %`} of its price is left out; with fewer than {fewestComparables} sales left, we give a county-level range
          instead of a figure. The estimate weighs the closest, newest and most alike sales most, and adds the parcel&rsquo;s own house back; the range is where 80
          of 100 such estimates have landed against the prices of later sales.{' '}
          <a href="/value/accuracy/" className="font-semibold text-brand underline">
            How accurate is AcreWorth?
          </a>
        </p>
      </section>
    </article>
  )
}
