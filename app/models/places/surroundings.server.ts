import type { Kysely } from 'kysely'
import parkUnitData from '~/data/natural-earth-park-units.json'
import type { Database } from '~/models/db/db-schema'
import type { Point } from '~/models/geo/shapes'
import { type PointOffset, type Polygons, lakeShape, milesToFrame, offsetToPolygons } from './lake-shores.server'
import { type NearbyPlace, type Surroundings, lakeSearchMiles } from './surroundings'
import type { Frame } from './us-atlas.server'

/**
 * The land around a listing (issue 19 item 4): the nearest town, the nearest named lake (and
 * whether the land is on its shore) and the nearest National Park Service unit, each with its
 * distance and direction. The towns and lakes are read from the database once per process, the
 * park units from the project's Natural Earth extract (app/data/README.md); each page then
 * measures in memory. The data has no county seats, so none is named.
 */

/**
 * Land within this distance of a shore is 'Waterfront on Lake …': about 500 m, as Natural Earth's
 * 1:10m shores can lie a few hundred metres off the real one (decision 0018).
 */
export const waterfrontMiles = 0.3

const milesPerDegreeOfLatitude = 69.09
const compassPoints = ['north', 'northeast', 'east', 'southeast', 'south', 'southwest', 'west', 'northwest'] as const

/** The compass point of an offset east and north (eight points). */
export function compassDirection(east: number, north: number) {
  if (east === 0 && north === 0) return ''
  const degrees = (Math.atan2(east, north) * 180) / Math.PI
  return compassPoints[Math.round((degrees + 360) / 45) % 8]!
}

export function roundMiles(miles: number) {
  if (miles < 1) return Math.round(miles * 10) / 10
  if (miles < 50) return Math.round(miles)
  return Math.round(miles / 10) * 10
}

interface Town extends Point {
  name: string
}

interface Outline {
  name: string
  polygons: Polygons
  frame: Frame
}

interface PlaceData {
  /** Towns by one-degree cell. */
  townCells: Map<string, Town[]>
  lakes: Outline[]
  parkUnits: Outline[]
}

const cellKey = (longitude: number, latitude: number) => `${Math.floor(longitude)}:${Math.floor(latitude)}`

/** Imported, not read from disk: the server build carries it (a file beside the sources is not deployed). */
function readParkUnits(): Outline[] {
  return (parkUnitData.units as { name: string; polygons: Polygons }[]).map((unit) => ({
    name: unit.name,
    polygons: unit.polygons,
    frame: lakeShape(0, unit.polygons).frame,
  }))
}

async function readPlaceData(db: Kysely<Database>): Promise<PlaceData> {
  const [towns, lakes] = await Promise.all([
    db
      .selectFrom('cities')
      .innerJoin('states', 'states.id', 'cities.state_id')
      .select(['cities.name', 'states.abbreviation', 'cities.latitude', 'cities.longitude'])
      .execute(),
    db.selectFrom('lakes').select(['id', 'name', 'polygons']).execute(),
  ])
  const townCells = new Map<string, Town[]>()
  for (const town of towns) {
    const key = cellKey(town.longitude, town.latitude)
    const cell = townCells.get(key) ?? []
    cell.push({ name: `${town.name}, ${town.abbreviation}`, latitude: town.latitude, longitude: town.longitude })
    townCells.set(key, cell)
  }
  return {
    townCells,
    lakes: lakes.map((lake) => {
      const polygons = JSON.parse(lake.polygons) as Polygons
      return { name: lake.name, polygons, frame: lakeShape(lake.id, polygons).frame }
    }),
    parkUnits: readParkUnits(),
  }
}

const loaded = new WeakMap<Kysely<Database>, Promise<PlaceData>>()

function placeData(db: Kysely<Database>) {
  let data = loaded.get(db)
  if (!data) {
    data = readPlaceData(db)
    loaded.set(db, data)
    data.catch(() => loaded.delete(db))
  }
  return data
}

function offsetTo(point: Point, place: Point): PointOffset {
  const east = (place.longitude - point.longitude) * milesPerDegreeOfLatitude * Math.cos((point.latitude * Math.PI) / 180)
  const north = (place.latitude - point.latitude) * milesPerDegreeOfLatitude
  return { miles: Math.hypot(east, north), east, north }
}

/** The nearest town: the cells around the point, widened ring by ring until a ring can hold nothing nearer. */
function nearestTown(cells: Map<string, Town[]>, point: Point) {
  let best: { town: Town; offset: PointOffset } | undefined
  for (let ring = 0; ring <= 10; ring++) {
    for (let dLongitude = -ring; dLongitude <= ring; dLongitude++) {
      for (let dLatitude = -ring; dLatitude <= ring; dLatitude++) {
        if (Math.max(Math.abs(dLongitude), Math.abs(dLatitude)) !== ring) continue
        for (const town of cells.get(cellKey(point.longitude + dLongitude, point.latitude + dLatitude)) ?? []) {
          const offset = offsetTo(point, town)
          if (!best || offset.miles < best.offset.miles) best = { town, offset }
        }
      }
    }
    // A cell `ring` away holds nothing nearer than `ring` degrees of longitude at this latitude.
    const ringMiles = ring * milesPerDegreeOfLatitude * Math.cos((Math.abs(point.latitude) * Math.PI) / 180)
    if (best && best.offset.miles <= ringMiles) break
  }
  return best
}

/**
 * The nearest outline within `withinMiles` (any distance when undefined). Outlines are measured
 * nearest frame first, and the search stops at a frame further off than the nearest outline found:
 * a point in Ohio measures a park or two, not all 61.
 */
function nearestOutline(outlines: readonly Outline[], point: Point, withinMiles = Number.POSITIVE_INFINITY) {
  const candidates: { outline: Outline; frameMiles: number }[] = []
  for (const outline of outlines) {
    const frameMiles = milesToFrame(outline.frame, point)
    if (frameMiles <= withinMiles) candidates.push({ outline, frameMiles })
  }
  candidates.sort((a, b) => a.frameMiles - b.frameMiles)
  let best: { outline: Outline; offset: PointOffset } | undefined
  for (const { outline, frameMiles } of candidates) {
    if (best && frameMiles >= best.offset.miles) break
    const offset = offsetToPolygons(outline.polygons, point)
    if (offset.miles <= withinMiles && (!best || offset.miles < best.offset.miles)) best = { outline, offset }
  }
  return best
}

const nearby = (name: string, offset: PointOffset): NearbyPlace => ({
  name,
  miles: roundMiles(offset.miles),
  direction: compassDirection(offset.east, offset.north),
})

/** The town nearest a point ('Austin, TX') and its distance in miles. */
export async function findNearestTown(db: Kysely<Database>, point: Point): Promise<{ name: string; miles: number } | undefined> {
  const town = nearestTown((await placeData(db)).townCells, point)
  return town && { name: town.town.name, miles: town.offset.miles }
}

/** What lies around the point: its nearest town, named lake (within `lakeSearchMiles`) and National Park Service unit. */
export async function findSurroundings(db: Kysely<Database>, point: Point): Promise<Surroundings> {
  const data = await placeData(db)
  const town = nearestTown(data.townCells, point)
  const lake = nearestOutline(data.lakes, point, lakeSearchMiles)
  const parkUnit = nearestOutline(data.parkUnits, point)
  return {
    town: town ? { ...nearby(town.town.name, town.offset), landDirection: compassDirection(-town.offset.east, -town.offset.north) } : null,
    lake: lake ? { ...nearby(lake.outline.name, lake.offset), isWaterfront: lake.offset.miles <= waterfrontMiles } : null,
    parkUnit: parkUnit ? { ...nearby(parkUnit.outline.name, parkUnit.offset), isInside: parkUnit.offset.miles === 0 } : null,
  }
}
