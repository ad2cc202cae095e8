import type { Route } from './+types/api.locations'
import { suggestLocations } from '~/models/places/autocomplete.server'
import { databaseContext } from '~/http/database.server'
import { loadGazetteer } from '~/models/places/gazetteer.server'
import { searchCriteriaFrom, suggestionHref } from '~/models/places/location-search.server'
import { sentenceSuggestion } from '~/models/places/sentence-find.server'
import { sentenceMaxLength } from '~/models/search/sentence-search'
import { siteFromRequest } from '~/sites/site.server'

/** Location-box suggestions as JSON: each with the URL choosing it leads to; a sentence's meaning first (issue 40). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const site = siteFromRequest(request)
  if (!site.searchGrammar) throw new Response('Not Found', { status: 404 })
  const url = new URL(request.url)
  const query = url.searchParams.get('q')?.trim().slice(0, sentenceMaxLength) ?? ''
  if (query.length < 2) return Response.json([])
  const db = context.get(databaseContext)
  const gazetteer = await loadGazetteer(db)
  const from = searchCriteriaFrom(site, url.searchParams.get('from'))
  const [sentence, suggestions] = await Promise.all([sentenceSuggestion(db, site, gazetteer, query), suggestLocations(db, gazetteer, query, { limit: 8 })])
  const items = await Promise.all(
    suggestions.map(async (suggestion) => ({ kind: suggestion.kind, label: suggestion.label, href: await suggestionHref(db, site, gazetteer, from, suggestion) })),
  )
  return Response.json([...(sentence ? [sentence] : []), ...items.filter((item) => item.href !== undefined)], {
    headers: { 'Cache-Control': 'public, max-age=300' },
  })
}
