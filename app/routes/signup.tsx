import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useActionData, useLoaderData } from 'react-router'
import { FormErrors, FormPage, accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { CheckboxField, Confirmation, FormField, submitButtonStyle } from '~/components/form-field'
import { accountFormConstraints, passwordRequirements } from '~/models/accounts/account-form-fields'
import { accountPaths } from '~/models/accounts/account-paths'
import { loadAuthPage } from './auth.server'
import { handleSignup } from './signup.server'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { passRetryAfter } from '~/http/form-rate-limit.server'
import { getFormProps, useServerForm } from '~/components/server-form'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'

/**
 * Sign up (spec §2 screens): a buyer account, confirmed by a link in an e-mail that signs in and
 * goes on to the page (and action) that asked for it. `?sent=1` is the same answer for every
 * address (signup.server.ts).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await loadAuthPage(context.get(databaseContext), siteFromRequest(request), request)
  return { ...page, isSent: new URL(request.url).searchParams.has('sent') }
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleSignup(context.get(databaseContext), siteFromRequest(request), request)
}

export const headers = passRetryAfter(privatePageHeaders)

export const handle: AnalyticsHandle = { analytics: 'login' }

export const meta: MetaFunction = ({ matches }) =>
  accountPageMeta(matches, { title: 'Sign up', description: 'Create an account to save properties and searches.', canonicalPath: accountPaths.signup })

export default function Signup() {
  const page = useLoaderData<typeof loader>()
  const [form, fields] = useServerForm(accountFormConstraints.signup, { id: 'signup-form', lastResult: useActionData<typeof action>() })
  return (
    <FormPage heading={page.title ?? 'Sign up'}>
      {page.isSent ? (
        <Confirmation>
          We have sent a message to the address you gave. Open the link in it to confirm your address and sign in. If the address already has an account, the message
          says how to log in.
        </Confirmation>
      ) : (
        <>
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
        </>
      )}
      <p className="mt-4">
        {'Already have an account? '}
        <a href={`${accountPaths.login}${page.passAlongQuery}`} className="font-semibold text-brand underline">
          Log in
        </a>
      </p>
    </FormPage>
  )
}
