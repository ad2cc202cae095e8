/**
 * A listing in the 'Recently viewed' strip, as spec §7 GET /api/Property/getviewedlistings/{ids}
 * answers it: spec §3 Listing fields, worded on the server. Shared: the strip draws it.
 */
export interface ViewedListing {
  id: number
  title: string
  /** The listing's canonical path on this site. */
  relativeUrl: string
  priceDisplay: string
  acresDisplay: string
  address: string
  /** 'Sold', 'Under Contract', 'Off Market'; empty while available. */
  statusDisplay: string
  thumbnailDocumentId: number | null
}

/** How many viewed ids the browser keeps, and one request may name. */
export const maxViewedListings = 12
