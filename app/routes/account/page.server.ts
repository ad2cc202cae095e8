import { redirect } from 'react-router'
import type { Kysely } from 'kysely'
import type { SiteProfile } from '~/models/sites/site-profile'
import { accountPaths } from '~/models/accounts/account-paths'
import type { Database } from '~/models/db/db-schema'
import { countSavedProperties } from '~/models/accounts/saved-property.server'
import { countSavedSearches } from '~/models/accounts/saved-search.server'
import { requireViewer } from '~/http/session.server'
import { hasSecondFactor } from '~/models/accounts/second-factor.server'
import { canSeeFeeds, feedAccessOf } from '~/models/feeds/feed-review.server'
import { countLandRequests } from '~/models/connector/land-requests.server'
import { buyerVisitRequests } from '~/models/visits/visit-requests.server'
import { siteDirectory } from '~/sites/site-origin.server'

/**
 * What My Account shows (spec §2 shared routes, login required). A site without a search grammar
 * has no listing pages (the valuation site), so it has no favorites or land requests to count.
 */
export function hasListings(site: SiteProfile) {
  return site.searchGrammar !== null
}

export async function loadAccountHome(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const viewer = await requireViewer(request, 'My Account')
  const [favoriteCount, savedSearchCount, feedAccess, landRequestCount, visits] = await Promise.all([
    hasListings(site) ? countSavedProperties(db, { userId: viewer.id, scopeBits: site.listingScopeBits }) : 0,
    countSavedSearches(db, { userId: viewer.id, siteId: site.siteId }),
    feedAccessOf(db, viewer.id),
    // The Lands Connector is on the sites with listings (decision 0020).
    hasListings(site) ? countLandRequests(db, { userId: viewer.id, siteId: site.siteId }) : null,
    // Issue 38 item 3: the visits the buyer asked for while signed in (buyer-visits.tsx).
    hasListings(site) ? buyerVisitRequests(db, viewer.id, siteDirectory) : [],
  ])
  // An administrator sets up the second factor first (decision 0052): My Account is where a login lands.
  if (feedAccess.isAdmin && !(await hasSecondFactor(db, viewer.id)))
    throw redirect(`${accountPaths.security}?${new URLSearchParams({ redirectTo: accountPaths.home })}`)
  const isPasswordChanged = new URL(request.url).searchParams.get('password') === 'changed'
  return {
    viewer,
    favoriteCount,
    savedSearchCount,
    landRequestCount,
    visits,
    isPasswordChanged,
    hasFeeds: canSeeFeeds(feedAccess),
    isAdmin: feedAccess.isAdmin,
  }
}
