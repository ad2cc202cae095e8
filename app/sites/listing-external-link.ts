import type { ListingDetail } from '~/models/listings/listing-detail'

/**
 * Spec §3 external link types (external listing URL, auction URL, virtual tour, other: the video),
 * each the listing field holding its address, in the order the listing page offers them.
 */
export const listingExternalLinkFields = {
  listing: 'externalListingUrl',
  auction: 'auctionUrl',
  tour: 'virtualTourUrl',
  video: 'videoUrl',
} as const satisfies Record<string, keyof ListingDetail>

export type ListingExternalLinkKind = keyof typeof listingExternalLinkFields

export const isListingExternalLinkKind = (value: string | undefined): value is ListingExternalLinkKind =>
  value !== undefined && Object.hasOwn(listingExternalLinkFields, value)

/** Where the listing page's links to other sites point: a redirect that records the spec §3 'external link click' first (robots.txt keeps crawlers out). */
export const listingExternalLinkPath = (listingId: number, kind: ListingExternalLinkKind) => `/externallink/${listingId}/${kind}`
