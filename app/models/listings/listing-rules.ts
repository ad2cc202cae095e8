import { formatShortDate } from '~/utils/format'
import { amenity, brokerType, listingLevel, marketStatus, propertyType, upgradeLevel } from './enumerations'
import type { ListingDetail } from './listing-detail'
import type { ListingSummary } from './listing-summary'

type ListingLevels = Pick<ListingSummary, 'listingLevel' | 'upgradeLevel'>
type ListingLevelsAndStatus = Pick<ListingSummary, 'listingLevel' | 'upgradeLevel' | 'status'>

/** Spec §2: paid means neither the free listing level nor a courtesy upgrade (§4: a free courtesy listing). */
export function isPaidListing(listing: ListingLevels) {
  return listing.listingLevel !== listingLevel.free && listing.upgradeLevel !== upgradeLevel.courtesy
}

/**
 * Whether a listing's links to other sites (/externallink/…) open at once (issue 33 item 7): when
 * its owner pays us or was approved by us. Paid: a paid listing (not free, not courtesy) of an
 * account that is not free (spec §3 isFree), which is what gives a listing its broker block.
 * Approved: a partner feed's listing (partners are set up by us, and their records pass the feed's
 * quality gate). Anyone else, a free account anyone can open, gets a 'You are leaving' page first,
 * so our address cannot send people on to any site unannounced.
 */
export function opensLinksDirectly(listing: Pick<ListingDetail, 'broker' | 'isFromPartnerFeed'>) {
  return listing.isFromPartnerFeed || (listing.broker !== null && !listing.broker.isFree)
}

/** Spec §4: active when neither off market nor sold. */
export function isActiveListing(listing: Pick<ListingSummary, 'status'>) {
  return listing.status !== marketStatus.offMarket && listing.status !== marketStatus.sold
}

/** Spec §4: contact buttons are hidden for free, sold and off-market listings. */
export function showsContactButton(listing: ListingLevelsAndStatus) {
  return isPaidListing(listing) && isActiveListing(listing)
}

/** Spec §4: only gold, platinum, diamond or signature listings that are not sold or off market. */
export function showsEnvelopeIcon(listing: ListingLevelsAndStatus) {
  const isUpgraded =
    listing.upgradeLevel === upgradeLevel.gold ||
    listing.upgradeLevel === upgradeLevel.platinum ||
    listing.upgradeLevel === upgradeLevel.diamond ||
    listing.listingLevel === listingLevel.signature
  return isUpgraded && isActiveListing(listing)
}

export type ListingTier = 'diamond' | 'platinum' | 'gold' | 'showcase' | 'standard' | 'free'

/** Spec §2 visual tiers, first match wins: diamond, platinum, gold, showcase (signature level), then by listing level. */
export function listingTier(listing: ListingLevels): ListingTier {
  if (listing.upgradeLevel === upgradeLevel.diamond) return 'diamond'
  if (listing.upgradeLevel === upgradeLevel.platinum) return 'platinum'
  if (listing.upgradeLevel === upgradeLevel.gold) return 'gold'
  if (listing.listingLevel === listingLevel.signature) return 'showcase'
  return isPaidListing(listing) ? 'standard' : 'free'
}

export interface StatusBadge {
  label: string
  /** Spec §4: on free listings on mobile 'Under Contract' reads 'Pending' and the sold date is left out. */
  mobileLabel: string
}

/**
 * Spec §4 badges for under contract, sold and off market; none for available listings.
 * "Sold listings show a short date, except a date starting with 0": we read a stored date
 * starting with 0 ('0001-01-01') as the unset-date placeholder, so such a badge reads 'Sold'.
 */
export function statusBadge(listing: Pick<ListingSummary, 'status' | 'salesDate' | 'listingLevel' | 'upgradeLevel'>): StatusBadge | null {
  const isFree = !isPaidListing(listing)
  switch (listing.status) {
    case marketStatus.underContract:
      return { label: 'Under Contract', mobileLabel: isFree ? 'Pending' : 'Under Contract' }
    case marketStatus.offMarket:
      return { label: 'Off Market', mobileLabel: 'Off Market' }
    case marketStatus.sold: {
      const date = listing.salesDate?.startsWith('0') ? '' : formatShortDate(listing.salesDate)
      const label = date ? `Sold ${date}` : 'Sold'
      return { label, mobileLabel: isFree ? 'Sold' : label }
    }
    default:
      return null
  }
}

/** The dwellings a listing may name: a house, or a home among its amenities (spec §3 sub-filters). */
export const dwellingAmenities =
  amenity.homestead | amenity.barndominium | amenity.cabin | amenity.cottage | amenity.guestHouse | amenity.lakeHouse | amenity.mobileHome | amenity.tinyHome

/** Vacant land: a listing that names no house or home (issue 38: the land seller impersonation targets). */
export function isVacantLand(listing: Pick<ListingDetail, 'propertyTypes' | 'amenities'>) {
  return (listing.propertyTypes & propertyType.house) === 0 && (listing.amenities & dwellingAmenities) === 0
}

/** An owner selling their own land rather than a licensed broker, agent, auctioneer or land company (spec §3 broker types). */
export const isOwnerSeller = (brokerTypeValue: number | null) => brokerTypeValue === brokerType.propertyOwner

/**
 * Issue 38 item 1: what every contact form of owner-listed vacant land tells a buyer, calmly,
 * since that is where a fraudster posing as the owner asks for a deposit.
 */
export const ownerLandSafetyNote =
  'Before you pay anything, confirm ownership through a title company or the county recorder; never wire money to a seller you have not verified.'

export function showsOwnerLandSafetyNote(listing: Pick<ListingDetail, 'propertyTypes' | 'amenities' | 'broker'>) {
  return listing.broker !== null && isOwnerSeller(listing.broker.brokerType) && isVacantLand(listing)
}
