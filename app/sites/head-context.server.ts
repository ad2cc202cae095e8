import { readConfig } from '~/config.server'
import type { HeadContext } from '~/utils/page-meta'
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
