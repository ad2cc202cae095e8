import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { accountPaths } from '~/models/accounts/account-paths'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { handleSecurityPost, loadSecurityPage } from '~/http/second-factor.server'
import type { Route } from './+types/route'
import { Security } from './page'

/**
 * /account/security/ (issue 33 finding 8, decision 0052): two-step sign-in with an authenticator
 * app (required of administrators, a choice for everyone else), its recovery codes, and the
 * account's recent security events. Works without scripts: the QR code is an SVG drawn on the server.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadSecurityPage(context.get(databaseContext), siteFromRequest(request), request)
}

export function action({ request, context }: Route.ActionArgs) {
  return handleSecurityPost(context.get(databaseContext), siteFromRequest(request), request)
}

export const headers = privatePageHeaders

export const handle: AnalyticsHandle = { analytics: 'account' }

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, { title: 'Security', description: 'Two-step sign-in and recent security events.', canonicalPath: accountPaths.security })

export default Security
