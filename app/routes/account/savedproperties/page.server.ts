import { redirect } from 'react-router'
import type { Kysely } from 'kysely'
import { linkedListing } from '~/sites/listing-links'
import type { SiteProfile } from '~/models/sites/site-profile'
import { accountPaths, favoritesPagePath } from '~/models/accounts/account-paths'
import type { Database } from '~/models/db/db-schema'
import { findSavedProperties } from '~/models/accounts/saved-property.server'
import { pageCountOf, paginationOf } from '~/models/search/pagination'
import { requireViewer } from '~/http/session.server'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import { hasFavoriteAlerts, setFavoriteAlerts } from '~/models/accounts/instant-alerts.server'
import { handleAccountAction, readLikeForm } from '~/routes/account-actions.server'
import { hasListings } from '~/routes/account/page.server'

/** Favorites (spec §2, login required): the liked listings of the site, a page at a time. */
const favoritesPageSize = 24

/**
 * Page `n` of /account/savedproperties/{siteId}/page-{n}: the site's own id and a page from 2 on
 * (page 1 is /account/savedproperties/, and page-1 is sent there); anything else is a 404.
 */
function favoritesPageNumber(site: SiteProfile, params: { siteId?: string; '*'?: string }) {
  if (params.siteId === undefined) return 1
  const page = params['*']?.match(/^page-([1-9]\d{0,5})\/?$/)?.[1]
  if (params.siteId !== String(site.siteId) || page === undefined) throw new Response('Not Found', { status: 404 })
  if (page === '1') throw redirect(accountPaths.favorites, 301)
  return Number(page)
}

export async function loadFavorites(db: Kysely<Database>, site: SiteProfile, request: Request, params: { siteId?: string; '*'?: string }) {
  const page = favoritesPageNumber(site, params)
  const viewer = await requireViewer(request, 'Favorites')
  const { totalCount, listings } = hasListings(site)
    ? await findSavedProperties(db, { userId: viewer.id, scopeBits: site.listingScopeBits, page, pageSize: favoritesPageSize })
    : { totalCount: 0, listings: [] }
  const pageCount = pageCountOf(totalCount, favoritesPageSize)
  if (page > pageCount) throw new Response('Not Found', { status: 404 })
  const pageHref = (number: number) => favoritesPagePath(site.siteId, number)
  return {
    canonicalPath: pageHref(page),
    // The switch shows where favourites do: not on the valuation site.
    hasFavoriteAlerts: hasListings(site) ? await hasFavoriteAlerts(db, viewer.id) : null,
    isFavoriteAlertsChanged: new URL(request.url).searchParams.has('alerts'),
    totalCount,
    listings: listings.map((listing) => linkedListing(site, listing)),
    ...paginationOf(page, pageCount, pageHref),
  }
}

/**
 * Posts to /account/savedproperties/: the page's switch of e-mails about favourites (decision
 * 0071), or a like or unlike from any card or detail page (spec §4), applied or kept while the
 * visitor logs in.
 */
export async function handleFavoritesPost(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const form = await readFormData(request.clone())
  if (form.get('intent') === 'favorite-alerts') {
    assertSameOrigin(request)
    const viewer = await requireViewer(request, 'Favorites')
    const alerts = form.get('alerts')
    if (alerts !== 'on' && alerts !== 'off') throw new Response('Please choose whether to get these e-mails.', { status: 400 })
    await setFavoriteAlerts(db, viewer.id, alerts === 'on')
    return redirect(`${accountPaths.favorites}?alerts=${alerts}`, 303)
  }
  const outcome = await handleAccountAction(db, site, request, (form) => readLikeForm(db, site, request, form))
  return redirect(outcome.location, { status: 303, headers: outcome.isApplied ? undefined : outcome.headers })
}
