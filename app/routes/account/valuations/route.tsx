import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { accountPaths } from '~/models/accounts/account-paths'
import { siteFromRequest } from '~/sites/site.server'
import { databaseContext } from '~/http/database.server'
import { handleSavedValuationsPost, loadSavedValuations } from './page.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import type { Route } from './+types/route'
import { SavedValuationsPage } from './page'

/** /account/valuations/ on AcreWorth (issue 16): the valuations a user saved, their alerts, and a way to let each go. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSavedValuations(context.get(databaseContext), siteFromRequest(request), request)
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleSavedValuationsPost(context.get(databaseContext), siteFromRequest(request), request)
}

export const headers = privatePageHeaders

export const handle: AnalyticsHandle = { analytics: 'account' }

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, { title: 'Saved Valuations', description: 'The valuations you saved.', canonicalPath: accountPaths.savedValuations })

export default SavedValuationsPage
