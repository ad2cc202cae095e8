import { describe, expect, it } from 'vitest'
import { amenity, brokerType, listingLevel, marketStatus, propertyType, upgradeLevel } from '~/models/listings/enumerations'
import {
  isActiveListing,
  isPaidListing,
  isVacantLand,
  listingTier,
  showsContactButton,
  showsEnvelopeIcon,
  showsOwnerLandSafetyNote,
  statusBadge,
} from '~/models/listings/listing-rules'
import type { ListingSummary } from '~/models/listings/listing-summary'

type RuleInput = Pick<ListingSummary, 'listingLevel' | 'upgradeLevel' | 'status' | 'salesDate'>

const standard: RuleInput = { listingLevel: listingLevel.standard, upgradeLevel: upgradeLevel.tier, status: marketStatus.available, salesDate: null }
const free = { ...standard, listingLevel: listingLevel.free }
const courtesy = { ...standard, upgradeLevel: upgradeLevel.courtesy }
const gold = { ...standard, upgradeLevel: upgradeLevel.gold }
const platinum = { ...standard, upgradeLevel: upgradeLevel.platinum }
const diamond = { ...standard, upgradeLevel: upgradeLevel.diamond }
const signature = { ...standard, listingLevel: listingLevel.signature }
const sold = (listing: RuleInput, salesDate: string | null = '2025-03-07') => ({ ...listing, status: marketStatus.sold, salesDate })
const offMarket = (listing: RuleInput) => ({ ...listing, status: marketStatus.offMarket })

describe('paid and active listings (spec §2, §4)', () => {
  it('free and courtesy listings are not paid; every other level is', () => {
    expect(isPaidListing(free)).toBe(false)
    expect(isPaidListing(courtesy)).toBe(false)
    for (const level of [listingLevel.standard, listingLevel.homes, listingLevel.premium, listingLevel.signature]) {
      expect(isPaidListing({ ...standard, listingLevel: level })).toBe(true)
    }
  })

  it('a listing is active unless off market or sold', () => {
    expect(isActiveListing({ status: marketStatus.available })).toBe(true)
    expect(isActiveListing({ status: marketStatus.underContract })).toBe(true)
    expect(isActiveListing({ status: marketStatus.offMarket })).toBe(false)
    expect(isActiveListing({ status: marketStatus.sold })).toBe(false)
  })
})

describe('contact options (spec §4)', () => {
  it('contact buttons are hidden for free, courtesy, sold and off-market listings', () => {
    expect(showsContactButton(standard)).toBe(true)
    expect(showsContactButton({ ...standard, status: marketStatus.underContract })).toBe(true)
    expect(showsContactButton(free)).toBe(false)
    expect(showsContactButton(courtesy)).toBe(false)
    expect(showsContactButton(sold(standard))).toBe(false)
    expect(showsContactButton(offMarket(standard))).toBe(false)
  })

  it('only gold, platinum, diamond and signature listings get the envelope icon', () => {
    for (const listing of [gold, platinum, diamond, signature]) expect(showsEnvelopeIcon(listing)).toBe(true)
    for (const listing of [standard, free, courtesy, { ...standard, listingLevel: listingLevel.premium }]) {
      expect(showsEnvelopeIcon(listing)).toBe(false)
    }
  })

  it('sold or off-market upgraded listings lose the envelope icon', () => {
    expect(showsEnvelopeIcon(sold(diamond))).toBe(false)
    expect(showsEnvelopeIcon(offMarket(signature))).toBe(false)
    expect(showsEnvelopeIcon({ ...gold, status: marketStatus.underContract })).toBe(true)
  })
})

describe('visual tiers (spec §2: diamond, platinum, gold, showcase, then by listing level)', () => {
  it('upgrades decide first, in order', () => {
    expect(listingTier(diamond)).toBe('diamond')
    expect(listingTier(platinum)).toBe('platinum')
    expect(listingTier(gold)).toBe('gold')
  })

  it('an upgrade outranks the signature level', () => {
    expect(listingTier({ ...signature, upgradeLevel: upgradeLevel.gold })).toBe('gold')
  })

  it('a signature listing without an upgrade is a showcase', () => {
    expect(listingTier(signature)).toBe('showcase')
  })

  it('other listings are standard when paid and free otherwise, courtesy included', () => {
    expect(listingTier(standard)).toBe('standard')
    expect(listingTier({ ...standard, listingLevel: listingLevel.premium })).toBe('standard')
    expect(listingTier(free)).toBe('free')
    expect(listingTier(courtesy)).toBe('free')
  })
})

describe('status badges (spec §4)', () => {
  it('available listings have no badge', () => {
    expect(statusBadge(standard)).toBeNull()
  })

  it('under contract, off market and sold listings have badges', () => {
    expect(statusBadge({ ...standard, status: marketStatus.underContract })?.label).toBe('Under Contract')
    expect(statusBadge(offMarket(standard))?.label).toBe('Off Market')
    expect(statusBadge(sold(standard))?.label).toBe('Sold 3/7/25')
  })

  it('a sold badge without a usable date reads Sold', () => {
    expect(statusBadge(sold(standard, null))?.label).toBe('Sold')
  })

  it('"except a date starting with 0": the unset date 0001-01-01 is not shown', () => {
    expect(statusBadge(sold(standard, '0001-01-01'))?.label).toBe('Sold')
    expect(statusBadge(sold(standard, '0001-01-01T00:00:00'))?.label).toBe('Sold')
  })

  it('on free listings on mobile, under contract reads Pending and the sold date is left out', () => {
    expect(statusBadge({ ...free, status: marketStatus.underContract })).toEqual({ label: 'Under Contract', mobileLabel: 'Pending' })
    expect(statusBadge(sold(free))).toEqual({ label: 'Sold 3/7/25', mobileLabel: 'Sold' })
  })

  it('paid listings read the same on mobile', () => {
    expect(statusBadge({ ...standard, status: marketStatus.underContract })?.mobileLabel).toBe('Under Contract')
    expect(statusBadge(sold(standard))?.mobileLabel).toBe('Sold 3/7/25')
  })
})

describe("the buyer's safety note on owner-listed vacant land (issue 38)", () => {
  const seller = (type: number) => ({ brokerType: type }) as Parameters<typeof showsOwnerLandSafetyNote>[0]['broker']
  const land = { propertyTypes: propertyType.hunting | propertyType.timberland, amenities: amenity.riverfront }

  it('vacant land names no house and no home among its amenities', () => {
    expect(isVacantLand(land)).toBe(true)
    expect(isVacantLand({ ...land, propertyTypes: land.propertyTypes | propertyType.house })).toBe(false)
    expect(isVacantLand({ ...land, amenities: amenity.cabin })).toBe(false)
  })

  it("shows on a property owner's vacant land only", () => {
    expect(showsOwnerLandSafetyNote({ ...land, broker: seller(brokerType.propertyOwner) })).toBe(true)
    expect(showsOwnerLandSafetyNote({ ...land, broker: seller(brokerType.broker) })).toBe(false)
    expect(showsOwnerLandSafetyNote({ ...land, amenities: amenity.tinyHome, broker: seller(brokerType.propertyOwner) })).toBe(false)
    expect(showsOwnerLandSafetyNote({ ...land, broker: null })).toBe(false)
  })
})
