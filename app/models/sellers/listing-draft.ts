/**
 * A listing as the seller writes it in the sellers' tool (issue 15): every field as typed, so a
 * step saved with a mistake loses nothing, and the steps of the form. Pure module: the pages and
 * the server share it.
 */

export const draftSteps = [
  { key: 'place', label: 'Place' },
  { key: 'price', label: 'Size and price' },
  { key: 'features', label: 'Land and house' },
  { key: 'description', label: 'Description' },
  { key: 'photos', label: 'Photos' },
  { key: 'review', label: 'Review and publish' },
] as const

export type DraftStepKey = (typeof draftSteps)[number]['key']

/** What the review says of a draft beyond its fields' errors: the listing-quality gate's findings in words (listing-publish.server.ts). */
export interface DraftFinding {
  step: DraftStepKey
  /** 'stop': publishing waits for a fix; 'confirm': the seller must confirm it is right; 'note': for information. */
  kind: 'stop' | 'confirm' | 'note'
  text: string
}

export interface DraftPhoto {
  documentId: number
  caption: string
}

export interface ListingDraftData {
  state?: string
  county?: string
  city?: string
  zip?: string
  address?: string
  latitude?: string
  longitude?: string
  acres?: string
  saleType?: string
  price?: string
  contactForPrice?: string
  propertyTypes?: string[]
  activities?: string[]
  beds?: string
  baths?: string
  homeSquareFeet?: string
  mineralRights?: string
  ownerFinancing?: string
  title?: string
  description?: string
  videoUrl?: string
  virtualTourUrl?: string
  externalListingUrl?: string
  auctionUrl?: string
  contactPhone?: string
  /** In the order shown; the first is the cover. */
  photos?: DraftPhoto[]
  /** Steps the seller has saved at least once: their mistakes are shown from then on. */
  savedSteps?: DraftStepKey[]
}

/** A listing shows at most this many photos (document-ids.ts gives each listing 32 slots). */
export const maxListingPhotos = 30

export const isDraftStep = (value: string | undefined): value is DraftStepKey => draftSteps.some((step) => step.key === value)

/** The tool's paths: the seller's listings, a new listing, a draft's step and its photo upload, one listing's page. */
export const sellerPaths = {
  listings: '/account/listings/',
  newListing: '/account/listings/new/',
  leads: '/account/leads/',
  statistics: '/account/listings/statistics/',
} as const

export const draftStepPath = (draftId: number, step: DraftStepKey) => `/account/listings/drafts/${draftId}/${step}/`
export const draftPhotoUploadPath = (draftId: number) => `/account/listings/drafts/${draftId}/photos/upload`
export const sellerListingPath = (listingId: number) => `/account/listings/${listingId}/`
