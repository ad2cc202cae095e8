import { data, redirect } from 'react-router'
import type { Kysely } from 'kysely'
import QRCode from 'qrcode'
import { accountPaths, safeReturnPath } from '~/models/accounts/account-paths'
import { tooManyAttemptsMessage } from '~/models/accounts/login-messages'
import {
  confirmSecondFactor,
  hasSecondFactor,
  regenerateRecoveryCodes,
  removeSecondFactor,
  secondFactorEnrolment,
  secondFactorStatus,
  verifySecondFactor,
} from '~/models/accounts/second-factor.server'
import { type SecurityEventKind, recentSecurityEvents, recordSecurityEvent } from '~/models/accounts/security-events.server'
import { findViewer, isAdministrator } from '~/models/accounts/user.server'
import type { Database } from '~/models/db/db-schema'
import { sendMail } from '~/models/mail/mailer.server'
import { siteOrigin } from '~/sites/site-origin.server'
import type { SiteProfile } from '~/models/sites/site-profile'
import { siteFromRequest } from '~/sites/site.server'
import { clientAddress, isRateLimited } from './rate-limit.server'
import { assertSameOrigin, readFormData } from './request-guard.server'
import { type AppSession, type SignInMethod, commitSession, getSession, requireViewer, startUserSession } from './session.server'

/**
 * The second factor in the request flow (issue 33 finding 8, decision 0052): a correct password,
 * login link or password reset of a user with TOTP on leaves the session waiting for a code at
 * /login/verify/; the administrators' pages want an administrator enrolled and a code given within
 * the last 15 minutes; every step is written to the audit trail.
 */
export const secondFactorFreshMs = 15 * 60_000
/** A password accepted this long ago without its code must be given again. */
const pendingLifetimeMs = 10 * 60_000
/** Codes tried per account and per address: a 6-digit code cannot be guessed in so few. */
const rateLimits = { account: { limit: 10, windowMs: 15 * 60_000 }, address: { limit: 30, windowMs: 15 * 60_000 } }
const wrongCodeMessage = 'That code is not correct, or was used already. Enter the current code from your app, or a recovery code.'

/** Writes an event of the audit trail with the request's site and client address. */
export function recordRequestEvent(
  db: Kysely<Database>,
  request: Request,
  kind: SecurityEventKind,
  userId: number | null,
  detail?: Record<string, string | number | boolean>,
) {
  return recordSecurityEvent(db, { kind, userId, siteId: siteFromRequest(request).siteId, clientAddress: clientAddress(request), detail })
}

/** The page that asks for the code, then goes on to `redirectTo`. */
export function verifyPath(redirectTo: string) {
  return `${accountPaths.verifySecondFactor}?${new URLSearchParams({ redirectTo })}`
}

/** Starts the signed-in session (a new one) and writes it to the audit trail. */
async function startSession(db: Kysely<Database>, request: Request, previous: AppSession, userId: number, method: SignInMethod, verifiedNow: boolean) {
  const session = await startUserSession(db, request, previous, userId)
  if (verifiedNow) session.set('secondFactorVerifiedAt', Date.now())
  await recordRequestEvent(db, request, 'session-started', userId, { method })
  return session
}

/**
 * After the first factor (a password, a login link, a password reset): a user without a second
 * factor is signed in on a new session; one with it is not yet, and `isPending` says the person
 * goes to `verifyPath(…)` with the session given back (commit it either way).
 */
export async function passFirstFactor(db: Kysely<Database>, request: Request, previous: AppSession, userId: number, method: SignInMethod) {
  if (await hasSecondFactor(db, userId)) {
    // Signed in as this user already (their own login link): the session stays as it is.
    if (previous.get('userId') === userId) return { session: previous, isPending: false }
    previous.unset('secondFactorVerifiedAt')
    previous.set('secondFactorPending', { userId, method, at: Date.now() })
    return { session: previous, isPending: true }
  }
  return { session: await startSession(db, request, previous, userId, method, false), isPending: false }
}

/** The user whose code the session waits for, if a password was accepted lately. */
function pendingSignIn(session: AppSession) {
  const pending = session.get('secondFactorPending')
  return pending && Date.now() - pending.at <= pendingLifetimeMs ? pending : undefined
}

/** /login/verify/: for a pending sign-in or a signed-in user whose code is stale; anyone else logs in first. */
export async function loadVerifyPage(request: Request) {
  const session = await getSession(request)
  const redirectTo = safeReturnPath(new URL(request.url).searchParams.get('redirectTo'), accountPaths.home)
  if (!pendingSignIn(session) && !session.has('userId')) throw redirect(`${accountPaths.login}?${new URLSearchParams({ redirectTo })}`)
  return { redirectTo }
}

/**
 * Checks the code (rate-limited per account and per address): a pending sign-in is then completed
 * on a new session, and `onSignedIn` says where it goes (a pending action's page, or `redirectTo`);
 * a signed-in session just notes the time of the check.
 */
export async function handleVerifyPost(
  db: Kysely<Database>,
  request: Request,
  onSignedIn: (session: AppSession, userId: number, redirectTo: string) => Promise<string>,
) {
  assertSameOrigin(request)
  const form = await readFormData(request)
  const redirectTo = safeReturnPath(form.get('redirectTo'), accountPaths.home)
  const session = await getSession(request)
  const pending = pendingSignIn(session)
  const userId = pending?.userId ?? session.get('userId')
  if (userId === undefined) throw redirect(`${accountPaths.login}?${new URLSearchParams({ redirectTo })}`, 303)
  const isRefused =
    (await isRateLimited(db, `second-factor:user:${userId}`, rateLimits.account)) ||
    (await isRateLimited(db, `second-factor:${clientAddress(request)}`, rateLimits.address))
  if (isRefused) return data({ error: tooManyAttemptsMessage }, { status: 429 })
  const verified = await verifySecondFactor(db, userId, String(form.get('code') ?? ''))
  if (!verified) {
    await recordRequestEvent(db, request, 'second-factor-failed', userId)
    return data({ error: wrongCodeMessage }, { status: 400 })
  }
  if (verified === 'recovery-code') await recordRequestEvent(db, request, 'recovery-code-used', userId)
  if (pending) {
    const signedIn = await startSession(db, request, session, userId, pending.method, true)
    const location = await onSignedIn(signedIn, userId, redirectTo)
    return redirect(location, { status: 303, headers: await commitSession(signedIn, request) })
  }
  session.set('secondFactorVerifiedAt', Date.now())
  return redirect(redirectTo, { status: 303, headers: await commitSession(session, request) })
}

/**
 * An administrator's page (held listings, site analytics) and its POSTs: an administrator without
 * a second factor sets one up first; one whose last code is older than 15 minutes gives a new one.
 * Call it once the viewer is known to be an administrator.
 */
export async function requireFreshSecondFactor(db: Kysely<Database>, request: Request, userId: number) {
  const url = new URL(request.url)
  const here = url.pathname + url.search
  const status = request.method === 'GET' || request.method === 'HEAD' ? 302 : 303
  if (!(await hasSecondFactor(db, userId))) throw redirect(`${accountPaths.security}?${new URLSearchParams({ redirectTo: here })}`, status)
  const verifiedAt = (await getSession(request)).get('secondFactorVerifiedAt')
  if (verifiedAt === undefined || Date.now() - verifiedAt > secondFactorFreshMs) throw redirect(verifyPath(here), status)
}

/** Tells the user by e-mail of a change to their account's security, with a link to its page (on the site's configured origin). */
export async function mailSecurityChange(db: Kysely<Database>, site: SiteProfile, userId: number, { subject, change }: { subject: string; change: string }) {
  const user = await findViewer(db, userId)
  if (!user) return
  const link = new URL(accountPaths.security, siteOrigin(site)).href
  sendMail(site.name, {
    to: user.email,
    subject: `${subject} on ${site.name}`,
    text: `${change}\n\nIf this was you, there is nothing more to do. If it was not, reset your password now and review your account's security:\n${link}\n\nQuestions: ${site.supportEmail}`,
  }).catch((error) => console.error('[mail] security change', error))
}

/** /account/security/: the second factor's state, its set-up (QR code drawn on the server, the secret as text) and the recent events. */
export async function loadSecurityPage(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const viewer = await requireViewer(request, 'Security')
  const [status, isAdmin, events] = await Promise.all([secondFactorStatus(db, viewer.id), isAdministrator(db, viewer.id), recentSecurityEvents(db, viewer.id)])
  const redirectTo = safeReturnPath(new URL(request.url).searchParams.get('redirectTo'), accountPaths.security)
  const base = { isAdmin, events, redirectTo }
  if (status.isOn) return { ...base, isOn: true as const, recoveryCodesLeft: status.recoveryCodesLeft, enrolment: null }
  const enrolment = (await secondFactorEnrolment(db, viewer.id, { issuer: site.name, label: viewer.email }))!
  const qrCodeSvg = await QRCode.toString(enrolment.uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return { ...base, isOn: false as const, recoveryCodesLeft: 0, enrolment: { secret: enrolment.secret, qrCodeSvg } }
}

/** The security page's POSTs: 'confirm' switches the second factor on, 'regenerate' replaces the recovery codes, 'turn-off' (not for administrators) removes it. */
export async function handleSecurityPost(db: Kysely<Database>, site: SiteProfile, request: Request) {
  assertSameOrigin(request)
  const viewer = await requireViewer(request, 'Security')
  const form = await readFormData(request)
  const intent = form.get('intent')
  if (intent === 'confirm') {
    if (await isRateLimited(db, `second-factor:user:${viewer.id}`, rateLimits.account))
      return data({ error: tooManyAttemptsMessage, recoveryCodes: null }, { status: 429 })
    const recoveryCodes = await confirmSecondFactor(db, viewer.id, String(form.get('code') ?? ''))
    if (!recoveryCodes) return data({ error: wrongCodeMessage, recoveryCodes: null }, { status: 400 })
    await recordRequestEvent(db, request, 'second-factor-on', viewer.id)
    // The code just given is as fresh as a check at sign-in.
    const session = await getSession(request)
    session.set('secondFactorVerifiedAt', Date.now())
    return data({ error: null, recoveryCodes }, { headers: await commitSession(session, request) })
  }
  if (intent !== 'regenerate' && intent !== 'turn-off') throw new Response('Unknown request', { status: 400 })
  await requireFreshSecondFactor(db, request, viewer.id)
  if (intent === 'regenerate') {
    const recoveryCodes = (await regenerateRecoveryCodes(db, viewer.id))!
    await recordRequestEvent(db, request, 'recovery-codes-regenerated', viewer.id)
    await mailSecurityChange(db, site, viewer.id, {
      subject: 'New recovery codes',
      change: `New recovery codes were made for your ${site.name} account; the old ones no longer work.`,
    })
    return data({ error: null, recoveryCodes })
  }
  if (await isAdministrator(db, viewer.id))
    return data({ error: 'Administrators sign in with a second factor: it cannot be switched off.', recoveryCodes: null }, { status: 403 })
  await removeSecondFactor(db, viewer.id)
  await recordRequestEvent(db, request, 'second-factor-off', viewer.id)
  await mailSecurityChange(db, site, viewer.id, {
    subject: 'Two-step sign-in switched off',
    change: `Two-step sign-in was switched off for your ${site.name} account: a password alone now signs in.`,
  })
  throw redirect(accountPaths.security, 303)
}
