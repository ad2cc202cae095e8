import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { landsConnectorPaths, landsConnectorSectionName } from '~/models/connector/land-request'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import { loadLandRequests } from './page.server'
import type { Route } from './+types/route'
import { LandsConnector } from './page'

/**
 * /lands-connector/ (spec §2 shared route, login required; issue 17 item 2): the land requests a
 * buyer sent on this site, each with the listings that match it now, and the way to describe another.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadLandRequests(context.get(databaseContext), siteFromRequest(request), request)
}

export const headers = privatePageHeaders

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, {
    title: landsConnectorSectionName,
    description: 'Describe the land you want: we show what matches now, e-mail new matches and pass it to land professionals who work there.',
    canonicalPath: landsConnectorPaths.home,
  })

export default LandsConnector
