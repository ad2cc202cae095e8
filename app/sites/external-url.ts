import type { SiteProfile } from '~/models/sites/site-profile'

/**
 * Spec §5 "External URLs get tracking parameters added when no query string exists": an off-site
 * http(s) address we link to gains `utm_source={site key}&utm_medium=referral` (the spelling of the
 * spec's add-listing link, §2) before its fragment. An address with a query of its own is the other
 * site's to shape, so it is left as it is; so are paths on this site and anything that does not
 * parse as an absolute web address.
 */
export function withReferralTracking(url: string, source: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return url
  }
  if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || url.split('#')[0]!.includes('?')) return url
  parsed.search = new URLSearchParams({ utm_source: source, utm_medium: 'referral' }).toString()
  return parsed.href
}

/** `withReferralTracking` with the site's key as the source, as the add-listing link has it. */
export function siteExternalUrl(site: Pick<SiteProfile, 'key'>, url: string): string {
  return withReferralTracking(url, site.key)
}
