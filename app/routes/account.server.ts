import { redirect } from 'react-router'
import type { Kysely } from 'kysely'
import { linkedListing } from '~/sites/listing-links'
import type { SiteProfile } from '~/models/sites/site-profile'
import { accountPaths, favoritesPagePath } from '~/models/accounts/account-paths'
import type { Database } from '~/models/db/db-schema'
import { countSavedProperties, findSavedProperties } from '~/models/accounts/saved-property.server'
import { countSavedSearches, findSavedSearches } from '~/models/accounts/saved-search.server'
import { pageCountOf, paginationOf } from '~/models/search/pagination'
import { requireViewer, signedInDevices } from '~/http/session.server'
import { findUserDetails } from '~/models/accounts/user.server'
import { hasSecondFactor } from '~/models/accounts/second-factor.server'
import { canSeeFeeds, feedAccessOf } from '~/models/feeds/feed-review.server'
import { countLandRequests } from '~/models/connector/land-requests.server'

/**
 * What the account screens show (spec §2 shared routes, all login required). A site without a
 * search grammar has no listing pages (the valuation site), so it has no favorites to list.
 */
const favoritesPageSize = 24

function hasListings(site: SiteProfile) {
  return site.searchGrammar !== null
}

export async function loadAccountHome(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const viewer = await requireViewer(request, 'My Account')
  const [favoriteCount, savedSearchCount, feedAccess, landRequestCount] = await Promise.all([
    hasListings(site) ? countSavedProperties(db, { userId: viewer.id, scopeBits: site.listingScopeBits }) : 0,
    countSavedSearches(db, { userId: viewer.id, siteId: site.siteId }),
    feedAccessOf(db, viewer.id),
    // The Lands Connector is on the sites with listings (decision 0020).
    hasListings(site) ? countLandRequests(db, { userId: viewer.id, siteId: site.siteId }) : null,
  ])
  // An administrator sets up the second factor first (decision 0052): My Account is where a login lands.
  if (feedAccess.isAdmin && !(await hasSecondFactor(db, viewer.id)))
    throw redirect(`${accountPaths.security}?${new URLSearchParams({ redirectTo: accountPaths.home })}`)
  const isPasswordChanged = new URL(request.url).searchParams.get('password') === 'changed'
  return { viewer, favoriteCount, savedSearchCount, landRequestCount, isPasswordChanged, hasFeeds: canSeeFeeds(feedAccess), isAdmin: feedAccess.isAdmin }
}

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

export async function loadSavedSearches(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const viewer = await requireViewer(request, 'Saved Searches')
  const query = new URL(request.url).searchParams
  return {
    savedSearches: await findSavedSearches(db, { userId: viewer.id, siteId: site.siteId }),
    updatedId: Number(query.get('updated')) || null,
    isDeleted: query.has('deleted'),
  }
}

/** What Settings confirms after its forms: saved details, a new password, the other devices signed out. */
const settingsNotices = ['details', 'password', 'signed-out'] as const

export async function loadSettings(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const viewer = await requireViewer(request, 'Settings')
  const details = await findUserDetails(db, viewer.id)
  if (!details) throw new Response('Not Found', { status: 404 })
  const saved = new URL(request.url).searchParams.get('saved')
  return { details, devices: await signedInDevices(db, request, viewer.id), saved: settingsNotices.find((notice) => notice === saved) ?? null }
}
