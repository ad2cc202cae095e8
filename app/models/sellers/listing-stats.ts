import { listingEventType } from '~/models/listings/enumerations'

/**
 * A seller's listing statistics (issue 15 §6): what buyers did with the seller's listings, per
 * spec §3 event type, over the last 7, 30 or 90 days. Pure module: the page and the model share it.
 */

export const statisticsPeriods = [7, 30, 90] as const
export type StatisticsPeriod = (typeof statisticsPeriods)[number]

/** `?days=` of a statistics page: one of the periods, and 30 for anything else. */
export function parseStatisticsPeriod(value: string | null): StatisticsPeriod {
  return statisticsPeriods.find((days) => String(days) === value) ?? 30
}

export const statisticsPeriodHref = (basePath: string, days: StatisticsPeriod) => `${basePath}?days=${days}`

type EventKey = keyof typeof listingEventType

/** The spec §3 event types a seller is shown, in the order the table lists them. */
export const sellerEventTypes = [
  { key: 'detailsViewed', label: 'Details viewed' },
  { key: 'searchResults', label: 'Search results shown' },
  { key: 'phoneClick', label: 'Phone clicks' },
  { key: 'emailLead', label: 'E-mail leads' },
  { key: 'flyersPrinted', label: 'Flyers printed' },
  { key: 'sendToFriend', label: 'Sent to a friend' },
  { key: 'like', label: 'Likes' },
] as const satisfies readonly { key: EventKey; label: string }[]

export type SellerEventKey = (typeof sellerEventTypes)[number]['key']

export interface EventSeries {
  key: SellerEventKey
  label: string
  total: number
  /** One count per day of `ListingStatistics.dates`, zero for a day without events. */
  daily: number[]
}

export interface ListingStatistics {
  days: StatisticsPeriod
  /** The period's UTC days, oldest first ('2026-11-23'); the last is today, so far. */
  dates: string[]
  series: EventSeries[]
}
