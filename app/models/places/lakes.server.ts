import fs from 'node:fs'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import type { Point } from '~/models/geo/shapes'
import { slugify } from '~/models/places/slugs'
import { createLakeLocator, grownFrame, lakeShape, type LakeShape, lakeShoreMiles, type Polygons } from './lake-shores.server'

/**
 * The lakes (decision 0018): stored from the project's Natural Earth extract, and which
 * listings lie near each one, written with the listing.
 */

interface LakeRecord {
  id: number
  name: string
  /** State abbreviations, the state holding most of the shore first. */
  states: string[]
  polygons: Polygons
}

const lakeDataFile = new URL('../../data/natural-earth-lakes.json', import.meta.url)

function readLakeRecords(): LakeRecord[] {
  return (JSON.parse(fs.readFileSync(lakeDataFile, 'utf8')) as { lakes: LakeRecord[] }).lakes
}

// Two columns a row: well under both databases' bind-parameter limits.
const rowsPerStatement = 2_000
const listingsPerRead = 50_000

async function insertListingLakes(db: Kysely<Database>, rows: { lake_id: number; listing_id: number }[]) {
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    await db
      .insertInto('listing_lakes')
      .values(rows.slice(start, start + rowsPerStatement))
      .execute()
  }
}

/** Which listings lie near each lake, for every listing already stored (the seed, or a database from before lakes). */
async function fillListingLakes(db: Kysely<Database>, lakes: LakeShape[]) {
  const lakesNear = createLakeLocator(lakes)
  let afterId = 0
  for (;;) {
    const listings = await db.selectFrom('listings').select(['id', 'latitude', 'longitude']).where('id', '>', afterId).orderBy('id').limit(listingsPerRead).execute()
    if (listings.length === 0) return
    const rows = listings.flatMap((listing) => lakesNear(listing).map((lakeId) => ({ lake_id: lakeId, listing_id: listing.id })))
    await db.transaction().execute((transaction) => insertListingLakes(transaction, rows))
    afterId = listings.at(-1)!.id
  }
}

/**
 * Stores the lakes with their states, then which stored listings are near each; does nothing
 * when lakes are already there. Run by the seed, and by `prepareData` on a database seeded before lakes.
 */
export async function seedLakes(db: Kysely<Database>) {
  if (await db.selectFrom('lakes').select('id').limit(1).executeTakeFirst()) return
  const states = await db.selectFrom('states').select(['id', 'abbreviation']).execute()
  const stateIds = new Map(states.map((state) => [state.abbreviation, state.id]))
  const records = readLakeRecords()
  const shapes = records.map((record) => lakeShape(record.id, record.polygons))
  await db.transaction().execute(async (transaction) => {
    for (const [index, record] of records.entries()) {
      const { frame } = shapes[index]!
      await transaction
        .insertInto('lakes')
        .values({ id: record.id, name: record.name, slug: slugify(record.name), ...frame, polygons: JSON.stringify(record.polygons) })
        .execute()
      const lakeStates = record.states.flatMap((abbreviation) => {
        const stateId = stateIds.get(abbreviation)
        return stateId === undefined ? [] : [{ state_id: stateId, lake_id: record.id }]
      })
      if (lakeStates.length > 0) await transaction.insertInto('lake_states').values(lakeStates).execute()
    }
  })
  await fillListingLakes(db, shapes)
}

/**
 * Rewrites which lakes one listing is near, from its point (a new or moved listing): only the
 * lakes whose grown frame holds the point are read and measured.
 */
export async function writeListingLakes(transaction: Transaction<Database>, listingId: number, point: Point) {
  await transaction.deleteFrom('listing_lakes').where('listing_id', '=', listingId).execute()
  const margin = grownFrame({ west: point.longitude, south: point.latitude, east: point.longitude, north: point.latitude }, lakeShoreMiles)
  const candidates = await transaction
    .selectFrom('lakes')
    .select(['id', 'polygons'])
    .where('west', '<=', margin.east)
    .where('east', '>=', margin.west)
    .where('south', '<=', margin.north)
    .where('north', '>=', margin.south)
    .execute()
  const lakesNear = createLakeLocator(candidates.map((lake) => lakeShape(lake.id, JSON.parse(lake.polygons) as Polygons)))
  const rows = lakesNear(point).map((lakeId) => ({ lake_id: lakeId, listing_id: listingId }))
  if (rows.length > 0) await transaction.insertInto('listing_lakes').values(rows).execute()
}
