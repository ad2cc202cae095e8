import type { Breadcrumb } from '~/components/breadcrumbs'
import type { BrokerDirectoryCriteria, BrokerListingStats, BrokerTypeWord } from '~/models/brokers/broker-directory'
import type { LinkedListing } from '~/models/listings/listing-detail'
import type { Pagination } from '~/models/search/pagination'

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
  pagination: Pagination
  typeLinks: DirectoryLink[]
  stateLinks: DirectoryLink[]
  stateOptions: { token: string; name: string }[]
  typeOptions: { word: BrokerTypeWord; label: string }[]
  breadcrumbs: Breadcrumb[]
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
  breadcrumbs: Breadcrumb[]
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
  pagination: Pagination
  breadcrumbs: Breadcrumb[]
}
