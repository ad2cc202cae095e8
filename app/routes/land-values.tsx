import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { LandValuesPage } from '~/components/land-values-page'
import { getDb } from '~/models/db/db.server'
import { siteFromRequest } from '~/sites/site.server'
import { headContextFrom, pageMeta } from '~/utils/page-meta'
import { loadLandValuesPage } from './land-values.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'

/** AcreWorth's land value pages (issue 16 §5): /land-values/, /land-values/{state}/ and /land-values/{state}/{county or region}/. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadLandValuesPage(getDb(), siteFromRequest(request), request, { state: params.state, place: params.place })
}

export const handle: AnalyticsHandle = { analytics: 'land-values' }

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return []
  return pageMeta(headContextFrom(matches), { title: data.title, description: data.description, canonicalPath: data.canonicalPath, noindex: data.noindex })
}

export default function LandValues() {
  return <LandValuesPage page={useLoaderData<typeof loader>()} />
}
