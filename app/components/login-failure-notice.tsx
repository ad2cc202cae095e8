import { useState } from 'react'
import { type LoginFailure, loginFailureMessage, loginMessages } from '~/models/accounts/login-messages'
import type { SiteProfile } from '~/models/sites/site-profile'
import { loginPath } from './account-menu'

/**
 * Spec §8: a login token that logged nobody in is said on the page the address led to (without
 * the token), with scripts or without. Shown on that page only: the root's data stays the same
 * while scripts change pages.
 */
export function LoginFailureNotice({ failure, site, currentPath }: { failure: LoginFailure; site: SiteProfile; currentPath: string }) {
  const [firstPath] = useState(currentPath)
  if (currentPath !== firstPath) return null
  const canTryAgain = failure === 'not-logged-in' || failure === 'too-many-attempts'
  return (
    <div role="alert" className="mx-auto mt-4 max-w-6xl px-4">
      <div className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
        <p className="font-bold">{loginMessages.failed}</p>
        <p>
          {loginFailureMessage(failure, site.supportEmail)}
          {canTryAgain ? (
            <>
              {' '}
              <a href={loginPath(currentPath)} className="font-semibold underline">
                Log in
              </a>
            </>
          ) : null}
        </p>
      </div>
    </div>
  )
}
