import { accountPageMeta, privateHeaders } from '~/components/account-page'
import { databaseContext } from '~/http/database.server'
import { buyerVisitPath } from '~/models/visits/visit-paths'
import { siteFromRequest } from '~/sites/site.server'
import type { Route } from './+types/route'
import { BuyerVisitPage } from './page'
import { handleBuyerVisitPost, loadBuyerVisit } from './page.server'

/** /visits/{token}/ (issue 38 item 3): the buyer's visit, from the link in their e-mails. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadBuyerVisit(context.get(databaseContext), siteFromRequest(request), request, params.token)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleBuyerVisitPost(context.get(databaseContext), siteFromRequest(request), request, params.token)
}

// The token in the address must not travel on in a Referer.
export const headers = () => ({ ...privateHeaders, 'Referrer-Policy': 'no-referrer' })

export const meta: Route.MetaFunction = ({ matches, data, params }) =>
  accountPageMeta(matches, {
    title: data ? `Your visit: ${data.visit.listingTitle}` : 'Your visit',
    description: 'Your visit request: where it stands, accept a time, or cancel it.',
    canonicalPath: buyerVisitPath(params.token ?? ''),
  })

export default BuyerVisitPage
