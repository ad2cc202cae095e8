import type { SiteHeaderHandle } from '~/components/site-header'
import { databaseContext } from '~/http/database.server'
import { passRetryAfter } from '~/http/form-rate-limit.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import { parseListingPath } from '~/models/listings/listing-path'
import { siteFromRequest } from '~/sites/site.server'
import type { Route } from './+types/route'
import { listingPageMeta } from './meta'
import { ListingPage, listingShouldRevalidate } from './page'
import { type ListingPageData, handleListingPagePost, loadListingPage } from './page.server'

/**
 * Listing detail pages at /property/*, /listing/*, /pid/* and /{location}/pid/* (spec §2); which
 * of them a site uses is its listing path grammar's business, and any other shape is a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const site = siteFromRequest(request)
  const parsed = parseListingPath(site, new URL(request.url).pathname)
  if (!parsed) throw new Response('Not Found', { status: 404 })
  return loadListingPage(context.get(databaseContext), site, request, parsed.listingId)
}

/** The page's contact, report and share forms post here (issue 6 §5). */
export async function action({ request, context }: Route.ActionArgs) {
  const site = siteFromRequest(request)
  const parsed = parseListingPath(site, new URL(request.url).pathname)
  if (!parsed) throw new Response('Not Found', { status: 404 })
  return handleListingPagePost(context.get(databaseContext), site, request, parsed.listingId)
}

export const headers = passRetryAfter()

export const shouldRevalidate = listingShouldRevalidate

export const handle: SiteHeaderHandle & AnalyticsHandle = {
  hasTransparentHeader: (data) => (data as ListingPageData | undefined)?.isDiamond === true,
  analytics: (data) => ({ pageType: 'listing', listingId: (data as ListingPageData).listing.id }),
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => (loaderData ? listingPageMeta(loaderData, matches) : [])

export default function Listing({ loaderData }: Route.ComponentProps) {
  return <ListingPage page={loaderData} />
}
