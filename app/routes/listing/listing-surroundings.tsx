import { type NearbyPlace, type Surroundings, lakeSearchMiles } from '~/models/places/surroundings'

/** 'The land around it' (issue 19 item 4): the nearest town, named lake and National Park Service unit, in words. */

const distance = (place: NearbyPlace) => `${place.miles} mi`

function townText(town: NonNullable<Surroundings['town']>) {
  return town.miles === 0 ? `In ${town.name}` : `${distance(town)} ${town.landDirection} of ${town.name}`
}

function lakeText(lake: NonNullable<Surroundings['lake']>) {
  if (lake.isWaterfront) return `Waterfront on ${lake.name}`
  return `${lake.name} is ${distance(lake)} to the ${lake.direction}`
}

function parkUnitText(parkUnit: NonNullable<Surroundings['parkUnit']>) {
  if (parkUnit.isInside) return `Inside ${parkUnit.name}`
  return `${parkUnit.name} is ${distance(parkUnit)} to the ${parkUnit.direction}`
}

export function ListingSurroundings({ surroundings }: { surroundings: Surroundings }) {
  const { town, lake, parkUnit } = surroundings
  const rows = [
    { term: 'Nearest town', text: town ? townText(town) : 'No town in the places data nearby' },
    { term: 'Nearest named lake', text: lake ? lakeText(lake) : `No named lake within ${lakeSearchMiles} miles` },
    { term: 'Nearest National Park Service unit', text: parkUnit ? parkUnitText(parkUnit) : 'None in the data' },
  ]
  return (
    <section aria-labelledby="surroundings-heading" id="surroundings">
      <h2 id="surroundings-heading" className="text-xl font-bold text-stone-900">
        The land around it
      </h2>
      <dl className="mt-3 grid gap-3 small:grid-cols-3">
        {rows.map((row) => (
          <div key={row.term} className="rounded-xl border border-stone-200 bg-white px-4 py-3">
            <dt className="text-xs font-semibold uppercase tracking-wide text-stone-600">{row.term}</dt>
            <dd className="mt-1 text-stone-900">{row.text}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-stone-600">Straight-line distances. Lakes and park units: Natural Earth (public domain).</p>
    </section>
  )
}
