import { auctionWithoutPrice } from '~/models/listings/enumerations'
import { listingHistoryKind } from '~/models/trust/listing-history'

/**
 * Instant alerts (issue 38 item 4, decision 0071), the rules without the database: which events of
 * a listing's history a buyer hears of at once, and how one run's matches become one e-mail per
 * account. Pure module, for the job and its tests.
 */

/** Why a listing is in an alert: new on the market, cheaper than it was, or for sale again. */
export type AlertReason = 'new' | 'price-drop' | 'back-on-market'

/** An event of `listing_history` as the alerts job reads it. */
export interface HistoryEvent {
  listingId: number
  kind: number
  price: number | null
  previousPrice: number | null
}

const isRealPrice = (price: number | null): price is number => price !== null && price > auctionWithoutPrice

/**
 * What an event is to a buyer, if anything: a listing (or relisting) is new; a price change is a
 * drop only from one real price to a lower one (a 'Contact for Price' given a price is no drop);
 * a return from under contract or off the market is back on the market.
 */
export function alertReasonOf(event: HistoryEvent): AlertReason | undefined {
  if (event.kind === listingHistoryKind.listed || event.kind === listingHistoryKind.relisted) return 'new'
  if (event.kind === listingHistoryKind.backOnMarket) return 'back-on-market'
  if (event.kind === listingHistoryKind.priceChange && isRealPrice(event.previousPrice) && isRealPrice(event.price) && event.price < event.previousPrice) {
    return 'price-drop'
  }
  return undefined
}

/** A listing's change in one run: its last event that a buyer hears of, with the price before a drop. */
export interface ListingChange {
  listingId: number
  reason: AlertReason
  previousPrice: number | null
}

/** Each changed listing once, by its latest alerting event (events in the order they happened). */
export function listingChanges(events: readonly HistoryEvent[]): ListingChange[] {
  const changes = new Map<number, ListingChange>()
  for (const event of events) {
    const reason = alertReasonOf(event)
    if (!reason) continue
    // A listing new in this run stays new, whatever else happened to it since.
    if (changes.get(event.listingId)?.reason === 'new') continue
    changes.set(event.listingId, { listingId: event.listingId, reason, previousPrice: reason === 'price-drop' ? event.previousPrice : null })
  }
  return [...changes.values()]
}

/** One account's interest in one changed listing: a saved search it matches, or a favourite. */
export interface AlertMatch {
  userId: number
  siteId: number
  listingId: number
  /** The saved search it matches; undefined for a favourite. */
  search?: SavedSearchRef
}

/** A saved search as an alert names it. */
export interface SavedSearchRef {
  id: number
  name: string
}

/** One account's e-mail of a run: each listing once, with every saved search it matched. */
export interface AlertBatch {
  userId: number
  /** The sites of its matches: a single one sends the e-mail; with several, the main land site does. */
  siteIds: number[]
  items: { listingId: number; siteId: number; searches: SavedSearchRef[]; isFavorite: boolean }[]
}

/** The run's matches as one batch per account, accounts and listings in the order first matched. */
export function batchAlerts(matches: readonly AlertMatch[]): AlertBatch[] {
  const batches = new Map<number, AlertBatch>()
  for (const match of matches) {
    let batch = batches.get(match.userId)
    if (!batch) batches.set(match.userId, (batch = { userId: match.userId, siteIds: [], items: [] }))
    if (!batch.siteIds.includes(match.siteId)) batch.siteIds.push(match.siteId)
    let item = batch.items.find((candidate) => candidate.listingId === match.listingId)
    if (!item) batch.items.push((item = { listingId: match.listingId, siteId: match.siteId, searches: [], isFavorite: false }))
    if (match.search === undefined) item.isFavorite = true
    else if (!item.searches.some((search) => search.id === match.search!.id)) item.searches.push(match.search)
  }
  return [...batches.values()]
}

/**
 * What a failed alert e-mail keeps for its retry: each listing's change and the saved searches (by
 * id) and favourite that matched it, so a retry can drop what is no longer wanted or for sale.
 */
export interface AlertItemToRetry {
  listingId: number
  siteId: number
  reason: AlertReason
  previousPrice: number | null
  searchIds: number[]
  isFavorite: boolean
}

const minute = 60_000
/** The waits after each failed attempt; past the last, the alert is given up (four attempts in about 36 minutes). */
export const alertRetryDelaysMs = [1 * minute, 5 * minute, 30 * minute]

/** When to try again after `attempts` failed attempts, or undefined to give up. */
export function nextAlertAttemptAt(attempts: number, now: Date) {
  const delay = alertRetryDelaysMs[attempts - 1]
  return delay === undefined ? undefined : new Date(now.getTime() + delay)
}

/** The subject of an account's alert. */
export function alertSubject(count: number, siteName: string) {
  return count === 1 ? `A listing you follow on ${siteName} changed` : `${count} listings you follow on ${siteName} changed`
}

/** The page that stops an account's instant alerts: its signed token is its own permission. */
export const instantAlertsUnsubscribePath = (token: string) => `/alerts/unsubscribe/${token}`

/** What `signValue` signs an unsubscribe token for, so no other signed link opens it. */
export const unsubscribeTokenPurpose = 'instant-alerts-unsubscribe'
