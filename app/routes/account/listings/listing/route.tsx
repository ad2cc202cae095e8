import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { SellerToolErrorBoundary } from '~/routes/account/listings/seller-page'
import type { SiteFooterHandle } from '~/components/site-footer'
import { sellerListingPath, sellerPaths } from '~/models/sellers/listing-draft'
import { siteFromRequest } from '~/sites/site.server'
import { databaseContext } from '~/http/database.server'
import { handleSellerListingPost, loadSellerListing } from './page.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import type { Route } from './+types/route'
import { SellerListingPage } from './page'

/** /account/listings/{id}/: one of the seller's listings, its state changes, figures and leads (issue 15 §4). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadSellerListing(context.get(databaseContext), siteFromRequest(request), request, params.listingId)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleSellerListingPost(context.get(databaseContext), siteFromRequest(request), request, params.listingId)
}

export const headers = privatePageHeaders

export const handle: SiteFooterHandle & AnalyticsHandle = { hidesFooter: true, analytics: 'seller-tool' }

export const meta: Route.MetaFunction = ({ matches, data }) =>
  accountPageMeta(matches, {
    title: data ? `Manage: ${data.listing.title}` : 'Manage Listings',
    description: 'One of your listings: its status, figures and leads; edit it, pause it, mark it under contract or sold, or delete it.',
    canonicalPath: data ? sellerListingPath(data.listing.id) : sellerPaths.listings,
  })

export const ErrorBoundary = SellerToolErrorBoundary

export default SellerListingPage
