import { type MiddlewareFunction, redirect } from 'react-router'
import type { Kysely } from 'kysely'
import { loginTokenParam } from '~/models/accounts/account-paths'
import { type LoginFailure, loginFailureMessage } from '~/models/accounts/login-messages'
import { consumeLoginToken } from '~/models/accounts/login-tokens.server'
import { findViewer } from '~/models/accounts/user.server'
import type { Viewer } from '~/models/accounts/viewer'
import type { Database } from '~/models/db/db-schema'
import { getDb } from '~/models/db/db.server'
import { sha256Hex } from '~/models/accounts/one-time-keys.server'
import { siteFromRequest } from '~/sites/site.server'
import { clientAddress, isRateLimited } from '~/utils/rate-limit.server'
import { assertSameOrigin } from '~/utils/request-guard.server'
import { type AppSession, commitSession, getSession, startUserSession } from '~/utils/session.server'

/**
 * Login by token (spec §4, §7, §8): the links in our e-mails carry a single-use token that logs
 * their recipient in, on any page (`?token=`) or through the §7 endpoint.
 */

/** Per client address: tokens cannot be guessed; this keeps anyone from trying them by the thousand. */
const rateLimit = { limit: 20, windowMs: 15 * 60_000 }

type TokenLogin = { isLoggedIn: true; viewer: Viewer } | { isLoggedIn: false; failure: LoginFailure }

/** Uses the token up and signs its user in on the session, or says why not. */
async function logInWithToken(db: Kysely<Database>, request: Request, session: AppSession, token: string): Promise<TokenLogin> {
  if (await isRateLimited(db, `login-token:${clientAddress(request)}`, rateLimit)) return { isLoggedIn: false, failure: 'too-many-attempts' }
  try {
    const userId = await consumeLoginToken(db, token)
    if (userId === undefined) return { isLoggedIn: false, failure: 'not-logged-in' }
    // A blocked account is nobody's viewer.
    const viewer = await findViewer(db, userId)
    if (!viewer) return { isLoggedIn: false, failure: 'blocked' }
    await startUserSession(db, session, userId)
    return { isLoggedIn: true, viewer }
  } catch (error) {
    console.error('[login] by token failed', error)
    return { isLoggedIn: false, failure: 'unavailable' }
  }
}

/**
 * Spec §4: a login token in a page's address logs in, then the address loses it, by a redirect to
 * the same page without it: this works without scripts, and the token never reaches the page's HTML,
 * the history or a Referer. That page says why a login failed (spec §8), except to someone already
 * signed in whose token is used up (the second link of one e-mail). Single-fetch data requests pass:
 * e-mail links open whole pages.
 */
export const loginByTokenMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const url = new URL(request.url)
  const token = url.searchParams.get(loginTokenParam)
  if (token === null || request.method !== 'GET' || url.pathname.endsWith('.data')) return next()
  const session = await getSession(request)
  const wasSignedIn = session.has('userId')
  const login = await logInWithToken(getDb(), request, session, token)
  if (!login.isLoggedIn && !(wasSignedIn && login.failure === 'not-logged-in')) session.flash('loginFailure', login.failure)
  url.searchParams.delete(loginTokenParam)
  throw redirect(`${url.pathname}${url.search}`, { headers: { ...(await commitSession(session, request)), 'Cache-Control': 'no-store' } })
}

const statusOfFailure: Record<LoginFailure, number> = { 'not-logged-in': 401, blocked: 403, 'too-many-attempts': 429, unavailable: 503 }

/**
 * Spec §7 `POST /api/authenticate/loginviatoken/{token}/{siteId}`: the login info
 * `{ isLoggedIn, userInfo, hashedEmail }` with the session cookie, or `isLoggedIn: false` with the
 * spec §8 message; a site id that is not this site's is a 400.
 */
export async function handleLoginViaToken(request: Request, params: { token?: string; siteId?: string }) {
  assertSameOrigin(request)
  const site = siteFromRequest(request)
  if (params.siteId !== String(site.siteId)) {
    // The token is spent all the same (issue 33): it has travelled in an address, which a proxy or
    // a browser's history may keep whatever our own log leaves out, and a token works once.
    await consumeLoginToken(getDb(), params.token ?? '')
    return Response.json({ error: `The site id must be ${site.siteId} on ${site.name}.` }, { status: 400 })
  }
  const session = await getSession(request)
  const login = await logInWithToken(getDb(), request, session, params.token ?? '')
  const headers = { 'Cache-Control': 'no-store' }
  if (!login.isLoggedIn) {
    const answer = { isLoggedIn: false, userInfo: null, hashedEmail: null, message: loginFailureMessage(login.failure, site.supportEmail) }
    return Response.json(answer, { status: statusOfFailure[login.failure], headers })
  }
  const { viewer } = login
  return Response.json(
    { isLoggedIn: true, userInfo: { ...viewer, isLoggedIn: true }, hashedEmail: sha256Hex(viewer.email) },
    { headers: { ...headers, ...(await commitSession(session, request)) } },
  )
}
