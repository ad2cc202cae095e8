import { accountPaths } from '~/models/accounts/account-paths'
import { addVisitorLikesToAccount } from './visitor-likes'

/**
 * What a page does for the session once it has hydrated (spec §4). Returns what stops it.
 *
 * The login status is rechecked on a mouse-down or touch, at most once per interval (minutes, site
 * settings' loginStatusIntervalMinutes), counted from the page's load. The header is drawn once per
 * page load (the root's data is not reloaded between pages), so a page whose session ended, or
 * began in another tab, reloads to show the right one. Once signed in, the likes a visitor kept in
 * this browser are added to the account.
 */
export function watchSession(isSignedIn: boolean, intervalMinutes: number) {
  if (isSignedIn) void addVisitorLikesToAccount()
  let checkedAt = Date.now()
  const recheck = () => {
    const now = Date.now()
    if (now - checkedAt < intervalMinutes * 60_000) return
    checkedAt = now
    fetch(accountPaths.isLoggedInApi, { credentials: 'same-origin' })
      .then((response) => (response.ok ? (response.json() as Promise<unknown>) : undefined))
      .then((isLoggedIn) => {
        if (typeof isLoggedIn === 'boolean' && isLoggedIn !== isSignedIn) window.location.reload()
      })
      .catch(() => undefined)
  }
  const options = { capture: true, passive: true }
  document.addEventListener('mousedown', recheck, options)
  document.addEventListener('touchstart', recheck, options)
  return () => {
    document.removeEventListener('mousedown', recheck, options)
    document.removeEventListener('touchstart', recheck, options)
  }
}
