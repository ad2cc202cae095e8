import { lazyComponent } from '~/components/lazy-component'
import type { SiteHeaderHandle } from '~/components/site-header'
import { databaseContext } from '~/http/database.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import { searchResultsMeta } from '~/routes/search/meta'
import { sitePageViews } from '~/routes/site-page-views'
import { loadSitePage } from '~/routes/site-page.server'
import type { Route } from './+types/route'
import { landingPageMeta } from './meta'
import { LandingPage } from './page'

/**
 * One-segment paths no other route claims: the land site's landing pages (/Texas,
 * /Travis-County-TX, /market-insights/). On the rural sites the same shape is a search (/land,
 * /texas-land-for-sale), drawn by the search page loaded only when drawn, so a landing page loads
 * its own code alone. The site's grammars decide; anything else is the site's 404 page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSitePage(context.get(databaseContext), request, ['landing', 'search'])
}

const views = sitePageViews({
  landing: { Component: LandingPage, meta: landingPageMeta },
  search: {
    Component: lazyComponent(() => import('~/routes/search/page').then((module) => module.SearchResultsPage)),
    meta: searchResultsMeta,
  },
})

export const clientLoader = (args: Route.ClientLoaderArgs) => views.clientLoader(args)

export const handle: SiteHeaderHandle & AnalyticsHandle = {
  ...views.handle,
  // Spec §2: landing pages are the home screen, whose header is transparent.
  hasTransparentHeader: (data) => (data as Route.ComponentProps['loaderData'] | undefined)?.kind === 'landing',
}

export const meta: Route.MetaFunction = (args) => views.meta(args)

export default function Landing({ loaderData }: Route.ComponentProps) {
  return <views.Component loaderData={loaderData} />
}
