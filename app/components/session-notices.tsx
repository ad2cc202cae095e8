import { useEffect, useState } from 'react'
import { type LoginFailure, loginFailureMessage, loginMessages } from '~/models/accounts/login-messages'
import type { Viewer } from '~/models/accounts/viewer'
import type { SiteProfile } from '~/sites/site-profile'
import { useLoginStatusRecheck } from '~/utils/login-status'
import { addVisitorLikesToAccount } from '~/utils/visitor-likes'
import { loginPath } from './account-menu'
import { SellerWelcome } from './page-popovers'

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

/**
 * What a page does for the session once it has hydrated (spec §4): rechecks the login status on a
 * mouse-down or touch, adds the likes a visitor kept in this browser to the account they signed in
 * to, and shows a seller's welcome popover.
 */
export function SessionExtras({
  viewer,
  sellerWelcome,
  loginStatusIntervalMinutes,
}: {
  viewer: Viewer | null
  sellerWelcome: boolean
  loginStatusIntervalMinutes: number
}) {
  const isSignedIn = viewer !== null
  useLoginStatusRecheck(isSignedIn, loginStatusIntervalMinutes)
  useEffect(() => {
    if (isSignedIn) void addVisitorLikesToAccount()
  }, [isSignedIn])
  return <SellerWelcome isDue={sellerWelcome} />
}
