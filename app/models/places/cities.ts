import type { CityTable, ZipTable } from '~/models/db/db-schema'
import { distanceKilometres, type Point } from '~/models/geo/shapes'
import { slugify, titleCase } from './slugs'

/**
 * Cities are the distinct (name, state) pairs of the zip code data at the mean position of
 * their zips. Zips sharing a name but far apart are different towns ('Franklin' twice in
 * one state), so each name is first split into clusters of zips near each other.
 */

export interface ZipRecord extends Point {
  zip: string
  city: string
  stateId: number
  stateAbbreviation: string
}

interface CountyLocator {
  countyAt(stateId: number, point: Point): number
  countyName(countyId: number): string
}

// Zips of one town lie within this distance of another zip of the same town.
const sameTownKilometres = 40

function clusterNearby(records: ZipRecord[]): ZipRecord[][] {
  const parent = records.map((_record, index) => index)
  const root = (index: number): number => {
    let current = index
    while (parent[current] !== current) current = parent[current] ?? current
    return current
  }
  for (let first = 0; first < records.length; first++) {
    for (let second = first + 1; second < records.length; second++) {
      const [a, b] = [records[first], records[second]]
      if (a && b && distanceKilometres(a, b) <= sameTownKilometres) parent[root(second)] = root(first)
    }
  }
  const clusters = new Map<number, ZipRecord[]>()
  records.forEach((record, index) => clusters.set(root(index), [...(clusters.get(root(index)) ?? []), record]))
  return [...clusters.values()]
}

function compareText(a: string, b: string) {
  return a < b ? -1 : a > b ? 1 : 0
}

export function buildCitiesAndZips(records: ZipRecord[], counties: CountyLocator) {
  const byName = new Map<string, ZipRecord[]>()
  for (const record of records) {
    const key = `${record.stateId}|${titleCase(record.city)}`
    byName.set(key, [...(byName.get(key) ?? []), record])
  }
  const towns = [...byName.values()]
    .flatMap(clusterNearby)
    .map((zips) => zips.sort((a, b) => compareText(a.zip, b.zip)))
    .map((zips) => {
      const first = zips[0] as ZipRecord
      const mean = (axis: 'latitude' | 'longitude') => zips.reduce((sum, zip) => sum + zip[axis], 0) / zips.length
      return { zips, first, name: titleCase(first.city), latitude: mean('latitude'), longitude: mean('longitude') }
    })
    .sort((a, b) => a.first.stateId - b.first.stateId || compareText(a.name, b.name) || compareText(a.first.zip, b.first.zip))

  const cities: CityTable[] = towns.map((town, index) => ({
    id: index + 1,
    state_id: town.first.stateId,
    county_id: counties.countyAt(town.first.stateId, town),
    name: town.name,
    slug: '',
    latitude: round(town.latitude),
    longitude: round(town.longitude),
  }))
  assignCitySlugs(
    cities,
    towns.map((town) => ({ zipCount: town.zips.length, abbreviation: town.first.stateAbbreviation })),
    counties,
  )

  const zips: ZipTable[] = towns.flatMap((town, index) =>
    town.zips.map((zip) => ({
      zip: zip.zip,
      city_id: index + 1,
      county_id: counties.countyAt(zip.stateId, zip),
      state_id: zip.stateId,
      latitude: zip.latitude,
      longitude: zip.longitude,
    })),
  )
  return { cities, zips }
}

/** The town with the most zips keeps '{City}-{ST}'; namesakes add their county's name. */
function assignCitySlugs(cities: CityTable[], towns: { zipCount: number; abbreviation: string }[], counties: CountyLocator) {
  const byBase = new Map<string, number[]>()
  cities.forEach((city, index) => {
    const base = `${slugify(city.name)}-${towns[index]?.abbreviation}`
    byBase.set(base, [...(byBase.get(base) ?? []), index])
  })
  const taken = new Set<string>()
  for (const [base, indexes] of byBase) {
    indexes.sort((a, b) => (towns[b]?.zipCount ?? 0) - (towns[a]?.zipCount ?? 0) || a - b)
    indexes.forEach((index, rank) => {
      const city = cities[index] as CityTable
      const abbreviation = towns[index]?.abbreviation
      let slug = rank === 0 ? base : `${slugify(city.name)}-${slugify(counties.countyName(city.county_id ?? 0))}-${abbreviation}`
      for (let counter = 2; taken.has(slug); counter++) slug = `${slugify(city.name)}-${counter}-${abbreviation}`
      taken.add(slug)
      city.slug = slug
    })
  }
}

function round(value: number) {
  return Math.round(value * 1e5) / 1e5
}
