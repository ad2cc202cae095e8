import { getDb } from '~/models/db/db.server'
import { resolveSitePath } from '~/sites/site-path'
import { siteFromRequest } from '~/sites/site.server'
import { loadBrokerDirectoryPage } from './broker-directory.server'
import { loadBrokerListingsPage, loadBrokerProfilePage } from './brokers.server'
import { loadLandingPage } from './landing.server'
import { loadSearchPage } from './search.server'
import type { SitePage, SitePageKind } from './site-page.types'

/**
 * The data of the page a request's path is on the request's site, among `kinds` (the pages its
 * route draws); a 404 where none of them reads the path.
 */
export async function loadSitePage<Kind extends SitePageKind>(request: Request, kinds: readonly Kind[]): Promise<SitePage<Kind>> {
  const site = siteFromRequest(request)
  const db = getDb()
  const path = resolveSitePath(site, new URL(request.url), kinds)
  let page: SitePage<SitePageKind>
  switch (path?.kind) {
    case 'landing':
      page = { kind: 'landing', page: await loadLandingPage(db, site, request, path.landing) }
      break
    case 'broker-profile':
      page = { kind: 'broker-profile', page: await loadBrokerProfilePage(db, site, request, path.brokerId) }
      break
    case 'broker-listings':
      page = { kind: 'broker-listings', page: await loadBrokerListingsPage(db, site, request, path.broker) }
      break
    case 'broker-directory':
      page = { kind: 'broker-directory', page: await loadBrokerDirectoryPage(db, site, request, path.directory) }
      break
    case 'search':
      page = { kind: 'search', page: await loadSearchPage(db, site, request) }
      break
    case undefined:
      throw new Response('Not Found', { status: 404 })
  }
  return page as SitePage<Kind>
}
