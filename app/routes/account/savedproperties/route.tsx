import { accountPageMeta, privatePageHeaders } from '~/components/account-page'
import { handleFavoritesPost, loadFavorites } from './page.server'
import { databaseContext } from '~/http/database.server'
import { siteFromRequest } from '~/sites/site.server'
import type { AnalyticsHandle } from '~/models/analytics/page-analytics'
import type { Route } from './+types/route'
import { Favorites } from './page'

/**
 * Favorites (spec §2 /account/savedproperties/ and /account/savedproperties/{siteId}/page-{n},
 * login required): the liked listings as cards, each heart ready to unlike. The like forms of
 * every card and detail page post here (spec §4), and the switch of e-mails about favourites'
 * price drops and returns to the market (decision 0071).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadFavorites(context.get(databaseContext), siteFromRequest(request), request, params)
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleFavoritesPost(context.get(databaseContext), siteFromRequest(request), request)
}

export const headers = privatePageHeaders

export const handle: AnalyticsHandle = { analytics: 'account' }

export const meta: Route.MetaFunction = ({ data, matches }) =>
  accountPageMeta(matches, {
    title: data && data.page > 1 ? `Favorites – Page ${data.page}` : 'Favorites',
    description: 'The properties you saved.',
    canonicalPath: data?.canonicalPath ?? '/account/savedproperties/',
  })

export default Favorites
