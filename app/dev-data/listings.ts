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
import { type StressVariant, listingStress } from './stress-variants'
import { composeTitle } from './titles'
import { askingPrice, daysBetween, isoDaysAfter, isoDaysBefore, referenceDate, videoToken } from './values'

interface ListingContext {
  seed: number
  geography: Geography
  places: PlaceIndex
  market: LandMarket
  pickSeller: (random: Random, stateId: number) => Seller
  /** A harsher world for the valuation's stress tests (stress-variants.ts); none for the ordinary seed. */
  stress?: StressVariant
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
// Sellers ask about 8 % over what the land is worth; buyers pay its worth. Both give or take (log spreads).
const askingPremium = Math.log(1.08)
const askingSpread = 0.06
const saleSpread = 0.1
const firstSalesDate = '2019-01-01T00:00:00.000Z'
const middayOf = (date: string) => `${date}T12:00:00.000Z`

/**
 * Unsold listings were listed within the last two years. Sold ones sold on any day since 2019,
 * after some months on the market, so that their prices trace the market over the years; about
 * a third are sold, enough sales for a valuation model to learn from.
 */
function chooseDates(random: Random) {
  const status = random.weighted([
    [marketStatus.available, 59],
    [marketStatus.underContract, 7],
    [marketStatus.offMarket, 4],
    [marketStatus.sold, 30],
  ])
  if (status !== marketStatus.sold) return { status, createdAt: isoDaysBefore(random.float(1, 730)), salesDate: null }
  const soldDaysAgo = random.float(1, daysBetween(firstSalesDate, referenceIso))
  const daysOnMarket = Math.min(720, Math.max(7, 120 * Math.exp(0.7 * random.normal())))
  return { status, createdAt: isoDaysBefore(soldDaysAgo + daysOnMarket), salesDate: isoDaysBefore(soldDaysAgo).slice(0, 10) }
}

/** A price cut and the last update fall between the listing date and the sale, or today when unsold. */
function chooseChanges(random: Random, price: number, createdAt: string, salesDate: string | null) {
  const end = salesDate ? middayOf(salesDate) : referenceIso
  const priceChange =
    price > auctionWithoutPrice && random.chance(0.12)
      ? { amount: -askingPrice(price * random.float(0.03, 0.15), random), at: isoDaysAfter(createdAt, random.float(0, daysBetween(createdAt, end))) }
      : undefined
  const lastChange = salesDate ? end : (priceChange?.at ?? createdAt)
  const updatedAt = isoDaysAfter(lastChange, random.float(0, Math.min(30, Math.max(0, daysBetween(lastChange, referenceIso)))))
  return { updatedAt, priceChange }
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
  const { status, createdAt, salesDate } = chooseDates(random)
  // A sold listing asked from the land's worth when it was listed and sold at its worth on the
  // day of the sale; the others ask from what it is worth today.
  const stress = context.stress && listingStress(context.stress, context.seed, id, { countyId: county.id, ...point })
  const valueOn = (iso: string) => land.value * context.market.valueShareAt(county.id, iso) * (stress?.worthFactor(iso) ?? 1)
  const asking = askingPrice(valueOn(salesDate ? createdAt : referenceIso) * Math.exp(askingPremium + askingSpread * random.normal()), random)
  const price = isAuction && random.chance(0.4) ? auctionWithoutPrice : !isAuction && random.chance(0.02) ? contactForPrice : asking
  const salesPrice = salesDate ? askingPrice(valueOn(middayOf(salesDate)) * Math.exp(saleSpread * (stress?.saleSpreadFactor ?? 1) * random.normal()), random) : null
  const recorded = stress && salesPrice !== null ? stress.recordSale(facts.acres, salesPrice) : { acres: facts.acres, salesPrice }
  const { updatedAt, priceChange } = chooseChanges(random, price, createdAt, salesDate)
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
    acres: recorded.acres,
    sale_type: isAuction ? saleType.auction : saleType.sale,
    listing_level: chooseListingLevel(random, seller, land.house !== undefined),
    upgrade_level: chooseUpgrade(random, seller.tier === 'free'),
    status,
    sales_price: recorded.salesPrice,
    sales_date: salesDate,
    sale_price_source: salesPrice === null ? null : 'generated',
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
    price_change_amount: priceChange?.amount ?? null,
    price_changed_at: priceChange?.at ?? null,
    created_at: createdAt,
    updated_at: updatedAt,
    // Spec §3 external link types; drawn last, so the listings' other values stay what they were.
    // A feed seller's listing is also on its own site; most auctions have a page at the auction house.
    external_listing_url: seller.accountType === accountType.listhubSeller ? `https://listings.example/property/${id}` : null,
    auction_url: isAuction && random.chance(0.7) ? `https://auctions.example/lots/${videoToken(random)}` : null,
  } satisfies NewListing
}
