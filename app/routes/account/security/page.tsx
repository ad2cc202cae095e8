import { AccountPage, FormErrors, secondaryButtonStyle } from '~/components/account-page'
import { Confirmation, controlStyle, submitButtonStyle } from '~/components/form-field'
import { accountPaths } from '~/models/accounts/account-paths'
import type { SecurityEventKind } from '~/models/accounts/security-events.server'
import type { Route } from './+types/route'

const eventNames: Record<SecurityEventKind, string> = {
  login: 'Password or login link accepted',
  'login-failed': 'Failed login',
  logout: 'Logged out',
  'session-started': 'Signed in',
  'password-changed': 'Password changed',
  'password-reset': 'Password reset',
  'second-factor-on': 'Two-step sign-in switched on',
  'second-factor-off': 'Two-step sign-in switched off',
  'second-factor-failed': 'Wrong sign-in code',
  'recovery-code-used': 'Recovery code used',
  'recovery-codes-regenerated': 'New recovery codes made',
  'other-sessions-ended': 'Signed out everywhere else',
  'held-listing-approved': 'Held listing approved',
  'held-listing-rejected': 'Held listing rejected',
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="recovery-codes" className="mt-4 rounded-lg border border-ink/15 bg-white p-4">
      <h2 id="recovery-codes" className="font-semibold">
        Your recovery codes
      </h2>
      <p className="text-sm">Keep them somewhere safe: each signs you in once without your app. They are shown only now.</p>
      <ul className="mt-2 grid grid-cols-2 gap-1 font-mono">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </section>
  )
}

export function Security({ loaderData: { isOn, isAdmin, enrolment, recoveryCodesLeft, events, redirectTo }, actionData: answer }: Route.ComponentProps) {
  return (
    <AccountPage current="Settings" heading="Security">
      <FormErrors errors={answer?.error ? [answer.error] : undefined} id="code-error" />
      {answer?.recoveryCodes ? (
        <>
          <Confirmation>Two-step sign-in is on.</Confirmation>
          <RecoveryCodes codes={answer.recoveryCodes} />
          {redirectTo !== accountPaths.security ? (
            <p className="mt-4">
              <a href={redirectTo} className="text-brand underline">
                Continue
              </a>
            </p>
          ) : null}
        </>
      ) : null}
      {isOn ? (
        <section className="mt-4">
          <p>{`Two-step sign-in is on: after your password you enter a code from your authenticator app. ${recoveryCodesLeft} recovery codes left.`}</p>
          <form method="post" className="mt-3 flex flex-wrap gap-2">
            <button type="submit" name="intent" value="regenerate" className={secondaryButtonStyle}>
              Make new recovery codes
            </button>
            {isAdmin ? null : (
              <button type="submit" name="intent" value="turn-off" className={secondaryButtonStyle}>
                Switch two-step sign-in off
              </button>
            )}
          </form>
        </section>
      ) : null}
      {enrolment ? (
        <section className="mt-4" aria-labelledby="set-up">
          <h2 id="set-up" className="text-lg font-semibold">
            Set up two-step sign-in
          </h2>
          {isAdmin ? <p>Administrators sign in with a code from an authenticator app as well as their password.</p> : null}
          <p>Scan this QR code with an authenticator app, or enter the key below by hand; then enter the code the app shows.</p>
          <div className="mt-3 w-48" role="img" aria-label="QR code of the sign-in key" dangerouslySetInnerHTML={{ __html: enrolment.qrCodeSvg }} />
          <p className="mt-2">
            Key: <code className="break-all font-mono">{enrolment.secret}</code>
          </p>
          <form method="post" className="mt-3 max-w-sm">
            <input type="hidden" name="intent" value="confirm" />
            <label htmlFor="code" className="block font-medium">
              Code from the app
            </label>
            <input id="code" name="code" className={controlStyle} autoComplete="one-time-code" inputMode="numeric" required />
            <button type="submit" className={`mt-3 ${submitButtonStyle}`}>
              Switch two-step sign-in on
            </button>
          </form>
        </section>
      ) : null}
      <section className="mt-8" aria-labelledby="events">
        <h2 id="events" className="text-lg font-semibold">
          Recent security events
        </h2>
        {events.length === 0 ? (
          <p>None yet.</p>
        ) : (
          <ul className="mt-2 text-sm">
            {events.map((event) => (
              <li
                key={`${event.at}-${event.kind}`}
              >{`${new Date(event.at).toUTCString()}: ${eventNames[event.kind] ?? event.kind}${event.clientAddress ? ` (${event.clientAddress})` : ''}`}</li>
            ))}
          </ul>
        )}
      </section>
    </AccountPage>
  )
}
