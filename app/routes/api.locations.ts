import type { LoaderFunctionArgs } from 'react-router'
import { suggestLocations } from '~/models/places/autocomplete.server'
import { databaseContext } from '~/http/database.server'
import { loadGazetteer } from '~/models/places/gazetteer.server'
import { searchCriteriaFrom, suggestionHref } from '~/models/places/location-search.server'
import { siteFromRequest } from '~/sites/site.server'

/** Location-box suggestions as JSON: each with the URL choosing it leads to. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const site = siteFromRequest(request)
  if (!site.searchGrammar) throw new Response('Not Found', { status: 404 })
  const url = new URL(request.url)
  const query = url.searchParams.get('q')?.trim().slice(0, 100) ?? ''
  if (query.length < 2) return Response.json([])
  const db = context.get(databaseContext)
  const gazetteer = await loadGazetteer(db)
  const from = searchCriteriaFrom(site, url.searchParams.get('from'))
  const suggestions = await suggestLocations(db, gazetteer, query, { limit: 8 })
  const items = await Promise.all(
    suggestions.map(async (suggestion) => ({ kind: suggestion.kind, label: suggestion.label, href: await suggestionHref(db, site, gazetteer, from, suggestion) })),
  )
  return Response.json(
    items.filter((item) => item.href !== undefined),
    { headers: { 'Cache-Control': 'public, max-age=300' } },
  )
}
