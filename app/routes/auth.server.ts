import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from 'react-router'
import type { Kysely } from 'kysely'
import { headContextForRequest } from '~/sites/head-context.server'
import type { SiteProfile } from '~/models/sites/site-profile'
import { type FormRateLimit, refusalOf, refuseOverLimit } from '~/http/form-rate-limit.server'
import { clientAddress, countAttempt, takeBackAttempt } from '~/http/rate-limit.server'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import { applyAccountAction } from './account-actions.server'
import { accountPaths, safeReturnPath } from '~/models/accounts/account-paths'
import { ForgotPasswordSchema, LoginSchema, ResetPasswordSchema } from '~/models/accounts/account-forms'
import type { Database } from '~/models/db/db-schema'
import { sendMail } from '~/models/mail/mailer.server'
import { consumeResetKey, createResetKey, resetKeyLifetimeMinutes } from '~/models/accounts/password-reset.server'
import { loginMessages } from '~/models/accounts/login-messages'
import { sha256Hex } from '~/models/accounts/one-time-keys.server'
import { loginSectionParam, loginSectionTitle, requestedLoginSection } from '~/models/accounts/login-sections'
import {
  type AppSession,
  type PendingAction,
  commitSession,
  destroySession,
  getSession,
  getViewer,
  peekPendingAction,
  takePendingAction,
} from '~/http/session.server'
import { findUserIdByEmail, normalizeEmail, setPassword, verifyLogin } from '~/models/accounts/user.server'
import { endUserSessions } from '~/models/accounts/sessions.server'
import { siteOrigin } from '~/sites/site-origin.server'
import { siteFromRequest } from '~/sites/site.server'
import { mailSecurityChange, passFirstFactor, recordRequestEvent, verifyPath } from '~/http/second-factor.server'

/**
 * Log in, log out, forgot and reset password (sign up: signup.server.ts): each a plain POST that answers a failed
 * form with its messages (400, or 429 when an address tries too often) and a success with a
 * redirect (post/redirect/get).
 */
const wrongLoginMessage = 'The e-mail address or password is not correct. Please try again.'

/**
 * Per client address: plenty for a person, too few to guess passwords or flood inboxes. They stand
 * between a guesser and an account, so every post counts, valid or not (decision 0053).
 */
const rateLimits = {
  login: { limit: 20, windowMs: 15 * 60_000, counted: 'login attempts', kept: 'your e-mail address is kept below' },
  forgot: { limit: 5, windowMs: 15 * 60_000, counted: 'password reset requests', kept: 'your e-mail address is kept below' },
} satisfies Record<string, FormRateLimit>

/**
 * Per e-mail address, counting failed logins only, from any client address: a password guessed from
 * many addresses is still limited. Keyed by the address typed, account or not (a limit that only
 * known addresses reach would tell which have accounts), and by its hash (no addresses in that table).
 */
const failedLoginLimit: FormRateLimit = {
  limit: 10,
  windowMs: 15 * 60_000,
  counted: 'failed logins to this account',
  kept: 'your e-mail address is kept below',
}
const failedLoginKey = (email: string) => `login-failed:${sha256Hex(normalizeEmail(email))}`

function refuseTooFrequent(db: Kysely<Database>, request: Request, form: keyof typeof rateLimits) {
  return refuseOverLimit(db, `${form}:${clientAddress(request)}`, rateLimits[form])
}

/** Where a login form leads: its `redirectTo` field when it is a page of this site to return to. */
function redirectTarget(form: FormData) {
  return safeReturnPath(form.get('redirectTo'), accountPaths.home)
}

/**
 * Where a newly signed-in session goes: the action they asked for before logging in (spec §4),
 * which knows its own way back, or else the page they came from.
 */
export async function finishSignIn(db: Kysely<Database>, site: SiteProfile, session: AppSession, userId: number, redirectTo: string) {
  const pending = takePendingAction(session)
  return pending ? applyAccountAction(db, site, userId, pending) : redirectTo
}

/** Signs the user in and carries on, or, for a user with a second factor, asks for its code first (decision 0052). */
async function signIn(db: Kysely<Database>, site: SiteProfile, request: Request, visitorSession: AppSession, userId: number, redirectTo: string) {
  const { session, isPending } = await passFirstFactor(db, request, visitorSession, userId, 'password')
  const location = isPending ? verifyPath(redirectTo) : await finishSignIn(db, site, session, userId, redirectTo)
  return redirect(location, { status: 303, headers: await commitSession(session, request) })
}

export async function handleLogin(db: Kysely<Database>, site: SiteProfile, request: Request) {
  assertSameOrigin(request)
  const form = await readFormData(request)
  const submission = parseWithZod(form, { schema: LoginSchema })
  const hidden = { hideFields: ['password'] }
  const refusal = await refuseTooFrequent(db, request, 'login')
  if (refusal) return data(submission.reply({ ...hidden, formErrors: [refusal.message] }), refusal.init)
  if (submission.status !== 'success') return data(submission.reply(hidden), { status: 400 })
  const accountKey = failedLoginKey(submission.value.email)
  // Counted before the password is checked, so guesses sent at one moment cannot all slip past; a right password takes its count back.
  const accountRefusal = refusalOf(await countAttempt(db, accountKey, failedLoginLimit), failedLoginLimit)
  if (accountRefusal) return data(submission.reply({ ...hidden, formErrors: [accountRefusal.message] }), accountRefusal.init)
  const login = await verifyLogin(db, submission.value)
  if (login === undefined) {
    await recordRequestEvent(db, request, 'login-failed', (await findUserIdByEmail(db, submission.value.email)) ?? null)
    // One message for an unknown address and a wrong password: the form never tells which.
    return data(submission.reply({ ...hidden, formErrors: [wrongLoginMessage] }), { status: 400 })
  }
  await takeBackAttempt(db, accountKey)
  await recordRequestEvent(db, request, login.isBlocked ? 'login-failed' : 'login', login.userId, login.isBlocked ? { blocked: true } : { method: 'password' })
  // Said only to someone who knows the password.
  if (login.isBlocked) return data(submission.reply({ ...hidden, formErrors: [loginMessages.blocked(site.supportEmail)] }), { status: 403 })
  return signIn(db, site, request, await getSession(request), login.userId, redirectTarget(form))
}

export async function handleLogout(db: Kysely<Database>, request: Request) {
  assertSameOrigin(request)
  const session = await getSession(request)
  const userId = session.get('userId')
  if (userId !== undefined) await recordRequestEvent(db, request, 'logout', userId)
  return redirect('/', { status: 303, headers: await destroySession(session, request) })
}

/**
 * Sends a /reset/{resetKey} link when the address has an account, and answers the same either
 * way (no account enumeration). The mail is not awaited, so the answer takes as long either way.
 */
export async function handleForgotPassword(db: Kysely<Database>, site: SiteProfile, request: Request) {
  assertSameOrigin(request)
  const submission = parseWithZod(await readFormData(request), { schema: ForgotPasswordSchema })
  const refusal = await refuseTooFrequent(db, request, 'forgot')
  if (refusal) return data(submission.reply({ formErrors: [refusal.message] }), refusal.init)
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  const userId = await findUserIdByEmail(db, submission.value.email)
  if (userId !== undefined) {
    const resetLink = new URL(`/reset/${await createResetKey(db, userId)}`, headContextForRequest(request).origin).href
    sendMail(site.name, {
      to: submission.value.email,
      subject: `Reset your ${site.name} password`,
      text: `Someone (we hope you) asked to reset the password of your ${site.name} account.\n\nChoose a new password here within ${resetKeyLifetimeMinutes} minutes:\n${resetLink}\n\nIf you did not ask for this, ignore this e-mail: your password stays as it is.`,
    }).catch((error) => console.error('[mail] password reset', error))
  }
  return redirect(`${accountPaths.forgotPassword}?sent=1`, 303)
}

/**
 * Sets the new password of a valid reset key, uses the key up, ends every session of the user
 * (whoever held the old password is signed out) and signs the user in on a new one.
 */
export async function handleResetPassword(db: Kysely<Database>, request: Request, resetKey: string) {
  assertSameOrigin(request)
  const submission = parseWithZod(await readFormData(request), { schema: ResetPasswordSchema })
  if (submission.status !== 'success') return data(submission.reply({ hideFields: ['password', 'confirmPassword'] }), { status: 400 })
  const userId = await consumeResetKey(db, resetKey)
  // Used or expired since the form was shown: the page says so (410).
  if (userId === undefined) return redirect(`/reset/${encodeURIComponent(resetKey)}`, 303)
  await setPassword(db, userId, submission.value.password)
  await endUserSessions(db, userId)
  await recordRequestEvent(db, request, 'password-reset', userId)
  const site = siteFromRequest(request)
  await mailSecurityChange(db, site, userId, { subject: 'Your password was changed', change: `The password of your ${site.name} account was reset.` })
  // A user with a second factor gives its code before the new session starts.
  const { session, isPending } = await passFirstFactor(db, request, await getSession(request), userId, 'password-reset')
  const location = `${accountPaths.home}?password=changed`
  return redirect(isPending ? verifyPath(location) : location, { status: 303, headers: await commitSession(session, request) })
}

const pendingPrompts: Record<PendingAction['kind'], string> = {
  like: 'Log in or sign up, and the property will be saved to your Favorites.',
  unlike: 'Log in or sign up, and the property will be removed from your Favorites.',
  'save-search': 'Log in or sign up, and the search will be saved to your Saved Searches.',
}

/** A Referer is a full address at most this long; a longer one is not read. */
const maxRefererLength = 2_048

/**
 * The page of this site a visitor followed a plain Log in link from (issue 39: one login address
 * for every page, so a crawler meets one robots-blocked URL per site, not one per page). Browsers
 * send the whole address to the same origin (Referrer-Policy strict-origin-when-cross-origin,
 * server/app.ts), with or without scripts; it counts only when it names this site's configured
 * origin and a page one may return to.
 */
function pageOfThisSiteReferring(site: SiteProfile, request: Request) {
  const referer = request.headers.get('referer')
  if (!referer || referer.length > maxRefererLength || !URL.canParse(referer)) return undefined
  const page = new URL(referer)
  if (page.origin !== siteOrigin(site)) return undefined
  return safeReturnPath(`${page.pathname}${page.search}`, '') || undefined
}

/**
 * What the login and sign-up pages show: the page to return to (a path on this site only), the
 * spec §2 title ('{site} {section}', of a section from the fixed list, so a link cannot put other
 * words on the page), and what will happen once logged in. A signed-in user goes straight on, with
 * the action they asked for before logging in: the sign-up mail's link signs in on this page.
 */
export async function loadAuthPage(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const url = new URL(request.url)
  const cameFrom = url.searchParams.has('redirectTo') ? undefined : pageOfThisSiteReferring(site, request)
  // Carried in the address from here on, so that a failed attempt, the sign-up link and the
  // form's post keep it as they do a redirectTo that came with the link.
  if (cameFrom) {
    url.searchParams.set('redirectTo', cameFrom)
    throw redirect(`${url.pathname}${url.search}`)
  }
  const redirectTo = safeReturnPath(url.searchParams.get('redirectTo'), accountPaths.home)
  const viewer = await getViewer(request)
  if (viewer) {
    const session = await getSession(request)
    const pending = takePendingAction(session)
    if (!pending) throw redirect(redirectTo)
    throw redirect(await applyAccountAction(db, site, viewer.id, pending), { headers: await commitSession(session, request) })
  }
  const section = requestedLoginSection(site.name, url.searchParams)
  const query = new URLSearchParams({ redirectTo })
  if (section) query.set(loginSectionParam, section)
  const pending = peekPendingAction(await getSession(request))
  return {
    redirectTo,
    title: section ? loginSectionTitle(site.name, section) : null,
    passAlongQuery: `?${query}`,
    pendingPrompt: pending ? pendingPrompts[pending.kind] : null,
  }
}
