import { readConfig } from '~/config.server'
import type { SiteProfile } from '~/models/sites/site-profile'

/**
 * Where an external listing tool (the property control center, PROPERTY_CONTROL_CENTER_URL) adds
 * or manages a seller's listings for a site; undefined when none is set and the product's own tool
 * serves sellers (issue 15). The add-listing page's own query (siteId, utm_source, utm_medium)
 * travels on, so the tool can credit the site and the link that sent the seller.
 */
export function externalListingToolHref(site: SiteProfile, action: 'add' | 'manage', incoming: URLSearchParams) {
  const base = readConfig().propertyControlCenterUrl
  if (!base) return undefined
  const url = new URL(action === 'add' ? 'listings/new' : 'listings', base)
  url.searchParams.set('siteId', String(site.siteId))
  for (const name of ['utm_source', 'utm_medium', 'utm_campaign']) {
    const value = incoming.get(name)
    if (value) url.searchParams.set(name, value)
  }
  return url.href
}
