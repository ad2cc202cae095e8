import type { LandProfile } from './land-profiles'

/** What the text generator knows about a listing; every sentence is built from these facts. */
export interface ListingFacts {
  profile: LandProfile['key']
  propertyTypes: number
  activities: number
  amenities: number
  acres: number
  countyLabel: string
  stateName: string
  stateAbbreviation: string
  regionName: string | undefined
  cityName: string | undefined
  cityKilometres: number | undefined
  house: { beds: number; baths: number; squareFeet: number } | undefined
  isAuction: boolean
  ownerFinancing: boolean
  mineralRights: boolean
  hasPond: boolean
  hasCreek: boolean
  access: 'paved' | 'gravel' | 'easement'
  utilities: 'on site' | 'at the road' | 'none'
  timber: 'pine' | 'hardwood' | 'mixed'
  latitude: number
  longitude: number
}

/** '42', '2.5', '1,280' — whole acres above ten, otherwise up to two decimals. */
// One formatter each: toLocaleString builds a new one per call, a second of a million-listing seed.
const wholeAcres = new Intl.NumberFormat('en-US')
const fractionalAcres = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

export function formatAcres(acres: number) {
  return acres >= 10 ? wholeAcres.format(Math.round(acres)) : fractionalAcres.format(acres)
}

export function acresWord(acres: number) {
  return acres === 1 ? 'Acre' : 'Acres'
}

export function hasBit(bits: number, bit: number) {
  return (bits & bit) !== 0
}
