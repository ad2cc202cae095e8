import type { Kysely } from 'kysely'
import type { SiteProfile } from '~/models/sites/site-profile'
import { type FormRateLimit, refuseOverLimit } from '~/http/form-rate-limit.server'
import { clientAddress } from '~/http/rate-limit.server'
import { assertSameOrigin, readFormData } from '~/http/request-guard.server'
import type { Database } from '~/models/db/db-schema'
import { type ListingFormIntent, honeypotField } from '~/models/listings/listing-form-fields'
import type { ContactMessage } from '~/models/listings/listing-forms'
import { createLead } from '~/models/listings/listing-activity.server'
import { sendMail } from '~/models/mail/mailer.server'
import { acknowledgeLead } from '~/models/sellers/reply-times.server'

/**
 * Per client address and form: enough for a person, too few for a bot (issue 6 §5). Only posts
 * that pass validation count: one refused for an empty field reached nobody (decision 0053).
 */
const tenMinutes = 10 * 60_000
export const listingFormRateLimits: Record<ListingFormIntent, FormRateLimit> = {
  contact: { limit: 5, windowMs: tenMinutes, counted: 'messages', kept: 'your message is kept below' },
  report: { limit: 5, windowMs: tenMinutes, counted: 'reports', kept: 'your report is kept below' },
  share: { limit: 5, windowMs: tenMinutes, counted: 'shares', kept: 'what you typed is kept below' },
}

/**
 * The form data of a POST anyone may send (the listing and broker pages' forms), once it has
 * passed the guards: same origin (403), a known intent (400) and an empty honeypot (429). The rate
 * limit comes after validation (`refuseOverListingFormLimit`).
 */
export async function readGuardedForm<Intent extends string>(request: Request, intents: readonly Intent[]): Promise<{ formData: FormData; intent: Intent }> {
  assertSameOrigin(request)
  const formData = await readFormData(request)
  const intent = formData.get('intent')
  if (!intents.includes(intent as Intent)) throw new Response('Unknown form', { status: 400 })
  if (formData.get(honeypotField)) throw new Response('Too many requests. Please wait a few minutes and try again.', { status: 429 })
  return { formData, intent: intent as Intent }
}

/** Counts a valid post of a listing or broker page's form against its limit per address; answers its refusal past the limit. */
export function refuseOverListingFormLimit(db: Kysely<Database>, request: Request, intent: ListingFormIntent) {
  return refuseOverLimit(db, `${intent}:${clientAddress(request)}`, listingFormRateLimits[intent])
}

/**
 * A buyer's message to a seller (spec §2 'Contact Seller'): stored as a lead, about a listing or
 * (from the broker's page) about none, and e-mailed to the seller with the buyer as reply-to;
 * the buyer is told at once who it went to (issue 38 item 2).
 */
export async function sendContactMessage(
  db: Kysely<Database>,
  site: SiteProfile,
  {
    recipient,
    listingId,
    subject,
    about,
    pageUrl,
    message,
  }: {
    recipient: { accountId: number; email: string }
    listingId: number | null
    subject: string
    /** What the message is about, for the mail's first line: 'asks about {title}'. */
    about: string
    pageUrl: string
    message: ContactMessage
  },
) {
  await createLead(db, {
    listing_id: listingId,
    account_id: recipient.accountId,
    site_id: site.siteId,
    name: message.name,
    email: message.email,
    phone: message.phone ?? null,
    message: message.message,
    wants_financing: message.wantsFinancing ? 1 : 0,
  })
  await sendMail(site.name, {
    to: recipient.email,
    replyTo: message.email,
    subject,
    text: `${message.name} (${message.email}${message.phone ? `, ${message.phone}` : ''}) ${about}:\n\n${message.message}\n\n${pageUrl}`,
  })
  await acknowledgeLead(db, sendMail, site, { accountId: recipient.accountId, listingId, buyer: message, pageUrl })
}
