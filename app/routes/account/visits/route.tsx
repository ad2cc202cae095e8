import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { databaseContext } from '~/http/database.server'
import { sellerVisitPath } from '~/models/visits/visit-paths'
import { siteFromRequest } from '~/sites/site.server'
import type { Route } from './+types/route'
import { SellerVisitPage } from './page'
import { handleSellerVisitPost, loadSellerVisit } from './page.server'

/** /account/visits/{id}/ (issue 38 item 3): the seller's answer to a visit request. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadSellerVisit(context.get(databaseContext), siteFromRequest(request), request, params.visitId)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleSellerVisitPost(context.get(databaseContext), siteFromRequest(request), request, params.visitId)
}

export const headers = privatePageHeaders

export const meta: Route.MetaFunction = ({ matches, params }) =>
  accountPageMeta(matches, { title: 'Visit request', description: 'A buyer’s visit request.', canonicalPath: sellerVisitPath(Number(params.visitId)) })

export default SellerVisitPage
