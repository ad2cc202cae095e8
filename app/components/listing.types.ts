import type { Breadcrumb } from '~/components/breadcrumbs'
import type { ListingCardView } from '~/models/listings/listing-card'
import type { ListingDetail } from '~/models/listings/listing-detail'
import type { ListingFormIntent } from '~/models/listings/listing-form-ids'
import type { AdView } from '~/models/ads/ad'
import type { PriceContextView } from '~/models/trust/price-context-view'
import type { Surroundings } from '~/models/places/surroundings'
import type { Confidence } from '~/models/valuation/valuation-calibration'
import type { ListingHistoryView } from '~/models/trust/listing-history'

/** A row of the page's property details: a term and the labels the listing has. */
export interface ListingFeatureGroup {
  term: string
  labels: string[]
}

/** AcreWorth's estimate of a listing's land, with the address of its full valuation on the value site. */
export interface ListingEstimate {
  value: number
  low: number
  high: number
  confidence: Confidence
  href: string
}

/** What the page says around the listing (issue 19): its price in context, the checks it passed, the land around it. */
export interface ListingContext {
  /** `view` is null when too few comparable listings lie in the listing's state. */
  /** `isPending`: no stored context because the listing changed after the last pass (the minute jobs work it out). */
  price: { view: PriceContextView | null; isPending: boolean; estimate: ListingEstimate | null }
  checks: string[]
  surroundings: Surroundings
}

/** What the detail route hands its component (built by `loadListingPage`). */
export interface ListingPageData {
  listing: ListingDetail
  canonicalPath: string
  title: string
  description: string
  /** 'April 11, 2026': formatted on the server, so the page reads the same in every time zone. */
  listedOn: string
  /** Property types, activities, amenities and rights, labelled here so the option tables stay off the page's JavaScript. */
  featureGroups: ListingFeatureGroup[]
  /** Spec §2: diamond listings get the transparent header. */
  isDiamond: boolean
  breadcrumbs: Breadcrumb[]
  otherListings: ListingCardView[]
  similarListings: ListingCardView[]
  /** The finance center for the listing's place (the header's 'Finance'), null when none lends there. */
  financeHref: string | null
  /** The contact form's finance checkbox (spec §3), where a lender serves the listing's place. */
  financeCheckbox: { label: string; isCheckedByDefault: boolean } | null
  /** Which of the page's forms just succeeded (`?sent=` after its redirect), for the confirmation. */
  sent: ListingFormIntent | null
  /** Which of the page's listings (itself, other and similar) the signed-in viewer likes (spec §4 "Like"). */
  likedListingIds: number[]
  /** The page's ad (issue 17 §8), for the listing's county or state; null when none fits. */
  ad: AdView | null
  context: ListingContext
  /** Issue 19: the listing's history, days on market, freshness and 'Also listed by' (listing-history.tsx). */
  history: ListingHistoryView
  /** The JSON-LD graph for crawlers (`listing-structured-data.server.ts`). */
  structuredData: object[]
}
