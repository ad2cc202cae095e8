import { AccountPage, FormErrors, secondaryButtonStyle } from '~/components/account-page'
import { formatLongDate } from '~/utils/format'
import { CheckboxField, Confirmation, FormField, submitButtonStyle } from '~/components/form-field'
import { accountFormConstraints, passwordRequirements, phoneTypeOptions } from '~/models/accounts/account-form-fields'
import { accountPaths } from '~/models/accounts/account-paths'
import { getFormProps, getSelectProps, useServerForm } from '~/components/server-form'
import type { Route } from './+types/route'

const fieldsetStyle = 'rounded-xl border border-ink/15 bg-white p-5'
const legendStyle = 'px-1 text-lg font-semibold text-brand'

export function Settings({ loaderData: { details, devices, saved }, actionData: answer }: Route.ComponentProps) {
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
        <form method="post" className="medium:col-span-2">
          <fieldset className={fieldsetStyle}>
            <legend className={legendStyle}>Signed-in devices</legend>
            {saved === 'signed-out' ? <Confirmation>Every other device is signed out.</Confirmation> : null}
            <ul className="mb-4 divide-y divide-ink/10">
              {devices.map((device, index) => (
                // Drawn once per page, never reordered in place: its place is a device's key.
                <li key={index} className="py-2">
                  <span className="font-semibold">{device.description}</span>
                  {device.isThisDevice ? <span className="ml-2 rounded bg-brand/10 px-2 py-0.5 text-sm text-brand">This device</span> : null}
                  <span className="block text-sm">{`Signed in ${formatLongDate(device.signedInAt)}, last used ${formatLongDate(device.lastSeenAt)}`}</span>
                </li>
              ))}
            </ul>
            <input type="hidden" name="intent" value="sign-out-others" />
            <button type="submit" className={secondaryButtonStyle} disabled={devices.length < 2}>
              Sign out everywhere else
            </button>
            <p className="mt-4">
              <a href={accountPaths.security} className="text-brand underline">
                Two-step sign-in and recent security events
              </a>
            </p>
          </fieldset>
        </form>
      </div>
    </AccountPage>
  )
}
