import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SearchResultsPage, searchResultsMeta } from '~/components/search-results-page'
import { getDb } from '~/models/db.server'
import { loadSearchPage } from '~/models/search-page.server'
import { siteFromRequest } from '~/sites/site.server'

/**
 * Search results at /search/* and /member/* (the land site's grammar); the rural sites' search
 * paths reach the same page through the catch-all (routes/catch-all.tsx).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadSearchPage(getDb(), siteFromRequest(request), request)
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? searchResultsMeta(data, matches) : [])

export default function SearchResults() {
  return <SearchResultsPage page={useLoaderData<typeof loader>()} />
}
