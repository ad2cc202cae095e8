import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LandingPage, landingPageMeta } from '~/components/landing-page'
import { SearchResultsPage, searchResultsMeta } from '~/components/search-results-page'
import type { SiteHeaderHandle } from '~/components/site-header'
import { getDb } from '~/models/db.server'
import { loadLandingPage } from '~/models/landing-page.server'
import { loadSearchPage } from '~/models/search-page.server'
import { parseLandingPath } from '~/sites/landing-path'
import { siteFromRequest } from '~/sites/site.server'

/**
 * Every path no other route claims. Its shapes depend on the site, so the site's grammars
 * decide: the land site's landing pages (/Texas, /Travis-County-TX, /market-insights/) first,
 * then a search path (/texas-land-for-sale/…, /land); anything else is the site's 404 page.
 * (The hunting site's /{location}/pid/{id}/ has a route of its own, so these pages do not load
 * the listing page's code.)
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const site = siteFromRequest(request)
  const db = getDb()
  const { pathname } = new URL(request.url)
  const landing = parseLandingPath(site, pathname)
  if (landing) return { kind: 'landing' as const, page: await loadLandingPage(db, site, request, landing) }
  return { kind: 'search' as const, page: await loadSearchPage(db, site, request) }
}

type CatchAllData = Awaited<ReturnType<typeof loader>>

export const handle: SiteHeaderHandle = {
  hasTransparentHeader: (data) => {
    const page = data as CatchAllData | undefined
    // Spec §2: landing pages are the home screen, whose header is transparent.
    return page?.kind === 'landing'
  },
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return []
  switch (data.kind) {
    case 'landing':
      return landingPageMeta(data.page, matches)
    case 'search':
      return searchResultsMeta(data.page, matches)
  }
}

export default function CatchAll() {
  const data = useLoaderData<typeof loader>()
  switch (data.kind) {
    case 'landing':
      return <LandingPage page={data.page} />
    case 'search':
      return <SearchResultsPage page={data.page} />
  }
}
