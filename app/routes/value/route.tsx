import type { Route } from './+types/route'
import { ValuationPage } from './page'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { formatAcres } from '~/utils/format'
import { headContextFrom, pageMeta } from '~/utils/page-meta'
import { handleValuationPost, loadValuation, loadValuationForm } from './page.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import { lowDataContext } from '~/http/low-data.server'

/** /value/ (the form, with its messages) and /value/{…}/ (a valuation) on AcreWorth (issue 16 §1–2). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const site = siteFromRequest(request)
  const db = context.get(databaseContext)
  return params['*'] === undefined ? loadValuationForm(db, site, request) : loadValuation(db, site, request, context.get(lowDataContext))
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleValuationPost(context.get(databaseContext), siteFromRequest(request), request)
}

export const handle: AnalyticsHandle = { analytics: 'valuation' }

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const context = headContextFrom(matches)
  const site = context?.site.name ?? ''
  if (data?.kind === 'valuation') {
    const place = `${data.place.county}, ${data.place.state}`
    return pageMeta(context, {
      title: `What ${data.label} is worth | ${site}`,
      description: `An estimate of the value of ${formatAcres(data.inputs.acres)} in ${place} from the land sold nearby, with its range and the sales it rests on.`,
      canonicalPath: data.path,
      // One parcel's valuation is for its owner, not for search results.
      noindex: true,
    })
  }
  return pageMeta(context, {
    title: `What is my land worth? | ${site}`,
    description: 'Value land from the sales of comparable land nearby.',
    canonicalPath: '/value/',
    noindex: true,
  })
}

export default ValuationPage
