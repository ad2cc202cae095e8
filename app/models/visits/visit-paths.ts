/** Addresses of the visit bookings' pages (issue 38 item 3), shared by pages, mails and tests. */

/** The request form of a listing (the listing page posts here; without scripts its errors show here). */
export const visitRequestPath = (listingId: number) => `/book-visit/${listingId}/`

/** The buyer's page of one visit: its state, accepting the seller's time, cancelling. The token is the permission. */
export const buyerVisitPath = (token: string) => `/visits/${token}/`

/** The seller's answers to a visit request, from the leads inbox. */
export const sellerVisitPath = (visitId: number) => `/account/visits/${visitId}/`

/** A listing's 'Takes visit bookings' switch in the sellers' tool. */
export const sellerVisitSettingPath = (listingId: number) => `/account/listings/${listingId}/visits/`

/** The sellers' tool's section of a listing's switch. */
export const visitBookingSectionId = 'visit-bookings'

/** The inbox's section of visit requests. */
export const visitRequestsSectionId = 'visit-requests'

/** The request form's hidden intent, as the guarded forms of listing pages carry one. */
export const visitFormIntents = ['visit'] as const
