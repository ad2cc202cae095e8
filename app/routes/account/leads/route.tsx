import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { SellerToolErrorBoundary } from '~/routes/account/listings/seller-page'
import type { SiteFooterHandle } from '~/components/site-footer'
import { databaseContext } from '~/http/database.server'
import { sellerPaths } from '~/models/sellers/listing-draft'
import { siteFromRequest } from '~/sites/site.server'
import { handleLeadsInboxPost, loadLeadsInbox } from './page.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import type { Route } from './+types/route'
import { LeadsInbox } from './page'

/**
 * /account/leads/ (issue 15 item 5): the messages buyers sent about the seller's listings and
 * from their broker page, newest first, to read, answer, mark, export and have e-mailed daily.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadLeadsInbox(context.get(databaseContext), siteFromRequest(request), request)
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleLeadsInboxPost(context.get(databaseContext), siteFromRequest(request), request)
}

export const headers = privatePageHeaders

/** Spec §2 hides the footer on add-listing; the rest of the sellers' tool follows it. */
export const handle: SiteFooterHandle & AnalyticsHandle = { hidesFooter: true, analytics: 'seller-tool' }

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, { title: 'Leads', description: 'Messages from buyers about your listings.', canonicalPath: sellerPaths.leads })

export const ErrorBoundary = SellerToolErrorBoundary

export default LeadsInbox
