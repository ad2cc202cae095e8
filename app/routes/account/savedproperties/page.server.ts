import { redirect } from 'react-router'
import type { Kysely } from 'kysely'
import { linkedListing } from '~/sites/listing-links'
import type { SiteProfile } from '~/models/sites/site-profile'
import { accountPaths, favoritesPagePath } from '~/models/accounts/account-paths'
import type { Database } from '~/models/db/db-schema'
import { findSavedProperties } from '~/models/accounts/saved-property.server'
import { pageCountOf, paginationOf } from '~/models/search/pagination'
import { requireViewer } from '~/http/session.server'
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
    totalCount,
    listings: listings.map((listing) => linkedListing(site, listing)),
    ...paginationOf(page, pageCount, pageHref),
  }
}

/** A like or unlike posted from any card or detail page (spec §4): applied, or kept while the visitor logs in. */
export async function handleLikePost(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const outcome = await handleAccountAction(db, site, request, (form) => readLikeForm(db, site, request, form))
  return redirect(outcome.location, { status: 303, headers: outcome.isApplied ? undefined : outcome.headers })
}
