import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useActionData, useLoaderData } from 'react-router'
import { FormErrors, FormPage, accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { FormField, submitButtonStyle } from '~/components/form-field'
import { accountFormConstraints } from '~/models/accounts/account-form-fields'
import { accountPaths } from '~/models/accounts/account-paths'
import { handleLogin, loadAuthPage } from './auth.server'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { passRetryAfter } from '~/http/form-rate-limit.server'
import { getFormProps, useServerForm } from '~/components/server-form'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'

/**
 * /login (spec §2): where login-required pages and a visitor's like or Save Search lead, with the
 * page to return to (`redirectTo`) and a title ('LandAtlas Favorites') as its heading.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadAuthPage(context.get(databaseContext), siteFromRequest(request), request)
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleLogin(context.get(databaseContext), siteFromRequest(request), request)
}

export const headers = passRetryAfter(privatePageHeaders)

export const handle: AnalyticsHandle = { analytics: 'login' }

export const meta: MetaFunction = ({ matches }) =>
  accountPageMeta(matches, { title: 'Log in', description: 'Log in to see your favorites and saved searches.', canonicalPath: accountPaths.login })

export default function Login() {
  const page = useLoaderData<typeof loader>()
  const [form, fields] = useServerForm(accountFormConstraints.login, { id: 'login-form', lastResult: useActionData<typeof action>() })
  return (
    <FormPage heading={page.title ?? 'Log in'}>
      <p className="mb-4">{page.pendingPrompt ?? 'Log in to see your favorites and saved searches.'}</p>
      <form method="post" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={page.redirectTo} />
        <FormField field={fields.email} label="E-mail" type="email" autoComplete="email" />
        <FormField field={fields.password} label="Password" type="password" autoComplete="current-password" />
        <button type="submit" className={submitButtonStyle}>
          Log in
        </button>
      </form>
      <p className="mt-4">
        <a href={accountPaths.forgotPassword} className="font-semibold text-brand underline">
          Forgot your password?
        </a>
      </p>
      <p className="mt-2">
        {'New here? '}
        <a href={`${accountPaths.signup}${page.passAlongQuery}`} className="font-semibold text-brand underline">
          Sign up
        </a>
      </p>
      <p className="mt-2 text-sm">Just signed up? Open the link in the e-mail we sent you first: it confirms your address and signs you in.</p>
    </FormPage>
  )
}
