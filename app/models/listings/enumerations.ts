/** Numeric values of spec §3 "Enumerations", as stored in the database and read by search. */

export const propertyType = {
  farm: 1,
  ranch: 2,
  recreational: 4,
  residential: 8,
  timberland: 16,
  undeveloped: 32,
  commercial: 64,
  hunting: 128,
  horse: 256,
  lakefront: 512,
  beachfront: 1024,
  riverfront: 2048,
  homesites: 4096,
  house: 8192,
} as const

/** One bit per activity, in the order of the spec's activity list. */
export const activity = {
  aviation: 1 << 0,
  beach: 1 << 1,
  boating: 1 << 2,
  camping: 1 << 3,
  canoeing: 1 << 4,
  conservation: 1 << 5,
  fishing: 1 << 6,
  horsebackRiding: 1 << 7,
  hunting: 1 << 8,
  offRoading: 1 << 9,
  rving: 1 << 10,
  golfing: 1 << 11,
  aquaticSporting: 1 << 12,
  skiing: 1 << 13,
} as const

/** One bit per sub-filter, in the spec's order: farm kinds, then locations, then homes. */
export const amenity = {
  homestead: 1 << 0,
  hobbyFarm: 1 << 1,
  orchard: 1 << 2,
  pasture: 1 << 3,
  poultryFarm: 1 << 4,
  vineyard: 1 << 5,
  beachfront: 1 << 6,
  desert: 1 << 7,
  island: 1 << 8,
  lakefront: 1 << 9,
  mountain: 1 << 10,
  offGrid: 1 << 11,
  resort: 1 << 12,
  riverfront: 1 << 13,
  rural: 1 << 14,
  barndominium: 1 << 15,
  cabin: 1 << 16,
  cottage: 1 << 17,
  guestHouse: 1 << 18,
  lakeHouse: 1 << 19,
  mobileHome: 1 << 20,
  tinyHome: 1 << 21,
} as const

export const saleType = { sale: 1, auction: 2 } as const
export const listingLevel = { free: 3, standard: 20, homes: 21, premium: 23, signature: 30 } as const
export const upgradeLevel = { courtesy: -10, tier: 0, gold: 1, platinum: 2, diamond: 3 } as const
export const marketStatus = { available: 1, underContract: 2, offMarket: 3, sold: 4 } as const
/**
 * Not a spec §4 status: a listing held for an administrator's review by the scam screen or buyers'
 * scam reports (decision 0068). Every query of the market (status 1 or 2) already leaves it out,
 * and the listing page and saved listings leave it out too (inSiteScope).
 */
export const heldForReviewStatus = 9
/** Not a spec §4 status either: a listing an administrator removed as a scam; off every site for good. */
export const removedAsScamStatus = 10
/** The statuses no site shows (the listing page, saved listings and search leave them out). */
export const offTheSitesStatuses = [heldForReviewStatus, removedAsScamStatus] as const
export const brokerType = { broker: 4, agent: 5, auctioneer: 6, propertyOwner: 7, landRetailer: 8 } as const
export const accountType = {
  corporateStandardMaster: 3,
  corporateChild: 4,
  listhubSeller: 8,
  standardFreeSeller: 11,
  universalStandardSeller: 12,
  universalPremiumSeller: 13,
  homes: 20,
  universalSignatureSeller: 40,
  corporateSignatureMaster: 41,
  legacyPremiumSeller: 50,
  corporatePremiumMaster: 51,
} as const

/** Spec §5: a price of 2 reads 'Auction', 0 reads 'Contact for Price'. */
export const auctionWithoutPrice = 2
export const contactForPrice = 0

/** Spec §3 listing event types, numbered in the spec's order. */
export const listingEventType = {
  detailsViewed: 1,
  flyersPrinted: 2,
  searchResults: 3,
  sendToFriend: 4,
  showcase: 5,
  phoneClick: 6,
  externalLinkClick: 7,
  emailLead: 8,
  documentClick: 9,
  phoneCall: 10,
  like: 11,
  sellerViewed: 12,
  sellerResults: 13,
} as const

/** Spec §3: the separate numeric scale for finance center locations. */
export const financeLocationType = { unset: -1, state: 0, region: 1, county: 2, default: 3 } as const
