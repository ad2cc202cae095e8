import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { countDirectoryBrokers, findDirectoryBrokers } from '~/models/brokers/broker-directory.server'
import { findBroker, findBrokerListingStats } from '~/models/brokers/broker.server'
import type { Database } from '~/models/db/db-schema'
import { sites } from '~/sites/index'
import { freshPostgresDatabase, freshSqliteDatabase, migrateAndSeed } from '../support/fresh-database'

const postgresUrl = process.env.TEST_POSTGRES_URL
const farmScope = sites.farm.listingScopeBits

/** The broker model on each database kind, checked against SQL written here. */
describe.each([
  { name: 'SQLite', enabled: true, open: async () => freshSqliteDatabase('broker-model') },
  { name: 'PostgreSQL', enabled: !!postgresUrl, open: () => freshPostgresDatabase(postgresUrl!, 'broker_model') },
])('brokers on $name', ({ enabled, open }) => {
  let db: Kysely<Database>
  beforeAll(async () => {
    if (enabled) db = await migrateAndSeed(await open(), { listings: 600, seed: 11 })
  }, 120_000)
  afterAll(() => db?.destroy())

  const activeAccounts = (scopeBits: number) =>
    sql<{ account_id: number; listings: number; acres: number }>`select account_id, count(*) as listings, sum(acres) as acres from listings
      where status in (1, 2) and (${scopeBits} = 0 or (property_types & ${scopeBits}) <> 0) group by account_id`.execute(db)

  test.runIf(enabled)('the directory holds exactly the accounts with an active listing in scope, with their counts', async () => {
    for (const scopeBits of [0, farmScope]) {
      const expected = (await activeAccounts(scopeBits)).rows
      const { totalCount, brokers } = await findDirectoryBrokers(db, { scopeBits, sort: 'listings-desc', page: 1, pageSize: 1000 })
      expect(totalCount).toBe(expected.length)
      const byId = new Map(expected.map((row) => [row.account_id, Number(row.listings)]))
      for (const broker of brokers) expect(broker.listingCount).toBe(byId.get(broker.id))
      expect(brokers.map((broker) => broker.listingCount)).toEqual(brokers.map((broker) => broker.listingCount).sort((a, b) => b - a))
      const { byType } = await countDirectoryBrokers(db, { scopeBits })
      expect([...byType.values()].reduce((sum, count) => sum + count, 0)).toBe(expected.length)
    }
  })

  test.runIf(enabled)('price and acreage sorts run high to low, brokers without a real price last', async () => {
    const { brokers: byPrice } = await findDirectoryBrokers(db, { scopeBits: 0, sort: 'price-desc', page: 1, pageSize: 1000 })
    const prices = byPrice.map((broker) => broker.maxPrice ?? -1)
    expect(prices).toEqual([...prices].sort((a, b) => b - a))
    const { brokers: byAcres } = await findDirectoryBrokers(db, { scopeBits: 0, sort: 'acres-desc', page: 2, pageSize: 5 })
    expect(byAcres.map((broker) => broker.totalAcres)).toEqual(byAcres.map((broker) => broker.totalAcres).sort((a, b) => b - a))
  })

  test.runIf(enabled)('a name search matches contact or company names, and wildcards are plain characters', async () => {
    const [first] = (await findDirectoryBrokers(db, { scopeBits: 0, sort: 'name-asc', page: 1, pageSize: 1 })).brokers
    const word = first!.companyName.split(' ')[0]!.toUpperCase()
    const { brokers } = await findDirectoryBrokers(db, { scopeBits: 0, sort: 'default', page: 1, pageSize: 1000, name: word })
    expect(brokers.map((broker) => broker.id)).toContain(first!.id)
    for (const broker of brokers) expect(`${broker.contactName} ${broker.companyName}`.toUpperCase()).toContain(word)
    expect((await findDirectoryBrokers(db, { scopeBits: 0, sort: 'default', page: 1, pageSize: 10, name: '%' })).totalCount).toBe(0)
  })

  test.runIf(enabled)("a broker's statistics count their active listings in scope, and an unknown id is no broker", async () => {
    const [row] = (await activeAccounts(farmScope)).rows
    const stats = await findBrokerListingStats(db, { brokerId: row!.account_id, scopeBits: farmScope })
    expect(stats.activeListings).toBe(Number(row!.listings))
    expect(stats.totalAcres).toBeCloseTo(Number(row!.acres), 6)
    expect(stats.states.length).toBeGreaterThan(0)
    expect(await findBroker(db, 99_999_999)).toBeUndefined()
    expect((await findBroker(db, row!.account_id))?.id).toBe(row!.account_id)
  })
})
