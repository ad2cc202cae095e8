import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { marketStatus } from '~/models/listings/enumerations'
import { priceTrends, trendOf } from '~/models/valuation/price-trends.server'
import { freshSqliteDatabase, migrateAndSeed } from '../support/fresh-database'

let db: Kysely<Database>

beforeAll(async () => {
  db = await migrateAndSeed(freshSqliteDatabase('price-trends'), { listings: 400, seed: 7 })
}, 60_000)

afterAll(async () => {
  await db.destroy()
})

async function soldCount(column: 'state_id' | 'county_id', id: number) {
  const { rows } = await sql<{ count: number }>`select count(*) as count from listings
    where status = ${marketStatus.sold} and sales_price > 0 and sales_date is not null and acres > 0 and ${sql.ref(column)} = ${id}`.execute(db)
  return Number(rows[0]!.count)
}

test('every place’s trend counts the sold listings in it, and a place without sales has an empty one', async () => {
  const trends = await priceTrends(db)
  const [stateId, stateTrend] = [...trends.states].sort((a, b) => b[1].sales - a[1].sales)[0]!
  const [countyId] = [...trends.counties][0]!
  expect(stateTrend.sales).toBe(await soldCount('state_id', stateId))
  expect(trendOf(trends, { kind: 'county', id: countyId }).sales).toBe(await soldCount('county_id', countyId))
  expect(trendOf(trends).sales).toBe([...trends.states.values()].reduce((sum, trend) => sum + trend.sales, 0))
  const empty = trendOf(trends, { kind: 'county', id: -1 })
  expect(empty).toMatchObject({ sales: 0, perAcre: null })
  expect(empty.quarters).toHaveLength(trends.national.quarters.length)
})

test('is computed once and shared', async () => {
  expect(await priceTrends(db)).toBe(await priceTrends(db))
})
