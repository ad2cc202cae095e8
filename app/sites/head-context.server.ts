import { readConfig } from '~/config.server'
import type { HeadContext } from '~/utils/page-meta'
import { siteOrigin } from './site-origin.server'
import { siteFromRequest } from './site.server'

/** Site, canonical origin (the site's configured origin, decision 0046) and environment for the page head (spec §2 "Page head"). */
export function headContextForRequest(request: Request): HeadContext {
  const site = siteFromRequest(request)
  const isProduction = readConfig().environment === 'production'
  return { site, origin: siteOrigin(site), isProduction }
}
