import { type LoaderFunctionArgs, type MetaFunction, redirect, useLoaderData } from 'react-router'
import { SearchLocationBox } from '~/components/search-location-box'
import { resolveFreeText } from '~/models/places/autocomplete.server'
import { databaseContext } from '~/http/database.server'
import { loadGazetteer } from '~/models/places/gazetteer.server'
import { searchCriteriaFrom, suggestionHref } from '~/models/places/location-search.server'
import { nearPointSearchPath, parseNearPoint } from '~/models/places/near-me.server'
import { siteFromRequest } from '~/sites/site.server'
import { buildSearchPath } from '~/models/search/search-path'
import { headContextFrom, pageMeta } from '~/utils/page-meta'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'

/**
 * The location box without JavaScript (spec §2 "Search bar"): free text goes to the best match's
 * canonical search URL, or to a page of candidates when it could mean several places.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const site = siteFromRequest(request)
  const db = context.get(databaseContext)
  if (!site.searchGrammar) throw new Response('Not Found', { status: 404 })
  const url = new URL(request.url)
  // 'Land for Sale Near Me' with the browser's position (spec §7: rounded to one decimal).
  const near = parseNearPoint(url.searchParams.get('near'))
  if (near) throw redirect(await nearPointSearchPath(db, site, near), 303)
  const query = url.searchParams.get('q')?.trim().slice(0, 100) ?? ''
  const fromPath = url.searchParams.get('from')
  const from = searchCriteriaFrom(site, fromPath)
  if (!query) throw redirect(buildSearchPath(site, from), 303)
  const gazetteer = await loadGazetteer(db)
  const resolution = await resolveFreeText(db, gazetteer, query)
  if (resolution.kind === 'match') {
    const href = await suggestionHref(db, site, gazetteer, from, resolution.suggestion)
    if (href) throw redirect(href, 303)
  }
  const suggestions = resolution.kind === 'ambiguous' ? resolution.suggestions : []
  const candidates = await Promise.all(
    suggestions.map(async (suggestion) => ({ label: suggestion.label, href: await suggestionHref(db, site, gazetteer, from, suggestion) })),
  )
  return { query, fromPath: fromPath ?? '', candidates: candidates.filter((candidate) => candidate.href !== undefined) }
}

export const handle: AnalyticsHandle = { analytics: 'search' }

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const context = headContextFrom(matches)
  return pageMeta(context, {
    title: `Search for “${data?.query ?? ''}” | ${context?.site.name ?? ''}`,
    description: 'Choose the place you meant.',
    canonicalPath: '/find',
    noindex: true,
  })
}

export default function FindLocation() {
  const { query, fromPath, candidates } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      {candidates.length > 0 ? (
        <>
          <h1 className="text-2xl font-bold text-brand">{`Which “${query}” did you mean?`}</h1>
          <ul className="mt-4 divide-y divide-ink/10 rounded-lg border border-ink/15 bg-white">
            {candidates.map((candidate) => (
              <li key={candidate.href}>
                <a href={candidate.href} className="block px-4 py-3 font-medium text-brand hover:bg-brand/5">
                  {candidate.label}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-brand">{`We couldn't find “${query}”`}</h1>
          <p className="mt-2">Try a state, county, city, lake, zip code or property ID, for example “Travis County, TX”, “Lake Okeechobee” or “Montana”.</p>
        </>
      )}
      <div className="mt-6">
        <SearchLocationBox from={fromPath} placeholder="Enter new location" />
      </div>
    </div>
  )
}
