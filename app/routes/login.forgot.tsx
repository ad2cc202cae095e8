import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useActionData, useLoaderData } from 'react-router'
import { FormErrors, FormPage, accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { Confirmation, FormField, submitButtonStyle } from '~/components/form-field'
import { accountFormConstraints } from '~/models/accounts/account-form-fields'
import { accountPaths } from '~/models/accounts/account-paths'
import { handleForgotPassword } from './auth.server'
import { databaseContext } from '~/http/database.server'
import { resetKeyLifetimeMinutes } from '~/models/accounts/password-reset.server'
import { siteFromRequest } from '~/sites/site.server'
import { passRetryAfter } from '~/http/form-rate-limit.server'
import { getFormProps, useServerForm } from '~/components/server-form'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'

/** Forgot password (spec §2 screens): an e-mailed /reset/{resetKey} link; the answer never tells whether the address has an account. */
export function loader({ request }: LoaderFunctionArgs) {
  return { isSent: new URL(request.url).searchParams.has('sent'), lifetimeMinutes: resetKeyLifetimeMinutes }
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleForgotPassword(context.get(databaseContext), siteFromRequest(request), request)
}

export const headers = passRetryAfter(privatePageHeaders)

export const handle: AnalyticsHandle = { analytics: 'login' }

export const meta: MetaFunction = ({ matches }) =>
  accountPageMeta(matches, { title: 'Forgot your password?', description: 'Get a link to choose a new password.', canonicalPath: accountPaths.forgotPassword })

export default function ForgotPassword() {
  const { isSent, lifetimeMinutes } = useLoaderData<typeof loader>()
  const [form, fields] = useServerForm(accountFormConstraints.forgotPassword, { id: 'forgot-form', lastResult: useActionData<typeof action>() })
  return (
    <FormPage heading="Forgot your password?">
      {isSent ? (
        <Confirmation>
          {`If an account uses that address, we have e-mailed it a link to choose a new password. The link works for ${lifetimeMinutes} minutes.`}
        </Confirmation>
      ) : (
        <p className="mb-4">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      )}
      <form method="post" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <FormField field={fields.email} label="E-mail" type="email" autoComplete="email" />
        <button type="submit" className={submitButtonStyle}>
          {isSent ? 'Send the link again' : 'Send the link'}
        </button>
      </form>
      <p className="mt-4">
        <a href={accountPaths.login} className="font-semibold text-brand underline">
          Back to log in
        </a>
      </p>
    </FormPage>
  )
}
