import type { BrokerDirectoryCriteria, BrokerTypeWord } from './broker-directory'
import type { LinkedListing } from './listing-detail'
import type { PageLink } from './search-page'

/** Real pagination links (architecture: crawlers and script-less browsers page through them). */
export interface PaginationData {
  page: number
  pageCount: number
  previousHref: string | null
  nextHref: string | null
  pageLinks: PageLink[]
}

export interface Crumb {
  name: string
  href: string
}

/** Spec §3 "sellerListingStats": the broker's active listings on one site. */
export interface BrokerListingStats {
  activeListings: number
  totalAcres: number
  /** Lowest and highest real price (spec §5: 2 and below are not prices); null when none has one. */
  priceRange: { min: number; max: number } | null
  /** Names of the states the listings are in, alphabetical. */
  states: string[]
}

/** A broker as the directory's card shows them. */
export interface BrokerCardData {
  id: number
  name: string
  /** Shown under the name when the name is a person's. */
  companyName: string | null
  typeLabel: string
  /** 'Austin, TX': where the office is. */
  place: string | null
  portraitDocumentId: number | null
  listingCount: number
  totalAcres: number
  /** The highest real price among the listings (the 'price high to low' sort's key). */
  maxPrice: number | null
  /** The broker's page: the profile, or the listings page for a free account (`brokerCanonicalPath`). */
  href: string
}

export interface DirectoryLink {
  label: string
  href: string
  count: number
  isCurrent: boolean
}

export interface BrokerDirectoryPageData {
  criteria: BrokerDirectoryCriteria
  heading: string
  title: string
  description: string
  canonicalPath: string
  isIndexable: boolean
  /** Where the filter form submits: the directory's first page. */
  formAction: string
  totalCount: number
  brokers: BrokerCardData[]
  pagination: PaginationData
  typeLinks: DirectoryLink[]
  stateLinks: DirectoryLink[]
  stateOptions: { token: string; name: string }[]
  typeOptions: { word: BrokerTypeWord; label: string }[]
  breadcrumbs: Crumb[]
}

/** Everything the broker page shows of the account (spec §3 "Broker or seller account"). */
export interface BrokerProfile {
  id: number
  name: string
  companyName: string | null
  typeLabel: string
  phone: string | null
  city: string | null
  stateAbbreviation: string | null
  /** 'Austin, TX': where the office is. */
  place: string | null
  description: string
  licenseNumber: string | null
  /** Readable ALC accreditations. */
  certifications: string[]
  portraitDocumentId: number | null
  logoDocumentId: number | null
  websiteUrl: string | null
}

export interface BrokerProfilePageData {
  broker: BrokerProfile
  stats: BrokerListingStats
  /** The first page of the broker's listings on the site. */
  listings: LinkedListing[]
  /** Those of them the visitor has liked. */
  likedListingIds: number[]
  /** The listings page, when there are more listings than shown here. */
  allListingsHref: string | null
  canonicalPath: string
  title: string
  description: string
  isIndexable: boolean
  breadcrumbs: Crumb[]
  /** The message form just succeeded (`?sent=contact` after its redirect). */
  isSent: boolean
}

export interface BrokerListingsPageData {
  broker: BrokerProfile
  /** The paid broker page; null for a free account, which has none. */
  profileHref: string | null
  /** The same listings as a search with filters, where the site's search grammar can say so. */
  searchHref: string | null
  heading: string
  title: string
  description: string
  canonicalPath: string
  isIndexable: boolean
  totalCount: number
  listings: LinkedListing[]
  /** Those of them the visitor has liked. */
  likedListingIds: number[]
  pagination: PaginationData
  breadcrumbs: Crumb[]
}
