import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from 'react-router'
import type { Kysely } from 'kysely'
import type { SiteProfile } from '~/models/sites/site-profile'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import { accountPaths } from '~/models/accounts/account-paths'
import { ChangePasswordSchema, DetailsSchema } from '~/models/accounts/account-forms'
import type { Database } from '~/models/db/db-schema'
import { endOtherSessions, getSession, requireViewer, signedInDevices } from '~/http/session.server'
import { mailSecurityChange, recordRequestEvent } from '~/http/second-factor.server'
import { findUserDetails, isCurrentPassword, setPassword, updateUserDetails } from '~/models/accounts/user.server'

/**
 * Settings (spec §2 /account/details/, login required): the contact details, a new password and the
 * signed-in devices. A failed form is answered with its messages (400), a success with a redirect
 * back and a confirmation.
 */
const wrongCurrentPasswordMessage = 'This is not your current password. Please try again.'

/** What Settings confirms after its forms: saved details, a new password, the other devices signed out. */
const settingsNotices = ['details', 'password', 'signed-out'] as const

export async function loadSettings(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const viewer = await requireViewer(request, 'Settings')
  const details = await findUserDetails(db, viewer.id)
  if (!details) throw new Response('Not Found', { status: 404 })
  const saved = new URL(request.url).searchParams.get('saved')
  return { details, devices: await signedInDevices(db, request, viewer.id), saved: settingsNotices.find((notice) => notice === saved) ?? null }
}

export async function handleSettingsPost(db: Kysely<Database>, site: SiteProfile, request: Request) {
  assertSameOrigin(request)
  const viewer = await requireViewer(request, 'Settings')
  const form = await readFormData(request)
  const intent = form.get('intent')
  if (intent === 'details') {
    const submission = parseWithZod(form, { schema: DetailsSchema })
    if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
    const { name, phone, phoneType, newsletter } = submission.value
    await updateUserDetails(db, viewer.id, { contactName: name, phone: phone ?? null, phoneType, newsletter: newsletter === true })
    return redirect(`${accountPaths.settings}?saved=details`, 303)
  }
  if (intent === 'password') {
    const submission = parseWithZod(form, { schema: ChangePasswordSchema })
    const hidden = { hideFields: ['currentPassword', 'password', 'confirmPassword'] }
    if (submission.status !== 'success') return data({ intent, result: submission.reply(hidden) }, { status: 400 })
    if (!(await isCurrentPassword(db, viewer.id, submission.value.currentPassword))) {
      return data({ intent, result: submission.reply({ ...hidden, fieldErrors: { currentPassword: [wrongCurrentPasswordMessage] } }) }, { status: 400 })
    }
    await setPassword(db, viewer.id, submission.value.password)
    // Whoever else held the old password is signed out; this browser stays signed in.
    await endOtherSessions(db, await getSession(request), viewer.id)
    await recordRequestEvent(db, request, 'password-changed', viewer.id)
    await mailSecurityChange(db, site, viewer.id, {
      subject: 'Your password was changed',
      change: `The password of your ${site.name} account was changed in Settings.`,
    })
    return redirect(`${accountPaths.settings}?saved=password`, 303)
  }
  if (intent === 'sign-out-others') {
    await endOtherSessions(db, await getSession(request), viewer.id)
    await recordRequestEvent(db, request, 'other-sessions-ended', viewer.id)
    return redirect(`${accountPaths.settings}?saved=signed-out`, 303)
  }
  throw new Response('Unknown form', { status: 400 })
}
