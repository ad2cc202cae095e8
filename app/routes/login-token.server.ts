import { databaseContext } from '~/http/database.server'
import { type MiddlewareFunction, redirect } from 'react-router'
import type { Kysely } from 'kysely'
import { accountPaths, loginTokenParam } from '~/models/accounts/account-paths'
import { type LoginFailure, loginFailureMessage } from '~/models/accounts/login-messages'
import { consumeLoginToken, consumeLoginTokenWithHash, findLoginTokenUser, loginTokenHash } from '~/models/accounts/login-tokens.server'
import { findViewer } from '~/models/accounts/user.server'
import type { Viewer } from '~/models/accounts/viewer'
import type { Database } from '~/models/db/db-schema'
import { sha256Hex } from '~/models/accounts/one-time-keys.server'
import type { SiteProfile } from '~/models/sites/site-profile'
import { siteFromRequest } from '~/sites/site.server'
import { clientAddress, isRateLimited } from '~/http/rate-limit.server'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import { type AppSession, addNotice, commitSession, getSession } from '~/http/session.server'
import { passFirstFactor, recordRequestEvent, verifyPath } from '~/http/second-factor.server'

/**
 * Login by token (spec §4, §7, §8): the links in our e-mails carry a single-use token that logs
 * their recipient in, on any page (`?token=`) or through the §7 endpoint.
 */

/** Per client address: tokens cannot be guessed; this keeps anyone from trying them by the thousand. */
const rateLimit = { limit: 20, windowMs: 15 * 60_000 }

/** `isPending`: the user has a second factor, and the session waits for its code (decision 0052). */
type TokenLogin = { isLoggedIn: true; viewer: Viewer; session: AppSession; isPending: boolean } | { isLoggedIn: false; failure: LoginFailure }

/** Whether this client has tried too many tokens lately (counted per try). */
const isTokenTryRefused = (db: Kysely<Database>, request: Request) => isRateLimited(db, `login-token:${clientAddress(request)}`, rateLimit)

/** Uses the token (as its hash) up and signs its user in on a new session (or waits for their second factor), or says why not. */
async function logInWithToken(db: Kysely<Database>, request: Request, session: AppSession, tokenHash: string): Promise<TokenLogin> {
  try {
    const userId = await consumeLoginTokenWithHash(db, tokenHash)
    if (userId === undefined) return { isLoggedIn: false, failure: 'not-logged-in' }
    // A blocked account is nobody's viewer.
    const viewer = await findViewer(db, userId)
    if (!viewer) return { isLoggedIn: false, failure: 'blocked' }
    await recordRequestEvent(db, request, 'login', userId, { method: 'login-link' })
    return { isLoggedIn: true, viewer, ...(await passFirstFactor(db, request, session, userId, 'login-link')) }
  } catch (error) {
    console.error('[login] by token failed', error)
    return { isLoggedIn: false, failure: 'unavailable' }
  }
}

/** The user a valid token would sign in, when it is not the one signed in on `session`: then the person is asked first. */
async function otherTokenUser(db: Kysely<Database>, session: AppSession, tokenHash: string) {
  const signedInAs = session.get('userId')
  if (signedInAs === undefined) return undefined
  const tokenUser = await findLoginTokenUser(db, tokenHash)
  return tokenUser !== undefined && tokenUser !== signedInAs ? tokenUser : undefined
}

const noStore = { 'Cache-Control': 'no-store' }

/**
 * Spec §4: a login token in a page's address logs in, then the address loses it, by a redirect to
 * the same page without it: this works without scripts, and the token never reaches the page's HTML,
 * the history or a Referer. That page says why a login failed (spec §8), except to someone already
 * signed in whose token is used up (the second link of one e-mail). A token of another user than
 * the one signed in swaps nobody silently: the token waits in the session while a page asks which
 * account to use (`handleAccountSwitch`). A data request (`_.data`)
 * reaches middleware under its page's address, and is answered with the same redirect.
 */
export const loginByTokenMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url)
  const token = url.searchParams.get(loginTokenParam)
  if (token === null || request.method !== 'GET') return next()
  const tokenHash = loginTokenHash(token)
  url.searchParams.delete(loginTokenParam)
  const returnTo = `${url.pathname}${url.search}`
  const db = context.get(databaseContext)
  const session = await getSession(request)
  const wasSignedIn = session.has('userId')
  if (await isTokenTryRefused(db, request)) {
    addNotice(session, { loginFailure: 'too-many-attempts' })
    throw redirect(returnTo, { headers: { ...(await commitSession(session, request)), ...noStore } })
  }
  if ((await otherTokenUser(db, session, tokenHash)) !== undefined) {
    // Kept as its hash, as the table keeps it: the session's row signs no one in.
    session.set('pendingLoginToken', { tokenHash, returnTo })
    throw redirect(accountPaths.switchAccount, { headers: { ...(await commitSession(session, request)), ...noStore } })
  }
  const login = await logInWithToken(db, request, session, tokenHash)
  if (login.isLoggedIn) {
    throw redirect(login.isPending ? verifyPath(returnTo) : returnTo, { headers: { ...(await commitSession(login.session, request)), ...noStore } })
  }
  if (!(wasSignedIn && login.failure === 'not-logged-in')) addNotice(session, { loginFailure: login.failure })
  throw redirect(returnTo, { headers: { ...(await commitSession(session, request)), ...noStore } })
}

/** What the account-switch page shows: who is signed in, and whom the waiting login link would sign in. */
export async function loadAccountSwitch(db: Kysely<Database>, request: Request) {
  const session = await getSession(request)
  const pending = session.get('pendingLoginToken')
  const signedInAs = session.get('userId')
  const [current, other] = await Promise.all([
    signedInAs === undefined ? undefined : findViewer(db, signedInAs),
    pending ? findLoginTokenUser(db, pending.tokenHash).then((userId) => (userId === undefined ? undefined : findViewer(db, userId))) : undefined,
  ])
  // Nothing to choose (the link was used, or the person signed out meanwhile): on to the page the link named.
  if (!pending || !current || !other) throw redirect(pending?.returnTo ?? '/', { headers: noStore })
  return { currentEmail: current.email, otherEmail: other.email }
}

/** 'Continue as …' keeps the signed-in account and forgets the link; 'Switch' uses the link up and signs its user in on a new session. */
export async function handleAccountSwitch(db: Kysely<Database>, request: Request) {
  assertSameOrigin(request)
  const session = await getSession(request)
  const pending = session.get('pendingLoginToken')
  if (!pending) throw redirect('/', 303)
  const form = await readFormData(request)
  session.unset('pendingLoginToken')
  if (form.get('intent') === 'switch') {
    const login = await logInWithToken(db, request, session, pending.tokenHash)
    if (login.isLoggedIn) {
      return redirect(login.isPending ? verifyPath(pending.returnTo) : pending.returnTo, { status: 303, headers: await commitSession(login.session, request) })
    }
    addNotice(session, { loginFailure: login.failure })
  }
  return redirect(pending.returnTo, { status: 303, headers: await commitSession(session, request) })
}

const failedLogin = (failure: LoginFailure, site: SiteProfile) => ({
  isLoggedIn: false,
  userInfo: null,
  hashedEmail: null,
  message: loginFailureMessage(failure, site.supportEmail),
})

const statusOfFailure: Record<LoginFailure, number> = { 'not-logged-in': 401, blocked: 403, 'too-many-attempts': 429, unavailable: 503 }

/**
 * Spec §7 `POST /api/authenticate/loginviatoken/{token}/{siteId}`: the login info
 * `{ isLoggedIn, userInfo, hashedEmail }` with the session cookie, or `isLoggedIn: false` with the
 * spec §8 message; a site id that is not this site's is a 400.
 */
export async function handleLoginViaToken(db: Kysely<Database>, request: Request, params: { token?: string; siteId?: string }) {
  assertSameOrigin(request)
  const site = siteFromRequest(request)
  if (params.siteId !== String(site.siteId)) {
    // The token is spent all the same (issue 33): it has travelled in an address, which a proxy or
    // a browser's history may keep whatever our own log leaves out, and a token works once.
    await consumeLoginToken(db, params.token ?? '')
    return Response.json({ error: `The site id must be ${site.siteId} on ${site.name}.` }, { status: 400 })
  }
  const session = await getSession(request)
  const tokenHash = loginTokenHash(params.token ?? '')
  const headers = { 'Cache-Control': 'no-store' }
  if (await isTokenTryRefused(db, request)) return Response.json(failedLogin('too-many-attempts', site), { status: statusOfFailure['too-many-attempts'], headers })
  if ((await otherTokenUser(db, session, tokenHash)) !== undefined) {
    return Response.json({ error: 'Another account is signed in here. Log out first, then open the link again.' }, { status: 409, headers })
  }
  const login = await logInWithToken(db, request, session, tokenHash)
  if (!login.isLoggedIn) return Response.json(failedLogin(login.failure, site), { status: statusOfFailure[login.failure], headers })
  const { viewer } = login
  if (login.isPending) {
    // Not signed in yet: the code is given on the page, with this session's cookie.
    return Response.json(
      {
        ...failedLogin('not-logged-in', site),
        message: 'Enter the code from your authenticator app to finish signing in.',
        secondFactorPath: accountPaths.verifySecondFactor,
      },
      { status: 401, headers: { ...headers, ...(await commitSession(login.session, request)) } },
    )
  }
  return Response.json(
    { isLoggedIn: true, userInfo: { ...viewer, isLoggedIn: true }, hashedEmail: sha256Hex(viewer.email) },
    { headers: { ...headers, ...(await commitSession(login.session, request)) } },
  )
}
