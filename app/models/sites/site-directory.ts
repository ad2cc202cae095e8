import type { SiteProfile } from './site-profile'

/**
 * The sites, for a model that reads rows made on several of them or writes absolute links: given
 * by its caller (`siteDirectory` of app/sites/site-origin.server.ts, or a test's), since models do
 * not import the site profiles.
 */
export interface SiteDirectory {
  /** The main land site: the sender of a message about several sites, and the site of an unknown id. */
  defaultSite: SiteProfile
  /** The site a stored row was made on (its `site_id`); undefined for an unknown id. */
  siteWithId: (siteId: number) => SiteProfile | undefined
  /** Where a site's pages are: the base of every absolute link (decision 0046). */
  originOf: (site: SiteProfile) => string
}
