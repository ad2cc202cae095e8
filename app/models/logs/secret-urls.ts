import { loginTokenParam } from '~/models/accounts/account-paths'

/**
 * Addresses that are their own permission (issue 33 finding 6): whoever reads one in a log, a
 * stored client error or an analytics row could use it. Logs and stored texts keep the route
 * pattern instead of the path, and a secret query parameter without its value. A new route with a
 * token in its path is one more line here (its pattern as app/routes.ts writes it).
 */
const secretPathPatterns = ['/reset/:resetKey', '/api/authenticate/loginviatoken/:token/:siteId', '/lands-connector/reply/:token'] as const

/** Query parameters whose value logs a visitor in (spec §4 `?token=`). */
const secretQueryParameters = [loginTokenParam] as const

/** What stands in for a secret query parameter's value. */
const redactedValue = 'redacted'

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

// Each matches its path anywhere in a text (a path, a whole URL, a message naming one), up to the
// end of the last parameter. No nested repetition: the texts come from anyone, at any length.
const secretPaths = secretPathPatterns.map((pattern) => ({
  pattern,
  matcher: new RegExp(
    pattern
      .split('/')
      .slice(1)
      .map((segment) => (segment.startsWith(':') ? '/[^/?#\\s"\'<>]+' : `/${escapeForPattern(segment)}`))
      .join(''),
    'gi',
  ),
}))

const secretQueries = new RegExp(`([?&;](?:${secretQueryParameters.map(escapeForPattern).join('|')})=)[^&#\\s"'<>]*`, 'gi')

/**
 * The text with every secret-bearing path replaced by its route pattern and every secret query
 * parameter's value by `redacted`: `/reset/abc?token=xyz` → `/reset/:resetKey?token=redacted`.
 */
export function redactSecrets(text: string) {
  let redacted = text.replace(secretQueries, `$1${redactedValue}`)
  for (const { pattern, matcher } of secretPaths) redacted = redacted.replace(matcher, pattern)
  return redacted
}
