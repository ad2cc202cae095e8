import { formatPrice } from '~/utils/format'
import { propertyType } from './enumerations'
import type { ListingDetail } from './listing-detail'

/**
 * What a title calls the land, most telling kind first: a listing that is both timberland and
 * hunting land is searched for as hunting land.
 */
const titleNouns: [bits: number, noun: string][] = [
  [propertyType.house, 'Land with a Home'],
  [propertyType.hunting, 'Hunting Land'],
  [propertyType.farm, 'Farmland'],
  [propertyType.ranch, 'Ranch Land'],
  [propertyType.horse, 'Horse Property'],
  [propertyType.timberland, 'Timberland'],
  [propertyType.lakefront | propertyType.beachfront | propertyType.riverfront, 'Waterfront Land'],
  [propertyType.recreational, 'Recreational Land'],
  [propertyType.homesites, 'Homesite Land'],
  [propertyType.residential, 'Residential Land'],
  [propertyType.commercial, 'Commercial Land'],
  [propertyType.undeveloped, 'Undeveloped Land'],
]

const acresNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

type TitleFacts = Pick<ListingDetail, 'acres' | 'propertyTypes' | 'countyName' | 'stateAbbreviation' | 'price'>

function landNoun(bits: number) {
  return titleNouns.find(([nounBits]) => (bits & nounBits) !== 0)?.[1] ?? 'Land'
}

/** '42 Acres of Hunting Land in Travis County, TX – $250,000 | LandAtlas': what a buyer searches for. */
export function listingPageTitle(listing: TitleFacts, siteName: string) {
  const acres = `${acresNumber.format(listing.acres)} ${listing.acres === 1 ? 'Acre' : 'Acres'}`
  return `${acres} of ${landNoun(listing.propertyTypes)} in ${listing.countyName}, ${listing.stateAbbreviation} – ${formatPrice(listing.price)} | ${siteName}`
}

/** The listing's own words after the facts a result snippet should carry. */
export function listingPageDescription(listing: Pick<ListingDetail, 'title' | 'descriptionExcerpt'>) {
  return `${listing.title}. ${listing.descriptionExcerpt}`
}
