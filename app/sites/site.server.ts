import { readConfig } from '~/config.server'
import { resolveSite } from './index'

/** The site a request is for, from its Host header and the configured production hosts. */
export function siteFromRequest(request: Request) {
  const host = request.headers.get('host') ?? new URL(request.url).host
  return resolveSite(host, readConfig().siteHosts)
}
