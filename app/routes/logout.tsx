import type { Route } from './+types/logout'
import { databaseContext } from '~/http/database.server'
import { FormPage, accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { submitButtonStyle } from '~/components/form-field'
import { accountPaths } from '~/models/accounts/account-paths'
import { handleLogout } from './auth.server'
import { getViewer } from '~/http/session.server'
import { siteFromRequest } from '~/sites/site.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'

/** Log out is a POST (a link or a prefetch must never end a session); the page offers the button. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request)
  return { isLoggedIn: viewer !== null, siteName: siteFromRequest(request).name }
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleLogout(context.get(databaseContext), request)
}

export const headers = privatePageHeaders

export const handle: AnalyticsHandle = { analytics: 'login' }

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, { title: 'Log out', description: 'Log out of your account.', canonicalPath: accountPaths.logout })

export default function Logout({ loaderData: { isLoggedIn, siteName } }: Route.ComponentProps) {
  return (
    <FormPage heading={isLoggedIn ? `Log out of ${siteName}` : 'You are logged out'}>
      {isLoggedIn ? (
        <form method="post" action={accountPaths.logout}>
          <button type="submit" className={submitButtonStyle}>
            Log out
          </button>
        </form>
      ) : (
        <p>
          <a href={accountPaths.login} className="font-semibold text-brand underline">
            Log in
          </a>
        </p>
      )}
    </FormPage>
  )
}
