import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { SellerToolErrorBoundary } from './seller-page'
import type { SiteFooterHandle } from '~/components/site-footer'
import { sellerPaths } from '~/models/sellers/listing-draft'
import { siteFromRequest } from '~/sites/site.server'
import { databaseContext } from '~/http/database.server'
import { loadSellerListings } from './page.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import type { Route } from './+types/route'
import { ManageListings } from './page'

/** /account/listings/ — Manage Listings (spec §6, issue 15 §1). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSellerListings(context.get(databaseContext), siteFromRequest(request), request)
}

export const headers = privatePageHeaders

/** Spec §2: the footer is hidden on add-listing; the seller's tool is the same place. */
export const handle: SiteFooterHandle & AnalyticsHandle = { hidesFooter: true, analytics: 'seller-tool' }

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, {
    title: 'Manage Listings',
    description: 'Your listings: their status, price, photos, views and leads; add, edit, publish and mark them sold.',
    canonicalPath: sellerPaths.listings,
  })

export const ErrorBoundary = SellerToolErrorBoundary

export default ManageListings
