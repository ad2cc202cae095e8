import { accountPageMeta, privateHeaders } from '~/components/account-page'
import { databaseContext } from '~/http/database.server'
import { passRetryAfter } from '~/http/form-rate-limit.server'
import { visitRequestPath } from '~/models/visits/visit-paths'
import { siteFromRequest } from '~/sites/site.server'
import type { Route } from './+types/route'
import { VisitRequestPage } from './page'
import { handleVisitRequestPost, loadVisitRequestPage } from './page.server'

/** /book-visit/{listingId}/ (issue 38 item 3): a listing's visit request, its errors and its confirmation. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadVisitRequestPage(context.get(databaseContext), siteFromRequest(request), request, params.listingId)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleVisitRequestPost(context.get(databaseContext), siteFromRequest(request), request, params.listingId)
}

export const headers = passRetryAfter(() => privateHeaders)

export const meta: Route.MetaFunction = ({ matches, data, params }) =>
  accountPageMeta(matches, {
    title: data ? `Book a visit: ${data.listing.title}` : 'Book a visit',
    description: 'Propose up to three times to visit this land.',
    canonicalPath: visitRequestPath(Number(params.listingId)),
  })

export default VisitRequestPage
