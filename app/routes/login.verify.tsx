import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useActionData, useLoaderData } from 'react-router'
import { FormErrors, FormPage, accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { controlStyle, submitButtonStyle } from '~/components/form-field'
import { accountPaths } from '~/models/accounts/account-paths'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { handleVerifyPost, loadVerifyPage } from '~/http/second-factor.server'
import { finishSignIn } from './auth.server'

/**
 * /login/verify/ (issue 33 finding 8, decision 0052): the second factor, after a correct password
 * or login link of a user who has one, and again before an administrator's page once the last
 * code is more than 15 minutes old. A current code from the authenticator app, or a recovery code.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return loadVerifyPage(request)
}

export function action({ request, context }: ActionFunctionArgs) {
  const db = context.get(databaseContext)
  return handleVerifyPost(db, request, (session, userId, redirectTo) => finishSignIn(db, siteFromRequest(request), session, userId, redirectTo))
}

export const headers = privatePageHeaders

export const handle: AnalyticsHandle = { analytics: 'login' }

export const meta: MetaFunction = ({ matches }) =>
  accountPageMeta(matches, {
    title: 'Enter your sign-in code',
    description: 'The code from your authenticator app, or a recovery code.',
    canonicalPath: accountPaths.verifySecondFactor,
  })

export default function VerifySecondFactor() {
  const { redirectTo } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return (
    <FormPage heading="Enter your sign-in code">
      <FormErrors errors={answer?.error ? [answer.error] : undefined} id="code-error" />
      <form method="post" action={accountPaths.verifySecondFactor}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <label htmlFor="code" className="block font-medium">
          Code from your authenticator app, or a recovery code
        </label>
        <input
          id="code"
          name="code"
          className={controlStyle}
          autoComplete="one-time-code"
          inputMode="text"
          required
          aria-invalid={answer?.error ? true : undefined}
          aria-describedby={answer?.error ? 'code-error' : undefined}
        />
        <button type="submit" className={`mt-4 ${submitButtonStyle}`}>
          Continue
        </button>
      </form>
    </FormPage>
  )
}
