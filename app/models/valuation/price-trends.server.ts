import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import type { MarketPlace } from '~/models/places/market-stats.server'
import { groupBy } from '~/utils/group-by'
import { timedCache } from '~/utils/timed-cache.server'
import { type PriceTrend, priceTrendOf, trendSpanOf } from './price-trends'
import type { Sale } from './valuation-model'
import { loadSales } from './valuation-sales.server'

/** Every place's price trend at once (issue 16 §5), over the span of all the sales. */
export interface PriceTrends {
  national: PriceTrend
  states: Map<number, PriceTrend>
  regions: Map<number, PriceTrend>
  counties: Map<number, PriceTrend>
  /** A place without sales: every quarter and year of the span, empty. */
  empty: PriceTrend
}

/**
 * One read of the sold listings (the valuation model's own), grouped into the country, every
 * state, region and county: a median needs every sale, and a state page shows all its counties'.
 */
async function readPriceTrends(db: Kysely<Database>): Promise<PriceTrends> {
  const sales = await loadSales(db)
  const span = trendSpanOf(sales)
  const now = Date.now()
  const trendsBy = (placeId: (sale: Sale) => number | null) =>
    new Map([...groupBy(sales, placeId)].map(([id, placeSales]) => [id, priceTrendOf(placeSales, span, now)]))
  return {
    national: priceTrendOf(sales, span, now),
    states: trendsBy((sale) => sale.stateId),
    regions: trendsBy((sale) => sale.regionId),
    counties: trendsBy((sale) => sale.countyId),
    empty: priceTrendOf([], span, now),
  }
}

/** Kept ten minutes per database handle (decision 0008), like the valuation model fitted from the same sales. */
const cachedPriceTrends = timedCache(10 * 60_000, (db: Kysely<Database>, _key: 'all') => readPriceTrends(db))

export const priceTrends = (db: Kysely<Database>) => cachedPriceTrends(db, 'all')

/** The trend of a place, or of the whole country without one. */
export function trendOf(trends: PriceTrends, place?: MarketPlace): PriceTrend {
  if (!place) return trends.national
  const byPlace = place.kind === 'state' ? trends.states : place.kind === 'region' ? trends.regions : trends.counties
  return byPlace.get(place.id) ?? trends.empty
}
