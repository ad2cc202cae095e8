import { defaultSite } from './index'
import { siteOfHost } from './site-origin.server'

/**
 * The site a request is for, from its Host header (`siteOfHost`). The production server refuses a
 * host it does not serve before any route runs (server/app.ts); a request handed to the app
 * otherwise (a test, a warm-up) gets the main land site.
 */
export function siteFromRequest(request: Request) {
  return siteOfHost(request.headers.get('host') ?? new URL(request.url).host) ?? defaultSite
}
