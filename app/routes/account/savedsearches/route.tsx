import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { accountPaths } from '~/models/accounts/account-paths'
import { handleSavedSearchesPost, loadSavedSearches } from './page.server'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import type { Route } from './+types/route'
import { SavedSearches } from './page'

/**
 * Saved Searches (spec §2 /account/savedsearches/, login required): each search links to its
 * results, can be renamed, set to e-mail updates ('No Updates', 'Instant', 'Daily', 'Weekly') or deleted.
 * The results pages' Save Search forms post here too.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSavedSearches(context.get(databaseContext), siteFromRequest(request), request)
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleSavedSearchesPost(context.get(databaseContext), siteFromRequest(request), request)
}

export const headers = privatePageHeaders

export const handle: AnalyticsHandle = { analytics: 'account' }

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, { title: 'Saved Searches', description: 'The searches you saved.', canonicalPath: accountPaths.savedSearches })

export default SavedSearches
