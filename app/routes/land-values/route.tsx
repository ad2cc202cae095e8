import { databaseContext } from '~/http/database.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import { siteFromRequest } from '~/sites/site.server'
import { headContextFrom, pageMeta } from '~/utils/page-meta'
import type { Route } from './+types/route'
import { LandValuesPage } from './page'
import { loadLandValuesPage } from './page.server'

/** AcreWorth's land value pages (issue 16 §5): /land-values/, /land-values/{state}/ and /land-values/{state}/{county or region}/. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadLandValuesPage(context.get(databaseContext), siteFromRequest(request), request, { state: params.state, place: params.place })
}

export const handle: AnalyticsHandle = { analytics: 'land-values' }

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return []
  return pageMeta(headContextFrom(matches), {
    title: loaderData.title,
    description: loaderData.description,
    canonicalPath: loaderData.canonicalPath,
    noindex: loaderData.noindex,
  })
}

export default function LandValues({ loaderData }: Route.ComponentProps) {
  return <LandValuesPage page={loaderData} />
}
