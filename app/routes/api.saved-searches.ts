import type { ActionFunctionArgs } from 'react-router'
import { handleAccountAction, readSaveSearchForm } from './account-actions.server'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'

/**
 * The Save Search button's scripts post here (the form itself posts to /account/savedsearches/):
 * `{ isSaved }` once saved, or 401 with `{ loginHref }` for a visitor, whose search is saved
 * once they log in.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const db = context.get(databaseContext)
  const site = siteFromRequest(request)
  const outcome = await handleAccountAction(db, site, request, (form) => readSaveSearchForm(db, site, form))
  if (!outcome.isApplied) return Response.json({ loginHref: outcome.location }, { status: 401, headers: outcome.headers })
  return Response.json({ isSaved: true })
}
