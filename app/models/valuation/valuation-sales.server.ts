import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { marketStatus, propertyType } from '~/models/listings/enumerations'
import type { SalesProvenance } from '~/models/listings/sale-price-source'
import { timedCache } from '~/utils/timed-cache.server'
import type { CountyCentres } from './valuation-backtest'
import { type Sale, featureBits } from './valuation-model'

const waterfrontBits = propertyType.lakefront | propertyType.beachfront | propertyType.riverfront

/** The sold listings with a sale price and date: the sales the valuation reads. */
const soldListings = (db: Kysely<Database>) =>
  db.selectFrom('listings').where('status', '=', marketStatus.sold).where('sales_price', '>', 0).where('sales_date', 'is not', null).where('acres', '>', 0)

/** Every sold listing with a sale price and date, as the valuation model reads sales (issue 16 §3). */
export async function loadSales(db: Kysely<Database>): Promise<Sale[]> {
  const rows = await soldListings(db)
    .select([
      'id',
      'state_id',
      'county_id',
      'region_id',
      'latitude',
      'longitude',
      'acres',
      'sales_price',
      'sales_date',
      'property_types',
      'beds',
      'home_sqft',
      'mineral_rights',
      'owner_financing',
      'sale_price_source',
    ])
    .execute()
  return rows.map((row) => ({
    id: row.id,
    stateId: row.state_id,
    countyId: row.county_id,
    regionId: row.region_id,
    latitude: row.latitude,
    longitude: row.longitude,
    acres: row.acres,
    price: row.sales_price!,
    soldAt: Date.parse(`${row.sales_date!.slice(0, 10)}T12:00:00Z`),
    propertyTypes: row.property_types,
    hasHouse: (row.property_types & propertyType.house) !== 0 || row.beds !== null || row.home_sqft !== null,
    squareFeet: row.home_sqft,
    features:
      ((row.property_types & waterfrontBits) !== 0 ? featureBits.waterfront : 0) |
      (row.mineral_rights ? featureBits.mineralRights : 0) |
      (row.owner_financing ? featureBits.ownerFinancing : 0),
    source: row.sale_price_source ?? 'generated',
  }))
}

/** How many of those sales each source gave: a count over the sold listings, kept ten minutes as the model is. */
const cachedProvenance = timedCache(10 * 60_000, async (db: Kysely<Database>, _key: 'all'): Promise<SalesProvenance> => {
  const rows = await soldListings(db)
    .select(['sale_price_source', (eb) => eb.fn.countAll<number | string>().as('sales')])
    .groupBy('sale_price_source')
    .execute()
  const provenance: SalesProvenance = { generated: 0, feed: 0, seller: 0 }
  // A price from before its source was recorded is counted as generated (migration 0035).
  for (const row of rows) provenance[row.sale_price_source ?? 'generated'] += Number(row.sales)
  return provenance
})

/** How many sales of each source the valuation and the land-value figures rest on. */
export const salesProvenance = (db: Kysely<Database>) => cachedProvenance(db, 'all')

/** Each county's centre, where a parcel typed without a point is valued (`parcelOf`): the backtest values each sale there too. */
export async function loadCountyCentres(db: Kysely<Database>): Promise<CountyCentres> {
  const rows = await db.selectFrom('counties').select(['id', 'latitude', 'longitude']).execute()
  return new Map(rows.map((row) => [row.id, { latitude: row.latitude, longitude: row.longitude }]))
}
