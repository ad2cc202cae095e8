import { describe, expect, test } from 'vitest'
import { propertyType } from '~/models/listings/enumerations'
import { type TrendSale, hasTooFewSalesToIndex, minimumSalesToIndex, priceTrendOf, quarterLabel, trendSpanOf } from '~/models/valuation/price-trends'
import { quarterOf } from '~/models/valuation/valuation-model'

const sale = (date: string, perAcre: number, { acres = 10, types = propertyType.farm as number } = {}): TrendSale => ({
  soldAt: Date.parse(`${date}T12:00:00Z`),
  price: perAcre * acres,
  acres,
  propertyTypes: types,
})
const now = Date.parse('2026-11-24T00:00:00Z')

describe('the span of the sales', () => {
  test('runs from the quarter of the first sale to that of the last', () => {
    const span = trendSpanOf([sale('2024-08-01', 1), sale('2019-01-06', 1), sale('2026-10-27', 1)])
    expect(span).toEqual({ firstQuarter: quarterOf(Date.parse('2019-01-06')), lastQuarter: quarterOf(Date.parse('2026-10-27')) })
    expect(quarterLabel(span!.firstQuarter)).toBe('2019 Q1')
    expect(quarterLabel(span!.lastQuarter)).toBe('2026 Q4')
  })

  test('is undefined without sales', () => {
    expect(trendSpanOf([])).toBeUndefined()
  })
})

describe('a place’s price trend', () => {
  const span = trendSpanOf([sale('2024-01-15', 1), sale('2025-12-31', 1)])

  test('gives the median per acre of each quarter of the span, and a gap where a quarter has too few sales', () => {
    const trend = priceTrendOf(
      [sale('2024-01-02', 1_000), sale('2024-02-10', 3_000, { acres: 2 }), sale('2024-03-30', 2_000), sale('2024-05-01', 9_000), sale('2024-06-01', 9_000)],
      span,
      now,
    )
    expect(trend.quarters).toHaveLength(8)
    expect(trend.quarters.slice(0, 3)).toEqual([
      { quarter: '2024 Q1', perAcre: 2_000 },
      { quarter: '2024 Q2', perAcre: null },
      { quarter: '2024 Q3', perAcre: null },
    ])
    expect(trend.quarters.at(-1)).toEqual({ quarter: '2025 Q4', perAcre: null })
  })

  test('tallies the sales of every year of the span, with a median only where there are enough', () => {
    const trend = priceTrendOf([sale('2024-01-02', 100), sale('2024-07-02', 300), sale('2024-12-31', 200), sale('2025-03-01', 50)], span, now)
    expect(trend.years).toEqual([
      { year: 2024, sales: 3, perAcre: 200 },
      { year: 2025, sales: 1, perAcre: null },
    ])
  })

  test('gives the median of all sales and of the last twelve months, the mean of the middle two for an even count', () => {
    const trend = priceTrendOf(
      [sale('2019-05-01', 100), sale('2025-12-01', 1_000), sale('2026-02-01', 2_000), sale('2026-06-01', 4_000), sale('2026-11-01', 5_000)],
      span,
      now,
    )
    expect(trend).toMatchObject({ sales: 5, perAcre: 2_000, recentSales: 4, recentPerAcre: 3_000 })
  })

  test('ranks the kinds of land sold by their sales, each single type once', () => {
    const ranch = { types: propertyType.ranch }
    const huntingFarm = { types: propertyType.farm | propertyType.hunting }
    const trend = priceTrendOf(
      [sale('2024-01-02', 100, ranch), sale('2024-01-03', 200, huntingFarm), sale('2024-01-04', 300, huntingFarm), sale('2024-01-05', 400, huntingFarm)],
      span,
      now,
    )
    expect(trend.topTypes).toEqual([
      { key: 'farms', label: 'Farms', sales: 3, perAcre: 300 },
      { key: 'hunting-land', label: 'Hunting Land', sales: 3, perAcre: 300 },
      { key: 'ranches', label: 'Ranches', sales: 1, perAcre: null },
    ])
  })

  test('of a place without sales is empty over the whole span', () => {
    const trend = priceTrendOf([], span, now)
    expect(trend).toMatchObject({ sales: 0, perAcre: null, recentSales: 0, recentPerAcre: null, topTypes: [] })
    expect(trend.quarters.every((quarter) => quarter.perAcre === null)).toBe(true)
    expect(trend.years.map((year) => year.sales)).toEqual([0, 0])
  })

  test('is too thin to index below the minimum number of sales', () => {
    expect(hasTooFewSalesToIndex({ sales: minimumSalesToIndex - 1 })).toBe(true)
    expect(hasTooFewSalesToIndex({ sales: minimumSalesToIndex })).toBe(false)
  })
})
