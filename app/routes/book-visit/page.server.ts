import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from 'react-router'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import type { SiteProfile } from '~/models/sites/site-profile'
import { type FormRateLimit, refuseOverLimit } from '~/http/form-rate-limit.server'
import { clientAddress } from '~/http/rate-limit.server'
import { getViewerId } from '~/http/session.server'
import { findListingDetail } from '~/models/listings/listing-detail.server'
import { listingPath } from '~/models/listings/listing-path'
import { isActiveListing, ownerLandSafetyNote, showsOwnerLandSafetyNote } from '~/models/listings/listing-rules'
import { sendMail } from '~/models/mail/mailer.server'
import { visitRequestSchema } from '~/models/visits/visit-form.server'
import { visitFormIntents, visitRequestPath } from '~/models/visits/visit-paths'
import { createVisitRequest, findVisitListing, visitBookingOf } from '~/models/visits/visit-requests.server'
import { readGuardedForm } from '~/routes/contact-forms.server'
import { sendFormOnce } from '~/routes/send-form-once.server'
import { siteDirectory } from '~/sites/site-origin.server'

/**
 * A listing's visit request form, /book-visit/{listingId}/ (issue 38 item 3): the listing page's
 * form posts here; a request with errors is answered here with its messages and what was typed,
 * a sent one with a confirmation. A listing whose seller takes no bookings, that is not for sale
 * or outside the site is a 404, and so is the whole page on a site that lists no land.
 */
const visitRequestLimit: FormRateLimit = { limit: 5, windowMs: 10 * 60_000, counted: 'visit requests', kept: 'what you typed is kept below' }

const listingIdOf = (param: string | undefined) => (/^[1-9]\d{0,9}$/.test(param ?? '') ? Number(param) : Number.NaN)

async function requireBookableListing(db: Kysely<Database>, site: SiteProfile, param: string | undefined) {
  const detail = site.searchGrammar ? await findListingDetail(db, listingIdOf(param), { scopeBits: site.listingScopeBits }) : undefined
  const booking = detail ? await visitBookingOf(db, { id: detail.id, isActive: isActiveListing(detail) }, new Date()) : null
  if (!detail || !booking) throw new Response('Not Found', { status: 404 })
  return {
    listing: { id: detail.id, title: detail.title, path: listingPath(site, detail) },
    booking,
    safetyNote: showsOwnerLandSafetyNote(detail) ? ownerLandSafetyNote : null,
  }
}

export async function loadVisitRequestPage(db: Kysely<Database>, site: SiteProfile, request: Request, param: string | undefined) {
  const { listing, booking, safetyNote } = await requireBookableListing(db, site, param)
  return { listing, booking, safetyNote, isSent: new URL(request.url).searchParams.has('sent') }
}

/** The request: guarded (origin, honeypot), checked, counted against the limit per address, stored and mailed once, then its confirmation (post/redirect/get). */
export async function handleVisitRequestPost(db: Kysely<Database>, site: SiteProfile, request: Request, param: string | undefined) {
  const { listing, booking } = await requireBookableListing(db, site, param)
  const { formData } = await readGuardedForm(request, visitFormIntents)
  const now = new Date()
  const submission = parseWithZod(formData, { schema: visitRequestSchema(booking.timeZone, now) })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  const refusal = await refuseOverLimit(db, `visit:${clientAddress(request)}`, visitRequestLimit)
  if (refusal) return data(submission.reply({ formErrors: [refusal.message] }), refusal.init)
  const visitListing = (await findVisitListing(db, listing.id))!
  const location = await sendFormOnce(db, 'visit', formData, async () => {
    await createVisitRequest(
      db,
      visitListing,
      { ...submission.value, siteId: site.siteId, buyerUserId: await getViewerId(request) },
      { mailer: sendMail, sites: siteDirectory, now },
    )
    return `${visitRequestPath(listing.id)}?sent=1`
  })
  return redirect(location, 303)
}
