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
 * Log in is one address on every page (issue 39: a link naming each page gave a crawler as many
 * robots-blocked URLs as pages); the login page learns the page to come back to from the Referer
 * (`loadAuthPage`). A login, sign-up or reset page passes on the page that one would return to
 * (never itself: its address would nest in every link); a crawler never fetches those pages.
 */
export function loginPath(currentPath: string) {
  const url = new URL(currentPath, 'http://same-site.invalid')
  const safeReturnTo = isSignInPath(url.pathname) ? safeReturnPath(url.searchParams.get('redirectTo'), '') : ''
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
