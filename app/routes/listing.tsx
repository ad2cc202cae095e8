import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { ListingPage, listingPageMeta, listingShouldRevalidate } from '~/components/listing-page'
import type { SiteHeaderHandle } from '~/components/site-header'
import { getDb } from '~/models/db/db.server'
import { handleListingPagePost, loadListingPage } from './listing.server'
import { parseListingPath } from '~/models/listings/listing-path'
import { siteFromRequest } from '~/sites/site.server'
import { passRetryAfter } from '~/http/form-rate-limit.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import type { ListingPageData } from '~/components/listing.types'

/**
 * Listing detail pages at /property/*, /listing/*, /pid/* and /{location}/pid/* (spec §2); which
 * of them a site uses is its listing path grammar's business, and any other shape is a 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const site = siteFromRequest(request)
  const parsed = parseListingPath(site, new URL(request.url).pathname)
  if (!parsed) throw new Response('Not Found', { status: 404 })
  return loadListingPage(getDb(), site, request, parsed.listingId)
}

/** The page's contact, report and share forms post here (issue 6 §5). */
export async function action({ request }: ActionFunctionArgs) {
  const site = siteFromRequest(request)
  const parsed = parseListingPath(site, new URL(request.url).pathname)
  if (!parsed) throw new Response('Not Found', { status: 404 })
  return handleListingPagePost(getDb(), site, request, parsed.listingId)
}

export const headers = passRetryAfter()

export const shouldRevalidate = listingShouldRevalidate

export const handle: SiteHeaderHandle & AnalyticsHandle = {
  hasTransparentHeader: (data) => (data as Awaited<ReturnType<typeof loader>> | undefined)?.isDiamond === true,
  analytics: (data) => ({ pageType: 'listing', listingId: (data as ListingPageData).listing.id }),
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? listingPageMeta(data, matches) : [])

export default function Listing() {
  return <ListingPage page={useLoaderData<typeof loader>()} />
}
