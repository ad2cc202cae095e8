import { accountPageMeta, privateHeaders } from '~/components/account-page'
import { landRequestReplyPath } from '~/models/connector/land-request'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { passRetryAfter } from '~/http/form-rate-limit.server'
import { handleReplyPost, loadReplyPage } from './page.server'
import type { Route } from './+types/route'
import { LandRequestReply } from './page'

/**
 * /lands-connector/reply/{token}/ (decision 0020): a land professional answers a buyer's land
 * request through the site, without the buyer's e-mail address.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadReplyPage(context.get(databaseContext), siteFromRequest(request), request, params.token)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleReplyPost(context.get(databaseContext), siteFromRequest(request), request, params.token)
}

// The token in the address must not travel on in a Referer (to the feedback form, to a tag manager's script).
export const headers = passRetryAfter(() => ({ ...privateHeaders, 'Referrer-Policy': 'no-referrer' }))

export const meta: Route.MetaFunction = ({ matches, params }) =>
  accountPageMeta(matches, {
    title: 'Answer a land request',
    description: 'Answer a buyer’s land request.',
    canonicalPath: landRequestReplyPath(params.token ?? ''),
  })

export default LandRequestReply
