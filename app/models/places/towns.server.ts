import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import type { Point } from '~/models/geo/shapes'
import type { PointOffset } from './lake-shores.server'

/**
 * The nearest town to a point, for a listing's surroundings ('12 miles northwest of Alpine, TX') and
 * a search around a point ('within 30 miles of Austin, TX'). The towns are read from the database
 * once per process, by one-degree cell; each lookup then measures the cells around the point.
 */

const milesPerDegreeOfLatitude = 69.09

interface Town extends Point {
  /** 'Austin, TX'. */
  name: string
}

const cellKey = (longitude: number, latitude: number) => `${Math.floor(longitude)}:${Math.floor(latitude)}`

async function readTownCells(db: Kysely<Database>) {
  const towns = await db
    .selectFrom('cities')
    .innerJoin('states', 'states.id', 'cities.state_id')
    .select(['cities.name', 'states.abbreviation', 'cities.latitude', 'cities.longitude'])
    .execute()
  const townCells = new Map<string, Town[]>()
  for (const town of towns) {
    const key = cellKey(town.longitude, town.latitude)
    const cell = townCells.get(key) ?? []
    cell.push({ name: `${town.name}, ${town.abbreviation}`, latitude: town.latitude, longitude: town.longitude })
    townCells.set(key, cell)
  }
  return townCells
}

// Places change only with a new seed or import, which restarts the process; a WeakMap lets a test's database go.
const loaded = new WeakMap<Kysely<Database>, Promise<Map<string, Town[]>>>()

function townCells(db: Kysely<Database>) {
  let cells = loaded.get(db)
  if (!cells) {
    cells = readTownCells(db)
    loaded.set(db, cells)
    cells.catch(() => loaded.delete(db))
  }
  return cells
}

function offsetTo(point: Point, place: Point): PointOffset {
  const east = (place.longitude - point.longitude) * milesPerDegreeOfLatitude * Math.cos((point.latitude * Math.PI) / 180)
  const north = (place.latitude - point.latitude) * milesPerDegreeOfLatitude
  return { miles: Math.hypot(east, north), east, north }
}

/** The nearest town and its offset from the point: the cells around it, widened ring by ring until a ring can hold nothing nearer. */
export async function findNearestTown(db: Kysely<Database>, point: Point): Promise<{ name: string; offset: PointOffset } | undefined> {
  const cells = await townCells(db)
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
  return best && { name: best.town.name, offset: best.offset }
}
