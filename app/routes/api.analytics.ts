import type { ActionFunctionArgs } from 'react-router'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { receiveAnalyticsBeacon } from './api.analytics.server'

/** The data layer's beacons (issue 17 §7): 204, or 400, 403, 411, 413 and 429 with a JSON error. */
export async function action({ request, context }: ActionFunctionArgs) {
  return receiveAnalyticsBeacon(context.get(databaseContext), siteFromRequest(request), request)
}
