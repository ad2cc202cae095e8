import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, useActionData, useLoaderData } from 'react-router'
import { FormErrors, FormPage, accountPageMeta, privateHeaders } from '~/components/account-page'
import { FormField, submitButtonStyle } from '~/components/form-field'
import { accountFormConstraints, passwordRequirements } from '~/models/accounts/account-form-fields'
import { accountPaths } from '~/models/accounts/account-paths'
import { handleResetPassword } from './auth.server'
import { databaseContext } from '~/http/database.server'
import { findResetKeyUser } from '~/models/accounts/password-reset.server'
import { getFormProps, useServerForm } from '~/components/server-form'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'

/** /reset/{resetKey} (spec §2): a new password, typed twice, for the link's account; a used or expired link is 410 Gone. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const isValid = (await findResetKeyUser(context.get(databaseContext), params.resetKey ?? '')) !== undefined
  return data({ isValid }, { status: isValid ? 200 : 410 })
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return handleResetPassword(context.get(databaseContext), request, params.resetKey ?? '')
}

// The key in the address must not travel on in a Referer.
export const headers = () => ({ ...privateHeaders, 'Referrer-Policy': 'no-referrer' })

export const handle: AnalyticsHandle = { analytics: 'login' }

export const meta: MetaFunction = ({ matches, params }) =>
  accountPageMeta(matches, {
    title: 'Choose a new password',
    description: 'Choose a new password for your account.',
    canonicalPath: `/reset/${encodeURIComponent(params.resetKey ?? '')}`,
  })

export default function ResetPassword() {
  const { isValid } = useLoaderData<typeof loader>()
  const [form, fields] = useServerForm(accountFormConstraints.resetPassword, { id: 'reset-form', lastResult: useActionData<typeof action>() })
  if (!isValid) {
    return (
      <FormPage heading="This link no longer works">
        <p>A password link works once, and only for a limited time: this one was used already or has expired.</p>
        <p className="mt-4">
          <a href={accountPaths.forgotPassword} className="font-semibold text-brand underline">
            Get a new link
          </a>
        </p>
      </FormPage>
    )
  }
  return (
    <FormPage heading="Choose a new password">
      <form method="post" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <FormField field={fields.password} label="New password" type="password" autoComplete="new-password" hint={passwordRequirements} />
        <FormField field={fields.confirmPassword} label="Confirm new password" type="password" autoComplete="new-password" />
        <button type="submit" className={submitButtonStyle}>
          Save the new password
        </button>
      </form>
    </FormPage>
  )
}
