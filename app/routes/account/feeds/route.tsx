import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { accountPaths } from '~/models/accounts/account-paths'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { loadFeedRuns } from './page.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import type { Route } from './+types/route'
import { FeedImports } from './page'

/** /account/feeds/ (issue 14 §4): a feed partner's import runs and the records not on the sites. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadFeedRuns(context.get(databaseContext), siteFromRequest(request), request)
}

export const headers = privatePageHeaders

export const handle: AnalyticsHandle = { analytics: 'account' }

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, {
    title: 'Feed Imports',
    description: 'Your listing feed imports and the listings they held or rejected.',
    canonicalPath: accountPaths.feeds,
  })

export default FeedImports
