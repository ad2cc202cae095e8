import type { BrokerDirectoryPageData, BrokerListingsPageData, BrokerProfilePageData } from './brokers.types'
import type { LandingPageData } from './landing.types'
import type { SearchPageData } from './search.types'

/** Each page a shared route pattern can draw, by its path's kind (sites/site-path.ts), and the data it draws. */
export interface SitePageData {
  landing: LandingPageData
  'broker-profile': BrokerProfilePageData
  'broker-listings': BrokerListingsPageData
  'broker-directory': BrokerDirectoryPageData
  search: SearchPageData
}

export type SitePageKind = keyof SitePageData

/** A route's loader data: one of the pages it draws, tagged with its kind. */
export type SitePage<Kind extends SitePageKind> = { [K in Kind]: { kind: K; page: SitePageData[K] } }[Kind]
