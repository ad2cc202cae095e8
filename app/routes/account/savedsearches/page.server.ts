import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from 'react-router'
import type { Kysely } from 'kysely'
import type { SiteProfile } from '~/models/sites/site-profile'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import { handleAccountAction, readSaveSearchForm } from '~/routes/account-actions.server'
import { accountPaths } from '~/models/accounts/account-paths'
import { UpdateSavedSearchSchema } from '~/models/accounts/account-forms'
import type { Database } from '~/models/db/db-schema'
import { deleteSavedSearch, findSavedSearches, updateSavedSearch } from '~/models/accounts/saved-search.server'
import { requireViewer } from '~/http/session.server'

/** Saved Searches (spec §2 /account/savedsearches/, login required): the list, and its forms' posts. */
export async function loadSavedSearches(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const viewer = await requireViewer(request, 'Saved Searches')
  const query = new URL(request.url).searchParams
  return {
    savedSearches: await findSavedSearches(db, { userId: viewer.id, siteId: site.siteId }),
    updatedId: Number(query.get('updated')) || null,
    isDeleted: query.has('deleted'),
  }
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
