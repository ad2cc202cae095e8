import type { LoaderFunctionArgs } from 'react-router'
import { privateHeaders } from '~/components/account-page'
import { getDb } from '~/models/db/db.server'
import { siteFromRequest } from '~/sites/site.server'
import { loadOfflineListings } from './offline.server'

/** The service worker's list of what to keep offline: `{ listings }`, each with the addresses to keep (decision 0034). */
export async function loader({ request }: LoaderFunctionArgs) {
  return Response.json({ listings: await loadOfflineListings(getDb(), siteFromRequest(request), request) }, { headers: privateHeaders })
}
