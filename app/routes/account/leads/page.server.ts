import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from 'react-router'
import type { Kysely } from 'kysely'
import type { SiteProfile } from '~/models/sites/site-profile'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import type { Database } from '~/models/db/db-schema'
import { pageCountOf, paginationOf } from '~/models/search/pagination'
import { sellerPaths } from '~/models/sellers/listing-draft'
import { hasLeadDigest, setLeadDigest } from '~/models/sellers/lead-digest.server'
import { type LeadInboxView, leadDigestSectionId, leadElementId, quietHoursSectionId, sellerLeadsHref } from '~/models/sellers/seller-lead'
import { countSellerLeads, findScopedLeadContact, findScopedListing, findSellerLeads, markLead, sellerLeadsCsv } from '~/models/sellers/seller-leads.server'
import { LeadReplySchema, QuietHoursSchema } from '~/models/sellers/lead-reply-schema'
import { waitingLeadHours, withWaitingTime } from '~/models/sellers/reply-times'
import { findQuietHours, markLeadAnswered, replyToLead, setQuietHours } from '~/models/sellers/reply-times.server'
import { sendMail } from '~/models/mail/mailer.server'
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
  const now = new Date()
  const listing = view.listingId === null ? null : await findScopedListing(db, scope, view.listingId)
  if (listing === undefined) throw notFound()
  const filter = { unreadOnly: view.unreadOnly, listingId: view.listingId }
  const [totalCount, unreadCount, isDigestOn, visits, quietHours] = await Promise.all([
    countSellerLeads(db, scope, filter),
    countSellerLeads(db, scope, { unreadOnly: true }),
    hasLeadDigest(db, scope.userId),
    sellerVisitRequests(db, scope, siteDirectory, now),
    findQuietHours(db, scope),
  ])
  const pageCount = pageCountOf(totalCount)
  // Marking the last unread lead of the last page read empties that page: the page before it is shown.
  const page = Math.min(view.page, pageCount)
  return {
    view: { ...view, page },
    listing,
    totalCount,
    unreadCount,
    leads: (
      await findSellerLeads(db, scope, siteDirectory, { filter, waitingSince: new Date(now.getTime() - waitingLeadHours * 3_600_000).toISOString(), page })
    ).map((lead) => withWaitingTime(lead, now)),
    pagination: paginationOf(page, pageCount, (number) => sellerLeadsHref({ ...view, page: number })),
    isDigestOn,
    isDigestSaved: url.searchParams.get('saved') === 'digest',
    /** Issue 38 item 3: the visit requests still ahead (visit-requests.tsx). */
    visitRequests: { visits: visits.map(sellerVisitView), now: now.toISOString() },
    quietHours,
    isQuietHoursSaved: url.searchParams.get('saved') === 'quiet-hours',
    // The replied lead may have moved to another page (answered leads list after the waiting ones): the confirmation is the page's.
    repliedTo: idPattern.test(url.searchParams.get('replied') ?? '')
      ? ((await findScopedLeadContact(db, scope, Number(url.searchParams.get('replied')))) ?? null)
      : null,
  }
}

/** The inbox address of the view a form was posted from, with one more query parameter, back at `elementId`. */
function backToInbox(request: Request, elementId: string, [name, value]: [string, string] | [] = []) {
  const href = new URL(sellerLeadsHref(inboxViewOf(new URL(request.url))), 'http://inbox')
  if (name !== undefined) href.searchParams.set(name, value!)
  return redirect(`${href.pathname}${href.search}#${elementId}`, 303)
}

/**
 * The inbox's forms: mark a lead read or unread, reply to it or mark it answered (back to the same
 * view, at the lead), the daily digest and quiet-hours options (back with a confirmation).
 * Post/redirect/get, so they work without scripts; a reply that fails validation or cannot be
 * sent comes back with its message and the text kept (400, or 503 when the e-mail failed).
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
    return backToInbox(request, leadElementId(leadId))
  }
  if (intent === 'reply') {
    const submission = parseWithZod(form, { schema: LeadReplySchema })
    const leadId = Number(form.get('leadId'))
    if (submission.status !== 'success') return data({ leadId, result: submission.reply() }, { status: 400 })
    const refusal = (formError: string, status: number) => data({ leadId, result: submission.reply({ formErrors: [formError] }) }, { status })
    try {
      const outcome = await replyToLead(db, sendMail, scope, siteDirectory, { ...submission.value, now: new Date() })
      if (outcome === 'not-found') throw notFound()
      if (outcome === 'no-email') return refusal('This buyer has not shared their e-mail address: answer them through the reply page.', 400)
    } catch (error) {
      if (error instanceof Response) throw error
      console.error(`The reply to lead ${leadId} could not be sent`, error)
      return refusal('Your reply could not be sent just now. Please try again in a few minutes.', 503)
    }
    return backToInbox(request, leadElementId(submission.value.leadId), ['replied', String(submission.value.leadId)])
  }
  if (intent === 'answered') {
    const leadId = Number(form.get('leadId'))
    const isMarked = Number.isSafeInteger(leadId) && (await markLeadAnswered(db, scope, { leadId, now: new Date() }))
    if (!isMarked) throw notFound()
    return backToInbox(request, leadElementId(leadId))
  }
  if (intent === 'quiet-hours') {
    const submission = parseWithZod(form, { schema: QuietHoursSchema })
    if (submission.status !== 'success') return data({ leadId: null, result: submission.reply() }, { status: 400 })
    const { isOn, from, until, timeZone } = submission.value
    await setQuietHours(db, scope, isOn ? { from, until, timeZone } : null)
    return redirect(`${sellerPaths.leads}?saved=quiet-hours#${quietHoursSectionId}`, 303)
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
