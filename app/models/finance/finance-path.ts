/**
 * The finance center page's address (spec §2 /financing, "goes to the finance route with fcid"):
 * the only code that writes or reads it.
 */
const financingPagePath = '/financing'

/** `sent` marks the page shown after a message went through (post/redirect/get). */
export function financingPath(financeCenterId: number, { sent = false } = {}) {
  return `${financingPagePath}?fcid=${financeCenterId}${sent ? '&sent=1' : ''}`
}

/**
 * The finance center a query asks for: 'default' without `fcid` (the site's default center), the
 * positive id it names (spec §2: only a positive financeId counts), or undefined for any other fcid.
 */
export function parseFinanceCenterId(searchParams: URLSearchParams): number | 'default' | undefined {
  const value = searchParams.get('fcid')
  if (value === null) return 'default'
  return /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined
}
