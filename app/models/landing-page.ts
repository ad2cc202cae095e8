import type { LandingPlace } from '~/sites/landing-path'
import type { ListingSummary } from './listing-summary'
import type { MarketStats } from './market-stats'

/** A link to a place's page, or a property type's search in a place, with its active listing count. */
export interface PlaceLink {
  name: string
  href: string
  listings: number
}

export interface PlaceLinkGroup {
  heading: string
  places: PlaceLink[]
}

/**
 * A place's market in figures and the way down from it (issue 7): the land site's landing
 * pages show it, and the rural sites show it on their plain state and county searches.
 */
export interface PlaceMarketSection {
  /** 'Texas', 'Travis County, TX', 'Central Texas', 'United States'. */
  placeName: string
  stats: MarketStats
  /** Each property type's listings in the place, linking to that type's search there. */
  inventory: PlaceLink[]
  /** Every listing of the place: its search page. */
  searchHref: string
  childGroups: PlaceLinkGroup[]
}

export type FeaturedListing = ListingSummary & { href: string }

/** A landing page of the main land site (spec §2: the home screen with a landing type). */
export interface LandingPageData {
  kind: LandingPlace['kind']
  heading: string
  title: string
  description: string
  canonicalPath: string
  heroPhotoId: number | undefined
  market: PlaceMarketSection
  featured: FeaturedListing[]
  breadcrumbs: { name: string; href: string }[]
  /** The finance center for the page's place (the header's 'Finance'), null when none lends there. */
  financeHref: string | null
}
