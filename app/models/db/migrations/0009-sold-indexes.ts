import type { Kysely } from 'kysely'
import { refreshPlannerStatistics } from '~/models/db/dialect.server'

/**
 * Sale price and sold date searches (spec §3 salesPriceMin/Max, soldDateMin/Max). Only sold
 * listings, about a tenth, carry these columns, so a range over either index reads just the
 * sold rows in it: counting a national sold-price search read every row of the table without
 * one (about 350 ms for 100,000 listings). The statistics are then refreshed so the planner
 * weighs the new indexes (see `refreshPlannerStatistics`).
 */
const indexes = {
  listings_sales_price: 'sales_price',
  listings_sales_date: 'sales_date',
}

export async function up(db: Kysely<any>) {
  for (const [name, column] of Object.entries(indexes)) {
    await db.schema.createIndex(name).on('listings').column(column).execute()
  }
  await refreshPlannerStatistics(db)
}

export async function down(db: Kysely<any>) {
  for (const name of Object.keys(indexes)) await db.schema.dropIndex(name).execute()
}
