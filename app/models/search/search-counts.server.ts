import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import type { CustomSegmentKey, SearchCriteria } from './search-criteria'
import type { PropertyTypeKey } from './search-options'

/**
 * Searches counted per site, state and search type per day (spec §7 logPopularSearch): what
 * people look for, which ranks the footers' popular states and searches (popular.server.ts).
 */
export type SearchType = PropertyTypeKey | CustomSegmentKey

/** How far back popularity looks, and how long counts are kept. */
export const countedDays = 30
const keptDays = 90

const dayOf = (date: Date) => date.toISOString().slice(0, 10)
const daysBefore = (date: Date, days: number) => dayOf(new Date(date.getTime() - days * 86_400_000))

/** What a search looks for: its landing segment, else each property type; none is ''. */
export function searchTypesOf(criteria: Pick<SearchCriteria, 'customSegment' | 'propertyTypes'>): (SearchType | '')[] {
  if (criteria.customSegment) return [criteria.customSegment]
  return criteria.propertyTypes.length > 0 ? [...criteria.propertyTypes] : ['']
}

let prunedOn: string | undefined

/** Counts one search (once for each type it names); once a day, counts past `keptDays` are dropped. */
export async function countSearch(
  db: Kysely<Database>,
  search: { siteId: number; stateId: number | undefined; criteria: Pick<SearchCriteria, 'customSegment' | 'propertyTypes'> },
  now = new Date(),
) {
  const day = dayOf(now)
  const rows = searchTypesOf(search.criteria).map((searchType) => ({
    site_id: search.siteId,
    day,
    state_id: search.stateId ?? 0,
    search_type: searchType,
    searches: 1,
  }))
  await db
    .insertInto('search_counts')
    .values(rows)
    .onConflict((conflict) =>
      conflict.columns(['site_id', 'day', 'state_id', 'search_type']).doUpdateSet((eb) => ({ searches: eb('search_counts.searches', '+', 1) })),
    )
    .execute()
  if (prunedOn !== day) {
    prunedOn = day
    await db.deleteFrom('search_counts').where('day', '<', daysBefore(now, keptDays)).execute()
  }
}

/** The site's searches of the last `countedDays` days by state (a search of the whole country is not a state's). */
export async function searchesByState(db: Kysely<Database>, siteId: number, now = new Date()): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('search_counts')
    .where('site_id', '=', siteId)
    .where('day', '>=', daysBefore(now, countedDays))
    .where('state_id', '!=', 0)
    .groupBy('state_id')
    .select((eb) => ['state_id', eb.fn.sum<number>('searches').as('searches')])
    .execute()
  return new Map(rows.map((row) => [row.state_id, Number(row.searches)]))
}

/** The site's searches of the last `countedDays` days by search type, most first (searches of no type left out). */
export async function searchesByType(db: Kysely<Database>, siteId: number, now = new Date()): Promise<{ searchType: SearchType; searches: number }[]> {
  const rows = await db
    .selectFrom('search_counts')
    .where('site_id', '=', siteId)
    .where('day', '>=', daysBefore(now, countedDays))
    .where('search_type', '!=', '')
    .groupBy('search_type')
    .select((eb) => ['search_type', eb.fn.sum<number>('searches').as('searches')])
    .execute()
  return rows
    .map((row) => ({ searchType: row.search_type as SearchType, searches: Number(row.searches) }))
    .sort((a, b) => b.searches - a.searches || a.searchType.localeCompare(b.searchType))
}
