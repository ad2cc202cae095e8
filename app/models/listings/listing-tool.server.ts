import { readConfig } from '~/config.server'
import type { SiteProfile } from '~/sites/site-profile'

/**
 * Where the listing tool (the property control center, a separate product) adds or manages a
 * seller's listings for a site. The add-listing page's own query (siteId, utm_source,
 * utm_medium) travels on, so the tool can credit the site and the link that sent the seller.
 */
export function listingToolHref(site: SiteProfile, action: 'add' | 'manage', incoming: URLSearchParams) {
  const url = new URL(action === 'add' ? 'listings/new' : 'listings', readConfig().propertyControlCenterUrl)
  url.searchParams.set('siteId', String(site.siteId))
  for (const name of ['utm_source', 'utm_medium', 'utm_campaign']) {
    const value = incoming.get(name)
    if (value) url.searchParams.set(name, value)
  }
  return url.href
}
