import type { Kysely } from 'kysely'
import { redirect } from 'react-router'
import { buildBrokerDirectoryPath } from '~/sites/broker-directory-path'
import type { Database } from '~/models/db/db-schema'
import type { SiteProfile } from '~/models/sites/site-profile'
import { resolveSitePath, type SitePath } from '~/sites/site-path'
import { siteFromRequest } from '~/sites/site.server'
import { loadBrokerDirectoryPage } from '~/routes/broker-directory/page.server'
import { loadBrokerListingsPage, loadBrokerProfilePage } from '~/routes/broker/page.server'
import { loadLandingPage } from '~/routes/landing/page.server'
import { loadSearchPage } from '~/routes/search/page.server'

/** Each page a shared route pattern can draw, by its path's kind (sites/site-path.ts), and the data it draws. */
export interface SitePageData {
  landing: Awaited<ReturnType<typeof loadLandingPage>>
  'broker-profile': Awaited<ReturnType<typeof loadBrokerProfilePage>>
  'broker-listings': Awaited<ReturnType<typeof loadBrokerListingsPage>>
  'broker-directory': Awaited<ReturnType<typeof loadBrokerDirectoryPage>>
  search: Awaited<ReturnType<typeof loadSearchPage>>
}

export type SitePageKind = keyof SitePageData

/** A route's loader data: one of the pages it draws, tagged with its kind. */
export type SitePage<Kind extends SitePageKind> = { [K in Kind]: { kind: K; page: SitePageData[K] } }[Kind]

/**
 * The data of the page a request's path is on the request's site, among `kinds` (the pages its
 * route draws); a 404 where none of them reads the path.
 */
export async function loadSitePage<Kind extends SitePageKind>(db: Kysely<Database>, request: Request, kinds: readonly Kind[]): Promise<SitePage<Kind>> {
  const site = siteFromRequest(request)
  const path = resolveSitePath(site, new URL(request.url), kinds)
  if (!path) throw new Response('Not Found', { status: 404 })
  // resolveSitePath answers only the kinds asked for.
  return (await loadPage(db, site, request, path)) as SitePage<Kind>
}

async function loadPage(db: Kysely<Database>, site: SiteProfile, request: Request, path: SitePath): Promise<SitePage<SitePageKind>> {
  switch (path.kind) {
    case 'landing':
      return { kind: 'landing', page: await loadLandingPage(db, site, request, path.landing) }
    case 'broker-profile':
      return { kind: 'broker-profile', page: await loadBrokerProfilePage(db, site, request, path.brokerId) }
    case 'broker-listings':
      return { kind: 'broker-listings', page: await loadBrokerListingsPage(db, site, request, path.broker) }
    case 'broker-directory':
      return { kind: 'broker-directory', page: await loadBrokerDirectoryPage(db, site, request, path.directory) }
    case 'search':
      return { kind: 'search', page: await loadSearchPage(db, site, request) }
    case 'broker-name':
      // Spec §2: a broker address whose id is not numeric falls back to search results: the brokers so named (decision 0062).
      throw redirect(buildBrokerDirectoryPath(site, { name: path.name }), 301)
  }
}
