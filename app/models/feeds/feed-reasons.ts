/**
 * The stable codes an import reports (issue 14): what happened to a whole feed, and why a record
 * was fixed, held or rejected. Partners match on the codes, so a code is never renamed or reused;
 * the texts explain them on /landfeed/docs/ and in the import reports. Pure module.
 */

import type { OutboundFailureReason } from '~/models/net/outbound-fetch.server'

/** Each record ends in one of these (a record with nothing to report is accepted). */
export type RecordOutcome = 'accepted' | 'fixed' | 'held' | 'rejected'

export const feedErrorTexts = {
  FEED_UNREACHABLE: 'The feed could not be fetched (no answer, an error status or a timeout).',
  FEED_URL_REFUSED: 'The feed URL is not an http(s) URL of a public internet address; feeds are fetched only from the public internet.',
  FEED_ENCODING: 'The feed is not UTF-8.',
  FEED_DOCTYPE_REFUSED: 'The feed has a DOCTYPE. Feeds may not declare a DTD or entities; remove it.',
  FEED_MALFORMED: 'The feed is not well-formed XML (or CSV); the report gives the line.',
  FEED_NOT_LISTINGS: 'The XML root element is not <listings>.',
  FEED_TRUNCATED: 'The feed ends before its last record: it was cut short.',
  FEED_TOO_LARGE: 'The feed is larger than the limit (1 GB); split it or send changes as a partial feed.',
  FEED_INTERRUPTED: 'The import was stopped before its end (its process ended); the next import of the feed picked up every record.',
} as const

export type FeedErrorCode = keyof typeof feedErrorTexts

/** Why a feed or a photo could not be fetched: the outbound guard's reasons, and an error status. */
export type FetchFailureReason = OutboundFailureReason | 'http-status'

/**
 * A failed download as a partner's report says it: never the socket error, the address or the
 * status (issue 33: those would make an import a port scanner). The server's log has the cause.
 */
export const fetchFailureTexts: Record<FetchFailureReason, string> = {
  'bad-url': 'The URL is not an http or https URL.',
  'address-refused': "The URL's host, or a redirect's, is not a public internet address.",
  unreachable: 'The server could not be reached.',
  timeout: 'The download did not finish in time.',
  'too-many-redirects': 'The URL redirected more than 3 times.',
  'too-large': 'The download is larger than the limit.',
  'http-status': 'The server answered with an error status.',
}

/** Stops a whole import: nothing past the error is read, and no listing is retired. */
export class FeedError extends Error {
  constructor(
    readonly code: FeedErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'FeedError'
  }
}

export const recordReasons = {
  MISSING_FIELD: { outcome: 'rejected', text: 'A required field is missing or blank.' },
  INVALID_VALUE: { outcome: 'rejected', text: 'A field has a value the feed does not allow (see the field table).' },
  RECORD_TOO_LARGE: { outcome: 'rejected', text: 'The record holds more than 256 KB of text.' },
  DUPLICATE_ID: { outcome: 'rejected', text: 'Another record of the same feed has this id; the first one is kept.' },
  UNKNOWN_COUNTY: { outcome: 'rejected', text: 'No county of that name lies in the state.' },
  NO_LOCATION: { outcome: 'held', text: 'There is no point, and neither the zip code nor the city lies in the county.' },
  POINT_OUTSIDE_COUNTY: { outcome: 'held', text: 'The point lies outside the county, and neither the zip code nor the city lies in the county.' },
  PRICE_LOOKS_PER_ACRE: { outcome: 'held', text: 'The price is what an acre costs in the county, for a larger property: it looks like the price per acre.' },
  PRICE_PER_ACRE_OUTLIER: { outcome: 'held', text: 'The price per acre is under a tenth or over ten times the median of comparable listings in the county.' },
  SCAM_SUSPECTED: {
    outcome: 'held',
    text: 'Our checks for copied or fraudulent listings flagged the record; our staff will look at it before it is shown.',
  },
  POINT_FROM_ZIP: { outcome: 'fixed', text: 'The point was missing or outside the county; the listing is placed at its zip code, which lies in the county.' },
  POINT_FROM_CITY: { outcome: 'fixed', text: 'The point was missing or outside the county; the listing is placed at its city, which lies in the county.' },
  CITY_WAS_COUNTY: { outcome: 'fixed', text: "The city given is the county's name; the county's nearest city is used." },
  CITY_NOT_FOUND: { outcome: 'fixed', text: "The city is not a city of the state; the county's nearest city is used." },
  SQUARE_FEET_AS_ACRES: { outcome: 'fixed', text: 'The size reads as square feet, not acres; it was converted (43,560 square feet to the acre).' },
  MARKUP_REMOVED: { outcome: 'fixed', text: 'HTML or script was removed from the text.' },
  TEXT_SHORTENED: { outcome: 'fixed', text: 'A text was longer than its limit and was cut at a word.' },
  CONTACT_DROPPED: { outcome: 'fixed', text: "A contact phone or e-mail is not valid and was left out; the account's own is shown." },
  PHOTOS_DROPPED: { outcome: 'fixed', text: 'Photos past the 30th, or without an http(s) URL, were left out.' },
  DUPLICATE_LINKED: {
    outcome: 'fixed',
    text: "Another partner's listing is the same property (within 100 m, acreage and price within 5 %); this record is linked to it, not shown twice.",
  },
  PHOTO_FAILED: { outcome: 'accepted', text: 'A photo could not be fetched or is not an image; the listing shows the others.' },
  REVIEW_APPROVED: { outcome: 'accepted', text: 'Our staff reviewed the held listing and approved it as sent; it stays approved while the record is unchanged.' },
  REVIEW_REJECTED: { outcome: 'rejected', text: 'Our staff reviewed the held listing and rejected it; change the record to have it checked again.' },
} as const satisfies Record<string, { outcome: RecordOutcome; text: string }>

export type RecordReasonCode = keyof typeof recordReasons

/** One finding on a record: its code, and the field or detail it concerns. */
export interface RecordReason {
  code: RecordReasonCode
  detail: string
}

const outcomeRank: Record<RecordOutcome, number> = { accepted: 0, fixed: 1, held: 2, rejected: 3 }

/** The worst outcome among a record's findings: rejected over held over fixed over accepted. */
export function outcomeOf(reasons: readonly RecordReason[]): RecordOutcome {
  return reasons.reduce<RecordOutcome>((worst, reason) => {
    const outcome = recordReasons[reason.code].outcome
    return outcomeRank[outcome] > outcomeRank[worst] ? outcome : worst
  }, 'accepted')
}
