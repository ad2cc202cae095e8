import { freshness } from '~/models/trust/listing-history'
import type { Kysely } from 'kysely'
import { timedCache } from '~/utils/timed-cache.server'
import type { Database } from '~/models/db/db-schema'
import { auctionWithoutPrice, upgradeLevel } from '~/models/listings/enumerations'
import { findPlaceById, loadGazetteer } from './gazetteer.server'
import { listingsGeneration } from '~/models/listings/listing-changes.server'
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

/** The lowest and highest real price among some listings; null when none has one. */
export type PriceRange = { min: number; max: number } | null

/** Every place's market at once, for one site scope. */
export interface MarketSnapshot {
  /** The 'listings' change generation it was read at (listing-changes.server.ts). */
  listingsGeneration: number
  national: PlaceMarket
  /** The country's price range, of all its listings and per property type (parallel to `propertyTypeOptions`). */
  nationalPriceRanges: { all: PriceRange; byType: PriceRange[] }
  states: Map<number, PlaceMarket>
  regions: Map<number, PlaceMarket>
  counties: Map<number, PlaceMarket>
  cities: Map<number, PlaceMarket>
}

export type MarketPlace = { kind: 'state' | 'region' | 'county' | 'city'; id: number }

const marketsByKind = { state: 'states', region: 'regions', county: 'counties', city: 'cities' } as const

const timeToLiveMilliseconds = 60_000

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

const widened = (range: PriceRange, price: number): PriceRange =>
  range ? { min: Math.min(range.min, price), max: Math.max(range.max, price) } : { min: price, max: price }

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
 * the rows into JavaScript is most of the cost (1.5–2 s for a million listings), so only five
 * columns are read (a county's state and region come from the gazetteer), and only the minute
 * jobs read it (`refreshMarketSnapshots`).
 */
async function readMarketSnapshot(db: Kysely<Database>, scopeBits: number, listingsGeneration: number): Promise<MarketSnapshot> {
  const [gazetteer, rows] = await Promise.all([
    loadGazetteer(db),
    db
      .selectFrom('listings')
      .where('status', 'in', activeStatuses)
      // As search counts them: a listing nobody confirmed for 180 days has left search (issue 19).
      .where('freshness', '>', freshness.hidden)
      .$if(scopeBits !== 0, (query) => query.where((eb) => hasAnyBit(eb, 'property_types', scopeBits)))
      .select(['county_id', 'city_id', 'price', 'acres', 'property_types'])
      .execute(),
  ])
  const national = new MarketTally()
  const nationalPriceRanges: MarketSnapshot['nationalPriceRanges'] = { all: null, byType: propertyTypeOptions.map(() => null) }
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
    if (row.price > auctionWithoutPrice) {
      nationalPriceRanges.all = widened(nationalPriceRanges.all, row.price)
      for (const index of typeIndexes) nationalPriceRanges.byType[index] = widened(nationalPriceRanges.byType[index]!, row.price)
    }
    if (row.city_id !== null) tallyOf(cities, row.city_id).add(row.price, row.acres, typeIndexes)
    const county = findPlaceById(gazetteer, 'county', row.county_id)
    if (!county) continue
    tallyOf(counties, county.id).add(row.price, row.acres, typeIndexes)
    tallyOf(states, county.stateId).add(row.price, row.acres, typeIndexes)
    if (county.regionId !== null) tallyOf(regions, county.regionId).add(row.price, row.acres, typeIndexes)
  }
  return {
    listingsGeneration,
    national: national.market(),
    nationalPriceRanges,
    states: marketsOf(states),
    regions: marketsOf(regions),
    counties: marketsOf(counties),
    cities: marketsOf(cities),
  }
}

/** A place's market as stored: [listings, median price, median price per acre, listings by type]. */
type StoredMarket = [number, number | null, number | null, number[]]
type StoredMarkets = Map<number, PlaceMarket>

const toStoredMarket = ({ listings, medianPrice, medianPricePerAcre, listingsByType }: PlaceMarket): StoredMarket => [
  listings,
  medianPrice,
  medianPricePerAcre,
  listingsByType,
]
const fromStoredMarket = ([listings, medianPrice, medianPricePerAcre, listingsByType]: StoredMarket): PlaceMarket => ({
  listings,
  medianPrice,
  medianPricePerAcre,
  listingsByType,
})
const toStoredPlaces = (markets: StoredMarkets) => [...markets].map(([id, market]) => [id, ...toStoredMarket(market)])
const fromStoredPlaces = (rows: [number, ...StoredMarket][]): StoredMarkets => new Map(rows.map(([id, ...market]) => [id, fromStoredMarket(market)]))

function serializeSnapshot(snapshot: MarketSnapshot) {
  return JSON.stringify({
    national: toStoredMarket(snapshot.national),
    nationalPriceRanges: snapshot.nationalPriceRanges,
    states: toStoredPlaces(snapshot.states),
    regions: toStoredPlaces(snapshot.regions),
    counties: toStoredPlaces(snapshot.counties),
    cities: toStoredPlaces(snapshot.cities),
  })
}

function parseSnapshot(json: string, listingsGeneration: number): MarketSnapshot {
  const stored = JSON.parse(json) as { national: StoredMarket; nationalPriceRanges: MarketSnapshot['nationalPriceRanges'] } & Record<
    'states' | 'regions' | 'counties' | 'cities',
    [number, ...StoredMarket][]
  >
  return {
    listingsGeneration,
    national: fromStoredMarket(stored.national),
    nationalPriceRanges: stored.nationalPriceRanges,
    states: fromStoredPlaces(stored.states),
    regions: fromStoredPlaces(stored.regions),
    counties: fromStoredPlaces(stored.counties),
    cities: fromStoredPlaces(stored.cities),
  }
}

async function storeMarketSnapshot(db: Kysely<Database>, scopeBits: number, snapshot: MarketSnapshot, now: Date) {
  const row = { listings_generation: snapshot.listingsGeneration, refreshed_at: now.toISOString(), markets: serializeSnapshot(snapshot) }
  await db
    .insertInto('market_snapshots')
    .values({ scope_bits: scopeBits, ...row })
    .onConflict((conflict) => conflict.column('scope_bits').doUpdateSet(row))
    .execute()
}

/**
 * The minute jobs' part (decision 0028): reads the market of each site scope (every site's
 * `listingScopeBits`, `siteListingScopes`) again when listings have changed since its stored
 * snapshot was read, and stores it. A write during the pass leaves the stored generation behind,
 * so the next run reads it again. Returns how many were refreshed.
 */
export async function refreshMarketSnapshots(db: Kysely<Database>, siteScopes: readonly number[], now = new Date()) {
  const stored = await db.selectFrom('market_snapshots').select(['scope_bits', 'listings_generation']).execute()
  let refreshed = 0
  for (const scopeBits of siteScopes) {
    const generation = await listingsGeneration(db)
    if (stored.some((row) => row.scope_bits === scopeBits && row.listings_generation === generation)) continue
    await storeMarketSnapshot(db, scopeBits, await readMarketSnapshot(db, scopeBits, generation), now)
    refreshed += 1
  }
  return refreshed
}

// The last snapshot parsed per database handle and scope, so a look that finds it unchanged parses nothing.
const parsedSnapshots = new WeakMap<Kysely<Database>, Map<number, { refreshedAt: string; snapshot: MarketSnapshot }>>()

async function storedMarketSnapshot(db: Kysely<Database>, scopeBits: number): Promise<MarketSnapshot> {
  let parsed = parsedSnapshots.get(db)
  if (!parsed) parsedSnapshots.set(db, (parsed = new Map()))
  const known = parsed.get(scopeBits)
  const stamp = await db.selectFrom('market_snapshots').select('refreshed_at').where('scope_bits', '=', scopeBits).executeTakeFirst()
  if (known && known.refreshedAt === stamp?.refreshed_at) return known.snapshot
  if (stamp) {
    const {
      refreshed_at: refreshedAt,
      listings_generation: generation,
      markets,
    } = await db
      .selectFrom('market_snapshots')
      .select(['refreshed_at', 'listings_generation', 'markets'])
      .where('scope_bits', '=', scopeBits)
      .executeTakeFirstOrThrow()
    const snapshot = parseSnapshot(markets, generation)
    parsed.set(scopeBits, { refreshedAt, snapshot })
    return snapshot
  }
  // None stored yet (a database no minute job has seen): read it here, once, for every process.
  const snapshot = await readMarketSnapshot(db, scopeBits, await listingsGeneration(db))
  await storeMarketSnapshot(db, scopeBits, snapshot, new Date())
  return snapshot
}

/**
 * Every place's market for a site scope (`SiteProfile.listingScopeBits`, 0 for all): the snapshot
 * the minute jobs stored, looked at again at most once a minute per database handle. Past that,
 * the old snapshot still answers while the look is made, so no page waits for it but the first.
 */
export const marketSnapshot: (db: Kysely<Database>, scopeBits: number) => Promise<MarketSnapshot> = timedCache(timeToLiveMilliseconds, storedMarketSnapshot)

/**
 * The totals of a search of the whole country within a site scope, with no filter but at most one
 * property type (`typeIndex` in `propertyTypeOptions`), from the stored snapshot: counting them
 * reads every active listing's index entry (0.1–0.5 s for a million). Only while no listing was
 * written since the snapshot was read, so the figure is exact; undefined otherwise.
 */
export async function countryFacetTotals(db: Kysely<Database>, scopeBits: number, typeIndex: number | undefined) {
  const [snapshot, generation] = await Promise.all([marketSnapshot(db, scopeBits), listingsGeneration(db)])
  if (snapshot.listingsGeneration !== generation) return undefined
  const { national, nationalPriceRanges } = snapshot
  const total = typeIndex === undefined ? national.listings : national.listingsByType[typeIndex]!
  const priceRange = typeIndex === undefined ? nationalPriceRanges.all : nationalPriceRanges.byType[typeIndex]!
  return { total, minPrice: priceRange?.min ?? null, maxPrice: priceRange?.max ?? null }
}

const placeColumns = { state: 'listings.state_id', region: 'listings.region_id', county: 'listings.county_id', city: 'listings.city_id' } as const

/** A place's (or the country's) active listings within a site's scope, featured or not, best tier then newest first. */
function rankedListingIds(db: Kysely<Database>, { scopeBits, place, limit }: { scopeBits: number; place?: MarketPlace; limit: number }, featured: boolean) {
  return db
    .selectFrom('listings')
    .where('listings.status', 'in', activeStatuses)
    .where('listings.freshness', '>', freshness.hidden)
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
