import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { redirect } from 'react-router'
import { externalListingToolHref } from '~/models/listings/listing-tool.server'
import { listingTier } from '~/models/listings/listing-rules'
import { pageCountOf, paginationOf } from '~/models/search/pagination'
import { sellerPaths } from '~/models/sellers/listing-draft'
import { recentActivityByListing } from '~/models/sellers/listing-stats.server'
import { parseStatusFilter, sellerStatusLabel } from '~/models/sellers/seller-listing-status'
import { listSellerDrafts, listSellerListings, sellerListingsPageSize } from '~/models/sellers/seller-listings.server'
import type { SiteProfile } from '~/models/sites/site-profile'
import { requireViewer } from '~/http/session.server'
import { notFound, pageNumberOf, requireSellerScope } from './seller-access.server'

/** Issue 15 §1: views and leads of the last 30 days. */
const activityDays = 30

/** Manage Listings (issue 15 §1, sellers only): the seller's listings with their figures, a status filter, 25 a page, and open drafts. */
export async function loadSellerListings(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const url = new URL(request.url)
  // Spec §6: Manage Listings runs the authentication flow first, then goes to the listing tool.
  await requireViewer(request, 'Manage Listings')
  const external = externalListingToolHref(site, 'manage', url.searchParams)
  if (external) throw redirect(external)
  const scope = await requireSellerScope(db, request, site, 'Manage Listings')
  const filter = parseStatusFilter(url.searchParams.get('status'))
  const page = pageNumberOf(url.searchParams.get('page'))
  const [{ listings, total }, drafts] = await Promise.all([listSellerListings(db, scope, { filter, page }), page === 1 ? listSellerDrafts(db, scope) : []])
  const activity = await recentActivityByListing(
    db,
    listings.map((listing) => listing.id),
    new Date(Date.now() - activityDays * 24 * 60 * 60_000),
  )
  const pageCount = pageCountOf(total, sellerListingsPageSize)
  if (page > pageCount) throw notFound()
  const hrefOf = (number: number) => {
    const query = new URLSearchParams({ ...(filter === 'all' ? {} : { status: filter }), ...(number === 1 ? {} : { page: String(number) }) })
    return `${sellerPaths.listings}${query.size ? `?${query}` : ''}`
  }
  return {
    filter,
    total,
    drafts,
    listings: listings.map((listing) => ({ ...listing, statusLabel: sellerStatusLabel(listing.status), tier: listingTier(listing), ...activity.get(listing.id)! })),
    isDeleted: url.searchParams.get('deleted') === '1',
    pagination: paginationOf(page, pageCount, hrefOf),
  }
}
