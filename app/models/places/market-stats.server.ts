import type { Kysely } from 'kysely'
import { timedCache } from '~/utils/timed-cache.server'
import type { Database } from '~/models/db/db-schema'
import { auctionWithoutPrice, upgradeLevel } from '~/models/listings/enumerations'
import { findPlaceById, loadGazetteer } from './gazetteer.server'
import { activeStatuses } from '~/models/listings/listing.server'
import type { ListingSummary } from '~/models/listings/listing-summary'
import { selectListingSummaries, toListingSummary } from '~/models/listings/listing-summary.server'
import type { MarketStats } from './market-stats'
import { hasAnyBit } from '~/models/search/search-filters.server'
import { propertyTypeOptions } from '~/models/search/search-options'

/** A place's market, with its active listings per property type (parallel to `propertyTypeOptions`). */
export interface PlaceMarket extends MarketStats {
  listingsByType: number[]
}

/** Every place's market at once, for one site scope. */
export interface MarketSnapshot {
  national: PlaceMarket
  states: Map<number, PlaceMarket>
  regions: Map<number, PlaceMarket>
  counties: Map<number, PlaceMarket>
  cities: Map<number, PlaceMarket>
}

export type MarketPlace = { kind: 'state' | 'region' | 'county' | 'city'; id: number }

const marketsByKind = { state: 'states', region: 'regions', county: 'counties', city: 'cities' } as const

const timeToLiveMilliseconds = 10 * 60_000

const emptyMarket: PlaceMarket = Object.freeze({
  listings: 0,
  medianPrice: null,
  medianPricePerAcre: null,
  listingsByType: propertyTypeOptions.map(() => 0),
})

/** The market of a place, or of the whole country without one; a place without listings has an empty market. */
export function marketOf(snapshot: MarketSnapshot, place?: MarketPlace): PlaceMarket {
  if (!place) return snapshot.national
  return snapshot[marketsByKind[place.kind]].get(place.id) ?? emptyMarket
}

/** A place's figures without the per-type counts. */
export function marketStatsOf(snapshot: MarketSnapshot, place?: MarketPlace): MarketStats {
  const { listings, medianPrice, medianPricePerAcre } = marketOf(snapshot, place)
  return { listings, medianPrice, medianPricePerAcre }
}

/** Whole dollars; the mean of the middle two for an even count. */
function median(values: number[]) {
  if (values.length === 0) return null
  const sorted = Float64Array.from(values).sort()
  const middle = sorted.length >> 1
  return Math.round(sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2)
}

class MarketTally {
  listings = 0
  prices: number[] = []
  pricesPerAcre: number[] = []
  listingsByType = propertyTypeOptions.map(() => 0)

  add(price: number, acres: number, typeIndexes: number[]) {
    this.listings += 1
    if (price > auctionWithoutPrice) {
      this.prices.push(price)
      if (acres > 0) this.pricesPerAcre.push(price / acres)
    }
    for (const index of typeIndexes) this.listingsByType[index]! += 1
  }

  market(): PlaceMarket {
    return { listings: this.listings, medianPrice: median(this.prices), medianPricePerAcre: median(this.pricesPerAcre), listingsByType: this.listingsByType }
  }
}

function tallyOf(tallies: Map<number, MarketTally>, id: number) {
  let tally = tallies.get(id)
  if (!tally) tallies.set(id, (tally = new MarketTally()))
  return tally
}

function marketsOf(tallies: Map<number, MarketTally>) {
  return new Map([...tallies].map(([id, tally]) => [id, tally.market()]))
}

/**
 * One pass over the active listings of a scope, tallied into the country, every state, region,
 * county and city; a median needs every price, so no index can answer it for a whole state. Moving
 * the rows into JavaScript is most of the cost (100–200 ms of CPU for 100,000 listings, once
 * per ten minutes and scope), so only five columns are read: a county's state and region come
 * from the gazetteer.
 */
async function readMarketSnapshot(db: Kysely<Database>, scopeBits: number): Promise<MarketSnapshot> {
  const [gazetteer, rows] = await Promise.all([
    loadGazetteer(db),
    db
      .selectFrom('listings')
      .where('status', 'in', activeStatuses)
      .$if(scopeBits !== 0, (query) => query.where((eb) => hasAnyBit(eb, 'property_types', scopeBits)))
      .select(['county_id', 'city_id', 'price', 'acres', 'property_types'])
      .execute(),
  ])
  const national = new MarketTally()
  const states = new Map<number, MarketTally>()
  const regions = new Map<number, MarketTally>()
  const counties = new Map<number, MarketTally>()
  const cities = new Map<number, MarketTally>()
  // Few distinct type combinations occur, so each one's matching options are worked out once.
  const typeIndexesByBits = new Map<number, number[]>()
  for (const row of rows) {
    let typeIndexes = typeIndexesByBits.get(row.property_types)
    if (!typeIndexes) {
      typeIndexes = propertyTypeOptions.flatMap((option, index) => ((row.property_types & option.bits) !== 0 ? [index] : []))
      typeIndexesByBits.set(row.property_types, typeIndexes)
    }
    national.add(row.price, row.acres, typeIndexes)
    if (row.city_id !== null) tallyOf(cities, row.city_id).add(row.price, row.acres, typeIndexes)
    const county = findPlaceById(gazetteer, 'county', row.county_id)
    if (!county) continue
    tallyOf(counties, county.id).add(row.price, row.acres, typeIndexes)
    tallyOf(states, county.stateId).add(row.price, row.acres, typeIndexes)
    if (county.regionId !== null) tallyOf(regions, county.regionId).add(row.price, row.acres, typeIndexes)
  }
  return { national: national.market(), states: marketsOf(states), regions: marketsOf(regions), counties: marketsOf(counties), cities: marketsOf(cities) }
}

/**
 * Every place's market for a site scope (`SiteProfile.listingScopeBits`, 0 for all), kept for
 * ten minutes per database handle. Past that, the old snapshot still answers while a new one
 * is read, so no page waits for the pass but the very first.
 */
export const marketSnapshot: (db: Kysely<Database>, scopeBits: number) => Promise<MarketSnapshot> = timedCache(timeToLiveMilliseconds, readMarketSnapshot)

const placeColumns = { state: 'listings.state_id', region: 'listings.region_id', county: 'listings.county_id', city: 'listings.city_id' } as const

/** A place's (or the country's) active listings within a site's scope, featured or not, best tier then newest first. */
function rankedListingIds(db: Kysely<Database>, { scopeBits, place, limit }: { scopeBits: number; place?: MarketPlace; limit: number }, featured: boolean) {
  return db
    .selectFrom('listings')
    .where('listings.status', 'in', activeStatuses)
    .where('listings.upgrade_level', featured ? '>=' : '<', upgradeLevel.platinum)
    .$if(scopeBits !== 0, (query) => query.where((eb) => hasAnyBit(eb, 'property_types', scopeBits)))
    .$if(place !== undefined, (query) => query.where(placeColumns[place!.kind], '=', place!.id))
    .orderBy('listings.upgrade_level', 'desc')
    .orderBy('listings.created_at', 'desc')
    .orderBy('listings.id', 'desc')
    .limit(limit)
    .select('listings.id')
}

/**
 * The listings a place's page (or the home) shows: its active diamond, then platinum listings
 * within the site's scope, newest first; where there are fewer of those than `limit`, its other
 * active listings fill the rest, so a place whose title counts listings shows them. The ids come
 * first from the listings alone, so the place indexes order them; only those rows are joined for
 * their cards.
 */
export async function findFeaturedListings(db: Kysely<Database>, options: { scopeBits: number; place?: MarketPlace; limit: number }): Promise<ListingSummary[]> {
  const featuredIds = (await rankedListingIds(db, options, true).execute()).map((row) => row.id)
  const otherIds =
    featuredIds.length < options.limit
      ? (await rankedListingIds(db, { ...options, limit: options.limit - featuredIds.length }, false).execute()).map((row) => row.id)
      : []
  const ids = [...featuredIds, ...otherIds]
  if (ids.length === 0) return []
  const rows = await selectListingSummaries(db).where('listings.id', 'in', ids).execute()
  const byId = new Map(rows.map((row) => [row.id, toListingSummary(row)]))
  return ids.map((id) => byId.get(id)!)
}
