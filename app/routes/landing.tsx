import { type LoaderFunctionArgs } from 'react-router'
import { LandingPage, landingPageMeta } from '~/components/landing-page'
import { lazyComponent } from '~/components/lazy-component'
import { searchResultsMeta } from '~/routes/search/meta'
import type { SiteHeaderHandle } from '~/components/site-header'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import { sitePageViews } from './site-page-views'
import { databaseContext } from '~/http/database.server'
import { loadSitePage } from './site-page.server'

/**
 * One-segment paths no other route claims: the land site's landing pages (/Texas,
 * /Travis-County-TX, /market-insights/). On the rural sites the same shape is a search (/land,
 * /texas-land-for-sale), drawn by the search page loaded only when drawn, so a landing page loads
 * its own code alone. The site's grammars decide; anything else is the site's 404 page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadSitePage(context.get(databaseContext), request, ['landing', 'search'])
}

const views = sitePageViews({
  landing: { Component: LandingPage, meta: landingPageMeta },
  search: {
    Component: lazyComponent(() => import('~/routes/search/page').then((module) => module.SearchResultsPage)),
    meta: searchResultsMeta,
  },
})

export const clientLoader = views.clientLoader

export const handle: SiteHeaderHandle & AnalyticsHandle = {
  ...views.handle,
  // Spec §2: landing pages are the home screen, whose header is transparent.
  hasTransparentHeader: (data) => (data as Awaited<ReturnType<typeof loader>> | undefined)?.kind === 'landing',
}

export const meta = views.meta

export default views.Component
