import { safeRedirectPath } from '~/utils/safe-redirect'

/** The account screens' paths (spec §2 shared routes) and the JSON endpoints their scripts post to. */
export const accountPaths = {
  home: '/account/',
  settings: '/account/details/',
  favorites: '/account/savedproperties/',
  savedSearches: '/account/savedsearches/',
  /** AcreWorth's saved valuations (issue 16). */
  savedValuations: '/account/valuations/',
  /** A feed partner's import reports (issue 14). */
  feeds: '/account/feeds/',
  /** An administrator's review of held feed records. */
  feedReview: '/account/feeds/review/',
  /** The administrators' site analytics (issue 17 §7). */
  analytics: '/account/analytics/',
  /** The administrators' review of listings the scam screen held or buyers reported as a scam (issue 38 item 1). */
  scamReview: '/account/scam-review/',
  /** The administrators' view of the scheduled jobs' runs (issue 37 item 3). */
  jobs: '/account/jobs/',
  login: '/login',
  signup: '/signup/',
  logout: '/logout',
  forgotPassword: '/login/forgot/',
  /** Asks a signed-in person whether a login link for another account may sign them out of theirs. */
  switchAccount: '/login/switch/',
  /** The second factor at sign-in, and again before an administrator's page when the last check is stale (decision 0052). */
  verifySecondFactor: '/login/verify/',
  /** Setting up the second factor, its recovery codes, and the account's recent security events. */
  security: '/account/security/',
  likesApi: '/api/likes',
  savedSearchesApi: '/api/saved-searches',
  /** Spec §7: whether the session is signed in, `{ isLoggedIn }`. */
  isLoggedInApi: '/api/authenticate/isloggedin',
} as const

/** The pages that log a visitor in or out, or set a password: none is ever a page to return to after logging in. */
const signInPathPattern = /^\/(login|signup|logout|reset)([/?#]|$)/

export function isSignInPath(path: string) {
  return signInPathPattern.test(path)
}

/**
 * Where to go after logging in: `target` when it is a path on this site and not itself a login,
 * sign-up, logout or reset page (which would send the visitor in a circle, and nest its own
 * address in every link to it), else `fallback`.
 */
export function safeReturnPath(target: unknown, fallback: string): string {
  const path = safeRedirectPath(target, fallback)
  return isSignInPath(path) ? fallback : path
}

/** The query parameter of a login token (spec §4: a login token in the address logs in). */
export const loginTokenParam = 'token'

/** A link from one of our e-mails that logs its recipient in: `url` with the login token in its query. */
export function withLoginToken(url: string, token: string) {
  const link = new URL(url)
  link.searchParams.set(loginTokenParam, token)
  return link.href
}

/** Page n of the favorites (spec §2 /account/savedproperties/{siteId}/page-{n}); page 1 is the plain path. */
export function favoritesPagePath(siteId: number, page: number) {
  return page === 1 ? accountPaths.favorites : `${accountPaths.favorites}${siteId}/page-${page}`
}

/** The id a like form carries, so the page a like returns to without scripts scrolls back to it. */
export function likeFormId(listingId: number) {
  return `like-${listingId}`
}

/** The query parameter with which a search page confirms it was saved (spec §9: confirmation on by default). */
export const savedSearchConfirmationParam = 'saved'

/** The report of one feed import run. */
export function feedRunPath(runId: number) {
  return `${accountPaths.feeds}${runId}/`
}
