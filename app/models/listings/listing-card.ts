import { brokerDisplayName, formatAcres, formatAddress, formatCompactCurrency, formatHomeFacts, formatPrice, formatPricePerAcre } from '~/utils/format'
import { marketStatus } from './enumerations'
import { type ListingTier, isActiveListing, isPaidListing, listingTier, showsContactButton, showsEnvelopeIcon, statusBadge } from './listing-rules'
import type { LinkedListing } from './listing-detail'
import { unconfirmedNotice } from '~/models/trust/listing-history'
import { replyTimeText } from '~/models/sellers/reply-times'
import { visitsAvailableLabel } from '~/models/visits/visit-views'

/** The colour of a status badge (spec §4 badges: under contract, sold, off market). */
export type BadgeTone = 'under-contract' | 'sold' | 'off-market'

const badgeTones: Partial<Record<number, BadgeTone>> = {
  [marketStatus.underContract]: 'under-contract',
  [marketStatus.sold]: 'sold',
  [marketStatus.offMarket]: 'off-market',
}

export interface ListingCardBroker {
  accountId: number
  /** The broker's page on this site; null where the site has none. */
  href: string | null
  name: string
  /** The company under the contact's name; empty when the name already is the company. */
  company: string
  phone: string | null
  portraitDocumentId: number | null
  /** 'Usually replies within 2 hours' (issue 38 item 2); null for a seller without a figure. */
  replyTime: string | null
}

/**
 * What a listing card shows (spec §2 "Listing card", §4 badges and contact rules), worded on the
 * server: the browser gets the texts, not the listing's raw fields, rules and formatters.
 */
export interface ListingCardView {
  id: number
  /** The listing's canonical path. */
  href: string
  title: string
  tier: ListingTier
  price: string
  acres: string
  /** Empty without a real price or acreage. */
  pricePerAcre: string
  /** Beds, baths and square feet of a home; empty for land. */
  homeFacts: string
  address: string
  /** 'Reduced $25K' after a price cut, else null. */
  reduction: string | null
  /** Issue 19: 'May no longer be available — ask the seller' when nobody confirmed it for 90 days. */
  unconfirmed: string | null
  /** Issue 38 item 3: 'Visits available' on a listing for sale whose seller takes visit bookings, else null. */
  visits: string | null
  excerpt: string
  badge: { label: string; mobileLabel: string; tone: BadgeTone } | null
  /** Up to the first five photos; imageCount tells how many the listing has in all. */
  imageIds: number[]
  imageCount: number
  /** Spec §2/§4: the envelope icon for upgraded listings, the 'Contact Seller' button for other paid ones. */
  contact: 'envelope' | 'button' | null
  /** Spec §2: only paid listings show who sells them. */
  broker: ListingCardBroker | null
}

export function listingCardView(listing: LinkedListing): ListingCardView {
  const badge = statusBadge(listing)
  const broker = isPaidListing(listing) ? listing.broker : null
  return {
    id: listing.id,
    href: listing.href,
    title: listing.title,
    tier: listingTier(listing),
    price: formatPrice(listing.price),
    acres: formatAcres(listing.acres),
    pricePerAcre: formatPricePerAcre(listing.price, listing.acres),
    homeFacts: formatHomeFacts(listing),
    address: formatAddress(listing),
    reduction: listing.priceChangeAmount !== null && listing.priceChangeAmount < 0 ? `Reduced ${formatCompactCurrency(Math.abs(listing.priceChangeAmount))}` : null,
    unconfirmed: listing.isUnconfirmed ? unconfirmedNotice : null,
    visits: listing.takesVisits && isActiveListing(listing) ? visitsAvailableLabel : null,
    excerpt: listing.descriptionExcerpt,
    badge: badge ? { ...badge, tone: badgeTones[listing.status]! } : null,
    imageIds: listing.imageIds,
    imageCount: listing.imageCount,
    contact: showsEnvelopeIcon(listing) ? 'envelope' : showsContactButton(listing) ? 'button' : null,
    broker: broker && {
      accountId: broker.accountId,
      href: listing.brokerHref ?? null,
      name: brokerDisplayName(broker),
      company: broker.contactName && broker.companyName ? broker.companyName : '',
      phone: broker.phone,
      portraitDocumentId: broker.portraitDocumentId,
      replyTime: broker.replyWithinHours === null ? null : replyTimeText(broker.replyWithinHours),
    },
  }
}
