import type { Route } from './+types/find'
import { redirect } from 'react-router'
import { SearchLocationBox } from '~/components/search-location-box'
import { answerBoxText } from '~/models/places/sentence-find.server'
import { databaseContext } from '~/http/database.server'
import { loadGazetteer } from '~/models/places/gazetteer.server'
import { searchCriteriaFrom } from '~/models/places/location-search.server'
import { nearPointSearchPath, parseNearPoint } from '~/models/places/near-me.server'
import { siteFromRequest } from '~/sites/site.server'
import { buildSearchPath } from '~/models/search/search-path'
import { sentenceMaxLength } from '~/models/search/sentence-search'
import { headContextFrom, pageMeta } from '~/utils/page-meta'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'

/**
 * The location box without JavaScript (spec §2 "Search bar"): free text goes to the best match's
 * canonical search URL, or to a page of candidates when it could mean several places. A sentence
 * ('hunting land in Brewster County TX under $250k', issue 40) goes to the search it means; a
 * place's name alone is read as before, so 'Austin' still offers every Austin.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const site = siteFromRequest(request)
  const db = context.get(databaseContext)
  if (!site.searchGrammar) throw new Response('Not Found', { status: 404 })
  const url = new URL(request.url)
  // 'Land for Sale Near Me' with the browser's position (spec §7: rounded to one decimal).
  const near = parseNearPoint(url.searchParams.get('near'))
  if (near) throw redirect(await nearPointSearchPath(db, site, near), 303)
  const query = url.searchParams.get('q')?.trim().slice(0, sentenceMaxLength) ?? ''
  const fromPath = url.searchParams.get('from')
  const from = searchCriteriaFrom(site, fromPath)
  if (!query) throw redirect(buildSearchPath(site, from), 303)
  const answer = await answerBoxText(db, site, await loadGazetteer(db), query, from)
  if (answer.kind === 'search') throw redirect(answer.href, 303)
  return {
    query,
    fromPath: fromPath ?? '',
    candidates: answer.kind === 'choices' ? answer.candidates : [],
    keywordSearchHref: answer.kind === 'not-understood' ? answer.keywordSearchHref : undefined,
  }
}

export const handle: AnalyticsHandle = { analytics: 'search' }

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const context = headContextFrom(matches)
  return pageMeta(context, {
    title: `Search for “${data?.query ?? ''}” | ${context?.site.name ?? ''}`,
    description: 'Choose the place you meant.',
    canonicalPath: '/find',
    noindex: true,
  })
}

export default function FindLocation({ loaderData: { query, fromPath, candidates, keywordSearchHref } }: Route.ComponentProps) {
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
          <p className="mt-2">
            Try a state, county, city, lake, zip code or property ID, for example “Travis County, TX”, “Lake Okeechobee” or “Montana”, or say what you want: “hunting
            land in Brewster County TX under $250k”.
          </p>
          {keywordSearchHref ? (
            <p className="mt-2">
              <a href={keywordSearchHref} className="font-medium text-brand underline">
                {`Search all listings for “${query}”`}
              </a>
            </p>
          ) : null}
        </>
      )}
      <div className="mt-6">
        <SearchLocationBox from={fromPath} placeholder="Enter new location" />
      </div>
    </div>
  )
}
