import { activity, amenity, propertyType as type } from '~/models/listings/enumerations'
import type { UsdaLandUse } from '~/models/places/usda-land-values'

/**
 * Kinds of listing the generator draws from. Each keeps its property types, size, value
 * and features coherent (a hunting tract is timber and recreation, not beachfront).
 */
export interface LandProfile {
  key: 'farm' | 'ranch' | 'hunting' | 'timber' | 'recreation' | 'homesite' | 'undeveloped' | 'commercial' | 'waterfront' | 'horse'
  weight: number
  /** Alternative property-type combinations (one to three bits before a house is added). */
  typeSets: number[][]
  medianAcres: number
  /** Standard deviation of log(acres). */
  acresSpread: number
  houseChance: number
  /** Multiplies the county's value of an acre of farmland, for 100 acres (land.ts). */
  valueFactor: number
  /**
   * How far its price follows the state's farmland value (1) rather than the national one (0):
   * house lots and shops price by who lives near, which differs between states far less than farmland.
   */
  followsFarmland: number
  /** Priced from the state's USDA cropland or pasture level rather than its farm real estate as a whole. */
  usdaUse?: UsdaLandUse
  activities: [bit: number, probability: number][]
  amenities: [bit: number, probability: number][]
}

// A table: each profile's figures on a line, its weighted choices beside them.
// prettier-ignore
export const landProfiles: LandProfile[] = [
  {
    key: 'farm', weight: 17, medianAcres: 80, acresSpread: 1.1, houseChance: 0.3, valueFactor: 1, followsFarmland: 1, usdaUse: 'cropland',
    typeSets: [[type.farm], [type.farm, type.undeveloped], [type.farm, type.ranch], [type.farm, type.residential]],
    activities: [[activity.hunting, 0.3], [activity.fishing, 0.15], [activity.horsebackRiding, 0.1]],
    amenities: [[amenity.pasture, 0.4], [amenity.homestead, 0.25], [amenity.hobbyFarm, 0.15], [amenity.orchard, 0.06], [amenity.poultryFarm, 0.04], [amenity.vineyard, 0.03], [amenity.rural, 0.7]],
  },
  {
    key: 'ranch', weight: 11, medianAcres: 320, acresSpread: 1.3, houseChance: 0.3, valueFactor: 1, followsFarmland: 1, usdaUse: 'pasture',
    typeSets: [[type.ranch], [type.ranch, type.hunting], [type.ranch, type.horse], [type.farm, type.ranch]],
    activities: [[activity.hunting, 0.6], [activity.horsebackRiding, 0.4], [activity.fishing, 0.2], [activity.offRoading, 0.2], [activity.camping, 0.2]],
    amenities: [[amenity.pasture, 0.6], [amenity.rural, 0.8], [amenity.offGrid, 0.1], [amenity.barndominium, 0.05]],
  },
  {
    key: 'hunting', weight: 18, medianAcres: 90, acresSpread: 1.1, houseChance: 0.08, valueFactor: 0.65, followsFarmland: 0.9,
    typeSets: [[type.hunting, type.recreational], [type.hunting, type.timberland, type.recreational], [type.hunting, type.recreational, type.undeveloped], [type.hunting]],
    activities: [[activity.hunting, 1], [activity.camping, 0.5], [activity.offRoading, 0.4], [activity.fishing, 0.3], [activity.rving, 0.2], [activity.conservation, 0.15]],
    amenities: [[amenity.rural, 0.8], [amenity.cabin, 0.15], [amenity.offGrid, 0.2]],
  },
  {
    key: 'timber', weight: 8, medianAcres: 120, acresSpread: 1.1, houseChance: 0.03, valueFactor: 0.55, followsFarmland: 0.9,
    typeSets: [[type.timberland], [type.timberland, type.hunting], [type.timberland, type.recreational]],
    activities: [[activity.hunting, 0.6], [activity.camping, 0.3], [activity.conservation, 0.2]],
    amenities: [[amenity.rural, 0.7], [amenity.offGrid, 0.1]],
  },
  {
    key: 'recreation', weight: 10, medianAcres: 30, acresSpread: 1.2, houseChance: 0.12, valueFactor: 0.6, followsFarmland: 0.8,
    typeSets: [[type.recreational], [type.recreational, type.undeveloped], [type.recreational, type.lakefront], [type.recreational, type.riverfront]],
    activities: [[activity.camping, 0.6], [activity.rving, 0.4], [activity.offRoading, 0.3], [activity.fishing, 0.4], [activity.boating, 0.2], [activity.canoeing, 0.2], [activity.skiing, 0.03]],
    amenities: [[amenity.cabin, 0.2], [amenity.offGrid, 0.25], [amenity.tinyHome, 0.05], [amenity.rural, 0.6]],
  },
  {
    key: 'homesite', weight: 16, medianAcres: 3, acresSpread: 1, houseChance: 0.35, valueFactor: 3, followsFarmland: 0.5,
    typeSets: [[type.residential, type.homesites], [type.residential], [type.homesites, type.undeveloped], [type.residential, type.undeveloped]],
    activities: [[activity.golfing, 0.1], [activity.boating, 0.08], [activity.aviation, 0.01]],
    amenities: [[amenity.rural, 0.3], [amenity.mobileHome, 0.05], [amenity.resort, 0.03], [amenity.cottage, 0.05]],
  },
  {
    key: 'undeveloped', weight: 8, medianAcres: 20, acresSpread: 1.5, houseChance: 0, valueFactor: 0.8, followsFarmland: 0.8,
    typeSets: [[type.undeveloped], [type.undeveloped, type.recreational]],
    activities: [[activity.camping, 0.3], [activity.rving, 0.3], [activity.offRoading, 0.2]],
    amenities: [[amenity.offGrid, 0.3], [amenity.rural, 0.7]],
  },
  {
    key: 'commercial', weight: 4, medianAcres: 8, acresSpread: 1.2, houseChance: 0, valueFactor: 5, followsFarmland: 0.5,
    typeSets: [[type.commercial], [type.commercial, type.undeveloped]],
    activities: [],
    amenities: [],
  },
  {
    key: 'waterfront', weight: 5, medianAcres: 8, acresSpread: 1.2, houseChance: 0.35, valueFactor: 2.5, followsFarmland: 0.6,
    typeSets: [[type.lakefront, type.recreational], [type.riverfront, type.recreational], [type.beachfront, type.residential], [type.lakefront, type.residential]],
    activities: [[activity.fishing, 0.8], [activity.boating, 0.6], [activity.canoeing, 0.5], [activity.aquaticSporting, 0.3]],
    amenities: [[amenity.lakeHouse, 0.2], [amenity.cottage, 0.1], [amenity.island, 0.03], [amenity.resort, 0.05]],
  },
  {
    key: 'horse', weight: 3, medianAcres: 30, acresSpread: 0.9, houseChance: 0.5, valueFactor: 1.5, followsFarmland: 0.8,
    typeSets: [[type.horse, type.farm], [type.horse, type.ranch], [type.horse]],
    activities: [[activity.horsebackRiding, 1], [activity.hunting, 0.1]],
    amenities: [[amenity.pasture, 0.7], [amenity.barndominium, 0.15], [amenity.guestHouse, 0.1], [amenity.rural, 0.6]],
  },
]

/** Amenities that describe a home, only set when the listing has a house. */
export const homeAmenities = [amenity.barndominium, amenity.cabin, amenity.cottage, amenity.guestHouse, amenity.lakeHouse, amenity.mobileHome, amenity.tinyHome]
