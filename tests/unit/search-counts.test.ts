import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { migrateToLatest } from '~/models/db/db.server'
import { defaultPopularSearches, minimumCountedSearches, sitePopularity } from '~/models/places/popular.server'
import { countSearch, searchesByState, searchesByType } from '~/models/search/search-counts.server'
import { normalizeCriteria } from '~/models/search/search-criteria'
import { sites } from '~/sites/index'
import { freshPostgresDatabase, freshSqliteDatabase } from '../support/fresh-database'

const postgresUrl = process.env.TEST_POSTGRES_URL

const targets = [
  { name: 'SQLite', enabled: true, open: async () => freshSqliteDatabase('search-counts') },
  { name: 'PostgreSQL', enabled: !!postgresUrl, open: () => freshPostgresDatabase(postgresUrl!, 'search-counts') },
]

const states = [
  { id: 48, name: 'Texas', abbreviation: 'TX', slug: 'Texas', latitude: 31, longitude: -99 },
  { id: 50, name: 'Vermont', abbreviation: 'VT', slug: 'Vermont', latitude: 44, longitude: -72.7 },
]

/** Spec §7 logPopularSearch's counts, and the footers' popular lists they rank once there are enough. */
describe.each(targets)('search counts on $name', ({ enabled, open }) => {
  let db: Kysely<Database>
  const now = new Date('2026-11-20T12:00:00Z')

  beforeAll(async () => {
    if (!enabled) return
    db = await open()
    await migrateToLatest(db)
    await db.insertInto('states').values(states).execute()
  }, 60_000)

  afterAll(async () => {
    await db?.destroy()
  })

  test.runIf(enabled)('a search counts once per type it names, per site, state and day; an older count falls out of the last 30 days', async () => {
    const { siteId } = sites.farm
    await countSearch(db, { siteId, stateId: 48, criteria: normalizeCriteria({ propertyTypes: ['farms', 'ranches'] }) }, now)
    await countSearch(db, { siteId, stateId: 48, criteria: normalizeCriteria({ propertyTypes: ['farms'] }) }, now)
    await countSearch(db, { siteId, stateId: undefined, criteria: normalizeCriteria({ customSegment: 'cheap-land' }) }, now)
    await countSearch(db, { siteId, stateId: 50, criteria: normalizeCriteria({}) }, new Date('2026-10-01T12:00:00Z'))
    expect(Object.fromEntries(await searchesByState(db, siteId, now))).toEqual({ 48: 3 })
    expect(await searchesByType(db, siteId, now)).toEqual([
      { searchType: 'farms', searches: 2 },
      { searchType: 'cheap-land', searches: 1 },
      { searchType: 'ranches', searches: 1 },
    ])
  })

  test.runIf(enabled)(
    `below ${minimumCountedSearches} counted searches the footer keeps listing counts and the site’s own list; from it on, the counts rank`,
    async () => {
      const add = (siteId: number, stateId: number, searchType: string, searches: number) =>
        db
          .insertInto('search_counts')
          .values({ site_id: siteId, day: new Date().toISOString().slice(0, 10), state_id: stateId, search_type: searchType, searches })
          .execute()
      await add(sites.hunting.siteId, 50, 'timberland', minimumCountedSearches - 1)
      await add(sites.land.siteId, 50, 'timberland', minimumCountedSearches)

      const few = await sitePopularity(db, sites.hunting)
      expect(few.isFromSearchCounts).toEqual({ states: false, searches: false })
      expect(few.states.map((state) => state.name)).toEqual(['Texas', 'Vermont'])
      expect(few.searches.map((search) => search.label)).toEqual(defaultPopularSearches(sites.hunting).map((search) => search.label))

      const enough = await sitePopularity(db, sites.land)
      expect(enough.isFromSearchCounts).toEqual({ states: true, searches: true })
      expect(enough.states.map((state) => [state.name, state.searches])).toEqual([
        ['Vermont', minimumCountedSearches],
        ['Texas', 0],
      ])
      const landList = sites.land.footerSections.find((section) => section.kind === 'searches')!
      expect(enough.searches[0]).toEqual({ label: 'Timberland for Sale', criteria: { propertyTypes: ['timberland'] }, searches: minimumCountedSearches })
      expect(enough.searches.slice(1).map((search) => search.label)).toEqual(
        landList.kind === 'searches' ? landList.searches.slice(0, -1).map((search) => search.label) : [],
      )
    },
  )
})
