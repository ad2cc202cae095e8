import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { accountPaths } from '~/models/accounts/account-paths'
import { handleSettingsPost, loadSettings } from './page.server'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import type { Route } from './+types/route'
import { Settings } from './page'

/**
 * Settings (spec §2 /account/details/, login required): name, phone and newsletter, a new password,
 * and the devices signed in to the account, with 'Sign out everywhere else' (decision 0047).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSettings(context.get(databaseContext), siteFromRequest(request), request)
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleSettingsPost(context.get(databaseContext), siteFromRequest(request), request)
}

export const headers = privatePageHeaders

export const handle: AnalyticsHandle = { analytics: 'account' }

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, { title: 'Settings', description: 'Your name, phone, newsletter, password and signed-in devices.', canonicalPath: accountPaths.settings })

export default Settings
