import { accountPaths, isSignInPath, safeReturnPath } from '~/models/accounts/account-paths'
import { sellerPaths } from '~/models/sellers/listing-draft'
import type { Viewer } from '~/models/accounts/viewer'
import type { NavigationLink } from '~/sites/navigation'

/** Spec §2 "Menu links" and §6: a signed-in user's My Account menu; Manage Listings is for sellers only. */
export function accountLinks(viewer: Viewer): NavigationLink[] {
  return [
    { label: 'Favorites', href: '/account/savedproperties/' },
    { label: 'Saved Searches', href: '/account/savedsearches/' },
    ...(viewer.isSeller ? [{ label: 'Manage Listings', href: sellerPaths.listings }] : []),
    { label: 'Settings', href: '/account/details/' },
  ]
}

/**
 * Log in comes back to the page it was chosen on. On a login, sign-up or reset page it keeps the
 * page that one would return to (never the page itself: its address would nest in every link).
 */
export function loginPath(currentPath: string) {
  const url = new URL(currentPath, 'http://same-site.invalid')
  const returnTo = isSignInPath(url.pathname) ? url.searchParams.get('redirectTo') : currentPath
  const safeReturnTo = safeReturnPath(returnTo, '')
  return safeReturnTo ? `${accountPaths.login}?${new URLSearchParams({ redirectTo: safeReturnTo })}` : accountPaths.login
}

export const signupPath = '/signup/'

/** Logging out changes state, so it is a POST (a link could be followed by a prefetch or a crawler). */
export function LogoutForm({ buttonClassName }: { buttonClassName: string }) {
  return (
    <form method="post" action="/logout">
      <button type="submit" className={buttonClassName}>
        Log out
      </button>
    </form>
  )
}
