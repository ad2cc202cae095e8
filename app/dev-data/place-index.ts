import type { CityTable, CountyTable, StateTable, ZipTable } from '~/models/db/db-schema'
import type { Geography } from '~/models/places/geography.server'
import { type Random, weightedPicker } from './random'
import { groupBy } from '~/utils/group-by'
import { distanceKilometres, type Point } from '~/models/geo/shapes'

/** Lookups the generator needs over the geography, built once per seed run. */
export type PlaceIndex = ReturnType<typeof createPlaceIndex>

export function createPlaceIndex(geography: Geography) {
  const areaOf = (county: CountyTable) => geography.countyShapes.get(county.id)?.squareKilometres ?? 1
  const countiesByState = groupBy(geography.counties, (county) => county.state_id)
  const citiesByState = groupBy(geography.cities, (city) => city.state_id)
  const citiesByCounty = groupBy(geography.cities, (city) => city.county_id)
  const zipsByCity = groupBy(geography.zips, (zip) => zip.city_id)
  const regionsById = new Map(geography.regions.map((region) => [region.id, region]))

  // Listing volume grows with both county count and land area, leaning on counties, so Texas
  // has many listings, Rhode Island few, and Alaska's vast, empty area does not swamp the rest.
  const stateWeight = (state: StateTable) => {
    const counties = countiesByState.get(state.id) ?? []
    return counties.length ** 0.7 * counties.reduce((sum, county) => sum + areaOf(county), 0) ** 0.3
  }
  const pickState = weightedPicker(geography.states, stateWeight)
  const countyPickers = new Map([...countiesByState].map(([stateId, counties]) => [stateId, weightedPicker(counties, (county) => Math.sqrt(areaOf(county)))]))

  return {
    pickState: (random: Random) => pickState(random),
    pickCounty(random: Random, stateId: number) {
      const picker = countyPickers.get(stateId)
      if (!picker) throw new Error(`State ${stateId} has no counties`)
      return picker(random)
    },
    region: (regionId: number | null) => (regionId === null ? undefined : regionsById.get(regionId)),
    citiesInState: (stateId: number) => citiesByState.get(stateId) ?? [],
    nearestCity(countyId: number, point: Point) {
      return nearest(citiesByCounty.get(countyId) ?? [], point)
    },
    nearestZip(cityId: number, point: Point) {
      return nearest<ZipTable>(zipsByCity.get(cityId) ?? [], point)
    },
  }
}

function nearest<T extends Point>(candidates: readonly T[], point: Point): { place: T; kilometres: number } | undefined {
  let best: { place: T; kilometres: number } | undefined
  for (const place of candidates) {
    const kilometres = distanceKilometres(point, place)
    if (!best || kilometres < best.kilometres) best = { place, kilometres }
  }
  return best
}

export type NearestCity = { place: CityTable; kilometres: number } | undefined
