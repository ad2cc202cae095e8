/**
 * bench:valuation's part for issue 36 items 6 and 7 (decision 0060), printed after the tables:
 * how many held-out sales were valued from comparables within the gross adjustment cap and how
 * many got a county-level range, each with its own accuracy; and, in a stress world
 * (`-- --variant NAME`), its own findings: for unit-errors, how many of the sales entered wrong
 * the listing-quality gate catches (and how many right ones it flags); for county-shock, how the
 * model did on the county whose prices doubled, in the time split and in the rolling evaluation.
 */
import { defaultSeed } from '../app/dev-data/seed.server'
import { type StressVariant, listingStress, shockedCountyId } from '../app/dev-data/stress-variants'
import { openDatabase } from '../app/models/db/db.server'
import { marketStatus, saleType } from '../app/models/listings/enumerations'
import { createListingQualityGate } from '../app/models/listings/listing-quality.server'
import type { BacktestRow } from '../app/models/valuation/valuation-backtest'
import { grossAdjustmentCap } from '../app/models/valuation/valuation-model'

/** The gate's findings that would hold or fix a wrongly entered size or price. */
const sizeOrPriceCodes = new Set(['SQUARE_FEET_AS_ACRES', 'PRICE_LOOKS_PER_ACRE', 'PRICE_PER_ACRE_OUTLIER'])

async function printGateCatches() {
  const db = openDatabase()
  const sold = await db
    .selectFrom('listings')
    .innerJoin('counties', 'counties.id', 'listings.county_id')
    .innerJoin('states', 'states.id', 'listings.state_id')
    .select([
      'listings.id',
      'listings.county_id',
      'listings.latitude',
      'listings.longitude',
      'listings.acres',
      'listings.sales_price',
      'counties.name as county',
      'states.abbreviation',
    ])
    .where('listings.status', '=', marketStatus.sold)
    .where('listings.sales_price', '>', 0)
    .execute()
  const gate = createListingQualityGate(db)
  const tally = new Map<string, { sales: number; caught: number }>()
  for (const sale of sold) {
    const { entryError } = listingStress('unit-errors', defaultSeed.seed, sale.id, { countyId: sale.county_id, latitude: sale.latitude, longitude: sale.longitude })
    const verdict = await gate.check({
      stateAbbreviation: sale.abbreviation,
      county: sale.county,
      city: null,
      zip: null,
      latitude: sale.latitude,
      longitude: sale.longitude,
      acres: sale.acres,
      price: sale.sales_price!,
      saleType: saleType.sale,
      partnerId: null,
      listingId: sale.id,
    })
    const counts = tally.get(entryError ?? 'entered right') ?? { sales: 0, caught: 0 }
    counts.sales++
    if (verdict.reasons.some((reason) => sizeOrPriceCodes.has(reason.code))) counts.caught++
    tally.set(entryError ?? 'entered right', counts)
  }
  await db.destroy()
  console.log('\nThe listing-quality gate on each sale as entered (its size or price held or fixed):')
  for (const [kind, { sales, caught }] of tally) console.log(`  ${kind}: ${caught} of ${sales} caught`)
}

type Summary = (rows: readonly BacktestRow[]) => string

export function printAdjustmentDiscipline(rows: readonly BacktestRow[], countyLevelLogError: number, summary: Summary) {
  const comparables = rows.filter((row) => row.model?.basis === 'comparables')
  const countyLevel = rows.filter((row) => row.model?.basis === 'county')
  console.log(
    `\nValued from comparables within the ${Math.round(grossAdjustmentCap * 100)} % gross adjustment cap (${comparables.length} sales)\n${summary(comparables)}`,
  )
  console.log(
    `\nGiven a county-level range, too few comparables within the cap (${countyLevel.length} sales; the range runs from the estimate ÷ ${Math.exp(countyLevelLogError).toFixed(2)} to × ${Math.exp(countyLevelLogError).toFixed(2)}, as measured before the cut-off)${countyLevel.length > 0 ? `\n${summary(countyLevel)}` : ''}`,
  )
}

/** `rows` are the time split's held-out sales, `rollingRows` the sales the rolling evaluation scored (each quarter from a model refitted before it). */
export async function printStressFindings(variant: StressVariant, rows: readonly BacktestRow[], rollingRows: readonly BacktestRow[], summary: Summary) {
  if (variant === 'unit-errors') await printGateCatches()
  if (variant === 'county-shock') {
    for (const [heading, scored] of [
      ['held-out sales of the time split', rows],
      ['sales of the rolling evaluation, each valued by the model refitted at the start of its quarter', rollingRows],
    ] as const) {
      const shocked = scored.filter((row) => row.sale.countyId === shockedCountyId)
      console.log(`\nThe county whose prices doubled in the last year: ${shocked.length} ${heading}\n${shocked.length > 0 ? summary(shocked) : '  none'}`)
    }
  }
}
