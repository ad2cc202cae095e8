/**
 * 'Low data' (issue 20 item 2, decision 0033): lighter pages for a visitor whose browser sends
 * `Save-Data: on` or who turned it on in the footer. The visitor's own choice, kept in a cookie,
 * wins over the header either way, so 'Turn off' works in a browser that always sends Save-Data.
 * Pure: the root loader decides once per request, the server's page cache keys on the cookie.
 */

export const lowDataCookieName = 'low-data'
/** Where the footer's toggle posts. */
export const lowDataPath = '/low-data'
/** The toggle's fields: the choice ('on' or 'off') and the page to go back to. */
export const lowDataField = 'lowData'
export const lowDataReturnField = 'returnTo'
const cookieMaxAgeSeconds = 365 * 24 * 60 * 60

export type LowDataChoice = 'on' | 'off'

const isChoice = (value: unknown): value is LowDataChoice => value === 'on' || value === 'off'

/** The visitor's choice in a Cookie header, if they made one. */
export function lowDataChoiceOf(cookieHeader: string | null | undefined): LowDataChoice | undefined {
  const value = cookieHeader ? new RegExp(`(?:^|;\\s*)${lowDataCookieName}=([^;\\s]*)`).exec(cookieHeader)?.[1] : undefined
  return isChoice(value) ? value : undefined
}

/** Whether the page is the lighter one: the visitor's choice, else the browser's Save-Data. */
export function isLowDataRequest(headers: Headers): boolean {
  const choice = lowDataChoiceOf(headers.get('cookie'))
  if (choice) return choice === 'on'
  return headers.get('save-data')?.trim().toLowerCase() === 'on'
}

/** The toggle's posted value, when it is one. */
export function parseLowDataChoice(value: unknown): LowDataChoice | undefined {
  return isChoice(value) ? value : undefined
}

/** The Set-Cookie value keeping a choice for a year (readable by scripts: it holds nothing private). */
export function lowDataCookie(choice: LowDataChoice, { secure }: { secure: boolean }) {
  return `${lowDataCookieName}=${choice}; Path=/; Max-Age=${cookieMaxAgeSeconds}; SameSite=Lax${secure ? '; Secure' : ''}`
}
