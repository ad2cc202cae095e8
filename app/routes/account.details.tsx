import type { SubmissionResult } from '@conform-to/react'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useActionData, useLoaderData } from 'react-router'
import { AccountPage, FormErrors, accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { CheckboxField, Confirmation, FormField, submitButtonStyle } from '~/components/form-field'
import { accountFormConstraints, passwordRequirements, phoneTypeOptions } from '~/models/accounts/account-form-fields'
import { accountPaths } from '~/models/accounts/account-paths'
import { loadSettings } from './account.server'
import { handleSettingsPost } from './account-forms.server'
import { getDb } from '~/models/db/db.server'
import { siteFromRequest } from '~/sites/site.server'
import { getFormProps, getSelectProps, useServerForm } from '~/components/server-form'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'

/** Settings (spec §2 /account/details/, login required): name, phone and newsletter, and a new password. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadSettings(getDb(), siteFromRequest(request), request)
}

export async function action({ request }: ActionFunctionArgs) {
  return handleSettingsPost(getDb(), siteFromRequest(request), request)
}

export const headers = privatePageHeaders

export const handle: AnalyticsHandle = { analytics: 'account' }

export const meta: MetaFunction = ({ matches }) =>
  accountPageMeta(matches, { title: 'Settings', description: 'Your name, phone, newsletter and password.', canonicalPath: accountPaths.settings })

const fieldsetStyle = 'rounded-xl border border-ink/15 bg-white p-5'
const legendStyle = 'px-1 text-lg font-semibold text-brand'

export default function Settings() {
  const { details, saved } = useLoaderData<typeof loader>()
  const answer = useActionData<{ intent: 'details' | 'password'; result: SubmissionResult<string[]> }>()
  const [detailsForm, detailsFields] = useServerForm(accountFormConstraints.details, {
    id: 'details-form',
    lastResult: answer?.intent === 'details' ? answer.result : undefined,
    defaultValue: { name: details.contactName, phone: details.phone, phoneType: String(details.phoneType), newsletter: details.newsletter ? 'on' : undefined },
  })
  const [passwordForm, passwordFields] = useServerForm(accountFormConstraints.changePassword, {
    id: 'password-form',
    lastResult: answer?.intent === 'password' ? answer.result : undefined,
  })
  return (
    <AccountPage current="Settings" heading="Settings">
      <div className="grid max-w-4xl gap-6 medium:grid-cols-2">
        <form method="post" {...getFormProps(detailsForm)}>
          <fieldset className={fieldsetStyle}>
            <legend className={legendStyle}>Your details</legend>
            {saved === 'details' ? <Confirmation>Your details are saved.</Confirmation> : null}
            <FormErrors id={detailsForm.errorId} errors={detailsForm.errors} />
            <input type="hidden" name="intent" value="details" />
            <p className="mb-3 text-sm">{`E-mail: ${details.email}`}</p>
            <FormField field={detailsFields.name} label="Full name" autoComplete="name" />
            <FormField field={detailsFields.phone} label="Phone" type="tel" autoComplete="tel" />
            <div className="mb-3">
              <label htmlFor={detailsFields.phoneType.id} className="block text-sm font-semibold">
                Phone type
              </label>
              <select {...getSelectProps(detailsFields.phoneType)} className="mt-1 w-full rounded-md border border-ink/30 bg-white px-3 py-2">
                {phoneTypeOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
            <CheckboxField field={detailsFields.newsletter} label="Send me news and market updates by e-mail" />
            <button type="submit" className={submitButtonStyle}>
              Save details
            </button>
          </fieldset>
        </form>
        <form method="post" {...getFormProps(passwordForm)}>
          <fieldset className={fieldsetStyle}>
            <legend className={legendStyle}>Change password</legend>
            {saved === 'password' ? <Confirmation>Your new password is saved.</Confirmation> : null}
            <FormErrors id={passwordForm.errorId} errors={passwordForm.errors} />
            <input type="hidden" name="intent" value="password" />
            <FormField field={passwordFields.currentPassword} label="Current password" type="password" autoComplete="current-password" />
            <FormField field={passwordFields.password} label="New password" type="password" autoComplete="new-password" hint={passwordRequirements} />
            <FormField field={passwordFields.confirmPassword} label="Confirm new password" type="password" autoComplete="new-password" />
            <button type="submit" className={submitButtonStyle}>
              Change password
            </button>
          </fieldset>
        </form>
      </div>
    </AccountPage>
  )
}
