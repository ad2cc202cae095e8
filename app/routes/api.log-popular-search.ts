import { recordClientLog } from '~/models/logs/client-log.server'
import { loadGazetteer } from '~/models/places/gazetteer.server'
import { criteriaFromJson } from '~/models/search/criteria-json.server'
import { countSearch } from '~/models/search/search-counts.server'
import { apiCall, badRequest, methodNotAllowed, notFound, readJsonBody, requireThisSiteId } from './api.server'

/**
 * Spec §7 POST /api/Popular/logPopularSearch/{siteId}: counts a search (criteria JSON, as
 * searchUrl reads it) for the footers' popular states and searches; answers 204. Null criteria are
 * reported as a critical-yellow log entry (and a 400); criteria naming an unknown place are a 400.
 * The search pages count their own searches on the server, so they never call this.
 */
export const action = apiCall({ name: 'logpopularsearch', limit: 30, windowMs: 60_000 }, async ({ request, params, site, db }) => {
  requireThisSiteId(site, params.siteId)
  if (!site.searchGrammar) notFound(`${site.name} has no search.`)
  const body = await readJsonBody(request)
  if (body === null) {
    const pageUrl = request.headers.get('referer') ?? ''
    const userAgent = request.headers.get('user-agent') ?? ''
    await recordClientLog(db, {
      siteId: site.siteId,
      severity: 'critical-yellow',
      message: 'logPopularSearch: null search criteria',
      pageUrl,
      referringUrl: '',
      userAgent,
      componentStack: null,
    })
    badRequest('The body must be search criteria, not null.')
  }
  const read = criteriaFromJson(await loadGazetteer(db), body)
  if (!read.ok) badRequest(read.reason === 'invalid' ? read.message : 'The criteria name a place this site does not know.')
  await countSearch(db, { siteId: site.siteId, stateId: read.stateId, criteria: read.criteria })
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
})

export const loader = methodNotAllowed
