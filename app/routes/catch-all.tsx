import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ListingPage, listingPageMeta, listingShouldRevalidate } from '~/components/listing-page'
import { SearchResultsPage, searchResultsMeta } from '~/components/search-results-page'
import type { SiteHeaderHandle } from '~/components/site-header'
import { getDb } from '~/models/db.server'
import { handleListingPagePost, loadListingPage } from '~/models/listing-page.server'
import { loadSearchPage } from '~/models/search-page.server'
import { parseListingPath } from '~/sites/listing-path'
import { siteFromRequest } from '~/sites/site.server'

/**
 * Every path no static route claims. Its shapes depend on the site, so the site's grammars
 * decide: a listing path (the hunting site's /{location}/pid/{id}/) first, then a search or
 * landing path (/texas-land-for-sale/…, /land); anything else is the site's 404 page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const site = siteFromRequest(request)
  const db = getDb()
  const listingPath = parseListingPath(site, new URL(request.url).pathname)
  if (listingPath) return { kind: 'listing' as const, page: await loadListingPage(db, site, request, listingPath.listingId) }
  return { kind: 'search' as const, page: await loadSearchPage(db, site, request) }
}

/** Only listing pages take posts here: the hunting site's /{location}/pid/{id}/ forms. */
export async function action({ request }: ActionFunctionArgs) {
  const site = siteFromRequest(request)
  const listingPath = parseListingPath(site, new URL(request.url).pathname)
  if (!listingPath) throw new Response('Not Found', { status: 404 })
  return handleListingPagePost(getDb(), site, request, listingPath.listingId)
}

export const shouldRevalidate = listingShouldRevalidate

type CatchAllData = Awaited<ReturnType<typeof loader>>

export const handle: SiteHeaderHandle = {
  hasTransparentHeader: (data) => {
    const page = data as CatchAllData | undefined
    return page?.kind === 'listing' && page.page.isDiamond
  },
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return []
  return data.kind === 'listing' ? listingPageMeta(data.page, matches) : searchResultsMeta(data.page, matches)
}

export default function CatchAll() {
  const data = useLoaderData<typeof loader>()
  return data.kind === 'listing' ? <ListingPage page={data.page} /> : <SearchResultsPage page={data.page} />
}
