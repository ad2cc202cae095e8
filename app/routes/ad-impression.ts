import type { ActionFunctionArgs } from 'react-router'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { recordAdImpression } from './ads.server'

/** The ad slot's impression beacon (issue 17 §8). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return recordAdImpression(context.get(databaseContext), siteFromRequest(request), request, params.adId)
}

/** A beacon is a POST; anything else is told so. */
export function loader() {
  throw new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
}
