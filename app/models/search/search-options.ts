import { activity, amenity, marketStatus, propertyType } from '~/models/listings/enumerations'

/**
 * The choices a search can make, each with its URL key, label and stored value (spec §3
 * "Search criteria" and "Enumerations"). Order is display order and canonical URL order.
 */
export const propertyTypeOptions = [
  { key: 'farms', label: 'Farms', bits: propertyType.farm },
  { key: 'ranches', label: 'Ranches', bits: propertyType.ranch },
  { key: 'farms-and-ranches', label: 'Farms and Ranches', bits: propertyType.farm | propertyType.ranch },
  { key: 'recreational-land', label: 'Recreational Land', bits: propertyType.recreational },
  { key: 'residential-land', label: 'Residential Land', bits: propertyType.residential },
  { key: 'timberland', label: 'Timberland', bits: propertyType.timberland },
  { key: 'undeveloped-land', label: 'Undeveloped Land', bits: propertyType.undeveloped },
  { key: 'commercial-land', label: 'Commercial Land', bits: propertyType.commercial },
  { key: 'hunting-land', label: 'Hunting Land', bits: propertyType.hunting },
  { key: 'horse-property', label: 'Horse Property', bits: propertyType.horse },
  { key: 'lakefront', label: 'Lakefront', bits: propertyType.lakefront },
  { key: 'beachfront', label: 'Beachfront', bits: propertyType.beachfront },
  { key: 'riverfront', label: 'Riverfront', bits: propertyType.riverfront },
  { key: 'waterfront', label: 'Waterfront', bits: propertyType.lakefront | propertyType.beachfront | propertyType.riverfront },
  { key: 'homesites', label: 'Homesites', bits: propertyType.homesites },
  { key: 'homes', label: 'Homes', bits: propertyType.house },
] as const

export const activityOptions = [
  { key: 'aviation', label: 'Aviation', bits: activity.aviation },
  { key: 'beach', label: 'Beach', bits: activity.beach },
  { key: 'boating', label: 'Boating', bits: activity.boating },
  { key: 'camping', label: 'Camping', bits: activity.camping },
  { key: 'canoeing-kayaking', label: 'Canoeing/Kayaking', bits: activity.canoeing },
  { key: 'conservation', label: 'Conservation', bits: activity.conservation },
  { key: 'fishing', label: 'Fishing', bits: activity.fishing },
  { key: 'horseback-riding', label: 'Horseback Riding', bits: activity.horsebackRiding },
  { key: 'hunting', label: 'Hunting', bits: activity.hunting },
  { key: 'off-roading', label: 'Off-Roading', bits: activity.offRoading },
  { key: 'rving', label: 'RVing', bits: activity.rving },
  { key: 'golfing', label: 'Golfing', bits: activity.golfing },
  { key: 'aquatic-sporting', label: 'Aquatic Sporting', bits: activity.aquaticSporting },
  { key: 'skiing', label: 'Skiing', bits: activity.skiing },
] as const

export const amenityOptions = [
  { key: 'homestead', label: 'Homestead', bits: amenity.homestead },
  { key: 'hobby-farm', label: 'Hobby Farm', bits: amenity.hobbyFarm },
  { key: 'orchard', label: 'Orchard', bits: amenity.orchard },
  { key: 'pasture', label: 'Pasture', bits: amenity.pasture },
  { key: 'poultry-farm', label: 'Poultry Farm', bits: amenity.poultryFarm },
  { key: 'vineyard', label: 'Vineyard', bits: amenity.vineyard },
  { key: 'desert', label: 'Desert', bits: amenity.desert },
  { key: 'island', label: 'Island', bits: amenity.island },
  { key: 'mountain', label: 'Mountain', bits: amenity.mountain },
  { key: 'off-grid', label: 'Off Grid', bits: amenity.offGrid },
  { key: 'resort', label: 'Resort', bits: amenity.resort },
  { key: 'rural', label: 'Rural', bits: amenity.rural },
  { key: 'barndominium', label: 'Barndominium', bits: amenity.barndominium },
  { key: 'cabin', label: 'Cabin', bits: amenity.cabin },
  { key: 'cottage', label: 'Cottage', bits: amenity.cottage },
  { key: 'guest-house', label: 'Guest House', bits: amenity.guestHouse },
  { key: 'lake-house', label: 'Lake House', bits: amenity.lakeHouse },
  { key: 'mobile-home', label: 'Mobile Home', bits: amenity.mobileHome },
  { key: 'tiny-home', label: 'Tiny Home', bits: amenity.tinyHome },
] as const

/** Spec §3: labels Available, Under Contract, Off Market, Sold. */
export const marketStatusOptions = [
  { key: 'available', label: 'Available', value: marketStatus.available },
  { key: 'under-contract', label: 'Under Contract', value: marketStatus.underContract },
  { key: 'off-market', label: 'Off Market', value: marketStatus.offMarket },
  { key: 'sold', label: 'Sold', value: marketStatus.sold },
] as const

/** A listing status's spec label ('Under Contract'); empty for a value outside the list. */
export function marketStatusLabel(status: number) {
  return marketStatusOptions.find((option) => option.value === status)?.label ?? ''
}

export const transactionTypeOptions = [
  { key: 'sale', label: 'For Sale' },
  { key: 'auction', label: 'Auctions' },
] as const

/** Spec §3 "Date listed": any, past 24 hours, 7, 30, 60 days. */
export const dateListedOptions = [
  { key: 'any', label: 'Any time', days: 0 },
  { key: '24-hours', label: 'Past 24 hours', days: 1 },
  { key: '7-days', label: 'Past 7 days', days: 7 },
  { key: '30-days', label: 'Past 30 days', days: 30 },
  { key: '60-days', label: 'Past 60 days', days: 60 },
] as const

/** Spec §3 price-change lookback (days) and type. */
export const priceChangeLookbackDays = [0, 3, 7, 30, 60, 90] as const
export const priceChangeTypeOptions = [
  { key: 'none', label: 'Any' },
  { key: 'reduction', label: 'Price reduced' },
  { key: 'change', label: 'Price changed' },
] as const

/** Spec §2 sort options, in the spec's order and wording. */
export const sortOptions = [
  { key: 'default', label: 'Default' },
  { key: 'acres-asc', label: 'Acres small to large' },
  { key: 'acres-desc', label: 'Acres large to small' },
  { key: 'newest', label: 'Newest' },
  { key: 'price-asc', label: 'Price low to high' },
  { key: 'price-desc', label: 'Price high to low' },
  { key: 'price-per-acre-asc', label: 'Price per Acre low to high' },
  { key: 'price-per-acre-desc', label: 'Price per Acre high to low' },
  { key: 'recently-changed', label: 'Recently Changed' },
  // Issue 19: furthest below the median of comparable land first (decision 0029).
  { key: 'price-per-acre-below-median', label: 'Price per Acre below county median' },
] as const

/**
 * Sort orders a search URL can carry beyond the sort control's list: spec §2 "Search URLs" names
 * the tokens sort-az, sort-za and sort-listings-high (the broker directory's sorts, spec §3) for
 * searches too. On listings they read: by title A to Z, Z to A, and the listings of the sellers
 * with the most listings first. The sort control does not offer them (spec §2's list): on such a
 * page it shows Default, as for any value outside its list.
 */
export const linkSortOptions = [
  { key: 'title-asc', label: 'Name A to Z' },
  { key: 'title-desc', label: 'Name Z to A' },
  { key: 'seller-listings-desc', label: 'Sellers with most listings first' },
] as const

/** Every sort order a search can have: the sort control's and the URL-only ones. */
export const allSortOptions = [...sortOptions, ...linkSortOptions] as const

export type PropertyTypeKey = (typeof propertyTypeOptions)[number]['key']
export type ActivityKey = (typeof activityOptions)[number]['key']
export type AmenityKey = (typeof amenityOptions)[number]['key']
export type MarketStatusKey = (typeof marketStatusOptions)[number]['key']
export type TransactionTypeKey = (typeof transactionTypeOptions)[number]['key']
export type DateListedKey = (typeof dateListedOptions)[number]['key']
export type PriceChangeTypeKey = (typeof priceChangeTypeOptions)[number]['key']
export type SortOrder = (typeof allSortOptions)[number]['key']

export const keysOf = <Option extends { key: string }>(options: readonly Option[]): Option['key'][] => options.map((option) => option.key)
