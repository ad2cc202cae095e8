import type { Kysely } from 'kysely'
import { buildSearchPath } from '~/models/search/search-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import type { Database } from '~/models/db/db-schema'
import { countActiveFilters } from '~/models/search/search-criteria'
import { resolveSearchPath } from '~/models/search/search-request.server'
import { placeNames, searchHeading } from '~/models/search/search-seo'
import type { SavedSearch, SavedSearchNotify } from './saved-search'

/** A search about to be saved: its path in normal form, a name and a description for the list. */
export interface SearchToSave {
  path: string
  name: string
  description: string
  criteria: string
}

/**
 * Reads a search path (and its `?keywords=`) with the site's grammar, as the search page does:
 * undefined when it is not a search of this site or names an unknown place. The saved path is
 * always the first page, and its name the page's heading ('Travis County, TX Land for Sale').
 */
export async function searchToSave(db: Kysely<Database>, site: SiteProfile, path: string): Promise<SearchToSave | undefined> {
  const search = await resolveSearchPath(db, site, path)
  if (!search) return undefined
  const criteria = { ...search.criteria, page: 1 }
  const name = searchHeading(criteria, placeNames(search.location))
  const filterCount = countActiveFilters(criteria)
  const details = [
    filterCount > 0 ? `${filterCount} ${filterCount === 1 ? 'filter' : 'filters'}` : 'No filters',
    criteria.keywordQuery ? `keywords “${criteria.keywordQuery}”` : undefined,
  ]
  return { path: buildSearchPath(site, criteria), name, description: details.filter(Boolean).join(', '), criteria: JSON.stringify(criteria) }
}

/**
 * Saves the search for the user on the site; saving one already saved keeps the first. A Lands
 * Connector request saves its searches with e-mail updates on (`notify`), marked as its own.
 */
export async function saveSearch(
  db: Kysely<Database>,
  {
    userId,
    siteId,
    search,
    notify,
    landRequestId = null,
  }: { userId: number; siteId: number; search: SearchToSave; notify?: SavedSearchNotify; landRequestId?: number | null },
) {
  await db
    .insertInto('saved_searches')
    .values({
      user_id: userId,
      site_id: siteId,
      name: search.name,
      description: search.description,
      criteria: search.criteria,
      path: search.path,
      notify,
      land_request_id: landRequestId,
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'site_id', 'path']).doNothing())
    .execute()
}

export async function findSavedSearches(db: Kysely<Database>, { userId, siteId }: { userId: number; siteId: number }): Promise<SavedSearch[]> {
  const rows = await db
    .selectFrom('saved_searches')
    .select(['id', 'name', 'description', 'notify', 'path', 'active', 'created_at'])
    .where('user_id', '=', userId)
    .where('site_id', '=', siteId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    notify: row.notify as SavedSearchNotify,
    path: row.path,
    isActive: row.active === 1,
    createdAt: row.created_at,
  }))
}

export async function countSavedSearches(db: Kysely<Database>, { userId, siteId }: { userId: number; siteId: number }) {
  const row = await db
    .selectFrom('saved_searches')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** Renames a saved search or changes its e-mail updates; only the owner's, so false for anyone else's. */
export async function updateSavedSearch(
  db: Kysely<Database>,
  { userId, id, name, notify }: { userId: number; id: number; name: string; notify: SavedSearchNotify },
) {
  const result = await db.updateTable('saved_searches').set({ name, notify }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
  return result.numUpdatedRows > 0n
}

export async function deleteSavedSearch(db: Kysely<Database>, { userId, id }: { userId: number; id: number }) {
  const result = await db.deleteFrom('saved_searches').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
  return result.numDeletedRows > 0n
}
