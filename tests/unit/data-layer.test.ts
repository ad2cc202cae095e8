import { type Kysely, Migrator, NO_MIGRATIONS, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { migrateToLatest } from '~/models/db/db.server'
import { dialectOf, listingMatchesKeywords, preparedStatement, syncIdentity } from '~/models/db/dialect.server'
import { popularStates } from '~/models/places/popular.server'
import { migrations } from '~/models/db/migrations'
import { seedDatabase } from '~/dev-data/seed.server'
import { freshPostgresDatabase, freshSqliteDatabase } from '../support/fresh-database'

const postgresUrl = process.env.TEST_POSTGRES_URL

/** A fresh, empty database of each kind: a temp SQLite file, and a new PostgreSQL database. */
const targets = [
  {
    name: 'SQLite',
    enabled: true,
    open: async () => freshSqliteDatabase('data-layer'),
  },
  {
    name: 'PostgreSQL',
    enabled: !!postgresUrl,
    open: () => freshPostgresDatabase(postgresUrl!, 'data-layer'),
  },
]

describe.each(targets)('the data layer on $name', ({ enabled, open }) => {
  let db: Kysely<Database>

  beforeAll(async () => {
    if (!enabled) return
    db = await open()
    await migrateToLatest(db)
    await seedDatabase(db, { listings: 400, seed: 7, demoUsers: true })
  }, 120_000)

  afterAll(async () => {
    await db?.destroy()
  })

  test.skipIf(!enabled)('migrations are applied once: a second run has nothing to do', async () => {
    expect(await migrateToLatest(db)).toEqual([])
  })

  test.skipIf(!enabled)('the seeded inventory is queryable through the shared models', async () => {
    const states = await popularStates(db, 0)
    const activeListings = states.reduce((sum, state) => sum + state.listings, 0)
    expect(activeListings).toBeGreaterThan(250)
    expect(activeListings).toBeLessThan(400)
    expect(states.filter((state) => state.listings > 0).length).toBeGreaterThan(10)
  })

  test.skipIf(!enabled)('keyword search finds listings by a word of their title, and user text is never query syntax', async () => {
    const sample = await db.selectFrom('listings').select(['id', 'title']).orderBy('id').limit(1).executeTakeFirstOrThrow()
    const word = sample.title.split(/\s+/).find((part) => /^[A-Za-z]{5,}$/.test(part))!
    const matches = await db.selectFrom('listings').where(listingMatchesKeywords(db, word)).select('id').execute()
    expect(matches.map((row) => row.id)).toContain(sample.id)

    for (const hostile of ['"OR (', "'; drop table listings; --", 'NEAR(a b) * ^', '']) {
      await db.selectFrom('listings').where(listingMatchesKeywords(db, hostile)).select('id').execute()
    }
    expect(
      Number(
        (
          await db
            .selectFrom('listings')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(400)
  })

  test.skipIf(!enabled)(
    'a lookup marked as a prepared statement answers alike on every run; PostgreSQL keeps it for the connection, and no other query',
    async () => {
      const sample = await db.selectFrom('listings').select(['id', 'title']).orderBy('id').limit(1).executeTakeFirstOrThrow()
      await db.connection().execute(async (connection) => {
        const lookup = (id: number) => connection.selectFrom('listings').select(['id', 'title']).where('id', '=', id).$call(preparedStatement).executeTakeFirst()
        // Past the five runs after which PostgreSQL may keep one plan for every value.
        for (let run = 0; run < 7; run++) expect(await lookup(sample.id)).toEqual(sample)
        expect(await lookup(-1)).toBeUndefined()
        if (dialectOf(connection) !== 'postgres') return
        const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection)
        const statements = rows.map((row) => row.statement)
        expect(statements.filter((statement) => statement.includes('select "id", "title" from "listings" where "id" = $1'))).toHaveLength(1)
        expect(statements.every((statement) => statement.endsWith('/* prepared */'))).toBe(true)
      })
    },
  )

  test.skipIf(!enabled)('a row inserted without an id after the seed gets the next free id', async () => {
    await syncIdentity(db, 'users')
    const inserted = await db
      .insertInto('users')
      .values({ email: 'buyer@example.com', password_hash: 'x', contact_name: 'Pat Buyer', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(inserted.id).toBeGreaterThan(0)
    const { maxId } = await db
      .selectFrom('listings')
      .select((eb) => eb.fn.max('id').as('maxId'))
      .executeTakeFirstOrThrow()
    const listing = await db.selectFrom('listings').selectAll().where('id', '=', Number(maxId)).executeTakeFirstOrThrow()
    const { id: _, ...copy } = listing as typeof listing & { search_vector?: unknown }
    delete (copy as { search_vector?: unknown }).search_vector
    const newListing = await db.insertInto('listings').values(copy).returning('id').executeTakeFirstOrThrow()
    expect(newListing.id).toBe(Number(maxId) + 1)
  })

  test.skipIf(!enabled)('every migration can be rolled back to an empty database', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
    const { error } = await migrator.migrateTo(NO_MIGRATIONS)
    expect(error).toBeUndefined()
    const tables = (await db.introspection.getTables()).map((table) => table.name).filter((name) => !name.startsWith('kysely_'))
    expect(tables).toEqual([])
    await sql`select 1`.execute(db)
  })
})
