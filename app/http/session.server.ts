import { type MiddlewareFunction, type Session, createContext, createSession, createSessionStorage, redirect } from 'react-router'
import type { SavedSearchNotify } from '~/models/accounts/saved-search'
import { siteOrigin } from '~/sites/site-origin.server'
import { siteFromRequest } from '~/sites/site.server'
import { accountPaths } from '~/models/accounts/account-paths'
import { type LoginSectionName, loginSectionKey, loginSectionParam } from '~/models/accounts/login-sections'
import { connectionOfThisProcess } from '~/http/database.server'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import type { LoginFailure } from '~/models/accounts/login-messages'
import { sha256Hex } from '~/models/accounts/one-time-keys.server'
import { describeUserAgent } from '~/models/accounts/session-devices'
import {
  createSession as createSessionRow,
  deleteSession,
  endUserSessions,
  findUserSessions,
  readSession,
  sessionLifetimeMs,
  updateSession,
} from '~/models/accounts/sessions.server'
import { claimSellerWelcome, findViewer } from '~/models/accounts/user.server'
import type { Viewer } from '~/models/accounts/viewer'
import type { PhotoUploadOutcome } from '~/models/sellers/photo-upload-rules'
import { sessionSecrets } from '~/secrets.server'

/**
 * Server-side sessions (architecture "Boundaries", decision 0047): the cookie carries a random id,
 * signed, httpOnly, SameSite=Lax, `__Host-` and Secure when the site's origin is https; the
 * `sessions` table holds the user's id, for a visitor the action they asked for before logging in
 * (spec §4 "the action applies after login"), and a POST's answer for the page it redirects to.
 * A login starts a new session; logout, a password change and idle or absolute expiry end it.
 */
export type PendingAction =
  { kind: 'like' | 'unlike'; listingId: number; returnTo: string } | { kind: 'save-search'; path: string; notify?: SavedSearchNotify; returnTo: string }

/** How a person proved the first factor (the audit trail's detail); a sign-up is a password. */
export type SignInMethod = 'password' | 'login-link' | 'password-reset'

interface SessionData {
  userId: number
  /** The browser's User-Agent at login, so Settings can name the device. */
  userAgent: string
  pendingAction: PendingAction & { at: number }
  /** A login link for another user, opened while signed in: kept until the person says which account to use. */
  pendingLoginToken: { tokenHash: string; returnTo: string }
  /** A correct password (or login link) of a user with a second factor: signed in once the code is given at /login/verify/ (decision 0052). */
  secondFactorPending: { userId: number; method: SignInMethod; at: number }
  /** When this signed-in session last gave a second-factor code: administrators' pages want it fresh. */
  secondFactorVerifiedAt: number
  /** What the next page drawn shows once (`readPageSession`), kept through redirects until a page shows it. */
  notices: SessionNotices
}

export interface SessionNotices {
  /** Spec §4: the seller just logged in for the first time since the welcome popover existed. */
  sellerWelcome?: true
  /** Why the login token in the address logged nobody in (spec §8). */
  loginFailure?: LoginFailure
}

/** Kept for the next request only (session.flash): an answer for the page a POST redirects to. */
interface SessionFlashData {
  photoUploadOutcome: PhotoUploadOutcome
}

/** A pending action older than this is forgotten: the visitor gave up on logging in. */
const pendingActionLifetimeMs = 60 * 60_000

/**
 * The login cookie's names: `__Host-` (Secure, this host only, path /) for a site served over
 * https, the plain name on a development origin over http. Either makes a page personal
 * (http/http-cache.server.ts).
 */
const sessionCookieNames = { https: '__Host-session', http: '__session' } as const

function sessionStorageOf(secure: boolean) {
  return createSessionStorage<SessionData, SessionFlashData>({
    cookie: {
      name: secure ? sessionCookieNames.https : sessionCookieNames.http,
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      // The server ends a session at its idle or absolute limit; the cookie need not outlive that.
      maxAge: sessionLifetimeMs / 1000,
      secrets: sessionSecrets(),
    },
    async createData(data) {
      const { userId, userAgent, ...rest } = data
      return createSessionRow(connectionOfThisProcess(), { userId: userId ?? null, userAgent: userAgent ?? null, data: rest })
    },
    async readData(id) {
      // A cookie from before server-side sessions carries the data itself, not an id: it signs no one in.
      if (typeof id !== 'string') return null
      const stored = await readSession(connectionOfThisProcess(), id)
      return stored ? { ...stored.data, ...(stored.userId === null ? {} : { userId: stored.userId }) } : null
    },
    async updateData(id, data) {
      const { userId, userAgent: _userAgent, ...rest } = data
      await updateSession(connectionOfThisProcess(), id, { userId: userId ?? null, data: rest })
    },
    async deleteData(id) {
      await deleteSession(connectionOfThisProcess(), id)
    },
  })
}

let storages: { https: ReturnType<typeof sessionStorageOf>; http: ReturnType<typeof sessionStorageOf> } | undefined

/** The storage of the request's site: its cookie is Secure and `__Host-` when the site's configured origin is https. */
function sessionStorage(request: Request) {
  storages ??= { https: sessionStorageOf(true), http: sessionStorageOf(false) }
  return siteOrigin(siteFromRequest(request)).startsWith('https:') ? storages.https : storages.http
}

export type AppSession = Session<SessionData, SessionFlashData>

export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage(request).getSession(request.headers.get('cookie'))
}

/** The session's cookie for the answer to `request` (a new session is stored first). */
export async function commitSession(session: AppSession, request: Request) {
  return { 'Set-Cookie': await sessionStorage(request).commitSession(session) }
}

/** Ends the session (logout): its row is deleted, so every copy of its cookie signs no one in. */
export async function destroySession(session: AppSession, request: Request) {
  return { 'Set-Cookie': await sessionStorage(request).destroySession(session) }
}

/** Whether the request carries a login cookie at all (signed in, or a visitor with a pending action). */
export function hasSessionCookie(request: Request) {
  return cookieHeaderHasSession(request.headers.get('cookie'))
}

/** The same test on a Cookie header's value (the server's page cache reads Node's request). */
export function cookieHeaderHasSession(cookies: string | null | undefined) {
  return !!cookies && sessionCookiePattern.test(cookies)
}

const sessionCookiePattern = new RegExp(`(?:^|;\\s*)(?:${Object.values(sessionCookieNames).join('|')})=[^;\\s]`)

/** The signed-in user's id, read from the cookie alone (no query): enough to scope a user's rows. */
export async function getViewerId(request: Request): Promise<number | null> {
  return (await getSession(request)).get('userId') ?? null
}

async function viewerOf(session: AppSession): Promise<Viewer | null> {
  const userId = session.get('userId')
  return userId === undefined ? null : ((await findViewer(connectionOfThisProcess(), userId)) ?? null)
}

/** The signed-in user, or null: one primary-key query, cheap enough for the root loader. */
export async function getViewer(request: Request): Promise<Viewer | null> {
  return viewerOf(await getSession(request))
}

/**
 * Signs the user in on a new session (a new id at every login, so an id a visitor had, or was
 * given, never becomes a signed-in one); the visitor's session ends, and its pending action
 * carries over. A seller who has not seen the welcome popover has the flag stored now, and
 * the next page shows the popover (spec §4). Commit the session it gives back.
 */
export async function startUserSession(db: Kysely<Database>, request: Request, previous: AppSession, userId: number): Promise<AppSession> {
  const pendingAction = previous.get('pendingAction')
  if (previous.id) await sessionStorage(request).destroySession(previous)
  const session = createSession<SessionData, SessionFlashData>()
  if (pendingAction) session.set('pendingAction', pendingAction)
  session.set('userId', userId)
  session.set('userAgent', request.headers.get('user-agent') ?? '')
  if (await claimSellerWelcome(db, userId)) addNotice(session, { sellerWelcome: true })
  return session
}

/** Keeps a notice for the next page drawn (not a redirect, whose page would never show it). */
export function addNotice(session: AppSession, notice: SessionNotices) {
  session.set('notices', { ...session.get('notices'), ...notice })
}

/** Set by the root loader when the page shows the session's notices: the middleware forgets them once the page is drawn. */
export const shownNoticesContext = createContext(false)

/**
 * Forgets the session's notices once a page that shows them is answered (2xx): a page whose
 * loader redirects (a login-required page sending a visitor to log in) leaves them for the next.
 * The session's id is unchanged, so the answer needs no new cookie.
 */
export const forgetShownNoticesMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next()
  if (context.get(shownNoticesContext) && response.ok) {
    const session = await getSession(request)
    session.unset('notices')
    await commitSession(session, request)
  }
  return response
}

/** A session of the user as Settings lists it: the device, when it signed in and was last used, and whether it is this one. */
export interface SignedInDevice {
  description: string
  signedInAt: string
  lastSeenAt: string
  isThisDevice: boolean
}

/** The user's sessions in force, this browser's first. */
export async function signedInDevices(db: Kysely<Database>, request: Request, userId: number): Promise<SignedInDevice[]> {
  const thisSession = (await getSession(request)).id
  const thisHash = thisSession ? sha256Hex(thisSession) : undefined
  const devices = (await findUserSessions(db, userId)).map((stored) => ({
    description: describeUserAgent(stored.userAgent),
    signedInAt: stored.createdAt,
    lastSeenAt: stored.lastSeenAt,
    isThisDevice: stored.idHash === thisHash,
  }))
  return devices.sort((a, b) => Number(b.isThisDevice) - Number(a.isThisDevice))
}

/** Ends the user's other sessions (a password change, 'Sign out everywhere else'): their cookies sign no one in from now on. */
export function endOtherSessions(db: Kysely<Database>, session: AppSession, userId: number) {
  return endUserSessions(db, userId, { keptId: session.id || undefined })
}

/**
 * What every page's root needs from the session: the viewer, and the notices kept for this page
 * (`hasNotices`: the root then sets `shownNoticesContext`, and they are forgotten once it is drawn).
 */
export async function readPageSession(request: Request) {
  const session = await getSession(request)
  const viewer = await viewerOf(session)
  const kept = session.get('notices')
  const notices = { sellerWelcome: kept?.sellerWelcome === true && viewer?.isSeller === true, loginFailure: kept?.loginFailure ?? null }
  return { viewer, notices, hasNotices: kept !== undefined }
}

/**
 * Spec §2: login-required routes redirect to /login with the origin location and the section,
 * named by its key (`?section=favorites`): the login page titles it '{site} {section}', and a link
 * cannot put other words there (issue 33 finding 7).
 */
export function loginPath(redirectTo: string, sectionName: LoginSectionName) {
  const query = new URLSearchParams({ redirectTo, [loginSectionParam]: loginSectionKey(sectionName) })
  return `${accountPaths.login}?${query}`
}

/** The signed-in user, or a redirect to the login page that comes back to this request's page. */
export async function requireViewer(request: Request, sectionName: LoginSectionName): Promise<Viewer> {
  const viewer = await getViewer(request)
  if (viewer) return viewer
  const url = new URL(request.url)
  throw redirect(loginPath(`${url.pathname}${url.search}`, sectionName))
}

export function setPendingAction(session: AppSession, action: PendingAction) {
  session.set('pendingAction', { ...action, at: Date.now() })
}

/** The visitor's pending action, if still fresh. */
export function peekPendingAction(session: AppSession): PendingAction | undefined {
  const pending = session.get('pendingAction')
  return pending && Date.now() - pending.at <= pendingActionLifetimeMs ? pending : undefined
}

/** The visitor's pending action, if still fresh; it is removed from the session either way. */
export function takePendingAction(session: AppSession): PendingAction | undefined {
  const pending = peekPendingAction(session)
  session.unset('pendingAction')
  return pending
}
