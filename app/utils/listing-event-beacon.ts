/** The spec §3 listing events the browser reports (`/api/events`); the server records the rest itself. */
export type BrowserListingEvent = 'phone-click' | 'external-link-click'

/**
 * Tells the server in the background: a beacon outlives the page handing over to the dialer or to
 * another site. Without scripts the call or link simply goes through, unrecorded.
 */
export function reportListingEvent(listingId: number, event: BrowserListingEvent) {
  navigator.sendBeacon?.('/api/events', new URLSearchParams({ listingId: String(listingId), event }))
}
