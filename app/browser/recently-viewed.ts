import { maxViewedListings } from '~/models/listings/viewed-listing'

/**
 * The listings this browser viewed, newest first, in local storage (spec §4: state kept in browser
 * storage): the listing page adds to it, the 'Recently viewed' strip reads it. Storage may be
 * off or full (private modes): then nothing is remembered and the strip stays away.
 */
const storageKey = 'recentlyViewedListings'

export function viewedListingIds(): number[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(storageKey) ?? '[]')
    return Array.isArray(stored) ? stored.filter((id): id is number => Number.isSafeInteger(id) && id > 0).slice(0, maxViewedListings) : []
  } catch {
    return []
  }
}

export function rememberViewedListing(listingId: number) {
  try {
    const ids = [listingId, ...viewedListingIds().filter((id) => id !== listingId)].slice(0, maxViewedListings)
    window.localStorage.setItem(storageKey, JSON.stringify(ids))
  } catch {
    // Storage off or full: the strip simply shows nothing.
  }
}
