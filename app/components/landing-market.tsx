import type { ReactNode } from 'react'
import type { MarketStats, PlaceLink, PlaceLinkGroup, PlaceMarketSection } from '~/models/places/market-stats'
import { formatDollars } from '~/utils/format'

/** Listings, median price and median price per acre, as a row of figures. */
export function MarketFigures({ stats }: { stats: MarketStats }) {
  return (
    <FigureCards
      figures={[
        { label: 'Properties for sale', value: stats.listings.toLocaleString('en-US') },
        { label: 'Median asking price', value: stats.medianPrice === null ? 'Not enough data' : formatDollars(stats.medianPrice) },
        { label: 'Median price per acre', value: stats.medianPricePerAcre === null ? 'Not enough data' : formatDollars(stats.medianPricePerAcre) },
      ]}
    />
  )
}

/** Headline figures side by side, each named above it and, where given, what it rests on below. */
export function FigureCards({ figures }: { figures: { label: string; value: string; note?: string }[] }) {
  return (
    <dl className="grid gap-3 small:grid-cols-3">
      {figures.map((figure) => (
        <div key={figure.label} className="rounded-lg border border-ink/10 bg-white p-4">
          <dt className="text-sm text-stone-700">{figure.label}</dt>
          <dd className="mt-1 text-2xl font-bold text-brand">{figure.value}</dd>
          {figure.note ? <dd className="mt-1 text-sm text-stone-700">{figure.note}</dd> : null}
        </div>
      ))}
    </dl>
  )
}

/**
 * Links with their listing counts beside them, in columns: 'Travis County (42)'; a place without
 * listings is named without a link ('Loving County (0)'). A state lists
 * hundreds of counties, so the styling sits on the list, not on each item.
 */
export function PlaceLinkList({ places, layout = 'gap-6 small:columns-2 medium:columns-3 tablet:columns-4' }: { places: PlaceLink[]; layout?: string }) {
  return (
    <ul
      className={`mt-3 ${layout} [&>li]:break-inside-avoid [&>li]:py-0.5 [&_a]:font-medium [&_a]:text-brand [&_a:hover]:underline [&_small]:ml-1.5 [&_small]:text-sm [&_small]:text-stone-600`}
    >
      {places.map((place) => (
        <li key={place.name}>
          {place.href === null ? place.name : <a href={place.href}>{place.name}</a>}
          <small>{`(${place.listings.toLocaleString('en-US')})`}</small>
        </li>
      ))}
    </ul>
  )
}

/**
 * A place's market (issue 7): its figures, inventory by property type and the places one step
 * down, each with listings a real link, so a crawler reaches every county with land for sale from the home page. What a
 * page shows between the inventory and the long lists of places (featured listings) is `children`.
 */
export function LandingMarket({ market, heading, children }: { market: PlaceMarketSection; heading: string; children?: ReactNode }) {
  return (
    <section aria-labelledby="landing-market" className="py-8">
      <h2 id="landing-market" className="text-2xl font-bold text-brand">
        {heading}
      </h2>
      <div className="mt-4">
        <MarketFigures stats={market.stats} />
      </div>
      {market.inventory.length > 0 ? (
        <>
          <h3 className="mt-6 text-lg font-semibold">Inventory by property type</h3>
          <PlaceLinkList places={market.inventory} />
        </>
      ) : null}
      {children}
      <PlaceLinkGroups groups={market.childGroups} />
    </section>
  )
}

/** The places one step down, by kind: 'Counties in Texas', each county a link with its listing count. */
function PlaceLinkGroups({ groups }: { groups: PlaceLinkGroup[] }) {
  return groups.map((group) => (
    <div key={group.heading}>
      <h3 className="mt-6 text-lg font-semibold">{group.heading}</h3>
      <PlaceLinkList places={group.places} />
    </div>
  ))
}
