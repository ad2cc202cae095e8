import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { SearchResultsPage, searchResultsMeta } from '~/components/search-results-page'
import { getDb } from '~/models/db/db.server'
import { loadSearchPage } from './search.server'
import { siteFromRequest } from '~/sites/site.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import { searchPageAnalytics } from '~/components/site-page-views'
import type { SearchPageData } from '~/components/search.types'

/**
 * Search results: the land site's /search/… and /member/{id}/… (broker results), and the rural
 * sites' paths of more than one segment through the catch-all (routes.ts). Their one-segment
 * searches come through routes/landing.tsx, /member/{id}/{token}/ through routes/brokers.tsx.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadSearchPage(getDb(), siteFromRequest(request), request)
}

export const handle: AnalyticsHandle = { analytics: (data) => searchPageAnalytics(data as SearchPageData) }

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? searchResultsMeta(data, matches) : [])

export default function SearchResults() {
  return <SearchResultsPage page={useLoaderData<typeof loader>()} />
}
