/** What a search result card needs of a listing (spec §2 "Listing card"); built by the search engine. */
export interface ListingSummary {
  id: number
  title: string
  /** Whole dollars; spec §5: 2 means an auction without a price, 0 or 1 "Contact for Price". */
  price: number
  acres: number
  status: number
  saleType: number
  listingLevel: number
  upgradeLevel: number
  salesPrice: number | null
  salesDate: string | null
  propertyTypes: number
  beds: number | null
  baths: number | null
  homeSqft: number | null
  address1: string | null
  cityName: string | null
  /** With its suffix: 'Travis County', 'Acadia Parish'. */
  countyName: string
  stateName: string
  stateAbbreviation: string
  zip: string | null
  /** The start of the description, for the card. */
  descriptionExcerpt: string
  /** Up to the first five photos; imageCount tells how many the listing has in all. */
  imageIds: number[]
  imageCount: number
  createdAt: string
  priceChangeAmount: number | null
  /** Issue 19: for sale, but not confirmed by its feed or seller for 90 days. */
  isUnconfirmed: boolean
  /** When its feed or seller last confirmed it is for sale; null when it is not for sale. */
  confirmedAt: string | null
  latitude: number
  longitude: number
  /** Issue 38 item 3: its seller takes visit bookings for it (decision 0070); the card says 'Visits available' while it is for sale. */
  takesVisits: boolean
  /** Shown only for paid listings (spec §2): free and courtesy listings carry none. */
  broker: ListingBroker | null
}

export interface ListingBroker {
  accountId: number
  contactName: string
  companyName: string
  phone: string | null
  portraitDocumentId: number | null
  logoDocumentId: number | null
  /** Spec §3 isFree: a free seller has no broker page; their listings page stands in for it. */
  isFree: boolean
  /** The seller's stored reply-time figure (reply-times.ts): 'Usually replies within N hours'; null without one. */
  replyWithinHours: number | null
}
