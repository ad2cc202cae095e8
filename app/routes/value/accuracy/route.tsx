import type { Route } from './+types/route'
import { ValuationAccuracyPage } from './page'
import { databaseContext } from '~/http/database.server'
import { valuationAccuracyPath } from '~/models/valuation/valuation-path'
import { siteFromRequest } from '~/sites/site.server'
import { headContextFrom, pageMeta } from '~/utils/page-meta'
import { loadValuationAccuracy } from './page.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'

/** /value/accuracy/ on AcreWorth (issue 16 §4, issue 36): how close its estimates came to later sales, beside two fair baselines and two rules of thumb. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadValuationAccuracy(context.get(databaseContext), siteFromRequest(request), request)
}

export const handle: AnalyticsHandle = { analytics: 'valuation' }

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? pageMeta(headContextFrom(matches), { title: data.title, description: data.description, canonicalPath: valuationAccuracyPath }) : []

export default ValuationAccuracyPage
