import { type Session, createCookieSessionStorage, redirect } from 'react-router'
import type { SiteProfile } from '~/sites/site-profile'
import { accountPaths } from '~/models/accounts/account-paths'
import { getDb } from '~/models/db/db.server'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import type { LoginFailure } from '~/models/accounts/login-messages'
import { claimSellerWelcome, findViewer } from '~/models/accounts/user.server'
import type { Viewer } from '~/models/accounts/viewer'
import type { PhotoUploadOutcome } from '~/models/sellers/photo-upload-rules'
import { sessionSecrets } from './secrets.server'

/**
 * Sessions in a signed cookie (architecture "Boundaries": httpOnly, SameSite=Lax): the user's id,
 * for a visitor the action they asked for before logging in (spec §4 "the action applies after
 * login"), and a POST's answer for the page it redirects to. Nothing else is kept on the server,
 * so any instance behind a load balancer can read any session.
 */
export type PendingAction = { kind: 'like' | 'unlike'; listingId: number; returnTo: string } | { kind: 'save-search'; path: string; returnTo: string }

interface SessionData {
  userId: number
  pendingAction: PendingAction & { at: number }
}

/** Kept for the next request only (session.flash): an answer for the page a POST or a login redirects to. */
interface SessionFlashData {
  photoUploadOutcome: PhotoUploadOutcome
  /** Spec §4: the seller just logged in for the first time since the welcome popover existed. */
  sellerWelcome: true
  /** Why the login token in the address logged nobody in (spec §8). */
  loginFailure: LoginFailure
}

/** A pending action older than this is forgotten: the visitor gave up on logging in. */
const pendingActionLifetimeMs = 60 * 60_000
const sessionLifetimeSeconds = 30 * 24 * 60 * 60

/** The login cookie's name; its presence alone makes a page personal (utils/http-cache.server.ts). */
const sessionCookieName = '__session'

let storage: ReturnType<typeof createCookieSessionStorage<SessionData, SessionFlashData>> | undefined

function sessionStorage() {
  storage ??= createCookieSessionStorage<SessionData, SessionFlashData>({
    cookie: {
      name: sessionCookieName,
      httpOnly: true,
      sameSite: 'lax',
      // Secure is decided per request (commitSession): a plain-http local run must keep its login.
      path: '/',
      maxAge: sessionLifetimeSeconds,
      secrets: sessionSecrets(),
    },
  })
  return storage
}

export type AppSession = Session<SessionData, SessionFlashData>

export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage().getSession(request.headers.get('cookie'))
}

/**
 * Whether the browser reached us over HTTPS, directly or through a trusted proxy's
 * X-Forwarded-Proto (the server builds the request's URL from both; TRUST_PROXY says whom to trust).
 */
const cameOverHttps = (request: Request) => new URL(request.url).protocol === 'https:'

/** The session's cookie for the answer to `request`: Secure when the request came over HTTPS, never on plain http. */
export async function commitSession(session: AppSession, request: Request) {
  return { 'Set-Cookie': await sessionStorage().commitSession(session, { secure: cameOverHttps(request) }) }
}

export async function destroySession(session: AppSession, request: Request) {
  return { 'Set-Cookie': await sessionStorage().destroySession(session, { secure: cameOverHttps(request) }) }
}

/** Whether the request carries a login cookie at all (signed in, or a visitor with a pending action). */
export function hasSessionCookie(request: Request) {
  return cookieHeaderHasSession(request.headers.get('cookie'))
}

/** The same test on a Cookie header's value (the server's page cache reads Node's request). */
export function cookieHeaderHasSession(cookies: string | null | undefined) {
  return !!cookies && new RegExp(`(?:^|;\\s*)${sessionCookieName}=[^;\\s]`).test(cookies)
}

/** The signed-in user's id, read from the cookie alone (no query): enough to scope a user's rows. */
export async function getViewerId(request: Request): Promise<number | null> {
  return (await getSession(request)).get('userId') ?? null
}

async function viewerOf(session: AppSession): Promise<Viewer | null> {
  const userId = session.get('userId')
  return userId === undefined ? null : ((await findViewer(getDb(), userId)) ?? null)
}

/** The signed-in user, or null: one primary-key query, cheap enough for the root loader. */
export async function getViewer(request: Request): Promise<Viewer | null> {
  return viewerOf(await getSession(request))
}

/**
 * Signs the user in on this session. A seller who has not seen the welcome popover has the flag
 * stored now, and the next page shows the popover (spec §4).
 */
export async function startUserSession(db: Kysely<Database>, session: AppSession, userId: number) {
  session.set('userId', userId)
  if (await claimSellerWelcome(db, userId)) session.flash('sellerWelcome', true)
}

/**
 * What every page's root needs from the session: the viewer, and the notices flashed to this page
 * (read once: `headers` then carry the session without them).
 */
export async function readPageSession(request: Request) {
  const session = await getSession(request)
  // Checked before reading: reading a flashed value removes it.
  const hadNotice = session.has('sellerWelcome') || session.has('loginFailure')
  const viewer = await viewerOf(session)
  const sellerWelcome = session.get('sellerWelcome') === true && viewer?.isSeller === true
  const loginFailure = session.get('loginFailure') ?? null
  return { viewer, notices: { sellerWelcome, loginFailure }, headers: hadNotice ? await commitSession(session, request) : undefined }
}

/**
 * Spec §2: login-required routes redirect to /login with the origin location and a title made of
 * the site name and the section name ('LandAtlas Favorites').
 */
export function loginPath(site: SiteProfile, redirectTo: string, sectionName: string) {
  const query = new URLSearchParams({ redirectTo, title: `${site.name} ${sectionName}` })
  return `${accountPaths.login}?${query}`
}

/** The signed-in user, or a redirect to the login page that comes back to this request's page. */
export async function requireViewer(request: Request, site: SiteProfile, sectionName: string): Promise<Viewer> {
  const viewer = await getViewer(request)
  if (viewer) return viewer
  const url = new URL(request.url)
  throw redirect(loginPath(site, `${url.pathname}${url.search}`, sectionName))
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
