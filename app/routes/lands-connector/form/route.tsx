import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { landRequestEditPath, landsConnectorPaths } from '~/models/connector/land-request'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { passRetryAfter } from '~/http/form-rate-limit.server'
import { handleLandRequestFormPost, loadLandRequestForm } from './page.server'
import type { Route } from './+types/route'
import { LandRequestFormPage } from './page'

/** /lands-connector/new/ and /lands-connector/{id}/edit/ (issue 17 item 2): describe the land you want, or change what you asked. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadLandRequestForm(context.get(databaseContext), siteFromRequest(request), request, params.requestId)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleLandRequestFormPost(context.get(databaseContext), siteFromRequest(request), request, params.requestId)
}

export const headers = passRetryAfter(privatePageHeaders)

export const meta: Route.MetaFunction = ({ matches, data }) =>
  accountPageMeta(
    matches,
    data?.requestId
      ? { title: 'Change your land request', description: 'Change the land you asked for.', canonicalPath: landRequestEditPath(data.requestId) }
      : { title: 'Describe the land you want', description: 'Tell land professionals what land you want.', canonicalPath: landsConnectorPaths.newRequest },
  )

export default LandRequestFormPage
