import type { Kysely } from 'kysely'
import { withPointName } from '~/models/places/point-location.server'
import { type ParsedSearchPath, parseSearchPath } from '~/models/search/search-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import type { Database } from '~/models/db/db-schema'
import { type ResolvedLocation, loadGazetteer, resolveLocation } from '~/models/places/gazetteer.server'

export interface ResolvedSearch extends ParsedSearchPath {
  location: ResolvedLocation
}

/**
 * A search path of the site (with its query, e.g. `?keywords=`) read with the site's grammar and
 * its places looked up, as the results page reads its own URL; undefined when it is not a search
 * of this site or names an unknown place. For everything that keeps or receives a search path:
 * saved searches, their e-mail updates, downloads, map points.
 */
export async function resolveSearchPath(db: Kysely<Database>, site: SiteProfile, path: string): Promise<ResolvedSearch | undefined> {
  let url: URL
  try {
    url = new URL(path, 'http://same-site.invalid')
  } catch {
    return undefined
  }
  if (url.origin !== 'http://same-site.invalid') return undefined
  const parsed = parseSearchPath(site, url.pathname, url.searchParams)
  if (!parsed) return undefined
  const resolved = resolveLocation(await loadGazetteer(db), parsed.criteria)
  return resolved.ok ? { ...parsed, location: await withPointName(db, resolved.location, parsed.criteria) } : undefined
}
