import type { LandingPlace } from '~/models/places/landing-path'
import type { AdView } from '~/models/ads/ad'
import type { ListingCardView } from '~/models/listings/listing-card'
import type { PlaceMarketSection } from '~/models/places/market-stats'

/** A landing page of the main land site (spec §2: the home screen with a landing type). */
export interface LandingPageData {
  kind: LandingPlace['kind']
  heading: string
  title: string
  description: string
  canonicalPath: string
  heroPhotoId: number | undefined
  market: PlaceMarketSection
  featured: ListingCardView[]
  breadcrumbs: { name: string; href: string }[]
  /** The finance center for the page's place (the header's 'Finance'), null when none lends there. */
  financeHref: string | null
  /** The page's ad (issue 17 §8), null when none fits the place. */
  ad: AdView | null
}
