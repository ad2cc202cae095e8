import type { LoaderFunctionArgs } from 'react-router'
import { privateHeaders } from '~/components/account-page'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { lowDataContext } from '~/http/low-data.server'
import { loadOfflineListings } from './offline.server'

/**
 * The service worker's list of what to keep offline: `{ listings }`, each with the addresses to
 * keep (decision 0034); fewer photos with Low data, which the worker's request carries (its cookie
 * or the browser's Save-Data), so turning it on or off changes the list and the kept copies follow.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const listings = await loadOfflineListings(context.get(databaseContext), siteFromRequest(request), request, context.get(lowDataContext))
  return Response.json({ listings }, { headers: privateHeaders })
}
