/**
 * The finance center page's address (spec §2 /financing, "goes to the finance route with fcid"):
 * the only code that writes or reads it.
 */
const financingPagePath = '/financing'

/** `sent` marks the page shown after a message went through (post/redirect/get). */
export function financingPath(financeCenterId: number, { sent = false } = {}) {
  return `${financingPagePath}?fcid=${financeCenterId}${sent ? '&sent=1' : ''}`
}

/** The positive finance center id a query names (spec §2: only a positive financeId counts), or undefined. */
export function parseFinanceCenterId(searchParams: URLSearchParams) {
  const value = searchParams.get('fcid') ?? ''
  return /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined
}
