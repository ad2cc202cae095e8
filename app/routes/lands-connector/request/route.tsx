import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { landRequestPath } from '~/models/connector/land-request'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { handleLandRequestPost, loadLandRequest } from '~/routes/lands-connector/page.server'
import type { Route } from './+types/route'
import { LandRequestPage } from './page'

/**
 * /lands-connector/{id}/ (issue 17 item 2): one of the buyer's land requests, the listings that
 * match it now (each search linked to its results page, and kept as a saved search that e-mails new
 * matches), the land professionals it reached, and its change and delete.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadLandRequest(context.get(databaseContext), siteFromRequest(request), request, params.requestId)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleLandRequestPost(context.get(databaseContext), siteFromRequest(request), request, params.requestId)
}

export const headers = privatePageHeaders

export const meta: Route.MetaFunction = ({ matches, data }) =>
  accountPageMeta(matches, {
    title: data ? `Land in ${data.request.title}` : 'Land request',
    description: 'Your land request and the listings that match it.',
    canonicalPath: data ? landRequestPath(data.request.id) : '/lands-connector/',
  })

export default LandRequestPage
