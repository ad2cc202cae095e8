import type { NewListing } from '~/models/db/db-schema'
import { listingPhotoId } from '~/models/media/document-ids'
import { type Geography, randomPointInCounty } from '~/models/places/geography.server'
import type { Seller } from './accounts'
import { composeDescription } from './descriptions'
import { accountType, auctionWithoutPrice, brokerType, contactForPrice, listingLevel, marketStatus, saleType, upgradeLevel } from '~/models/listings/enumerations'
import { describeLand } from './land'
import type { LandMarket } from './land-market'
import { ruralRoadKinds, streetKinds, streetNames } from './names'
import type { PlaceIndex } from './place-index'
import { createRandom, mixSeed, type Random } from './random'
import { composeTitle } from './titles'
import { askingPrice, daysBetween, isoDaysAfter, isoDaysBefore, referenceDate, videoToken } from './values'

interface ListingContext {
  seed: number
  geography: Geography
  places: PlaceIndex
  market: LandMarket
  pickSeller: (random: Random, stateId: number) => Seller
}

const levelOfTier = {
  free: listingLevel.free,
  standard: listingLevel.standard,
  premium: listingLevel.premium,
  signature: listingLevel.signature,
  homes: listingLevel.homes,
}

/** The seller's tier sets the level; houses from paid sellers often go out as homes listings. */
function chooseListingLevel(random: Random, seller: Seller, hasHouse: boolean) {
  if (seller.tier === 'free') return listingLevel.free
  if (hasHouse && (seller.tier === 'homes' || random.chance(0.3))) return listingLevel.homes
  return seller.tier === 'homes' ? listingLevel.standard : levelOfTier[seller.tier]
}

function chooseUpgrade(random: Random, isFree: boolean) {
  // Spec §4: a courtesy upgrade is a free courtesy listing; paid tiers buy gold and up.
  if (isFree) return random.chance(0.25) ? upgradeLevel.courtesy : upgradeLevel.tier
  return random.weighted([
    [upgradeLevel.diamond, 2.5],
    [upgradeLevel.platinum, 6.25],
    [upgradeLevel.gold, 12.5],
    [upgradeLevel.tier, 78.75],
  ])
}

const referenceIso = new Date(referenceDate).toISOString()

/** Listed within the last two years; a sale, a price cut and the last update all follow the listing date. */
function chooseHistory(random: Random, price: number) {
  const createdAt = isoDaysBefore(random.float(1, 730))
  const age = daysBetween(createdAt, referenceIso)
  const status = random.weighted([
    [marketStatus.available, 78],
    [marketStatus.underContract, 8],
    [marketStatus.offMarket, 4],
    [marketStatus.sold, 10],
  ])
  const salesDate = status === marketStatus.sold ? isoDaysAfter(createdAt, random.float(Math.min(age, 14), age)).slice(0, 10) : null
  const priceChange =
    price > auctionWithoutPrice && random.chance(0.12)
      ? { amount: -askingPrice(price * random.float(0.03, 0.15), random), at: isoDaysAfter(createdAt, random.float(0, age)) }
      : undefined
  const lastChange = [createdAt, priceChange?.at ?? createdAt, salesDate ? `${salesDate}T12:00:00.000Z` : createdAt].sort().at(-1) ?? createdAt
  const updatedAt = isoDaysAfter(lastChange, random.float(0, Math.min(30, Math.max(0, daysBetween(lastChange, referenceIso)))))
  return { createdAt, updatedAt, status, salesDate, priceChange }
}

function chooseAddress(random: Random, isRural: boolean) {
  if (!random.chance(0.35)) return null
  return isRural
    ? `${random.int(100, 29999)} ${random.pick(ruralRoadKinds)} ${random.int(1, 999)}`
    : `${random.int(100, 9999)} ${random.pick(streetNames)} ${random.pick(streetKinds)}`
}

/** One listing row; listing `id` always comes out the same for the same seed and seller pool. */
export function generateListing(id: number, context: ListingContext) {
  const random = createRandom(mixSeed(context.seed, 2, id))
  const { places } = context
  const state = places.pickState(random)
  const seller = context.pickSeller(random, state.id)
  const county = places.pickCounty(random, state.id)
  const point = randomPointInCounty(context.geography, county.id, random.next)
  const nearestCity = places.nearestCity(county.id, point)
  const city = nearestCity?.place
  const isAuction = random.chance(seller.brokerType === brokerType.auctioneer ? 0.5 : 0.025)
  const land = describeLand(random, { seller, state, county, point, nearestCity, places, market: context.market, isAuction })
  const { facts } = land
  const asking = askingPrice(land.value, random)
  const price = isAuction && random.chance(0.4) ? auctionWithoutPrice : !isAuction && random.chance(0.02) ? contactForPrice : asking
  const history = chooseHistory(random, price)
  const photoCount = random.chance(0.25) ? random.int(13, 30) : random.int(3, 12)
  const hasVideo = random.chance(seller.tier === 'signature' || seller.tier === 'premium' ? 0.25 : 0.08)
  const hasTour = random.chance(0.06)

  return {
    id,
    account_id: seller.id,
    partner_id: null,
    // Listings of a listing-feed seller arrive through the feed, which has its own ids.
    external_source_id: seller.accountType === accountType.listhubSeller ? `feed-${mixSeed(context.seed, 3, id).toString(36)}` : null,
    state_id: state.id,
    county_id: county.id,
    city_id: city?.id ?? null,
    region_id: county.region_id,
    zip: city ? (places.nearestZip(city.id, point)?.place.zip ?? null) : null,
    address1: chooseAddress(random, land.profile !== 'homesite' && land.profile !== 'commercial'),
    title: composeTitle(facts, random),
    description: composeDescription(facts, random),
    price,
    acres: facts.acres,
    sale_type: isAuction ? saleType.auction : saleType.sale,
    listing_level: chooseListingLevel(random, seller, land.house !== undefined),
    upgrade_level: chooseUpgrade(random, seller.tier === 'free'),
    status: history.status,
    sales_price: history.salesDate ? askingPrice(land.value * random.float(0.88, 1.02), random) : null,
    sales_date: history.salesDate,
    property_types: facts.propertyTypes,
    activities: facts.activities,
    amenities: facts.amenities,
    beds: land.house?.beds ?? null,
    baths: land.house?.baths ?? null,
    home_sqft: land.house?.squareFeet ?? null,
    latitude: point.latitude,
    longitude: point.longitude,
    has_video: hasVideo ? 1 : 0,
    video_url: hasVideo ? `https://www.youtube.com/watch?v=${videoToken(random)}` : null,
    has_virtual_tour: hasTour ? 1 : 0,
    virtual_tour_url: hasTour ? `https://tours.example/${videoToken(random)}` : null,
    has_custom_map: random.chance(0.25) ? 1 : 0,
    mineral_rights: facts.mineralRights ? 1 : 0,
    owner_financing: facts.ownerFinancing ? 1 : 0,
    image_ids: JSON.stringify(Array.from({ length: photoCount }, (_value, index) => listingPhotoId(id, index))),
    price_change_amount: history.priceChange?.amount ?? null,
    price_changed_at: history.priceChange?.at ?? null,
    created_at: history.createdAt,
    updated_at: history.updatedAt,
  } satisfies NewListing
}
