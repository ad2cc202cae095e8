import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { accountPaths } from '~/models/accounts/account-paths'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { handleScamReviewPost, loadScamReview } from './page.server'
import type { Route } from './+types/route'
import { ScamReview } from './page'

/** /account/scam-review/ (issue 38 item 1, administrators only): held and reported listings, approved or removed one by one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadScamReview(context.get(databaseContext), request)
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleScamReviewPost(context.get(databaseContext), siteFromRequest(request), request)
}

export const headers = privatePageHeaders

export const handle: AnalyticsHandle = { analytics: 'account' }

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, {
    title: 'Scam Review',
    description: 'Listings held by the scam screen or reported as a scam, for review.',
    canonicalPath: accountPaths.scamReview,
  })

export default ScamReview
