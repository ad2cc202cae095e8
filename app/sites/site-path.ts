import { type ParsedDirectoryPath, parseBrokerDirectoryPath } from './broker-directory-path'
import { type BrokerPathTarget, parseBrokerNameWithoutId, parseBrokerPath } from '~/models/brokers/broker-path'
import { type LandingPlace, parseLandingPath } from '~/models/places/landing-path'
import type { SiteProfile } from '~/models/sites/site-profile'

/**
 * Which page a path is on a site, read through the site's grammars once. Route patterns are shared
 * by all sites (routes.ts), so one pattern can mean several pages: /Texas is the land site's
 * landing page and /land a rural site's search; /broker/… is a broker or the land site's directory.
 * A search is whatever the other grammars leave; the search page reads it (and 404s what it cannot).
 */
export type SitePath =
  | { kind: 'landing'; landing: LandingPlace }
  | { kind: 'broker-profile'; brokerId: number }
  | { kind: 'broker-listings'; broker: BrokerPathTarget }
  /** A broker page address without a numeric id: the directory's search for the name (spec §2). */
  | { kind: 'broker-name'; name: string }
  | { kind: 'broker-directory'; directory: ParsedDirectoryPath }
  | { kind: 'search' }

export type SitePathKind = SitePath['kind']

/** The page `url` is on `site`, among the kinds its route draws; undefined is the site's 404. */
export function resolveSitePath(site: SiteProfile, url: URL, kinds: readonly SitePathKind[]): SitePath | undefined {
  const landing = kinds.includes('landing') ? parseLandingPath(site, url.pathname) : undefined
  if (landing) return { kind: 'landing', landing }
  const broker = parseBrokerPath(site, url.pathname)
  if (broker?.kind === 'profile' && kinds.includes('broker-profile')) return { kind: 'broker-profile', brokerId: broker.brokerId }
  if (broker?.kind === 'listings' && kinds.includes('broker-listings')) return { kind: 'broker-listings', broker }
  const brokerName = kinds.includes('broker-profile') ? parseBrokerNameWithoutId(site, url.pathname) : undefined
  if (brokerName) return { kind: 'broker-name', name: brokerName }
  const directory = kinds.includes('broker-directory') ? parseBrokerDirectoryPath(site, url.pathname, url.searchParams) : undefined
  if (directory) return { kind: 'broker-directory', directory }
  return kinds.includes('search') ? { kind: 'search' } : undefined
}
