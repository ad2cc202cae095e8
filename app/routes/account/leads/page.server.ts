import { redirect } from 'react-router'
import type { Kysely } from 'kysely'
import type { SiteProfile } from '~/models/sites/site-profile'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import type { Database } from '~/models/db/db-schema'
import { pageCountOf, paginationOf } from '~/models/search/pagination'
import { sellerPaths } from '~/models/sellers/listing-draft'
import { hasLeadDigest, setLeadDigest } from '~/models/sellers/lead-digest.server'
import { type LeadInboxView, leadDigestSectionId, leadElementId, sellerLeadsHref } from '~/models/sellers/seller-lead'
import { countSellerLeads, findScopedListing, findSellerLeads, markLead, sellerLeadsCsv } from '~/models/sellers/seller-leads.server'
import { notFound, requireSellerScope } from '~/routes/account/listings/seller-access.server'
import { siteDirectory } from '~/sites/site-origin.server'
import { sellerVisitRequests, sellerVisitView } from '~/models/visits/visit-requests.server'

/**
 * The seller's leads inbox, /account/leads/ and /account/leads.csv (issue 15 items 5 and 7).
 * Login required (section 'Leads'); a signed-in buyer is told the inbox is for sellers (403).
 * Every read and write goes through the seller's scope, so a lead or listing of another account
 * is a 404, whatever id a form or address carries.
 */
const sectionName = 'Leads'

const idPattern = /^[1-9]\d{0,8}$/

/** The view an address asks for: `?show=unread`, `?listing={id}`, `?page={n}`; a malformed one is a 404. */
function inboxViewOf(url: URL): LeadInboxView {
  const show = url.searchParams.get('show')
  const listing = url.searchParams.get('listing')
  const page = url.searchParams.get('page')
  if ((show !== null && show !== 'unread') || (listing !== null && !idPattern.test(listing)) || (page !== null && !idPattern.test(page))) throw notFound()
  return { unreadOnly: show === 'unread', listingId: listing === null ? null : Number(listing), page: page === null ? 1 : Number(page) }
}

export async function loadLeadsInbox(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const scope = await requireSellerScope(db, request, site, sectionName)
  const url = new URL(request.url)
  const view = inboxViewOf(url)
  const listing = view.listingId === null ? null : await findScopedListing(db, scope, view.listingId)
  if (listing === undefined) throw notFound()
  const filter = { unreadOnly: view.unreadOnly, listingId: view.listingId }
  const now = new Date()
  const [totalCount, unreadCount, isDigestOn, visits] = await Promise.all([
    countSellerLeads(db, scope, filter),
    countSellerLeads(db, scope, { unreadOnly: true }),
    hasLeadDigest(db, scope.userId),
    sellerVisitRequests(db, scope, siteDirectory, now),
  ])
  const pageCount = pageCountOf(totalCount)
  // Marking the last unread lead of the last page read empties that page: the page before it is shown.
  const page = Math.min(view.page, pageCount)
  return {
    view: { ...view, page },
    listing,
    totalCount,
    unreadCount,
    leads: await findSellerLeads(db, scope, siteDirectory, { filter, page }),
    pagination: paginationOf(page, pageCount, (number) => sellerLeadsHref({ ...view, page: number })),
    isDigestOn,
    isDigestSaved: url.searchParams.get('saved') === 'digest',
    /** Issue 38 item 3: the visit requests still ahead (visit-requests.tsx). */
    visitRequests: { visits: visits.map(sellerVisitView), now: now.toISOString() },
  }
}

/**
 * The inbox's forms: mark a lead read or unread (back to the same view, at the lead), and the
 * daily digest option (back with a confirmation). Post/redirect/get, so they work without scripts.
 */
export async function handleLeadsInboxPost(db: Kysely<Database>, site: SiteProfile, request: Request) {
  assertSameOrigin(request)
  const scope = await requireSellerScope(db, request, site, sectionName)
  const form = await readFormData(request)
  const intent = form.get('intent')
  if (intent === 'read' || intent === 'unread') {
    const leadId = Number(form.get('leadId'))
    const isMarked = Number.isSafeInteger(leadId) && (await markLead(db, scope, { leadId, isRead: intent === 'read', now: new Date() }))
    if (!isMarked) throw notFound()
    return redirect(`${sellerLeadsHref(inboxViewOf(new URL(request.url)))}#${leadElementId(leadId)}`, 303)
  }
  if (intent === 'digest') {
    await setLeadDigest(db, scope.userId, form.get('leadDigest') === 'on', new Date())
    return redirect(`${sellerPaths.leads}?saved=digest#${leadDigestSectionId}`, 303)
  }
  throw new Response('Unknown form', { status: 400 })
}

/** Every lead of the seller as CSV text, for /account/leads.csv. */
export async function loadLeadsCsv(db: Kysely<Database>, site: SiteProfile, request: Request) {
  const scope = await requireSellerScope(db, request, site, sectionName)
  return sellerLeadsCsv(db, scope, siteDirectory)
}
