import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { SellerToolErrorBoundary } from '~/routes/account/listings/seller-page'
import type { SiteFooterHandle } from '~/components/site-footer'
import { draftStepPath, draftSteps, sellerPaths } from '~/models/sellers/listing-draft'
import { siteFromRequest } from '~/sites/site.server'
import { databaseContext } from '~/http/database.server'
import { handleDraftStepPost, loadDraftStep } from './page.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import type { Route } from './+types/route'
import { ListingDraftPage } from './page'

/** /account/listings/new/ and /account/listings/drafts/{id}/{step}/: the sellers' listing form, step by step (issue 15 §2). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadDraftStep(context.get(databaseContext), siteFromRequest(request), request, params)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleDraftStepPost(context.get(databaseContext), siteFromRequest(request), request, params)
}

export const headers = privatePageHeaders

/** Spec §2: the footer is hidden on add-listing. */
export const handle: SiteFooterHandle & AnalyticsHandle = { hidesFooter: true, analytics: 'seller-tool' }

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const step = draftSteps.find((item) => item.key === data?.step)
  const title = data?.listing ? `Edit ${data.listing.title}` : 'Add a listing'
  return accountPageMeta(matches, {
    title: `${title}: ${step?.label ?? ''}`,
    description: 'Add or edit a listing step by step: place, size and price, land and house, description, photos, then publish.',
    canonicalPath: data?.draftId ? draftStepPath(data.draftId, data.step) : sellerPaths.newListing,
  })
}

export const ErrorBoundary = SellerToolErrorBoundary

export default ListingDraftPage
