import { formatCompactCurrency, formatPrice } from '~/utils/format'
import { marketStatus } from '~/models/listings/enumerations'

/**
 * A listing's history and freshness (issue 19 items 2 and 3, decision 0030): the kinds of event,
 * which status change each is, how long the land has been on the market, and whether anyone has
 * confirmed lately that it is still for sale. Pure module: the page, the cards, the seed and the
 * writes share these rules.
 */

export const listingHistoryKind = {
  listed: 1,
  priceChange: 2,
  underContract: 3,
  backOnMarket: 4,
  sold: 5,
  offMarket: 6,
  relisted: 7,
} as const

export type ListingHistoryKind = (typeof listingHistoryKind)[keyof typeof listingHistoryKind]

export const listingHistoryLabels: Record<ListingHistoryKind, string> = {
  [listingHistoryKind.listed]: 'Listed',
  [listingHistoryKind.priceChange]: 'Price changed',
  [listingHistoryKind.underContract]: 'Under contract',
  [listingHistoryKind.backOnMarket]: 'Back on market',
  [listingHistoryKind.sold]: 'Sold',
  [listingHistoryKind.offMarket]: 'Off market',
  [listingHistoryKind.relisted]: 'Relisted',
}

/** One event as the page shows it. */
export interface ListingHistoryEvent {
  kind: ListingHistoryKind
  happenedAt: string
  price: number | null
  previousPrice: number | null
  /** For a relist: the earlier listing of the same property. */
  relatedListingId: number | null
}

/** The event a change of market status is, if it is one. */
export function statusChangeKind(from: number, to: number): ListingHistoryKind | undefined {
  if (from === to) return undefined
  if (to === marketStatus.underContract) return listingHistoryKind.underContract
  if (to === marketStatus.sold) return listingHistoryKind.sold
  if (to === marketStatus.offMarket) return listingHistoryKind.offMarket
  return listingHistoryKind.backOnMarket
}

const dayMilliseconds = 86_400_000
const startsMarketing = new Set<number>([listingHistoryKind.listed, listingHistoryKind.relisted, listingHistoryKind.backOnMarket])
const endsMarketing = new Set<number>([listingHistoryKind.sold, listingHistoryKind.offMarket])

/**
 * Whole days the land has been for sale: from each listing (or return to the market) to its sale
 * or withdrawal, or to `now` while it is still for sale. Under contract still counts.
 */
export function daysOnMarket(events: readonly Pick<ListingHistoryEvent, 'kind' | 'happenedAt'>[], now: Date) {
  let total = 0
  let since: number | undefined
  for (const event of [...events].sort((a, b) => a.happenedAt.localeCompare(b.happenedAt))) {
    const at = Date.parse(event.happenedAt)
    if (startsMarketing.has(event.kind)) since ??= at
    else if (endsMarketing.has(event.kind) && since !== undefined) {
      total += at - since
      since = undefined
    }
  }
  if (since !== undefined) total += Math.max(0, now.getTime() - since)
  return Math.floor(total / dayMilliseconds)
}

/** Days without a confirmation after which a listing is marked, and after which it leaves search. */
export const unconfirmedDays = { marked: 90, hidden: 180 } as const

/** Stored in `listings.freshness`: search keeps 1 and up, and the default sort puts 2 first. */
export const freshness = { confirmed: 2, unconfirmed: 1, hidden: 0 } as const

export const unconfirmedNotice = 'May no longer be available — ask the seller'

/** How fresh a listing is at `now`: only land for sale needs confirming; a sold listing is what it is. */
export function freshnessOf(listing: { status: number; confirmedAt: string | null }, now: Date) {
  if (listing.status !== marketStatus.available && listing.status !== marketStatus.underContract) return freshness.confirmed
  if (listing.confirmedAt === null) return freshness.confirmed
  const days = (now.getTime() - Date.parse(listing.confirmedAt)) / dayMilliseconds
  return days >= unconfirmedDays.hidden ? freshness.hidden : days >= unconfirmedDays.marked ? freshness.unconfirmed : freshness.confirmed
}

/** The day `days` before `now`, as stored dates compare. */
export function isoDaysBefore(now: Date, days: number) {
  return new Date(now.getTime() - days * dayMilliseconds).toISOString()
}

/** The history section as the page shows it, worded on the server (crawlers read it as text). */
export interface ListingHistoryView {
  daysOnMarket: number
  /** `unconfirmedNotice` when nobody confirmed the listing for 90 days, else null. */
  unconfirmed: string | null
  events: { dateTime: string; date: string; label: string; detail: string; href: string | null }[]
  alsoListedBy: { sellerName: string; href: string | null }[]
}

const historyDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

function eventDetail(event: ListingHistoryEvent) {
  if (event.kind === listingHistoryKind.priceChange && event.price !== null && event.previousPrice !== null) {
    const change = event.price - event.previousPrice
    return `${formatPrice(event.previousPrice)} to ${formatPrice(event.price)} (${change < 0 ? 'reduced' : 'raised'} ${formatCompactCurrency(Math.abs(change))})`
  }
  if (event.kind === listingHistoryKind.relisted) return `${formatPrice(event.price)}; the same land was listed before`
  if (event.kind === listingHistoryKind.listed) return formatPrice(event.price)
  return ''
}

/** Newest first, as buyers read a timeline; `hrefOf` links another listing on this site (null when it has no page here). */
export function listingHistoryView(
  { events, alsoListedBy, isUnconfirmed }: { events: readonly ListingHistoryEvent[]; alsoListedBy: readonly AlsoListedBy[]; isUnconfirmed: boolean },
  { now, hrefOf }: { now: Date; hrefOf: (listingId: number) => string | null },
): ListingHistoryView {
  return {
    daysOnMarket: daysOnMarket(events, now),
    unconfirmed: isUnconfirmed ? unconfirmedNotice : null,
    events: [...events].reverse().map((event) => ({
      dateTime: event.happenedAt.slice(0, 10),
      date: historyDate.format(Date.parse(event.happenedAt)),
      label: listingHistoryLabels[event.kind],
      detail: eventDetail(event),
      href: event.relatedListingId === null ? null : hrefOf(event.relatedListingId),
    })),
    alsoListedBy: alsoListedBy.map((seller) => ({ sellerName: seller.sellerName, href: seller.listingId === null ? null : hrefOf(seller.listingId) })),
  }
}

/** Another seller of the same property, linked by the quality gate, with their listing when it is on the sites. */
export interface AlsoListedBy {
  listingId: number | null
  sellerName: string
}
