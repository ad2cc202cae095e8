import type { VisitRequestTable } from '~/models/db/db-schema'

/** What pages show of visit bookings (issue 38 item 3), built by `visit-requests.server.ts`; types and words only, for the components. */

/** What a listing's page and its search-result card say when its seller takes visit bookings. */
export const visitsAvailableLabel = 'Visits available'

/** A listing's offer of visits: the request form's address, the zone of its times and the dates it offers. */
export interface VisitBooking {
  requestPath: string
  timeZone: string
  timeZoneName: string
  /** The first and last dates offered, as a date input's min and max ('2026-12-05'). */
  minDate: string
  maxDate: string
}

/** A request as the seller's pages show it: without the buyer's link, whose token acts for the buyer. */
export interface SellerVisitView {
  id: number
  listingTitle: string
  listingUrl: string
  name: string
  email: string
  phone: string | null
  message: string
  status: VisitRequestTable['status']
  cancelledBy: VisitRequestTable['cancelled_by']
  timeZoneName: string
  times: { id: number; startsAt: string; label: string }[]
  counterLabel: string | null
  agreedLabel: string | null
  agreedStartsAt: string | null
}

/** A signed-in buyer's request on My Account, with the path of its page. */
export interface BuyerVisitView {
  id: number
  listingTitle: string
  status: VisitRequestTable['status']
  cancelledBy: VisitRequestTable['cancelled_by']
  counterLabel: string | null
  agreedLabel: string | null
  path: string
}
