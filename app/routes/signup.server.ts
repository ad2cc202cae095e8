import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from 'react-router'
import type { Kysely } from 'kysely'
import type { SiteProfile } from '~/models/sites/site-profile'
import { siteOrigin } from '~/sites/site-origin.server'
import { type FormRateLimit, refuseOverLimit } from '~/http/form-rate-limit.server'
import { clientAddress, isRateLimited } from '~/http/rate-limit.server'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import { accountPaths, safeReturnPath, withLoginToken } from '~/models/accounts/account-paths'
import { SignupSchema } from '~/models/accounts/account-forms'
import { createLoginToken, loginTokenLifetimeDays } from '~/models/accounts/login-tokens.server'
import { sha256Hex } from '~/models/accounts/one-time-keys.server'
import { createUser, normalizeEmail } from '~/models/accounts/user.server'
import type { Database } from '~/models/db/db-schema'
import { sendMail } from '~/models/mail/mailer.server'

/**
 * Sign up without telling whether an address has an account (issue 33 item 7, decision 0051). Both
 * a new address and one that has an account get the same answer, a redirect to 'check your
 * e-mail', in the same time (the password is hashed either way; the mail is not awaited). The new
 * account is made at once, but its password logs in only once the address is confirmed (else
 * 'sign up, then log in' would tell): its mail holds a single-use login link that confirms the
 * address, signs in and carries on (to the page, and a like or Save Search, that asked for the
 * account). The owner of an address that has an account gets a mail saying so, with the ways to log in.
 */

/**
 * Per client address: plenty for a household, too few to flood inboxes. Counts only sign-ups that
 * pass validation: one refused for a typo made no account and sent no mail (decision 0053).
 */
const signupLimit: FormRateLimit = { limit: 10, windowMs: 60 * 60_000, counted: 'sign-ups', kept: 'what you typed is kept below, except the passwords' }
/** Per address signed up with: mails to one inbox, whoever asks for them. */
const signupMailLimit = { limit: 3, windowMs: 60 * 60_000 }

/** Where every successful sign-up form leads. */
export const signupSentPath = `${accountPaths.signup}?sent=1`

export async function handleSignup(db: Kysely<Database>, site: SiteProfile, request: Request) {
  assertSameOrigin(request)
  const form = await readFormData(request)
  const submission = parseWithZod(form, { schema: SignupSchema })
  const hidden = { hideFields: ['password', 'confirmPassword'] }
  if (submission.status !== 'success') return data(submission.reply(hidden), { status: 400 })
  const refusal = await refuseOverLimit(db, `signup:${clientAddress(request)}`, signupLimit)
  if (refusal) return data(submission.reply({ ...hidden, formErrors: [refusal.message] }), refusal.init)
  const { name, password, newsletter } = submission.value
  // As accounts keep it (lower-case), so an address that has an account is mailed as its owner spelled it.
  const email = normalizeEmail(submission.value.email)
  const userId = await createUser(db, { contactName: name, email, password, newsletter: newsletter === true, awaitsConfirmation: true })
  // Each sign-up with an address mails it: a few an hour, then nothing more, whoever asks.
  if (!(await isRateLimited(db, `signup-mail:${sha256Hex(email)}`, signupMailLimit))) {
    const returnPath = safeReturnPath(form.get('redirectTo'), accountPaths.home)
    const mail = userId === undefined ? accountExistsMail(site, email) : newAccountMail(db, site, userId, email, returnPath)
    mail.catch((error) => console.error('[mail] sign-up', error))
  }
  return redirect(signupSentPath, 303)
}

/**
 * The new account's link: the sign-up page with a login token (spec §4: a token in the address
 * logs in), which, signed in, carries on to `returnPath` and the visitor's pending action.
 */
async function newAccountMail(db: Kysely<Database>, site: SiteProfile, userId: number, email: string, returnPath: string) {
  const confirmLink = withLoginToken(
    new URL(`${accountPaths.signup}?${new URLSearchParams({ redirectTo: returnPath })}`, siteOrigin(site)).href,
    await createLoginToken(db, userId),
  )
  await sendMail(site.name, {
    to: email,
    subject: `Confirm your ${site.name} account`,
    text: `Welcome to ${site.name}!\n\nOpen this link to confirm your e-mail address and sign in (it works once, within ${loginTokenLifetimeDays} days):\n${confirmLink}\n\nIf you did not sign up, ignore this e-mail.`,
  })
}

/** To the owner of an address that has an account: someone tried to sign up with it; here is how to log in. */
async function accountExistsMail(site: SiteProfile, email: string) {
  const loginLink = new URL(accountPaths.login, siteOrigin(site)).href
  const resetLink = new URL(accountPaths.forgotPassword, siteOrigin(site)).href
  await sendMail(site.name, {
    to: email,
    subject: `You already have a ${site.name} account`,
    text: `Someone (we hope you) tried to sign up to ${site.name} with this e-mail address, which already has an account. No new account was made.\n\nLog in here:\n${loginLink}\n\nForgot your password? Choose a new one here:\n${resetLink}\n\nIf it was not you, ignore this e-mail: your account is unchanged.`,
  })
}
