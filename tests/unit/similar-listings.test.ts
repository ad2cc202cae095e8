import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { findSimilarListings } from '~/models/listings/listing-detail.server'
import { freshPostgresDatabase, freshSqliteDatabase, migrateAndSeed } from '../support/fresh-database'

const postgresUrl = process.env.TEST_POSTGRES_URL
const targets = [
  { name: 'SQLite', enabled: true, open: async () => freshSqliteDatabase('similar-listings') },
  { name: 'PostgreSQL', enabled: !!postgresUrl, open: () => freshPostgresDatabase(postgresUrl!, 'similar-listings') },
]

describe.each(targets)('similar listings nearby on $name', ({ enabled, open }) => {
  let db: Kysely<Database>

  beforeAll(async () => {
    if (enabled) db = await migrateAndSeed(await open(), { listings: 400, seed: 11 })
  }, 120_000)

  afterAll(async () => {
    await db?.destroy()
  })

  /** Two active listings of the same size and price, moved to the given points; their ids. */
  async function placePair(first: [number, number], second: [number, number]) {
    const { rows } = await sql<{ id: number }>`select id from listings where status = 1 order by id limit 2`.execute(db)
    const ids = rows.map((row) => row.id)
    for (const [index, [latitude, longitude]] of [first, second].entries()) {
      await db.updateTable('listings').set({ latitude, longitude, acres: 40, price: 200_000 }).where('id', '=', ids[index]!).execute()
    }
    return ids as [number, number]
  }

  async function similarTo(id: number, { excludeAccountId }: { excludeAccountId?: number } = {}) {
    const listing = await db
      .selectFrom('listings')
      .select(['id', 'county_id as countyId', 'latitude', 'longitude', 'acres', 'price'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    return (await findSimilarListings(db, listing, { scopeBits: 0, excludeAccountId })).map((similar) => similar.id)
  }

  test.skipIf(!enabled)('a listing a few hundred feet away across a quarter degree of latitude is the nearest, both ways', async () => {
    // 40.25° is a band edge; the two points lie in the empty middle of the Pacific, so they are each other's only neighbours.
    const [south, north] = await placePair([40.2499, -140], [40.2501, -140.001])
    expect((await similarTo(south))[0]).toBe(north)
    expect((await similarTo(north))[0]).toBe(south)
  })

  test.skipIf(!enabled)('a listing south of the equator finds its neighbour across it', async () => {
    const [south, north] = await placePair([-0.0001, -150], [0.0001, -150])
    expect((await similarTo(south))[0]).toBe(north)
    expect((await similarTo(north))[0]).toBe(south)
  })

  test.skipIf(!enabled)('a listing of the broker whose other land the page lists is not offered again', async () => {
    const [south, north] = await placePair([-10.0001, -150], [-10.0002, -150])
    const { accountId } = await db.selectFrom('listings').select('account_id as accountId').where('id', '=', north).executeTakeFirstOrThrow()
    expect((await similarTo(south))[0]).toBe(north)
    expect(await similarTo(south, { excludeAccountId: accountId })).not.toContain(north)
  })
})
