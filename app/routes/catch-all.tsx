import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LandingPage, landingPageMeta } from '~/components/landing-page'
import { ListingPage, listingPageMeta, listingShouldRevalidate } from '~/components/listing-page'
import { SearchResultsPage, searchResultsMeta } from '~/components/search-results-page'
import type { SiteHeaderHandle } from '~/components/site-header'
import { getDb } from '~/models/db.server'
import { loadLandingPage } from '~/models/landing-page.server'
import { handleListingPagePost, loadListingPage } from '~/models/listing-page.server'
import { loadSearchPage } from '~/models/search-page.server'
import { parseLandingPath } from '~/sites/landing-path'
import { parseListingPath } from '~/sites/listing-path'
import { siteFromRequest } from '~/sites/site.server'

/**
 * Every path no static route claims. Its shapes depend on the site, so the site's grammars
 * decide: a listing path (the hunting site's /{location}/pid/{id}/) first, then the land site's
 * landing pages (/Texas, /Travis-County-TX, /market-insights/), then a search path
 * (/texas-land-for-sale/…, /land); anything else is the site's 404 page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const site = siteFromRequest(request)
  const db = getDb()
  const { pathname } = new URL(request.url)
  const listingPath = parseListingPath(site, pathname)
  if (listingPath) return { kind: 'listing' as const, page: await loadListingPage(db, site, request, listingPath.listingId) }
  const landing = parseLandingPath(site, pathname)
  if (landing) return { kind: 'landing' as const, page: await loadLandingPage(db, site, request, landing) }
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
    // Spec §2: landing pages are the home screen, whose header is transparent.
    return page?.kind === 'landing' || (page?.kind === 'listing' && page.page.isDiamond)
  },
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return []
  switch (data.kind) {
    case 'listing':
      return listingPageMeta(data.page, matches)
    case 'landing':
      return landingPageMeta(data.page, matches)
    case 'search':
      return searchResultsMeta(data.page, matches)
  }
}

export default function CatchAll() {
  const data = useLoaderData<typeof loader>()
  switch (data.kind) {
    case 'listing':
      return <ListingPage page={data.page} />
    case 'landing':
      return <LandingPage page={data.page} />
    case 'search':
      return <SearchResultsPage page={data.page} />
  }
}
