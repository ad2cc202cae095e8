import { landFeedStatesPath } from './partner-paths'
import { sites } from './index'
import { siteOrigin } from './site-origin.server'
import { comparablePath } from '~/models/content/content-pages'
import type { SiteProfile } from '~/models/sites/site-profile'

/** The land feed is one feed for every site (issue 14): the site whose content pages hold its documentation publishes both pages. */
const publisher = Object.values(sites).find((site) => site.contentPaths.landFeedDocs)

/**
 * Spec §2 lists /landfeed/docs/ and /landfeed/states/ among the shared routes of all sites (issue
 * 39 item 4): a site that does not publish them answers with the address of the publisher's page,
 * at its configured origin, for a permanent redirect; undefined on the publisher itself, or for
 * any other path.
 */
export function landFeedPageElsewhere(site: SiteProfile, pathname: string): string | undefined {
  if (!publisher || site === publisher) return undefined
  const docsPath = publisher.contentPaths.landFeedDocs!
  const path = [docsPath, landFeedStatesPath].find((page) => comparablePath(page) === comparablePath(pathname))
  return path && new URL(path, siteOrigin(publisher)).href
}
