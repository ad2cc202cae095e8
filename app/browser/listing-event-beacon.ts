/** The spec §3 listing events the browser reports (`/api/events`); the server records the rest itself. */
export type BrowserListingEvent = 'phone-click'

/**
 * Tells the server in the background: a beacon outlives the page handing over to the dialer.
 * Without scripts the call simply goes through, unrecorded. (Links to other sites go through
 * /externallink/, which records them with or without scripts.)
 */
export function reportListingEvent(listingId: number, event: BrowserListingEvent) {
  navigator.sendBeacon?.('/api/events', new URLSearchParams({ listingId: String(listingId), event }))
}
