import { brokerType } from '~/models/listings/enumerations'
import { placeTokenPattern } from '~/models/search/grammar-tokens'

/**
 * Words for brokers shared by the directory and broker pages: the directory's choices (spec §2
 * "Broker type words in URLs", §3 "Broker types" and "Broker sort"), each with its URL word or
 * token and its label, in display order; and the accreditations' labels.
 */
export const brokerTypeOptions = [
  { word: 'brokers', value: brokerType.broker, label: 'Brokers', singular: 'Broker' },
  { word: 'agents', value: brokerType.agent, label: 'Agents', singular: 'Agent' },
  { word: 'auctioneer', value: brokerType.auctioneer, label: 'Auctioneers', singular: 'Auctioneer' },
  { word: 'owner', value: brokerType.propertyOwner, label: 'Property Owners', singular: 'Property Owner' },
  { word: 'retailer', value: brokerType.landRetailer, label: 'Land Retailers', singular: 'Land Retailer' },
] as const

export type BrokerTypeWord = (typeof brokerTypeOptions)[number]['word']

/** Spec §3 "Broker sort"; the tokens are spec §2's sort tokens. */
export const brokerSortOptions = [
  { key: 'default', token: null, label: 'Default' },
  { key: 'name-asc', token: 'sort-az', label: 'Name A-Z' },
  { key: 'name-desc', token: 'sort-za', label: 'Name Z-A' },
  { key: 'listings-desc', token: 'sort-listings-high', label: 'Most listings' },
  { key: 'price-desc', token: 'sort-price-high', label: 'Price high to low' },
  { key: 'acres-desc', token: 'sort-acres-high', label: 'Acreage high to low' },
] as const

export type BrokerSort = (typeof brokerSortOptions)[number]['key']

/** What a directory page asks: all optional but the sort and page. `state` is a state's URL token ('new-mexico'). */
export interface BrokerDirectoryCriteria {
  state?: string
  brokerType?: BrokerTypeWord
  sort: BrokerSort
  page: number
  /** Spec §2 name search (`?name=`), trimmed, inner spaces collapsed. */
  name?: string
}

const maxNameSearchLength = 80
const maxPage = 9999

/** Spec §3 alcCertified and alcAdvancedCertified, as a buyer reads them. */
export function certificationLabels(broker: { alcCertified: boolean; alcAdvancedCertified: boolean }) {
  return [broker.alcCertified ? 'Accredited Land Consultant (ALC)' : '', broker.alcAdvancedCertified ? 'ALC Advanced Certified' : ''].filter(Boolean)
}

export function brokerTypeOption(value: number) {
  return brokerTypeOptions.find((option) => option.value === value)
}

/** The one spelling of a criteria: unknown values dropped, the name tidied, the page in range. */
export function normalizeDirectoryCriteria(criteria: Partial<BrokerDirectoryCriteria>): BrokerDirectoryCriteria {
  const name = criteria.name?.replace(/\s+/g, ' ').trim().slice(0, maxNameSearchLength).trim()
  const page = Number.isSafeInteger(criteria.page) ? Math.min(Math.max(1, criteria.page!), maxPage) : 1
  const normal: BrokerDirectoryCriteria = {
    sort: brokerSortOptions.find((option) => option.key === criteria.sort)?.key ?? 'default',
    page,
  }
  if (criteria.state && placeTokenPattern.test(criteria.state)) normal.state = criteria.state
  const type = brokerTypeOptions.find((option) => option.word === criteria.brokerType)
  if (type) normal.brokerType = type.word
  if (name) normal.name = name
  return normal
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
