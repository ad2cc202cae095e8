import { databaseContext } from '~/http/database.server'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { FormPage, accountPageMeta, privatePageHeaders, secondaryButtonStyle } from '~/components/account-page'
import { submitButtonStyle } from '~/components/form-field'
import { accountPaths } from '~/models/accounts/account-paths'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import { handleAccountSwitch, loadAccountSwitch } from './login-token.server'

/**
 * A login link for another account, opened while signed in (issue 33 finding 2): the person
 * chooses, with a POST, whether it signs them out of their account and into the link's.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  return loadAccountSwitch(context.get(databaseContext), request)
}

export function action({ request, context }: ActionFunctionArgs) {
  return handleAccountSwitch(context.get(databaseContext), request)
}

export const headers = privatePageHeaders

export const handle: AnalyticsHandle = { analytics: 'login' }

export const meta: MetaFunction = ({ matches }) =>
  accountPageMeta(matches, {
    title: 'Switch accounts?',
    description: 'A login link for another account was opened while you are signed in.',
    canonicalPath: accountPaths.switchAccount,
  })

export default function SwitchAccount() {
  const { currentEmail, otherEmail } = useLoaderData<typeof loader>()
  return (
    <FormPage heading="Switch accounts?">
      <p className="mb-4">
        You are signed in as <strong>{currentEmail}</strong>. The link you opened signs in <strong>{otherEmail}</strong>.
      </p>
      <form method="post" className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="switch" className={submitButtonStyle}>
          {`Sign in as ${otherEmail}`}
        </button>
        <button type="submit" name="intent" value="stay" className={secondaryButtonStyle}>
          {`Stay signed in as ${currentEmail}`}
        </button>
      </form>
    </FormPage>
  )
}
