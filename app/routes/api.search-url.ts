import { loadGazetteer } from '~/models/places/gazetteer.server'
import { criteriaFromJson } from '~/models/search/criteria-json.server'
import { buildSearchPath } from '~/models/search/search-path'
import { apiCall, badRequest, methodNotAllowed, readJsonBody, requireThisSiteId } from './api.server'

/**
 * Spec §7 POST /api/property/searchUrl/{siteId}: search criteria JSON (criteria-json.server.ts)
 * in, the search's URL out as plain text (the grammar's `buildSearchPath`); an empty string when
 * the criteria name an unknown place or the site has no search. Malformed criteria are a 400.
 */
export const action = apiCall({ name: 'searchurl', limit: 60, windowMs: 60_000 }, async ({ request, params, site, db }) => {
  requireThisSiteId(site, params.siteId)
  const body = await readJsonBody(request)
  const read = criteriaFromJson(await loadGazetteer(db), body)
  if (!read.ok && read.reason === 'invalid') badRequest(read.message)
  const path = read.ok && site.searchGrammar ? buildSearchPath(site, read.criteria) : ''
  return new Response(path, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
})

export const loader = methodNotAllowed
