const base = 'http://same-site.invalid'

/**
 * `target` if it is a path on this site ('/search/…?x#y'), else `fallback`. Absolute URLs,
 * protocol-relative '//host' and '/\host' (which browsers read as '//host') are refused, so a
 * redirect after login can never send anyone to another site.
 */
export function safeRedirectPath(target: unknown, fallback: string): string {
  // eslint-disable-next-line no-control-regex -- refusing control characters (and backslashes) in the path is the point
  if (typeof target !== 'string' || !target.startsWith('/') || /^\/[/\\]/.test(target) || /[\u0000-\u001f\\]/.test(target)) return fallback
  try {
    const url = new URL(target, base)
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : fallback
  } catch {
    return fallback
  }
}

/** The path and query of `url` when it is on `host` (a Referer header, say), else undefined. */
export function pathOnHost(url: string | null, host: string): string | undefined {
  if (!url) return undefined
  try {
    const parsed = new URL(url)
    return parsed.host === host ? `${parsed.pathname}${parsed.search}` : undefined
  } catch {
    return undefined
  }
}
