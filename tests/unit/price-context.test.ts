import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { noteListingsChanged } from '~/models/listings/listing-changes.server'
import { arePriceContextsCurrent, refreshPriceContexts } from '~/models/trust/price-context.server'
import { propertyType } from '~/models/listings/enumerations'
import { type PricedLand, computePriceContexts, minimumComparables, sizeBandOf } from '~/models/trust/price-context'
import { type NoVerdictReason, priceContextView, type StoredPriceContext } from '~/models/trust/price-context-view'
import { freshSqliteDatabase, migrateAndSeed } from '../support/fresh-database'

/** Price context (issue 19 item 1): which comparables, which area, and words that state facts, never a verdict. */

const now = Date.parse('2026-11-01T00:00:00Z')
const dayMilliseconds = 86_400_000
const names = { county: 'Travis County, TX', region: 'Central Texas', state: 'Texas' }
let nextId = 1

/** A 20-acre farm for sale in county 1 (region 10, state 48) at `perAcre` dollars an acre. */
function farm(perAcre: number, overrides: Partial<PricedLand> = {}): PricedLand {
  const acres = overrides.acres ?? 20
  return {
    id: nextId++,
    countyId: 1,
    regionId: 10,
    stateId: 48,
    propertyTypes: propertyType.farm,
    acres,
    price: perAcre * acres,
    saleType: 'sale',
    status: 'active',
    salesPrice: null,
    soldAt: null,
    ...overrides,
  }
}

const farms = (count: number, overrides: Partial<PricedLand> = {}) => Array.from({ length: count }, (_, index) => farm(1_000 + 100 * index, overrides))

function contextOf(lands: PricedLand[], listing: PricedLand) {
  const { contexts, groups } = computePriceContexts([...lands, listing], now)
  const context = contexts.find((candidate) => candidate.listingId === listing.id)
  const group = context && groups.find((candidate) => candidate.areaKind === context.areaKind && candidate.areaId === context.areaId)
  return { context, group }
}

function viewOf(lands: PricedLand[], listing: PricedLand, noVerdict: NoVerdictReason | null = null) {
  const { context, group } = contextOf(lands, listing)
  if (!context || !group) throw new Error('no context')
  const stored: StoredPriceContext = { ...context, ...group, medianPricePerAcre: context.medianPricePerAcre }
  return priceContextView(stored, names, { noVerdict, isSold: listing.status === 'sold' })
}

describe('which comparables and which area', () => {
  test('a county with enough comparable land is compared with itself', () => {
    const { context } = contextOf(farms(minimumComparables), farm(1_200))
    expect(context).toMatchObject({ areaKind: 'county', areaId: 1, comparables: minimumComparables })
  })

  test('the listing is not its own comparable: the median and the count leave it out', () => {
    const { context } = contextOf([farm(1_000), farm(2_000), farm(3_000), ...farms(minimumComparables - 3, { countyId: 2 })], farm(100_000))
    // County 1 holds only three others: the region (both counties) is used; the listing's own price does not move its median.
    expect(context?.areaKind).toBe('region')
    expect(context?.comparables).toBe(minimumComparables)
    expect(context?.cheaperComparables).toBe(minimumComparables)
  })

  test('a thin county falls back to its region, and the page says so', () => {
    const lands = [...farms(3), ...farms(minimumComparables, { countyId: 2 })]
    const view = viewOf(lands, farm(1_500))
    expect(view.fallbackNote).toBe(`Travis County, TX has fewer than ${minimumComparables} other comparable farms, so this compares with Central Texas.`)
    expect(view.sentence).toContain('for farms of 8 to 32 acres in Central Texas')
  })

  test('a thin county and region fall back to the state, and the page says so', () => {
    const lands = [...farms(2), ...farms(minimumComparables, { countyId: 3, regionId: 11 })]
    const view = viewOf(lands, farm(1_500))
    expect(view.fallbackNote).toBe(
      `Travis County, TX and Central Texas have fewer than ${minimumComparables} other comparable farms, so this compares with all of Texas.`,
    )
    expect(view.sentence).toContain('in Texas')
  })

  test('too few comparables in the whole state give no context', () => {
    expect(contextOf(farms(2), farm(1_500)).context).toBeUndefined()
  })

  test('only the same use and size band are comparable', () => {
    const ranches = farms(minimumComparables, { propertyTypes: propertyType.ranch })
    const bigFarms = farms(minimumComparables, { acres: 200 })
    expect(contextOf([...ranches, ...bigFarms], farm(1_500)).context).toBeUndefined()
    expect(sizeBandOf(20)).toBe(sizeBandOf(30))
    expect(sizeBandOf(20)).not.toBe(sizeBandOf(200))
  })

  test('sales of the last two years count, older ones do not', () => {
    const recent = farms(minimumComparables, { status: 'sold', salesPrice: 30_000, soldAt: now - 300 * dayMilliseconds })
    const old = farms(minimumComparables, { status: 'sold', salesPrice: 30_000, soldAt: now - 900 * dayMilliseconds })
    const { group } = contextOf(recent, farm(1_500))
    expect(group).toMatchObject({ forSale: 1, sold: minimumComparables })
    expect(contextOf(old, farm(1_500)).context).toBeUndefined()
  })
})

describe('the words: facts, and no verdict where there is no price to judge', () => {
  const verdictWords = /overpriced|underpriced|bargain|deal|too (much|high|low)|fair|expensive|cheap/i

  test('a priced sale reads as a distance from the median', () => {
    const view = viewOf(farms(minimumComparables), farm(800))
    expect(view.sentence).toMatch(/^Asking \$800 an acre: \d+ % below the median of \$[\d,]+ an acre for farms of 8 to 32 acres in Travis County, TX\.$/)
    expect(view.scale.listing).not.toBeNull()
    expect(view.scaleText).toContain('costs more per acre than 0 of the 8 others')
  })

  test.each([
    ['auction' as const, { saleType: 'auction' as const }],
    ['no-price' as const, { price: 0 }],
  ])('%s listings get the context without a comparison', (reason, overrides) => {
    const listing = farm(1_500, overrides)
    const { context } = contextOf(farms(minimumComparables), listing)
    const view = viewOf(farms(minimumComparables), listing, reason)
    expect(context?.pricePerAcreRatio ?? null).toBeNull()
    expect(view.sentence).not.toMatch(/below|above|about the median/)
    expect(view.sentence).toContain('have a median of')
    expect(view.scale.listing).toBeNull()
    expect(view.scaleText).not.toContain('This listing')
  })

  test('no sentence ever passes judgement on the price', () => {
    for (const perAcre of [10, 900, 1_400, 50_000]) {
      const view = viewOf(farms(minimumComparables), farm(perAcre))
      for (const text of [view.sentence, view.comparablesNote, view.scaleText]) expect(text).not.toMatch(verdictWords)
    }
  })
})

describe('a listing newer than the last pass', () => {
  let db: Kysely<Database>
  beforeAll(async () => {
    db = await migrateAndSeed(freshSqliteDatabase('price-context-pass'), { listings: 300, seed: 5 })
  })
  afterAll(() => db.destroy())

  test('is told its context is on its way, not that it has too few comparables', async () => {
    await refreshPriceContexts(db, { force: true })
    expect(await arePriceContextsCurrent(db)).toBe(true)
    // A seller publishes a listing: the minute jobs have not worked its context out yet.
    await noteListingsChanged(db)
    expect(await arePriceContextsCurrent(db)).toBe(false)
    await refreshPriceContexts(db, { force: true })
    expect(await arePriceContextsCurrent(db)).toBe(true)
  })
})
