import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import parkUnitData from '~/data/natural-earth-park-units.json'
import type { Database } from '~/models/db/db-schema'
import { listingChecks } from '~/models/trust/listing-checks'
import type { Polygons } from '~/models/places/lake-shores.server'
import { compassDirection, findSurroundings, roundMiles, waterfrontMiles } from '~/models/places/surroundings.server'
import { freshSqliteDatabase, migrateAndSeed } from '../support/fresh-database'
import { byLakeOkeechobee } from '../support/lakeside-listing'

/** The land around a listing (issue 19 item 4) and the checks it passed (item 3). */
let db: Kysely<Database>

beforeAll(async () => {
  db = await migrateAndSeed(freshSqliteDatabase('surroundings'), { listings: 200, seed: 3 })
})

afterAll(async () => {
  await db?.destroy()
})

const units = parkUnitData.units as { name: string; polygons: Polygons }[]
const ringOf = (polygons: Polygons) => polygons[0]![0]!

describe('the land around a listing', () => {
  test('the project ships the 61 National Park Service units of Natural Earth, named in full', () => {
    expect(units).toHaveLength(61)
    expect(units.map((unit) => unit.name)).toContain('Canaveral National Seashore')
    expect(units.every((unit) => !/\b(NS|NM|NRA|N PRES)\b/.test(unit.name))).toBe(true)
  })

  test('land by the town of Okeechobee: the town, and Lake Okeechobee about 4 miles south, not waterfront', async () => {
    const { town, lake } = await findSurroundings(db, byLakeOkeechobee)
    expect(town?.name).toBe('Okeechobee, FL')
    expect(town!.miles).toBeLessThanOrEqual(5)
    expect(lake).toMatchObject({ name: 'Lake Okeechobee', direction: 'south', isWaterfront: false })
    expect(lake!.miles).toBeGreaterThanOrEqual(3)
    expect(lake!.miles).toBeLessThanOrEqual(5)
  })

  test('land on the shore of Lake Okeechobee is waterfront on it', async () => {
    const row = await db.selectFrom('lakes').select('polygons').where('name', '=', 'Lake Okeechobee').executeTakeFirstOrThrow()
    const [longitude, latitude] = ringOf(JSON.parse(row.polygons) as Polygons)[0]!
    const { lake } = await findSurroundings(db, { latitude: latitude!, longitude: longitude! })
    expect(lake).toMatchObject({ name: 'Lake Okeechobee', isWaterfront: true })
    expect(lake!.miles).toBeLessThanOrEqual(waterfrontMiles)
  })

  test('land inside Yellowstone is inside the park; land west of Big Bend is that far from it, to the east', async () => {
    expect((await findSurroundings(db, { latitude: 44.5, longitude: -110.5 })).parkUnit).toMatchObject({ name: 'Yellowstone National Park', isInside: true })
    const bigBend = units.find((unit) => unit.name === 'Big Bend National Park')!
    const westmost = ringOf(bigBend.polygons).reduce((west, position) => (position[0]! < west[0]! ? position : west))
    const { parkUnit } = await findSurroundings(db, { latitude: westmost[1]!, longitude: westmost[0]! - 0.2 })
    expect(parkUnit).toMatchObject({ name: 'Big Bend National Park', direction: 'east', isInside: false })
    // 0.2° of longitude at 29° north is about 12 miles.
    expect(parkUnit!.miles).toBeGreaterThanOrEqual(11)
    expect(parkUnit!.miles).toBeLessThanOrEqual(13)
  })

  test('directions are the eight compass points; distances are rounded for reading', () => {
    expect([compassDirection(0, 1), compassDirection(1, 1), compassDirection(1, 0), compassDirection(-1, -1), compassDirection(-1, 0.2)]).toEqual([
      'north',
      'northeast',
      'east',
      'southwest',
      'west',
    ])
    expect([roundMiles(0.34), roundMiles(12.4), roundMiles(134)]).toEqual([0.3, 12, 130])
  })
})

describe('checks passed', () => {
  const facts = {
    countyName: 'Travis County',
    isPointInCounty: true,
    feedReasons: null,
    isSizeCheckedAgainstPrice: true,
    keeper: 'broker',
    updatedAt: '2026-11-20T10:00:00Z',
    now: new Date('2026-11-23T12:00:00Z'),
  }

  test('a seller’s listing: its county, its size against its price, and when it was last updated', () => {
    expect(listingChecks(facts)).toEqual(['Location matches Travis County', 'Size checked against the price', 'Updated by the broker 3 days ago'])
  })

  test('a feed listing says what the gate fixed and that it was checked for duplicates', () => {
    expect(listingChecks({ ...facts, feedReasons: ['POINT_FROM_ZIP', 'SQUARE_FEET_AS_ACRES'], updatedAt: '2026-11-23T08:00:00Z' })).toEqual([
      'Location placed at its zip code, which lies in Travis County',
      'Size converted from square feet to acres and checked against the price',
      'Checked against other partners’ listings of the same land',
      'Updated by the broker today',
    ])
  })

  test('what could not be checked is not claimed', () => {
    expect(listingChecks({ ...facts, isPointInCounty: false, isSizeCheckedAgainstPrice: false, keeper: 'seller' })).toEqual(['Updated by the seller 3 days ago'])
  })
})
