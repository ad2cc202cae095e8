import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useActionData, useLoaderData } from 'react-router'
import { FormErrors, FormPage, accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { CheckboxField, FormField, submitButtonStyle } from '~/components/form-field'
import { accountFormConstraints, passwordRequirements } from '~/models/accounts/account-form-fields'
import { accountPaths } from '~/models/accounts/account-paths'
import { handleSignup, loadAuthPage } from './auth.server'
import { getDb } from '~/models/db/db.server'
import { siteFromRequest } from '~/sites/site.server'
import { getFormProps, useServerForm } from '~/components/server-form'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'

/** Sign up (spec §2 screens): a buyer account, then straight on to the page (and action) that asked for it. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadAuthPage(siteFromRequest(request), request)
}

export async function action({ request }: ActionFunctionArgs) {
  return handleSignup(getDb(), siteFromRequest(request), request)
}

export const headers = privatePageHeaders

export const handle: AnalyticsHandle = { analytics: 'login' }

export const meta: MetaFunction = ({ matches }) =>
  accountPageMeta(matches, { title: 'Sign up', description: 'Create an account to save properties and searches.', canonicalPath: accountPaths.signup })

export default function Signup() {
  const page = useLoaderData<typeof loader>()
  const [form, fields] = useServerForm(accountFormConstraints.signup, { id: 'signup-form', lastResult: useActionData<typeof action>() })
  return (
    <FormPage heading={page.title ?? 'Sign up'}>
      <p className="mb-4">{page.pendingPrompt ?? 'Create an account to save properties and searches.'}</p>
      <form method="post" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={page.redirectTo} />
        <FormField field={fields.name} label="Full name" autoComplete="name" />
        <FormField field={fields.email} label="E-mail" type="email" autoComplete="email" />
        <FormField field={fields.password} label="Password" type="password" autoComplete="new-password" hint={passwordRequirements} />
        <FormField field={fields.confirmPassword} label="Confirm password" type="password" autoComplete="new-password" />
        <CheckboxField field={fields.newsletter} label="Send me news and market updates by e-mail" />
        <button type="submit" className={submitButtonStyle}>
          Sign up
        </button>
      </form>
      <p className="mt-4">
        {'Already have an account? '}
        <a href={`${accountPaths.login}${page.passAlongQuery}`} className="font-semibold text-brand underline">
          Log in
        </a>
      </p>
    </FormPage>
  )
}
