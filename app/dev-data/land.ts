import type { CountyTable, StateTable } from '~/models/db/db-schema'
import type { Seller } from './accounts'
import { activity, amenity, brokerType, propertyType } from '~/models/listings/enumerations'
import type { LandMarket } from './land-market'
import { homeAmenities, type LandProfile, landProfiles } from './land-profiles'
import { usFarmValuePerAcre2025 } from './land-values'
import type { ListingFacts } from './listing-facts'
import type { NearestCity, PlaceIndex } from './place-index'
import type { Random } from './random'
import type { Point } from '~/models/geo/shapes'

/** The physical side of a listing: what kind of land, how big, what is on it, and its worth. */

interface LandInput {
  seller: Seller
  state: StateTable
  county: CountyTable
  point: Point
  nearestCity: NearestCity
  places: PlaceIndex
  market: LandMarket
  isAuction: boolean
}

const homeSellerProfiles = new Set<LandProfile['key']>(['homesite', 'farm', 'waterfront', 'horse', 'recreation'])
const waterTypes = propertyType.lakefront | propertyType.riverfront | propertyType.beachfront

function roundAcres(acres: number, random: Random) {
  const clamped = Math.min(20_000, Math.max(0.25, acres))
  if (clamped >= 100) return Math.round(clamped)
  if (clamped >= 10) return random.chance(0.6) ? Math.round(clamped) : Math.round(clamped * 10) / 10
  return random.chance(0.5) ? Math.max(0.25, Math.round(clamped * 4) / 4) : Math.round(clamped * 100) / 100
}

function bitsFrom(random: Random, chances: [bit: number, probability: number][]) {
  return chances.reduce((bits, [bit, probability]) => (random.chance(probability) ? bits | bit : bits), 0)
}

function chooseHouse(random: Random) {
  const beds = random.weighted([
    [1, 5],
    [2, 20],
    [3, 40],
    [4, 25],
    [5, 7],
    [6, 3],
  ])
  const baths = Math.min(4.5, Math.max(1, Math.round((beds * 0.7 + random.float(-0.5, 0.8)) * 2) / 2))
  const squareFeet = Math.min(5000, Math.max(600, Math.round((300 + beds * 520 + random.normal() * 250) / 10) * 10))
  return { beds, baths, squareFeet }
}

function locationAmenities(random: Random, profile: LandProfile, point: Point, types: number) {
  let bits = 0
  if (types & propertyType.lakefront) bits |= amenity.lakefront
  if (types & propertyType.riverfront) bits |= amenity.riverfront
  if (types & propertyType.beachfront) bits |= amenity.beachfront
  // West of the Front Range is mountain country; the dry Southwest is desert.
  if (point.longitude < -104.5 && random.chance(0.35)) bits |= amenity.mountain
  const isDryCountry = point.longitude < -103 && point.latitude < 37.5
  if (isDryCountry && ['ranch', 'recreation', 'undeveloped'].includes(profile.key) && random.chance(0.4)) bits |= amenity.desert
  return bits
}

function waterActivities(types: number) {
  let bits = 0
  if (types & waterTypes) bits |= activity.fishing
  if (types & (propertyType.lakefront | propertyType.beachfront)) bits |= activity.boating
  if (types & propertyType.beachfront) bits |= activity.beach
  return bits
}

// Profiles' value factors are for this size; smaller parcels cost more an acre, larger less.
const referenceAcres = 100
const lowestPricePerAcre = 150
const highestPricePerAcre = 1_500_000

/**
 * What the land and its house are worth today, in dollars: the county's farmland value, scaled by
 * use, size, the nearest town, water, mineral rights and the parcel's own merits; houses cost more
 * where land does, but far less than in proportion.
 */
function estimateValue(random: Random, input: LandInput, profile: LandProfile, facts: ListingFacts) {
  const { market, county, state } = input
  const kilometres = facts.cityKilometres
  // Most land lies within 10 km of some town: the factors average about one.
  const townFactor = kilometres === undefined ? 0.75 : kilometres < 10 ? 1.15 : kilometres < 30 ? 0.9 : 0.75
  const waterFactor = facts.propertyTypes & waterTypes ? 1.4 : 1
  const mineralFactor = facts.mineralRights ? 1.1 : 1
  const sizeFactor = (facts.acres / referenceAcres) ** -market.sizeExponent(state.id)
  const useLevel = profile.usdaUse ? market.useLevel(state.id, profile.usdaUse) : 1
  const useFactor = profile.valueFactor * useLevel * market.farmlandRatio(state.id) ** (profile.followsFarmland - 1)
  const farmValue = market.farmValuePerAcre(county.id)
  const perAcre = farmValue * useFactor * sizeFactor * townFactor * waterFactor * mineralFactor * Math.exp(0.25 * random.normal())
  const landValue = Math.min(highestPricePerAcre, Math.max(lowestPricePerAcre, perAcre)) * facts.acres
  const dollarsPerSquareFoot = random.float(110, 240) * (farmValue / usFarmValuePerAcre2025) ** 0.15
  return Math.max(3000, landValue + (facts.house?.squareFeet ?? 0) * dollarsPerSquareFoot)
}

export function describeLand(random: Random, input: LandInput) {
  const { seller, point } = input
  const isHomeSeller = seller.tier === 'homes'
  const candidates = isHomeSeller ? landProfiles.filter((profile) => homeSellerProfiles.has(profile.key)) : landProfiles
  const profile = random.weighted(candidates.map((candidate) => [candidate, candidate.weight] as const))
  const typeSet = random.pick(profile.typeSets)
  const hasHouse = isHomeSeller || random.chance(profile.houseChance)
  // At most three type bits: a house takes the place of a third one.
  const baseTypes = (hasHouse ? typeSet.slice(0, 2) : typeSet).reduce((bits, bit) => bits | bit, 0)
  const propertyTypes = hasHouse ? baseTypes | propertyType.house : baseTypes
  const acres = roundAcres(Math.exp(Math.log(profile.medianAcres) + profile.acresSpread * random.normal()), random)
  const house = hasHouse ? chooseHouse(random) : undefined
  const profileAmenities = bitsFrom(random, profile.amenities)
  const homeBits = homeAmenities.reduce((bits, bit) => bits | bit, 0)
  const amenities = (hasHouse ? profileAmenities : profileAmenities & ~homeBits) | locationAmenities(random, profile, point, propertyTypes)
  const activities = bitsFrom(random, profile.activities) | waterActivities(propertyTypes)
  const isOpenCountry = ['farm', 'ranch', 'hunting', 'recreation', 'horse', 'timber'].includes(profile.key)

  const facts: ListingFacts = {
    profile: profile.key,
    propertyTypes,
    activities,
    amenities,
    acres,
    countyLabel: input.county.name.endsWith(' City') ? input.county.name : `${input.county.name} ${input.county.suffix}`,
    stateName: input.state.name,
    stateAbbreviation: input.state.abbreviation,
    regionName: input.places.region(input.county.region_id)?.name,
    cityName: input.nearestCity?.place.name,
    cityKilometres: input.nearestCity?.kilometres,
    house,
    isAuction: input.isAuction,
    ownerFinancing: random.chance(seller.brokerType === brokerType.landRetailer ? 0.7 : profile.key === 'undeveloped' || profile.key === 'recreation' ? 0.15 : 0.05),
    mineralRights: random.chance(profile.key === 'ranch' || profile.key === 'farm' ? 0.2 : 0.08),
    hasPond: isOpenCountry && random.chance(0.25),
    hasCreek: isOpenCountry && random.chance(0.2),
    access: random.weighted([
      ['paved', 45],
      ['gravel', 45],
      ['easement', 10],
    ]),
    utilities: hasHouse
      ? 'on site'
      : random.weighted([
          ['on site', 25],
          ['at the road', 55],
          ['none', 20],
        ]),
    timber: random.pick(['pine', 'hardwood', 'mixed']),
    latitude: point.latitude,
    longitude: point.longitude,
  }
  return { profile: profile.key, facts, house, value: estimateValue(random, input, profile, facts) }
}
