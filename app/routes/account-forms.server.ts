import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from 'react-router'
import type { Kysely } from 'kysely'
import type { SiteProfile } from '~/models/sites/site-profile'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import { handleAccountAction, readSaveSearchForm } from './account-actions.server'
import { accountPaths } from '~/models/accounts/account-paths'
import { ChangePasswordSchema, DetailsSchema, UpdateSavedSearchSchema } from '~/models/accounts/account-forms'
import type { Database } from '~/models/db/db-schema'
import { deleteSavedSearch, updateSavedSearch } from '~/models/accounts/saved-search.server'
import { endOtherSessions, getSession, requireViewer } from '~/http/session.server'
import { mailSecurityChange, recordRequestEvent } from '~/http/second-factor.server'
import { isCurrentPassword, setPassword, updateUserDetails } from '~/models/accounts/user.server'

/**
 * Posts of the account screens' own forms: settings (spec §2 /account/details/: contact details,
 * a new password) and the saved searches list. Each answers a failed form with its messages (400)
 * and a success with a redirect back and a confirmation.
 */
const wrongCurrentPasswordMessage = 'This is not your current password. Please try again.'

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

/**
 * Posts to /account/savedsearches/: Save Search from a results page (no intent, or 'save'), which
 * a visitor may send too (they log in first), and rename, e-mail updates and delete on the list.
 */
export async function handleSavedSearchesPost(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const form = await readFormData(request.clone())
  const intent = form.get('intent') ?? 'save'
  if (intent === 'save') {
    const outcome = await handleAccountAction(db, site, request, (posted) => readSaveSearchForm(db, site, posted))
    return redirect(outcome.location, { status: 303, headers: outcome.isApplied ? undefined : outcome.headers })
  }
  assertSameOrigin(request)
  const viewer = await requireViewer(request, 'Saved Searches')
  if (intent === 'update') {
    const submission = parseWithZod(form, { schema: UpdateSavedSearchSchema })
    if (submission.status !== 'success') return data({ id: Number(form.get('id')), result: submission.reply() }, { status: 400 })
    const { id, name, notify } = submission.value
    if (!(await updateSavedSearch(db, { userId: viewer.id, id, name, notify }))) throw new Response('Not Found', { status: 404 })
    return redirect(`${accountPaths.savedSearches}?updated=${id}#saved-search-${id}`, 303)
  }
  if (intent === 'delete') {
    const id = Number(form.get('id'))
    if (!Number.isSafeInteger(id) || !(await deleteSavedSearch(db, { userId: viewer.id, id }))) throw new Response('Not Found', { status: 404 })
    return redirect(`${accountPaths.savedSearches}?deleted=1`, 303)
  }
  throw new Response('Unknown form', { status: 400 })
}
