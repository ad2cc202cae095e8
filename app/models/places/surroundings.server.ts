import type { Kysely } from 'kysely'
import parkUnitData from '~/data/natural-earth-park-units.json'
import type { Database } from '~/models/db/db-schema'
import type { Point } from '~/models/geo/shapes'
import { type PointOffset, type Polygons, lakeShape, milesToFrame, offsetToPolygons } from './lake-shores.server'
import { type NearbyPlace, type Surroundings, lakeSearchMiles } from './surroundings'
import { findNearestTown } from './towns.server'
import type { Frame } from './us-atlas.server'

/**
 * The land around a listing (issue 19 item 4): the nearest town, the nearest named lake (and
 * whether the land is on its shore) and the nearest National Park Service unit, each with its
 * distance and direction. The town is towns.server.ts's; the lakes are read from the database once
 * per process, the park units from the project's Natural Earth extract (app/data/README.md); each
 * page then measures in memory. The data has no county seats, so none is named.
 */

/**
 * Land within this distance of a shore is 'Waterfront on Lake …': about 500 m, as Natural Earth's
 * 1:10m shores can lie a few hundred metres off the real one (decision 0018).
 */
export const waterfrontMiles = 0.3

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

interface Outline {
  name: string
  polygons: Polygons
  frame: Frame
}

interface PlaceData {
  lakes: Outline[]
  parkUnits: Outline[]
}

/** Imported, not read from disk: the server build carries it (a file beside the sources is not deployed). */
function readParkUnits(): Outline[] {
  return (parkUnitData.units as { name: string; polygons: Polygons }[]).map((unit) => ({
    name: unit.name,
    polygons: unit.polygons,
    frame: lakeShape(0, unit.polygons).frame,
  }))
}

async function readPlaceData(db: Kysely<Database>): Promise<PlaceData> {
  const lakes = await db.selectFrom('lakes').select(['id', 'name', 'polygons']).execute()
  return {
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

/** What lies around the point: its nearest town, named lake (within `lakeSearchMiles`) and National Park Service unit. */
export async function findSurroundings(db: Kysely<Database>, point: Point): Promise<Surroundings> {
  const [data, town] = await Promise.all([placeData(db), findNearestTown(db, point)])
  const lake = nearestOutline(data.lakes, point, lakeSearchMiles)
  const parkUnit = nearestOutline(data.parkUnits, point)
  return {
    town: town ? { ...nearby(town.name, town.offset), landDirection: compassDirection(-town.offset.east, -town.offset.north) } : null,
    lake: lake ? { ...nearby(lake.outline.name, lake.offset), isWaterfront: lake.offset.miles <= waterfrontMiles } : null,
    parkUnit: parkUnit ? { ...nearby(parkUnit.outline.name, parkUnit.offset), isInside: parkUnit.offset.miles === 0 } : null,
  }
}
