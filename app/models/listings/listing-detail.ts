import type { ListingBroker, ListingSummary } from './listing-summary'

/** The seller of a paid listing as its detail page shows it (spec §3 "Broker or seller account"). */
export interface ListingDetailBroker extends ListingBroker {
  licenseNumber: string | null
  description: string
  alcCertified: boolean
  alcAdvancedCertified: boolean
  /** Spec §3 broker types (`brokerType` in enumerations.ts): a property owner, or a licensed seller of land. */
  brokerType: number | null
}

/** Everything the detail page shows of a listing (spec §3 "Listing", "Property detail data"). */
export interface ListingDetail extends Omit<ListingSummary, 'imageIds' | 'broker'> {
  stateId: number
  countyId: number
  cityId: number | null
  description: string
  /** Every photo, the first being the thumbnail. */
  imageIds: number[]
  /** The seller's captions by photo document id; a photo without one is described by the title. */
  photoCaptions: Record<string, string>
  activities: number
  amenities: number
  videoUrl: string | null
  virtualTourUrl: string | null
  /** Spec §3 external link types: the listing on the seller's own site, and its auction's page. */
  externalListingUrl: string | null
  auctionUrl: string | null
  hasCustomMap: boolean
  mineralRights: boolean
  ownerFinancing: boolean
  priceChangedAt: string | null
  updatedAt: string
  /** Imported from a partner's feed: only such a listing has the quality gate's reasons. */
  isFromPartnerFeed: boolean
  /** Null for free and courtesy listings (spec §2: they show no broker block). */
  broker: ListingDetailBroker | null
}

/** A listing with the addresses its card links to on a site (`linkedListing`). */
export type LinkedListing = ListingSummary & {
  href: string
  /** The seller's page on this site, for the broker block; absent without one (no broker block, or no broker pages). */
  brokerHref?: string
}
