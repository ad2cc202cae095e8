import { farmSite } from './farm'
import { huntingSite } from './hunting'
import { landSite } from './land'
import type { SiteKey, SiteProfile } from '~/models/sites/site-profile'
import { valueSite } from './value'

export const sites: Record<SiteKey, SiteProfile> = {
  land: landSite,
  farm: farmSite,
  hunting: huntingSite,
  value: valueSite,
}

export const defaultSite: SiteProfile = landSite

/** Every site's listing scope (`listingScopeBits`), once each: the market snapshots the minute jobs keep. */
export const siteListingScopes = [...new Set(Object.values(sites).map((site) => site.listingScopeBits))]

/** The site a stored row was made on (its `site_id`, spec §1 site ids); undefined for an unknown id. */
export function siteWithId(siteId: number): SiteProfile | undefined {
  return Object.values(sites).find((site) => site.siteId === siteId)
}

/**
 * The site a listing shows best on, by its main use (`landUseOf`): the farm or hunting site when
 * the use is theirs, else the land site, which shows every listing.
 */
export function listingSiteFor(landUse: number): SiteProfile {
  return [farmSite, huntingSite].find((site) => (site.listingScopeBits & landUse) !== 0) ?? landSite
}
