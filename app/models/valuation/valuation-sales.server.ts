import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { marketStatus, propertyType } from '~/models/listings/enumerations'
import { type Sale, featureBits } from './valuation-model'

const waterfrontBits = propertyType.lakefront | propertyType.beachfront | propertyType.riverfront

/** Every sold listing with a sale price and date, as the valuation model reads sales (issue 16 §3). */
export async function loadSales(db: Kysely<Database>): Promise<Sale[]> {
  const rows = await db
    .selectFrom('listings')
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
    ])
    .where('status', '=', marketStatus.sold)
    .where('sales_price', '>', 0)
    .where('sales_date', 'is not', null)
    .where('acres', '>', 0)
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
  }))
}
