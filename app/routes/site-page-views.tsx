import type { FunctionComponent } from 'react'
import type { MetaDescriptor } from 'react-router'
import type { AnalyticsHandle, PageAnalytics } from '~/models/analytics/page-analytics'
import type { SearchPageData } from '~/routes/search/page.server'
import type { SitePage, SitePageData, SitePageKind } from '~/routes/site-page.server'
import type { MetaMatches } from '~/utils/page-meta'

/** How one kind of page is drawn: its component (maybe loaded on demand) and its head. */
export interface PageView<Page> {
  Component: FunctionComponent<{ page: Page }> & { preload?: () => Promise<unknown> }
  meta: (page: Page, matches: MetaMatches) => MetaDescriptor[]
}

export type PageViews<Kind extends SitePageKind> = { [K in Kind]: PageView<SitePageData[K]> }

/** A search page's data-layer events: the page, and the search with its result count (spec §7). */
export const searchPageAnalytics = (page: SearchPageData): PageAnalytics => ({ pageType: 'search', resultCount: page.totalCount })

const pageAnalytics: { [K in SitePageKind]: (page: SitePageData[K]) => PageAnalytics } = {
  landing: () => ({ pageType: 'landing' }),
  'broker-profile': () => ({ pageType: 'broker' }),
  'broker-listings': () => ({ pageType: 'broker' }),
  'broker-directory': () => ({ pageType: 'broker-directory' }),
  search: searchPageAnalytics,
}

/**
 * A route module's `meta`, `clientLoader`, `handle` and component for a route that draws several
 * kinds of page (sites/site-path.ts): each looked up by the loader's kind, in one table instead of
 * a switch each. A view loaded on demand (lazyComponent) is preloaded before a client navigation
 * draws it.
 */
export function sitePageViews<Kind extends SitePageKind>(views: PageViews<Kind>) {
  const viewOf = <K extends Kind>(kind: K) => views[kind] as PageView<SitePageData[K]>
  const analyticsOf = <K extends Kind>({ kind, page }: { kind: K; page: SitePageData[K] }) => (pageAnalytics[kind] as (page: SitePageData[K]) => PageAnalytics)(page)
  return {
    handle: { analytics: (data: unknown) => analyticsOf(data as SitePage<Kind>) } satisfies AnalyticsHandle,
    meta({ loaderData, matches }: { loaderData: SitePage<Kind> | undefined; matches: MetaMatches }): MetaDescriptor[] {
      return loaderData ? viewOf(loaderData.kind).meta(loaderData.page, matches) : []
    },
    async clientLoader<Data extends SitePage<Kind>>({ serverLoader }: { serverLoader: () => Promise<Data> }) {
      const data = await serverLoader()
      await viewOf(data.kind).Component.preload?.()
      return data
    },
    Component: function SitePageView({ loaderData }: { loaderData: SitePage<Kind> }) {
      const { Component } = viewOf(loaderData.kind)
      return <Component page={loaderData.page} />
    },
  }
}
