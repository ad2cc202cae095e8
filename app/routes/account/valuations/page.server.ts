import { redirect } from 'react-router'
import type { Kysely } from 'kysely'
import { accountPaths } from '~/models/accounts/account-paths'
import { deleteSavedValuation, listSavedValuations, setValuationAlert } from '~/models/valuation/saved-valuations.server'
import type { SiteProfile } from '~/models/sites/site-profile'
import type { Database } from '~/models/db/db-schema'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import { requireViewer } from '~/http/session.server'

/** Saved Valuations (issue 16, AcreWorth only, login required): each links to the valuation, with its alert switch and a delete. */
const sectionName = 'Saved Valuations'
const notFound = () => new Response('Not Found', { status: 404 })

export async function loadSavedValuations(db: Kysely<Database>, site: SiteProfile, request: Request) {
  if (!site.features.valuation) throw notFound()
  const viewer = await requireViewer(request, sectionName)
  return { savedValuations: await listSavedValuations(db, viewer.id), isDeleted: new URL(request.url).searchParams.has('deleted') }
}

export async function handleSavedValuationsPost(db: Kysely<Database>, site: SiteProfile, request: Request) {
  if (!site.features.valuation) throw notFound()
  assertSameOrigin(request)
  const viewer = await requireViewer(request, sectionName)
  const form = await readFormData(request)
  const id = Number(form.get('id'))
  const intent = form.get('intent')
  if (!Number.isSafeInteger(id)) throw notFound()
  if (intent === 'delete') {
    if (!(await deleteSavedValuation(db, viewer.id, id))) throw notFound()
    return redirect(`${accountPaths.savedValuations}?deleted=1`, 303)
  }
  if (intent !== 'alert' && intent !== 'alert-off') throw new Response('Unknown form', { status: 400 })
  if (!(await setValuationAlert(db, viewer.id, id, intent === 'alert'))) throw notFound()
  return redirect(`${accountPaths.savedValuations}#saved-valuation-${id}`, 303)
}
