import { readConfig } from '~/config.server'
import type { HeadContext } from '~/utils/page-meta'
import type { SiteProfile } from './site-profile'
import { siteFromRequest } from './site.server'

const localHostPattern = /(^|\.)localhost(:\d+)?$|^127\.0\.0\.1(:\d+)?$/

/** Site, canonical origin and environment for the page head (spec §2 "Page head"). */
export function headContextForRequest(request: Request): HeadContext {
  const site = siteFromRequest(request)
  const isProduction = readConfig().environment === 'production'
  const requestUrl = new URL(request.url)
  const host = request.headers.get('host') ?? requestUrl.host
  // A public host canonicalises to the site's own URL (one canonical per page whatever alias
  // host served it); a local host keeps its origin so a developer's links stay on the machine.
  const origin = localHostPattern.test(host) ? `${requestUrl.protocol}//${host}` : site.url
  return { site, origin, isProduction }
}

/**
 * Where each site's pages are, for a page that links to another site's (a lead sent on the farm
 * site, shown in the inbox on the land site): the site's public URL, or, when this request came to
 * a local host, that site's own local host on the same port, so a developer's links stay on the machine.
 */
export function siteOriginsForRequest(request: Request): (site: SiteProfile) => string {
  const requestUrl = new URL(request.url)
  const host = request.headers.get('host') ?? requestUrl.host
  if (!localHostPattern.test(host)) return (site) => site.url
  const port = /:\d+$/.exec(host)?.[0] ?? ''
  return (site) => `${requestUrl.protocol}//${site.devHost}${port}`
}
