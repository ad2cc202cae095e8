import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SearchResultsPage, searchResultsMeta } from '~/components/search-results-page'
import { getDb } from '~/models/db.server'
import { loadSearchPage } from '~/models/search-page.server'
import { siteFromRequest } from '~/sites/site.server'

/**
 * Search results at /search/* (the land site's grammar); the land site's /member/{id}/… broker
 * results come through routes/brokers.tsx, the rural sites' search paths through the catch-all.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadSearchPage(getDb(), siteFromRequest(request), request)
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? searchResultsMeta(data, matches) : [])

export default function SearchResults() {
  return <SearchResultsPage page={useLoaderData<typeof loader>()} />
}
