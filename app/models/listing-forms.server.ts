import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from '@remix-run/node'
import type { Kysely } from 'kysely'
import type { SiteProfile } from '~/sites/site-profile'
import { clientAddress, isRateLimited } from '~/utils/rate-limit.server'
import { assertSameOrigin } from '~/utils/request-guard.server'
import type { Database } from './db-schema'
import { listingEventType } from './enumerations'
import { createLead, createListingReport, findListingRecipient, recordListingEvent } from './listing-activity.server'
import { type ListingFormIntent, honeypotField, listingFormIntents, listingFormSectionIds, schemaForIntent } from './listing-forms'
import { sendMail } from './mailer.server'

/** The listing a form was posted on, as the page knows it. */
export interface ListingFormTarget {
  id: number
  title: string
  /** Canonical path of the listing page; confirmations return here. */
  path: string
  /** Spec §4: free, sold and off-market listings take no contact messages. */
  canContact: boolean
}

/** Per client address and form: enough for a person, too few for a bot (issue 6 §5). */
const rateLimit = { limit: 5, windowMs: 10 * 60_000 }

function isIntent(value: unknown): value is ListingFormIntent {
  return listingFormIntents.includes(value as ListingFormIntent)
}

/**
 * One POST to a listing page: guard (origin, honeypot, rate limit), validate with the intent's
 * schema, store and send, then redirect back with `?sent={intent}` (post/redirect/get). A failed
 * validation returns the submission with status 400 so the form shows its messages.
 */
export async function handleListingFormPost(db: Kysely<Database>, site: SiteProfile, request: Request, listing: ListingFormTarget) {
  assertSameOrigin(request)
  const formData = await request.formData()
  const intent = formData.get('intent')
  if (!isIntent(intent)) throw new Response('Unknown form', { status: 400 })
  if (formData.get(honeypotField) || isRateLimited(`${intent}:${clientAddress(request)}`, rateLimit)) {
    throw new Response('Too many requests. Please wait a few minutes and try again.', { status: 429 })
  }
  if (intent === 'contact' && !listing.canContact) throw new Response('This listing is not taking messages.', { status: 403 })

  const submission = parseWithZod(formData, { schema: schemaForIntent[intent] })
  if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })

  const recipient = await findListingRecipient(db, listing.id)
  if (!recipient) throw new Response('Not Found', { status: 404 })
  const listingUrl = new URL(listing.path, request.url).href
  const value = submission.value
  if (value.intent === 'contact') {
    await createLead(db, {
      listing_id: listing.id,
      account_id: recipient.accountId,
      site_id: site.siteId,
      name: value.name,
      email: value.email,
      phone: value.phone ?? null,
      message: value.message,
      wants_financing: value.wantsFinancing ? 1 : 0,
    })
    await sendMail(site.name, {
      to: recipient.email,
      replyTo: value.email,
      subject: `New inquiry: ${listing.title}`,
      text: `${value.name} (${value.email}${value.phone ? `, ${value.phone}` : ''}) asks about ${listing.title}:\n\n${value.message}\n\n${listingUrl}`,
    })
    await recordListingEvent(db, { listingId: listing.id, siteId: site.siteId, eventType: listingEventType.emailLead })
  } else if (value.intent === 'report') {
    await createListingReport(db, { listing_id: listing.id, site_id: site.siteId, reason: value.reason, details: value.details ?? '', reporter_email: value.email ?? null })
  } else {
    await sendMail(site.name, {
      to: value.recipients.split(',').map((address) => address.trim()),
      subject: `${value.senderName} shared a property with you: ${listing.title}`,
      text: `${value.senderName} thought you would like this property on ${site.name}:\n\n${listing.title}\n${listingUrl}${value.message ? `\n\n${value.message}` : ''}`,
    })
    await recordListingEvent(db, { listingId: listing.id, siteId: site.siteId, eventType: listingEventType.sendToFriend })
  }
  return redirect(`${listing.path}?sent=${intent}#${listingFormSectionIds[intent]}`, 303)
}
