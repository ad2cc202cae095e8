import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { accountPaths } from '~/models/accounts/account-paths'
import { loadAccountHome } from './page.server'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import type { Route } from './+types/route'
import { AccountHome } from './page'

/** /account/ (spec §2, login required): My Account, the way to favorites, saved searches and settings. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAccountHome(context.get(databaseContext), siteFromRequest(request), request)
}

export const headers = privatePageHeaders

export const handle: AnalyticsHandle = { analytics: 'account' }

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, { title: 'My Account', description: 'Your favorites, saved searches and settings.', canonicalPath: accountPaths.home })

export default AccountHome
