import { type ClientLoaderFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { LandingPage, landingPageMeta } from '~/components/landing-page'
import { lazyComponent } from '~/components/lazy-component'
import { searchResultsMeta } from '~/components/search-results-meta'
import type { SiteHeaderHandle } from '~/components/site-header'
import { getDb } from '~/models/db/db.server'
import { loadLandingPage } from './landing.server'
import { loadSearchPage } from './search.server'
import { parseLandingPath } from '~/sites/landing-path'
import { siteFromRequest } from '~/sites/site.server'

/**
 * One-segment paths no other route claims: the land site's landing pages (/Texas,
 * /Travis-County-TX, /market-insights/). On the rural sites the same shape is a search (/land,
 * /texas-land-for-sale), drawn by the search page loaded only when drawn, so a landing page loads
 * its own code alone. The site's grammars decide; anything else is the site's 404 page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const site = siteFromRequest(request)
  const db = getDb()
  const landing = parseLandingPath(site, new URL(request.url).pathname)
  if (landing) return { kind: 'landing' as const, page: await loadLandingPage(db, site, request, landing) }
  return { kind: 'search' as const, page: await loadSearchPage(db, site, request) }
}

const SearchResultsPage = lazyComponent(() => import('~/components/search-results-page').then((module) => module.SearchResultsPage))

/** A client navigation to a search has its code before drawing it. */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const data = await serverLoader<typeof loader>()
  if (data.kind === 'search') await SearchResultsPage.preload()
  return data
}

export const handle: SiteHeaderHandle = {
  // Spec §2: landing pages are the home screen, whose header is transparent.
  hasTransparentHeader: (data) => (data as Awaited<ReturnType<typeof loader>> | undefined)?.kind === 'landing',
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

export default function Landing() {
  const data = useLoaderData<typeof loader>()
  switch (data.kind) {
    case 'landing':
      return <LandingPage page={data.page} />
    case 'search':
      return <SearchResultsPage page={data.page} />
  }
}
