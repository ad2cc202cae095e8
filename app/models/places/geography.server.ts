import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { GeometryCollection, Topology } from 'topojson-specification'
import { feature } from 'topojson-client'
import type { Feature } from 'geojson'
import { LRUCache } from 'lru-cache'
import type { CityTable, CountyTable, RegionTable, StateTable, ZipTable } from '~/models/db/db-schema'
import { buildCitiesAndZips, type ZipRecord } from '~/models/places/cities'
import { buildStateRegions } from '~/models/places/regions'
import { distanceKilometres, isPointInShape, type Point, randomPointInShape, type Shape, shapeFromGeometry } from '~/models/geo/shapes'
import { assertUniqueSlugs, slugify } from '~/models/places/slugs'

/**
 * Real US places (architecture "Data": seed data is real geography), built in memory from
 * npm data packages: county and state shapes from us-atlas, towns and zips from zipcodes.
 */
export interface Geography {
  states: StateTable[]
  regions: RegionTable[]
  counties: CountyTable[]
  cities: CityTable[]
  zips: ZipTable[]
  countyShapes: Map<number, Shape>
}

const require = createRequire(import.meta.url)

type NamedGeometry = GeometryCollection<{ name: string }>
interface ZipcodesData {
  codes: Record<string, { zip: string; latitude: number | null; longitude: number | null; city: string; state: string }>
}

type AtlasTopology = Topology<{ counties: NamedGeometry; states: NamedGeometry }>

const readTopology = () => JSON.parse(fs.readFileSync(require.resolve('us-atlas/counties-10m.json'), 'utf8')) as AtlasTopology

/** A state's or county's shape; undefined for a geometry that is not a polygon. */
function shapeOf(topology: AtlasTopology, geometry: NamedGeometry['geometries'][number]) {
  // A single geometry object always converts to one Feature, never a collection.
  const shape = (feature(topology, geometry) as Feature).geometry
  return shape.type === 'Polygon' || shape.type === 'MultiPolygon' ? shapeFromGeometry(shape) : undefined
}

function readAtlas() {
  const topology = readTopology()
  const shapesOf = (collection: NamedGeometry) =>
    collection.geometries.flatMap((geometry) => {
      const shape = shapeOf(topology, geometry)
      if (!shape) return []
      const name = geometry.properties && 'name' in geometry.properties ? geometry.properties.name : ''
      return [{ fips: String(geometry.id), name, shape }]
    })
  return { states: shapesOf(topology.objects.states), counties: shapesOf(topology.objects.counties) }
}

// Independent cities (FIPS county code 500 and up) can share a name with a county of their
// state (Richmond VA, Baltimore MD, St. Louis MO): those become 'Richmond City'.
const firstIndependentCityCode = 500

function countySuffix(abbreviation: string): CountyTable['suffix'] {
  if (abbreviation === 'LA') return 'Parish'
  if (abbreviation === 'AK') return 'Borough'
  return 'County'
}

function round(value: number) {
  return Math.round(value * 1e5) / 1e5
}

export function buildGeography(): Geography {
  const atlas = readAtlas()
  // The zipcodes package maps full state names to USPS codes; territories and military
  // postcodes are absent from it, which is what keeps exactly the 50 states and DC.
  const { full: abbreviationByName } = require('zipcodes/lib/states.js') as { full: Record<string, string> }

  const states: StateTable[] = []
  for (const state of atlas.states) {
    const abbreviation = abbreviationByName[state.name.toUpperCase()]
    if (!abbreviation) continue
    const id = Number(state.fips)
    states.push({ id, name: state.name, abbreviation, slug: slugify(state.name), latitude: round(state.shape.latitude), longitude: round(state.shape.longitude) })
  }
  states.sort((a, b) => a.id - b.id)
  const stateById = new Map(states.map((state) => [state.id, state]))

  const countyShapes = new Map<number, Shape>()
  const counties: CountyTable[] = []
  const nameKey = (county: { fips: string; name: string }) => `${county.fips.slice(0, 2)}|${county.name}`
  const namesakeCount = new Map<string, number>()
  for (const county of atlas.counties) namesakeCount.set(nameKey(county), (namesakeCount.get(nameKey(county)) ?? 0) + 1)
  for (const county of atlas.counties) {
    const id = Number(county.fips)
    const state = stateById.get(Math.floor(id / 1000))
    if (!state) continue
    const isNamesake = (namesakeCount.get(nameKey(county)) ?? 0) > 1
    const name = isNamesake && id % 1000 >= firstIndependentCityCode ? `${county.name} City` : county.name
    const suffix = countySuffix(state.abbreviation)
    countyShapes.set(id, county.shape)
    counties.push({
      id,
      state_id: state.id,
      region_id: null,
      name,
      suffix,
      slug: `${slugify(name)}-${suffix}-${state.abbreviation}`,
      latitude: round(county.shape.latitude),
      longitude: round(county.shape.longitude),
    })
  }
  counties.sort((a, b) => a.id - b.id)

  const stateNames = new Set(states.map((state) => state.name))
  const regions = states.flatMap((state) => {
    const members = counties.filter((county) => county.state_id === state.id)
    const built = buildStateRegions(state, members, stateNames)
    for (const county of members) county.region_id = built.regionOfCounty.get(county.id) ?? null
    return built.regions
  })

  const { cities, zips } = buildCitiesAndZips(readZipRecords(states), countyLocator(counties, countyShapes))
  assertUniqueSlugs([...states, ...regions, ...counties, ...cities])
  return { states, regions, counties, cities, zips, countyShapes }
}

// Single-organisation zips ('Bank Of America', 'Texas Dept Of Correction') are not towns.
const organisationName =
  /^(?=.*\s).*\b(Inc|Co|Corp|Comp|Brm|Firms?|Dept|Svc|Ins|Insurance|Lottery|Syste|Systems|Lending|Fulfill|Roebuck|Mail|Ctr|Fac|Facility|Annex|Correction|Correctional|Telephone|Tel|Return|Bank Of|National Bank|Natl Bank|Nat Bank|Express|Shield|Mutual)\b|\sElectric$/i

function readZipRecords(states: StateTable[]): ZipRecord[] {
  const { codes } = require('zipcodes/lib/codes.js') as ZipcodesData
  const stateByAbbreviation = new Map(states.map((state) => [state.abbreviation, state]))
  return Object.values(codes).flatMap((code) => {
    const state = stateByAbbreviation.get(code.state)
    if (!state || code.latitude == null || code.longitude == null || organisationName.test(code.city)) return []
    return [{ zip: code.zip, city: code.city, stateId: state.id, stateAbbreviation: state.abbreviation, latitude: code.latitude, longitude: code.longitude }]
  })
}

/** Point-in-county lookup among one state's counties; a point on the coast outside every shape gets the nearest county. */
function countyLocator(counties: CountyTable[], shapes: Map<number, Shape>) {
  const byState = new Map<number, CountyTable[]>()
  for (const county of counties) byState.set(county.state_id, [...(byState.get(county.state_id) ?? []), county])
  const nameById = new Map(counties.map((county) => [county.id, county.name]))
  return {
    countyAt(stateId: number, point: Point) {
      const candidates = byState.get(stateId) ?? []
      const containing = candidates.find((county) => {
        const shape = shapes.get(county.id)
        return shape !== undefined && isPointInShape(shape, point)
      })
      if (containing) return containing.id
      return candidates.reduce((nearest, county) => (distanceKilometres(point, county) < distanceKilometres(point, nearest) ? county : nearest)).id
    },
    countyName: (countyId: number) => nameById.get(countyId) ?? '',
  }
}
let countyGeometries: { topology: AtlasTopology; byFips: Map<number, NamedGeometry['geometries'][number]> } | undefined
// Decoded shapes take ~50 MB for every county; a feed's records cluster, so a few hundred at a time do.
const decodedCountyShapes = new LRUCache<number, Shape>({ max: 500 })

/** A county's shape by FIPS id, decoded on first use (the listing-quality gate needs it without the rest of the geography). */
export function countyShape(countyId: number): Shape | undefined {
  const cached = decodedCountyShapes.get(countyId)
  if (cached) return cached
  if (!countyGeometries) {
    const topology = readTopology()
    countyGeometries = { topology, byFips: new Map(topology.objects.counties.geometries.map((geometry) => [Number(geometry.id), geometry])) }
  }
  const geometry = countyGeometries.byFips.get(countyId)
  const decoded = geometry && shapeOf(countyGeometries.topology, geometry)
  if (decoded) decodedCountyShapes.set(countyId, decoded)
  return decoded
}

/** A random point inside the county's shape (spec: listings are placed inside their county). */
export function randomPointInCounty(geography: Geography, countyId: number, random: () => number): Point {
  const shape = geography.countyShapes.get(countyId)
  if (!shape) throw new Error(`Unknown county ${countyId}`)
  return randomPointInShape(shape, random)
}

export function isPointInCounty(geography: Geography, countyId: number, point: Point) {
  const shape = geography.countyShapes.get(countyId)
  return shape !== undefined && isPointInShape(shape, point)
}
