import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { accountPaths } from '~/models/accounts/account-paths'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { loadAnalyticsPage } from './page.server'
import type { Route } from './+types/route'
import { SiteAnalytics } from './page'

/** /account/analytics/ (issue 17 §7, administrators only): the site's page views, searches, leads and web vitals, last 30 days. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAnalyticsPage(context.get(databaseContext), siteFromRequest(request), request)
}

export const headers = privatePageHeaders

export const handle: AnalyticsHandle = { analytics: 'account' }

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, {
    title: 'Site Analytics',
    description: 'Page views, searches, listing views, leads and page speed of the last 30 days.',
    canonicalPath: accountPaths.analytics,
  })

export default SiteAnalytics
