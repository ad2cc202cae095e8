import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { SellerToolErrorBoundary } from '~/routes/account/listings/seller-page'
import type { SiteFooterHandle } from '~/components/site-footer'
import { databaseContext } from '~/http/database.server'
import { sellerPaths } from '~/models/sellers/listing-draft'
import { siteFromRequest } from '~/sites/site.server'
import { loadSellerStatistics } from './page.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import type { Route } from './+types/route'
import { SellerStatistics } from './page'

/** /account/listings/statistics/ (issue 15 §6): what buyers did with all of a seller's listings. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSellerStatistics(context.get(databaseContext), siteFromRequest(request), request)
}

export const headers = privatePageHeaders

/** Spec §2: the sellers' tool, like add-listing, has no footer. */
export const handle: SiteFooterHandle & AnalyticsHandle = { hidesFooter: true, analytics: 'seller-tool' }

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, {
    title: 'Listing statistics',
    description: 'How often buyers viewed, found, called about and saved your listings.',
    canonicalPath: sellerPaths.statistics,
  })

export const ErrorBoundary = SellerToolErrorBoundary

export default SellerStatistics
