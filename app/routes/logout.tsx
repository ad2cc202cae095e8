import { databaseContext } from '~/http/database.server'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { FormPage, accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { submitButtonStyle } from '~/components/form-field'
import { accountPaths } from '~/models/accounts/account-paths'
import { handleLogout } from './auth.server'
import { getViewer } from '~/http/session.server'
import { siteFromRequest } from '~/sites/site.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'

/** Log out is a POST (a link or a prefetch must never end a session); the page offers the button. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getViewer(request)
  return { isLoggedIn: viewer !== null, siteName: siteFromRequest(request).name }
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleLogout(context.get(databaseContext), request)
}

export const headers = privatePageHeaders

export const handle: AnalyticsHandle = { analytics: 'login' }

export const meta: MetaFunction = ({ matches }) =>
  accountPageMeta(matches, { title: 'Log out', description: 'Log out of your account.', canonicalPath: accountPaths.logout })

export default function Logout() {
  const { isLoggedIn, siteName } = useLoaderData<typeof loader>()
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
