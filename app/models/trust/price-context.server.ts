import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { preparedStatement } from '~/models/db/dialect.server'
import { generationOf, listingsGeneration } from '~/models/listings/listing-changes.server'
import { marketStatus, offTheSitesStatuses, saleType } from '~/models/listings/enumerations'
import { type PricedLand, computePriceContexts } from './price-context'
import type { StoredPriceContext } from './price-context-view'

/**
 * The stored price contexts (migration 0028, decision 0029): worked out for every listing at once
 * by the minute jobs when the listings changed, so the listing page reads two rows and search
 * filters and sorts by a stored ratio.
 */

const generationName = 'price-contexts'
/** A busy day writes listings every minute; the contexts follow at most this often. */
const refreshIntervalMs = 10 * 60_000
// Eleven columns a row: well under both databases' bind-parameter limits.
const rowsPerStatement = 2_000

const lastRefreshes = new WeakMap<Kysely<Database>, number>()

async function readPricedLand(db: Kysely<Database>): Promise<PricedLand[]> {
  const rows = await db
    .selectFrom('listings')
    .select(['id', 'county_id', 'region_id', 'state_id', 'property_types', 'acres', 'price', 'sale_type', 'status', 'sales_price', 'sales_date'])
    .where('status', 'not in', offTheSitesStatuses)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    countyId: row.county_id,
    regionId: row.region_id,
    stateId: row.state_id,
    propertyTypes: row.property_types,
    acres: row.acres,
    price: row.price,
    saleType: row.sale_type === saleType.auction ? 'auction' : 'sale',
    status: row.status === marketStatus.sold ? 'sold' : row.status === marketStatus.offMarket ? 'off-market' : 'active',
    salesPrice: row.sales_price,
    soldAt: row.sales_date === null ? null : Date.parse(`${row.sales_date.slice(0, 10)}T12:00:00Z`),
  }))
}

async function insertInBatches<Row>(rows: Row[], insert: (batch: Row[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += rowsPerStatement) await insert(rows.slice(start, start + rowsPerStatement))
}

/**
 * Works every listing's context out again when listings changed since the last time (and that
 * was at least `refreshIntervalMs` ago in this process, unless `force`). Returns how many
 * listings and groups were written, or undefined when nothing needed doing.
 */
export async function refreshPriceContexts(db: Kysely<Database>, { now = Date.now(), force = false } = {}) {
  const lastRefresh = lastRefreshes.get(db)
  if (!force && lastRefresh !== undefined && now - lastRefresh < refreshIntervalMs) return undefined
  const generation = await listingsGeneration(db)
  if (!force && generation === (await generationOf(db, generationName))) return undefined
  lastRefreshes.set(db, now)
  const { contexts, groups } = computePriceContexts(await readPricedLand(db), now)
  await db.transaction().execute(async (transaction) => {
    await transaction.deleteFrom('listing_price_contexts').execute()
    await transaction.deleteFrom('price_context_groups').execute()
    await insertInBatches(contexts, (batch) =>
      transaction
        .insertInto('listing_price_contexts')
        .values(
          batch.map((context) => ({
            listing_id: context.listingId,
            area_kind: context.areaKind,
            area_id: context.areaId,
            land_use: context.landUse,
            size_band: context.sizeBand,
            comparables: context.comparables,
            median_price_per_acre: context.medianPricePerAcre,
            price_per_acre: context.pricePerAcre,
            cheaper_comparables: context.cheaperComparables,
            price_per_acre_ratio: context.pricePerAcreRatio,
          })),
        )
        .execute(),
    )
    await insertInBatches(groups, (batch) =>
      transaction
        .insertInto('price_context_groups')
        .values(
          batch.map((group) => ({
            area_kind: group.areaKind,
            area_id: group.areaId,
            land_use: group.landUse,
            size_band: group.sizeBand,
            for_sale: group.forSale,
            sold: group.sold,
            median_price_per_acre: group.medianPricePerAcre,
            for_sale_sample: JSON.stringify(group.forSaleSample.map(Math.round)),
            sold_sample: JSON.stringify(group.soldSample.map(Math.round)),
          })),
        )
        .execute(),
    )
    await transaction.updateTable('change_generations').set({ generation }).where('name', '=', generationName).execute()
  })
  return { listings: contexts.length, groups: groups.length }
}

/**
 * Whether the stored contexts were worked out after the last listing write: a listing without one
 * then has too few comparables, else it may only be newer than the last pass.
 */
export async function arePriceContextsCurrent(db: Kysely<Database>) {
  const [listings, contexts] = await Promise.all([listingsGeneration(db), generationOf(db, generationName)])
  return listings === contexts
}

/** A listing's stored context with its group's distribution; undefined when it has none (too few comparables, or not yet worked out). */
export async function findPriceContext(db: Kysely<Database>, listingId: number): Promise<StoredPriceContext | undefined> {
  const row = await db
    .selectFrom('listing_price_contexts as context')
    .innerJoin('price_context_groups as group', (join) =>
      join
        .onRef('group.area_kind', '=', 'context.area_kind')
        .onRef('group.area_id', '=', 'context.area_id')
        .onRef('group.land_use', '=', 'context.land_use')
        .onRef('group.size_band', '=', 'context.size_band'),
    )
    .select([
      'context.area_kind',
      'context.land_use',
      'context.size_band',
      'context.comparables',
      'context.median_price_per_acre',
      'context.price_per_acre',
      'context.cheaper_comparables',
      'group.for_sale',
      'group.sold',
      'group.for_sale_sample',
      'group.sold_sample',
    ])
    .where('context.listing_id', '=', listingId)
    .$call(preparedStatement)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    areaKind: row.area_kind,
    landUse: row.land_use,
    sizeBand: row.size_band,
    comparables: row.comparables,
    medianPricePerAcre: row.median_price_per_acre,
    pricePerAcre: row.price_per_acre,
    cheaperComparables: row.cheaper_comparables,
    forSale: row.for_sale,
    sold: row.sold,
    forSaleSample: JSON.parse(row.for_sale_sample) as number[],
    soldSample: JSON.parse(row.sold_sample) as number[],
  }
}
