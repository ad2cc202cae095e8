import { fieldConstraints, maxLength, required } from '~/models/forms/validation'
import { sellerPaths } from './listing-draft'

/**
 * A buyer's message in the seller's leads inbox (issue 15 item 5), and the inbox's addresses.
 * Pure module: the page and the server share it.
 */

/** About one of the seller's listings, sent from the seller's broker page (no listing), or a buyer's Lands Connector request. */
export type LeadKind = 'listing' | 'broker' | 'request'

export const leadKindLabels: Record<LeadKind, string> = {
  listing: 'Listing inquiry',
  broker: 'Message from your broker page',
  request: 'Land request from the Lands Connector',
}

export interface LeadListing {
  id: number
  title: string
  acres: number
  price: number
  /** The listing's public page on the site the buyer wrote from. */
  url: string
}

export interface SellerLead {
  id: number
  kind: LeadKind
  name: string
  /** Null when the buyer has not chosen to share it (a Lands Connector request): they are answered at `replyUrl`. */
  email: string | null
  phone: string | null
  /** The Lands Connector's page that answers the buyer of a request without their address; null for other leads. */
  replyUrl: string | null
  message: string
  /** The buyer ticked the listing form's finance checkbox (a lender of the place was told too). */
  wantsFinancing: boolean
  receivedAt: string
  isRead: boolean
  /** When the seller replied from the inbox or marked it answered; null while it waits. */
  answeredAt: string | null
  /** The reply sent from the inbox; null when unanswered or marked answered. */
  reply: string | null
  /** The site the buyer wrote on. */
  siteName: string
  listing: LeadListing | null
}

/** Which leads the inbox shows: all or only unread ones, of every listing or one, and which page. */
export interface LeadInboxView {
  unreadOnly: boolean
  listingId: number | null
  page: number
}

export const allLeadsView: LeadInboxView = { unreadOnly: false, listingId: null, page: 1 }

/** The inbox for a view: `/account/leads/?show=unread&listing=42&page=2`, each part only when it differs from the default. */
export function sellerLeadsHref({ unreadOnly, listingId, page }: LeadInboxView) {
  const query = new URLSearchParams()
  if (unreadOnly) query.set('show', 'unread')
  if (listingId !== null) query.set('listing', String(listingId))
  if (page > 1) query.set('page', String(page))
  const search = query.toString()
  return search ? `${sellerPaths.leads}?${search}` : sellerPaths.leads
}

/** Every lead of the seller as a spreadsheet. */
export const sellerLeadsCsvPath = '/account/leads.csv'

/** The digest option's section: its form comes back to it. */
export const leadDigestSectionId = 'lead-digest'

/** The element a lead is drawn in, so a form posted without scripts comes back to it. */
export const leadElementId = (leadId: number) => `lead-${leadId}`

/** A reply by e-mail: to the buyer, with a subject that names the listing (or the site, for a broker-page message or a land request). */
export function leadReplyHref(lead: Pick<SellerLead, 'kind' | 'listing' | 'siteName'> & { email: string }) {
  const subject = lead.listing ? `Re: ${lead.listing.title}` : `Re: your ${lead.kind === 'request' ? 'land request' : 'message'} on ${lead.siteName}`
  // The spec §5 e-mail format lets the part before '@' hold '?', '#' or '&', which a mailto: URL must escape.
  const at = lead.email.lastIndexOf('@')
  return `mailto:${encodeURIComponent(lead.email.slice(0, at))}${lead.email.slice(at)}?subject=${encodeURIComponent(subject)}`
}

/** The reply form's field: the text e-mailed to the buyer (issue 38 item 2). */
export const leadReplyRules = { reply: [required(), maxLength(5000)] } as const
export const leadReplyConstraints = fieldConstraints(leadReplyRules)

/** The quiet-hours option's section: its form comes back to it. */
export const quietHoursSectionId = 'quiet-hours'
