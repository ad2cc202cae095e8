import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { accountPaths } from '~/models/accounts/account-paths'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { handleFeedReviewPost, loadFeedReview } from '~/routes/account/feeds/page.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import type { Route } from './+types/route'
import { FeedReview } from './page'

/** /account/feeds/review/ (issue 14 §4, administrators only): every held feed record, approved or rejected one by one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadFeedReview(context.get(databaseContext), siteFromRequest(request), request)
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleFeedReviewPost(context.get(databaseContext), siteFromRequest(request), request)
}

export const headers = privatePageHeaders

export const handle: AnalyticsHandle = { analytics: 'account' }

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, { title: 'Held Listings', description: 'Feed listings held by the quality checks, for review.', canonicalPath: accountPaths.feedReview })

export default FeedReview
