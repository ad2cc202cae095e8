import { databaseContext } from '~/http/database.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import { searchPageAnalytics } from '~/routes/site-page-views'
import { siteFromRequest } from '~/sites/site.server'
import type { Route } from './+types/route'
import { searchResultsMeta } from './meta'
import { SearchResultsPage } from './page'
import { type SearchPageData, loadSearchPage } from './page.server'

/**
 * Search results: the land site's /search/… and /member/{id}/… (broker results), and the rural
 * sites' paths of more than one segment through the catch-all (routes.ts). Their one-segment
 * searches come through routes/landing/route.tsx, /member/{id}/{token}/ through routes/broker/route.tsx.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSearchPage(context.get(databaseContext), siteFromRequest(request), request)
}

export const handle: AnalyticsHandle = { analytics: (data) => searchPageAnalytics(data as SearchPageData) }

export const meta: Route.MetaFunction = ({ loaderData, matches }) => (loaderData ? searchResultsMeta(loaderData, matches) : [])

export default function SearchResults({ loaderData }: Route.ComponentProps) {
  return <SearchResultsPage page={loaderData} />
}
