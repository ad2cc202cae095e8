import type { ActionFunctionArgs } from 'react-router'
import { handleAccountAction, readLikeForm } from './account-actions.server'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'

/**
 * The like button's scripts post here (the form itself posts to /account/savedproperties/):
 * `{ isLiked }` once applied, or 401 with `{ loginHref }` for a visitor, whose like waits in the
 * session until they log in (spec §4).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const db = context.get(databaseContext)
  const site = siteFromRequest(request)
  const outcome = await handleAccountAction(db, site, request, (form) => readLikeForm(db, site, request, form))
  if (!outcome.isApplied) return Response.json({ loginHref: outcome.location }, { status: 401, headers: outcome.headers })
  return Response.json({ isLiked: outcome.action.kind === 'like' })
}
