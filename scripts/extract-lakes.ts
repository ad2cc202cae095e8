/**
 * Writes app/data/natural-earth-lakes.json, the lakes the sites search by (decision 0018), from
 * the Natural Earth extracts: `npx tsx scripts/extract-lakes.ts [folder]` (default
 * ../shared/data/natural-earth). Each named lake or reservoir becomes one lake (parts of one
 * water body merged), with the states whose land holds its shore; lakes with no shore in a US
 * state (Canadian and Mexican lakes near the border) are left out.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson'
import { buildGeography } from '../app/models/places/geography.server'
import { milesToPolygons, type Polygons } from '../app/models/places/lake-shores.server'
import { type Frame, frameOf, overlaps } from '../app/models/places/us-atlas.server'
import { isPointInShape, type Point } from '../app/models/geo/shapes'
import { groupBy } from '../app/utils/group-by'

const sourceFolder = process.argv[2] ?? '../shared/data/natural-earth'
const sourceFiles = ['us-bbox-lakes-10m.geojson', 'us-bbox-lakes-north-america-supplement-10m.geojson']
const target = 'app/data/natural-earth-lakes.json'

// Bays, channels, rivers and lagoons in the layers are parts of the Great Lakes, widened rivers or the sea, not lakes.
const notALake = /\b(Bay|Channel|River|Lagoon)$/
// Parts of one lake lie next to each other; two lakes of one name are further apart than this.
const samePartsMiles = 6
// A census shape follows the land, so a shore point may fall just outside its county.
const shoreSlackMiles = 2
// A state holds the lake when it holds this share of the shore, or this many miles of it.
const stateShoreShare = 0.02
const stateShoreMiles = 3

type LakeFeature = Feature<Polygon | MultiPolygon, { name: string | null }>

interface LakeParts {
  name: string
  polygons: Polygons
  frame: Frame
}

function readFeatures(): LakeFeature[] {
  return sourceFiles.flatMap((file) => (JSON.parse(fs.readFileSync(path.join(sourceFolder, file), 'utf8')) as { features: LakeFeature[] }).features)
}

const polygonsOf = (feature: LakeFeature): Polygons => (feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates)
const shoresOf = (polygons: Polygons) => polygons.map((rings) => rings[0] ?? [])

/** The features of each name, joined where they touch or lie close: one water body each. */
function mergeParts(features: LakeFeature[]): LakeParts[] {
  const named = features.filter((feature) => feature.properties.name && !notALake.test(feature.properties.name.trim()))
  const lakes: LakeParts[] = []
  for (const [name, group] of groupBy(named, (feature) => feature.properties.name!.trim())) {
    const clusters: LakeParts[] = []
    for (const feature of group) {
      const polygons = polygonsOf(feature)
      const frame = frameOf(shoresOf(polygons))
      const slack = samePartsMiles / 69
      const grown = { west: frame.west - slack, south: frame.south - slack, east: frame.east + slack, north: frame.north + slack }
      const cluster = clusters.find((candidate) => overlaps(candidate.frame, grown))
      if (!cluster) clusters.push({ name, polygons, frame })
      else {
        // The supplement repeats a few lakes of the main layer: keep the first copy of a part.
        const isRepeat = polygons.every((polygon) => cluster.polygons.some((kept) => milesToPolygons([kept], pointOf(polygon[0]?.[0])) < 0.2))
        if (isRepeat) continue
        cluster.polygons.push(...polygons)
        cluster.frame = frameOf(shoresOf(cluster.polygons))
      }
    }
    lakes.push(...clusters)
  }
  return lakes
}

const pointOf = (position: Position | undefined): Point => ({ longitude: position?.[0] ?? 0, latitude: position?.[1] ?? 0 })

function kilometres(a: Position, b: Position) {
  const cosine = Math.cos((((a[1] ?? 0) + (b[1] ?? 0)) / 2) * (Math.PI / 180))
  return Math.hypot(((a[0] ?? 0) - (b[0] ?? 0)) * cosine, (a[1] ?? 0) - (b[1] ?? 0)) * 111.32
}

const roundCoordinate = (value: number) => Math.round(value * 10_000) / 10_000

/** 'Lake Of The Ozarks' → 'Lake of the Ozarks', "Coeur D'Alene Lake" → "Coeur d'Alene Lake": particles inside a name are lowercase. */
const tidyName = (name: string) => name.replace(/(?<=\s)((Of|The|De|Des|Du)(?=\s)|D'(?=\w))/g, (particle) => particle.toLowerCase())

function main() {
  const geography = buildGeography()
  const stateById = new Map(geography.states.map((state) => [state.id, state]))
  const countyShapes = [...geography.countyShapes]
  const countyNames = new Map(geography.counties.map((county) => [county.id, `${county.name} ${county.suffix}`]))

  /** The county holding a shore point, or the nearest within the slack. */
  function countyAt(position: Position) {
    const point = pointOf(position)
    const near = countyShapes.filter(([, shape]) => {
      const [west, south, east, north] = shape.box
      const slack = shoreSlackMiles / 40
      return point.longitude >= west - slack && point.longitude <= east + slack && point.latitude >= south - slack && point.latitude <= north + slack
    })
    const inside = near.find(([, shape]) => isPointInShape(shape, point))
    if (inside) return inside[0]
    let best: { id: number; miles: number } | undefined
    for (const [id, shape] of near) {
      const miles = milesToPolygons(
        shape.parts.map((part) => part.polygon.coordinates),
        point,
      )
      if (miles <= shoreSlackMiles && (!best || miles < best.miles)) best = { id, miles }
    }
    return best?.id
  }

  const lakes = mergeParts(readFeatures()).flatMap((lake) => {
    // Each stretch of shore counts for the county at its start.
    const shoreByCounty = new Map<number, number>()
    let shore = 0
    for (const ring of shoresOf(lake.polygons)) {
      for (let index = 1; index < ring.length; index++) {
        const length = kilometres(ring[index - 1]!, ring[index]!)
        shore += length
        const county = countyAt(ring[index - 1]!)
        if (county !== undefined) shoreByCounty.set(county, (shoreByCounty.get(county) ?? 0) + length)
      }
    }
    const shoreByState = new Map<number, number>()
    for (const [county, length] of shoreByCounty) shoreByState.set(Math.floor(county / 1000), (shoreByState.get(Math.floor(county / 1000)) ?? 0) + length)
    const states = [...shoreByState]
      .filter(([, length]) => length >= stateShoreShare * shore || length >= stateShoreMiles * 1.609)
      .sort((a, b) => b[1] - a[1])
      .flatMap(([stateId]) => stateById.get(stateId)?.abbreviation ?? [])
    if (states.length === 0) return []
    const [mainCounty] = [...shoreByCounty].sort((a, b) => b[1] - a[1])[0] ?? []
    return [{ ...lake, states, county: mainCounty === undefined ? '' : (countyNames.get(mainCounty) ?? '') }]
  })

  // Two lakes of one name in one state (Eagle Lake, Maine) are told apart by their county.
  const namesakes = groupBy(
    lakes.flatMap((lake) => lake.states.map((state) => ({ lake, key: `${lake.name}|${state}` }))),
    (entry) => entry.key,
  )
  const needsCounty = new Set([...namesakes.values()].filter((entries) => entries.length > 1).flatMap((entries) => entries.map((entry) => entry.lake)))
  const output = lakes
    .map((lake) => ({
      name: needsCounty.has(lake) ? `${tidyName(lake.name)} (${lake.county})` : tidyName(lake.name),
      states: lake.states,
      polygons: lake.polygons.map((rings) =>
        rings.map((ring) => ring.map(([longitude = 0, latitude = 0]) => [roundCoordinate(longitude), roundCoordinate(latitude)])),
      ),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.states[0]!.localeCompare(b.states[0]!))
    .map((lake, index) => ({ id: index + 1, ...lake }))
  fs.mkdirSync(path.dirname(target), { recursive: true })
  fs.writeFileSync(target, `${JSON.stringify({ lakes: output })}\n`)
  console.log(`${output.length} lakes written to ${target}`)
  for (const lake of output) if (lake.states.length > 1 || lake.name.includes('(')) console.log(`  ${lake.name}: ${lake.states.join(', ')}`)
}

main()
