import { type LoaderFunctionArgs, type MetaFunction, redirect, useLoaderData } from 'react-router'
import { ContentArticle } from '~/components/content-article'
import { findContentPage } from '~/models/content/content-pages'
import { landFeedPageElsewhere } from '~/sites/land-feed-publisher.server'
import { siteFromRequest } from '~/sites/site.server'
import { headContextFrom, pageMeta } from '~/utils/page-meta'
import { requestIsForPath } from '~/http/requested-path.server'
import { useSiteOrigin } from '~/hooks/use-site'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'

/**
 * Every content page of every site (terms of use, advertising terms, photo terms), registered in
 * routes.ts for each site's paths. A path that belongs to another site is this site's 404 (but the
 * land feed's documentation, a shared route of every site, which leads to the site that publishes it); a
 * request in another case or without the trailing slash is sent to the page's own path.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const site = siteFromRequest(request)
  const url = new URL(request.url)
  const page = findContentPage(site, url.pathname)
  const publishedElsewhere = page ? undefined : landFeedPageElsewhere(site, url.pathname)
  if (publishedElsewhere) throw redirect(publishedElsewhere, 301)
  if (!page) throw new Response('Not Found', { status: 404 })
  // Content pages take no query parameters, so none of them makes a different address.
  if (!requestIsForPath(request, page.path, { pageParams: [...url.searchParams.keys()] })) throw redirect(page.path, 301)
  return page
}

export const handle: AnalyticsHandle = { analytics: 'content' }

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? pageMeta(headContextFrom(matches), { title: data.title, description: data.description, canonicalPath: data.path }) : []

export default function ContentPageRoute() {
  const page = useLoaderData<typeof loader>()
  return <ContentArticle page={page} pageUrl={new URL(page.path, useSiteOrigin()).href} />
}
