import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { accountPaths, feedRunPath } from '~/models/accounts/account-paths'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { loadFeedRun } from '~/routes/account/feeds/page.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import type { Route } from './+types/route'
import { FeedRun } from './page'

/** /account/feeds/{runId}/ (issue 14 §4): one import's counts and every record it reported on. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadFeedRun(context.get(databaseContext), siteFromRequest(request), request, params.runId)
}

export const headers = privatePageHeaders

export const handle: AnalyticsHandle = { analytics: 'account' }

export const meta: Route.MetaFunction = ({ data, matches }) =>
  accountPageMeta(matches, {
    title: data ? `Feed Import ${data.run.id}` : 'Feed Import',
    description: 'The counts of one feed import and the listings it fixed, held or rejected.',
    canonicalPath: data ? feedRunPath(data.run.id) : accountPaths.feeds,
  })

export default FeedRun
