/**
 * 'Checks passed' (issue 19 item 3): what the listing-quality gate (listing-quality.server.ts) and
 * the price context verified about a listing, in a buyer's words. Only what passed is said; a
 * check that could not run (no price to weigh the size against) is left out. Pure module.
 */

export interface ListingCheckFacts {
  /** 'Travis County'. */
  countyName: string
  /** The listing's point lies inside its county's shape. */
  isPointInCounty: boolean
  /** The quality gate's reason codes for a feed listing (feed-reasons.ts); null for a listing not from a feed. */
  feedReasons: string[] | null
  /** Its price per acre was weighed against comparable land (a priced sale with a price context). */
  isSizeCheckedAgainstPrice: boolean
  /** Who keeps the listing: 'broker', 'owner' or 'seller'. */
  keeper: string
  updatedAt: string
  now: Date
}

const dayMilliseconds = 86_400_000

/** 'today', 'yesterday', '3 days ago': whole days between two moments. */
function daysAgo(then: string, now: Date) {
  const days = Math.max(0, Math.floor((now.getTime() - Date.parse(then)) / dayMilliseconds))
  return days === 0 ? 'today' : days === 1 ? 'yesterday' : `${days.toLocaleString('en-US')} days ago`
}

export function listingChecks(facts: ListingCheckFacts): string[] {
  const reasons = new Set(facts.feedReasons ?? [])
  const checks: string[] = []
  if (reasons.has('POINT_FROM_ZIP')) checks.push(`Location placed at its zip code, which lies in ${facts.countyName}`)
  else if (reasons.has('POINT_FROM_CITY')) checks.push(`Location placed at its town, which lies in ${facts.countyName}`)
  else if (facts.isPointInCounty) checks.push(`Location matches ${facts.countyName}`)
  if (facts.isSizeCheckedAgainstPrice) {
    checks.push(reasons.has('SQUARE_FEET_AS_ACRES') ? 'Size converted from square feet to acres and checked against the price' : 'Size checked against the price')
  }
  if (facts.feedReasons !== null) checks.push('Checked against other partners’ listings of the same land')
  checks.push(`Updated by the ${facts.keeper} ${daysAgo(facts.updatedAt, facts.now)}`)
  return checks
}
