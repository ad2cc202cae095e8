import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from 'react-router'
import type { Kysely } from 'kysely'
import type { SiteProfile } from '~/models/sites/site-profile'
import { siteOrigin } from '~/sites/site-origin.server'
import { readGuardedForm, refuseOverListingFormLimit, sendContactMessage } from './contact-forms.server'
import type { Database } from '~/models/db/db-schema'
import { listingEventType } from '~/models/listings/enumerations'
import { createListingReport, findListingRecipient, recordListingEvent } from '~/models/listings/listing-activity.server'
import { listingFormIntents, listingFormSectionIds } from '~/models/listings/listing-form-fields'
import { type ListingFormValue, schemaForIntent } from '~/models/listings/listing-forms'
import { sendFormOnce } from './send-form-once.server'
import { sendFinanceLead } from '~/models/finance/finance-centers.server'
import { sendMail } from '~/models/mail/mailer.server'
import { noteScamReport, reporterKeyOf } from '~/models/trust/scam-reports.server'
import { clientAddress } from '~/http/rate-limit.server'

/** The listing a form was posted on, as the page knows it. */
export interface ListingFormTarget {
  id: number
  title: string
  /** Canonical path of the listing page; confirmations return here. */
  path: string
  /** Spec §4: free, sold and off-market listings take no contact messages. */
  canContact: boolean
  /** The lender for the listing's place, which also hears from a buyer who ticks the finance checkbox. */
  financeCenterId: number | null
}

/**
 * One POST to a listing page: guard (origin, honeypot), validate with the intent's schema, count
 * it against the rate limit, store and send, then redirect back with `?sent={intent}`
 * (post/redirect/get). A failed validation returns the submission with status 400, a post past
 * the limit with status 429 and the wait, so the form shows its messages and keeps what was typed.
 */
export async function handleListingFormPost(db: Kysely<Database>, site: SiteProfile, request: Request, listing: ListingFormTarget) {
  const { formData, intent } = await readGuardedForm(request, listingFormIntents)
  if (intent === 'contact' && !listing.canContact) throw new Response('This listing is not taking messages.', { status: 403 })

  const submission = parseWithZod(formData, { schema: schemaForIntent[intent] })
  if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
  const refusal = await refuseOverListingFormLimit(db, request, intent)
  if (refusal) return data({ intent, result: submission.reply({ formErrors: [refusal.message] }) }, refusal.init)

  const recipient = await findListingRecipient(db, listing.id)
  if (!recipient) throw new Response('Not Found', { status: 404 })
  const location = await sendFormOnce(db, intent, formData, async () => {
    await sendListingForm(db, site, submission.value, {
      listing,
      recipient,
      listingUrl: `${siteOrigin(site)}${listing.path}`,
      reporterKey: reporterKeyOf(clientAddress(request)),
    })
    return `${listing.path}?sent=${intent}#${listingFormSectionIds[intent]}`
  })
  return redirect(location, 303)
}

/** Stores and sends one listing form's valid submission. */
async function sendListingForm(
  db: Kysely<Database>,
  site: SiteProfile,
  value: ListingFormValue,
  {
    listing,
    recipient,
    listingUrl,
    reporterKey,
  }: { listing: ListingFormTarget; recipient: { accountId: number; email: string }; listingUrl: string; reporterKey: string },
) {
  if (value.intent === 'contact') {
    await sendContactMessage(db, site, {
      recipient,
      listingId: listing.id,
      subject: `New inquiry: ${listing.title}`,
      about: `asks about ${listing.title}`,
      pageUrl: listingUrl,
      message: value,
    })
    await recordListingEvent(db, { listingId: listing.id, siteId: site.siteId, eventType: listingEventType.emailLead })
    if (value.wantsFinancing && listing.financeCenterId !== null) {
      const { name, email, phone, message } = value
      await sendFinanceLead(
        db,
        site,
        {
          finance_center_id: listing.financeCenterId,
          site_id: site.siteId,
          listing_id: listing.id,
          name,
          email,
          phone: phone ?? null,
          message,
          wantsFinancing: true,
        },
        { pageUrl: listingUrl },
      )
    }
  } else if (value.intent === 'report') {
    await createListingReport(db, {
      listing_id: listing.id,
      site_id: site.siteId,
      reason: value.reason,
      details: value.details ?? '',
      reporter_email: value.email ?? null,
      reporter_key: reporterKey,
    })
    if (value.reason === 'fraud') await noteScamReport(db, listing.id)
  } else {
    await sendMail(site.name, {
      to: value.recipients.split(',').map((address) => address.trim()),
      subject: `${value.senderName} shared a property with you: ${listing.title}`,
      text: `${value.senderName} thought you would like this property on ${site.name}:\n\n${listing.title}\n${listingUrl}${value.message ? `\n\n${value.message}` : ''}`,
    })
    await recordListingEvent(db, { listingId: listing.id, siteId: site.siteId, eventType: listingEventType.sendToFriend })
  }
}
