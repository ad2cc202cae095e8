import { auctionWithoutPrice } from '~/models/listings/enumerations'
import type { ListingSummary } from '~/models/listings/listing-summary'
import { urlSlug } from './url-slug'

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
})
const groupedNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

/**
 * Spec §5 "Price display": above 2 in whole US dollars; 2 is an auction without a price;
 * anything else 'Contact for Price' where the caller allows it, otherwise blank.
 */
export function formatPrice(value: number | null | undefined, { allowContactForPrice = true } = {}) {
  if (value != null && value > auctionWithoutPrice) return wholeDollars.format(value)
  if (value === auctionWithoutPrice) return 'Auction'
  return allowContactForPrice ? 'Contact for Price' : ''
}

/** Whole US dollars for an amount that is not a listing's price (a median, a price per acre): '$3,150'. */
export function formatDollars(value: number) {
  return wholeDollars.format(value)
}

type RangeBound = number | null | undefined

/**
 * Spec §5 "Range text": empty bounds become 0 and an upper bound of 0 is open-ended. With the
 * acre unit each value carries ' ac' ('5 ac - 20 ac', '5 ac +'); otherwise the prefix comes before
 * each value ('$10 - $50', '$10 +'). The spec does not say how numbers print; we group thousands.
 */
export function formatRange(min: RangeBound, max: RangeBound, { unit, prefix = '' }: { unit?: 'ac'; prefix?: string } = {}) {
  const lower = boundOrZero(min)
  const upper = boundOrZero(max)
  const label = (value: number) => (unit ? `${groupedNumber.format(value)} ${unit}` : `${prefix}${groupedNumber.format(value)}`)
  return upper === 0 ? `${label(lower)} +` : `${label(lower)} - ${label(upper)}`
}

function boundOrZero(bound: RangeBound) {
  return bound != null && Number.isFinite(bound) ? bound : 0
}

/**
 * Spec §5 "Number abbreviation" (§9: K above 999, M above 999,999). The decimal is truncated,
 * not rounded, so a count never reads higher than it is: 1,950 is '1.9K' and 999,999 is
 * '999.9K' (rounding would give '1000K' below the M threshold).
 */
export function abbreviateNumber(value: number | null | undefined) {
  if (value == null || !Number.isFinite(value) || value === 0) return '0'
  const magnitude = Math.abs(value)
  // Dividing by 100 000 / 100 first keeps the truncated tenths exact for whole numbers.
  if (magnitude >= 1_000_000) return `${Math.trunc(value / 100_000) / 10}M`
  if (magnitude >= 1_000) return `${Math.trunc(value / 100) / 10}K`
  return String(value)
}

/** Spec §5 "Compact currency up to one decimal": '$950', '$25K', '$1.2M' (rounded, as money usually is). */
export function formatCompactCurrency(value: number) {
  return compactDollars.format(value)
}

/**
 * Spec §5 "Broker URL name slug": the contact name, else the company, as lower-case letters,
 * digits and hyphens; 'seller' when neither gives any.
 */
export function brokerNameSlug(contactName: string | null | undefined, companyName: string | null | undefined) {
  const name = contactName?.trim() ? contactName : (companyName ?? '')
  return urlSlug(name) || 'seller'
}

/** How a broker is named: the contact's name, else the company's. */
export function brokerDisplayName(broker: { contactName: string | null; companyName: string | null }) {
  return broker.contactName || broker.companyName || ''
}

/** A share as a whole percentage, '0.234' → '23 %' (the space as in '80 % range'). */
export function formatPercent(share: number) {
  return `${Math.round(100 * share)} %`
}

/** '1 sale', '1,204 sales': a whole count with its noun. */
export function formatCount(count: number, singular: string, plural = `${singular}s`) {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`
}

export function formatAcres(acres: number) {
  const text = groupedNumber.format(acres)
  return `${text} ${text === '1' ? 'acre' : 'acres'}`
}

/** Blank when there is no real price (spec §5: 2 and below are not prices) or no acreage to divide by. */
export function formatPricePerAcre(price: number, acres: number) {
  if (price <= auctionWithoutPrice || !(acres > 0)) return ''
  return `${wholeDollars.format(price / acres)}/acre`
}

/**
 * A short date for sold badges (spec §4): 'M/D/YY' without leading zeros, '2025-03-07' → '3/7/25'.
 * Read from the ISO text itself so the server's time zone cannot move the day. '' when unreadable.
 */
export function formatShortDate(iso: string | null | undefined) {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '')
  if (!match) return ''
  const [, year = '', month = '', day = ''] = match
  return `${Number(month)}/${Number(day)}/${year.slice(-2)}`
}

const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** 'November 23, 2026' from an ISO timestamp, in UTC so server and browser agree; '' when unreadable. */
export function formatLongDate(iso: string | null | undefined) {
  const time = Date.parse(iso ?? '')
  return Number.isNaN(time) ? '' : longDate.format(time)
}

const utcTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

/** A time (ISO text or milliseconds since the epoch) as 'Nov 23, 2026, 7:55 PM UTC'; '' for none. */
export const formatUtcTime = (time: string | number | null) => (time === null || time === '' ? '' : `${utcTime.format(new Date(time))} UTC`)

/** '3 beds · 2 baths · 1,850 sq ft' for homes; parts that are unknown are left out. */
export function formatHomeFacts({ beds, baths, homeSqft }: Pick<ListingSummary, 'beds' | 'baths' | 'homeSqft'>) {
  const facts = [
    beds ? `${groupedNumber.format(beds)} ${beds === 1 ? 'bed' : 'beds'}` : '',
    baths ? `${groupedNumber.format(baths)} ${baths === 1 ? 'bath' : 'baths'}` : '',
    homeSqft ? `${groupedNumber.format(homeSqft)} sq ft` : '',
  ]
  return facts.filter(Boolean).join(' · ')
}

/** '1234 County Road 210, Austin, TX 78701' when there is a street address, else 'Travis County, TX'. */
export function formatAddress(listing: Pick<ListingSummary, 'address1' | 'cityName' | 'countyName' | 'stateAbbreviation' | 'zip'>) {
  if (!listing.address1) return `${listing.countyName}, ${listing.stateAbbreviation}`
  const stateAndZip = [listing.stateAbbreviation, listing.zip].filter(Boolean).join(' ')
  return [listing.address1, listing.cityName, stateAndZip].filter(Boolean).join(', ')
}
