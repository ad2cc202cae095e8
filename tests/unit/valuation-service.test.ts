import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { parcelOf, valueInputs } from '~/models/valuation/valuation.server'
import type { ValuationInputs } from '~/models/valuation/valuation-path'
import { freshSqliteDatabase, migrateAndSeed } from '../support/fresh-database'

/** AcreWorth's valuations on a seeded database (issue 16): inputs read into a parcel, wrong ones answered in words, and a value from its sold listings. */
let db: Kysely<Database>
const travis: ValuationInputs = { state: 'texas', county: 'travis-county', acres: 40, propertyTypes: ['recreational-land'], house: null, features: [], point: null }

beforeAll(async () => {
  db = await migrateAndSeed(freshSqliteDatabase('valuation-service'), { listings: 1_000, seed: 11 })
})

afterAll(async () => {
  await db.destroy()
})

describe('valuing inputs', () => {
  test('a county parcel without a point sits at the county centre; a point in the next county is refused in words', async () => {
    const outcome = await parcelOf(db, travis)
    expect(outcome).toMatchObject({
      ok: true,
      place: { state: 'Texas', county: 'Travis County' },
      parcel: { stateId: 48, countyId: 48453, acres: 40, hasHouse: false },
    })
    expect(await parcelOf(db, { ...travis, point: { latitude: 30.05, longitude: -98 } })).toEqual({
      ok: false,
      problems: ['This point is not in Travis County, TX: move it onto the land, or choose the county it is in.'],
    })
    expect(await parcelOf(db, { ...travis, county: 'atlantis-county' })).toEqual({ ok: false, problems: ['There is no county of that name in Texas.'] })
    expect(await parcelOf(db, { ...travis, state: 'atlantis' })).toEqual({ ok: false, problems: ['Please choose a state from the list.'] })
  })

  test('a parcel is valued from earlier sales, with a range around the estimate', async () => {
    const outcome = await parcelOf(db, { ...travis, point: { latitude: 30.2672, longitude: -97.7431 } })
    if (!outcome.ok) throw new Error(outcome.problems.join(' '))
    const valuation = (await valueInputs(db, outcome.parcel))!
    expect(valuation.basis).toBe('comparables')
    expect(valuation.value).toBeGreaterThan(0)
    expect(valuation.low).toBeLessThan(valuation.value)
    expect(valuation.high).toBeGreaterThan(valuation.value)
    expect(valuation.comparables.length).toBeGreaterThan(0)
    expect(valuation.comparables.every((comparable) => comparable.sale.soldAt < Date.now())).toBe(true)
  })

  test('a house on that land, among so few sales, finds too few comparables within the gross adjustment cap: a county-level range', async () => {
    const outcome = await parcelOf(db, { ...travis, point: { latitude: 30.2672, longitude: -97.7431 }, house: { beds: 3, baths: 2, squareFeet: null } })
    if (!outcome.ok) throw new Error(outcome.problems.join(' '))
    const valuation = (await valueInputs(db, outcome.parcel))!
    expect(valuation).toMatchObject({ basis: 'county', confidence: 'low', comparables: [] })
    expect(valuation.houseValue).toBeGreaterThan(0)
    expect(valuation.low).toBeLessThan(valuation.value)
    expect(valuation.high).toBeGreaterThan(valuation.value)
  })
})
