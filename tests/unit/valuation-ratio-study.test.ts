import { describe, expect, test } from 'vitest'
import type { BacktestRow, ModelOutcome } from '~/models/valuation/valuation-backtest'
import { fitIntervalCalibration, normalDistribution, probabilityBelow, rangeOf, uncalibratedInterval, z80 } from '~/models/valuation/valuation-calibration'
import { calibrationOf, calibrationTargets, decileShares } from '~/models/valuation/valuation-coverage'
import { coefficientOfDispersion, priceRelatedDifferential, ratioFigures, ratioStudy } from '~/models/valuation/valuation-ratio-study'
import { quarterStart, rollingOrigins } from '~/models/valuation/valuation-rolling'
import type { Sale } from '~/models/valuation/valuation-model'

/** The measures behind AcreWorth's rolling evaluation and calibrated ranges (issue 36 items 4 and 5), on sets small enough to work out by hand. */

describe('the ratio study', () => {
  // Four sales at $100 valued at $80, $100, $120 and $140: ratios 0.8, 1.0, 1.2 and 1.4.
  const fourSales = [80, 100, 120, 140].map((estimate) => ({ estimate, price: 100 }))

  test('COD is 100 × the mean distance of the ratios from their median, over the median', () => {
    // The median ratio is 1.1; the distances 0.3, 0.1, 0.1 and 0.3 average 0.2: 100 × 0.2 / 1.1.
    expect(coefficientOfDispersion([0.8, 1.0, 1.2, 1.4])).toBeCloseTo(18.18, 2)
    expect(coefficientOfDispersion([1.2, 1.2, 1.2])).toBe(0)
  })

  test('PRD is the mean ratio over the price-weighted mean ratio: above 1 when cheap land is valued high and dear land low', () => {
    // Ratios 1.5 and 0.8 average 1.15; the estimates sum to 950 against prices of 1,100: 1.15 / (950 / 1,100).
    expect(
      priceRelatedDifferential([
        { estimate: 150, price: 100 },
        { estimate: 800, price: 1_000 },
      ]),
    ).toBeCloseTo(1.3316, 4)
    expect(
      priceRelatedDifferential([
        { estimate: 90, price: 100 },
        { estimate: 900, price: 1_000 },
      ]),
    ).toBeCloseTo(1, 10)
  })

  test('the median error and the shares within ±10 % and ±20 % (PPE10, PPE20) are those of |ratio − 1|', () => {
    // Errors 0.2, 0, 0.2 and 0.4.
    expect(ratioFigures(fourSales)).toMatchObject({ medianError: expect.closeTo(0.2, 10), withinTenPercent: 0.25, withinTwentyPercent: 0.75 })
  })

  test('each figure comes with a seeded bootstrap 95 % interval around it, the same at every run', () => {
    const sales = Array.from({ length: 40 }, (_, index) => ({ estimate: 60 + 2 * index, price: 100 }))
    const study = ratioStudy(sales)!
    expect(study.sales).toBe(40)
    for (const figure of [study.medianError, study.withinTenPercent, study.withinTwentyPercent, study.dispersion, study.priceRelatedDifferential]) {
      expect(figure.low).toBeLessThanOrEqual(figure.value)
      expect(figure.high).toBeGreaterThanOrEqual(figure.value)
    }
    expect(study.medianError.high).toBeGreaterThan(study.medianError.low)
    expect(ratioStudy(sales)).toEqual(study)
    // Every sale alike: no resample can differ.
    expect(ratioStudy([{ estimate: 110, price: 100 }]!)!.medianError).toEqual({
      value: expect.closeTo(0.1, 10),
      low: expect.closeTo(0.1, 10),
      high: expect.closeTo(0.1, 10),
    })
    expect(ratioStudy([])).toBeNull()
  })
})

describe("where the price fell in the estimate's predicted distribution (PIT)", () => {
  test('the normal distribution function', () => {
    expect(normalDistribution(0)).toBeCloseTo(0.5, 7)
    expect(normalDistribution(1.96)).toBeCloseTo(0.975, 4)
    expect(normalDistribution(-z80)).toBeCloseTo(0.1, 4)
  })

  test('a price at the estimate is the median, one at the top of the 80 % range the 90th percentile', () => {
    const estimate = { value: 100_000, high: 100_000 * Math.exp(0.4) }
    expect(probabilityBelow(estimate, 100_000)).toBeCloseTo(0.5, 7)
    expect(probabilityBelow(estimate, estimate.high)).toBeCloseTo(0.9, 4)
    expect(probabilityBelow(estimate, 100_000 * Math.exp(-0.4))).toBeCloseTo(0.1, 4)
  })

  test('the deciles count the share of sales in each tenth', () => {
    expect(decileShares([0.05, 0.15, 0.95, 1])).toEqual([0.25, 0.25, 0, 0, 0, 0, 0, 0, 0, 0.5])
  })
})

describe('coverage of the 80 % range', () => {
  const start = Date.UTC(2025, 0, 1)
  const outcome = (isCovered: boolean, fields: Partial<ModelOutcome> = {}): ModelOutcome => ({
    basis: 'comparables',
    estimate: 1,
    error: 0,
    isCovered,
    confidence: 'high',
    medianDistanceKm: 10,
    probabilityBelowPrice: 0.5,
    ...fields,
  })
  const row = (sale: Partial<Sale>, model: ModelOutcome | undefined): BacktestRow => ({
    sale: {
      id: 1,
      stateId: 1,
      countyId: 1,
      regionId: null,
      latitude: 30,
      longitude: -97,
      acres: 10,
      price: 1,
      soldAt: start,
      propertyTypes: 1,
      hasHouse: false,
      squareFeet: null,
      features: 0,
      source: 'generated',
      ...sale,
    },
    model,
    valueMilliseconds: 0,
  })
  // Five high-confidence sales (four covered, missing by 12.5 to 62.5 %) in state 1, farms of 10 acres; two medium (one covered, missing by 12.5 and 50 %) in state 2 with a house, 100 acres, four months on; one not valued.
  const rows = [
    ...[true, true, true, true, false].map((isCovered, index) => row({}, outcome(isCovered, { error: 0.125 * (index + 1) }))),
    row(
      { stateId: 2, hasHouse: true, acres: 100, soldAt: start + 122 * 86_400_000 },
      outcome(true, { confidence: 'medium', medianDistanceKm: 50, probabilityBelowPrice: 0.95, error: 0.125 }),
    ),
    row(
      { stateId: 2, hasHouse: true, acres: 100, soldAt: start + 122 * 86_400_000 },
      outcome(false, { confidence: 'medium', medianDistanceKm: 50, probabilityBelowPrice: 0.99, error: 0.5 }),
    ),
    row({}, undefined),
  ]
  const calibration = calibrationOf(rows, start, (stateId) => `State ${stateId}`)!
  const dimension = (name: string) => calibration.dimensions.find((item) => item.name === name)!.groups

  test("is the share of the valued sales whose price the range held, overall and in each group, with each group's median error", () => {
    expect(calibration.sales).toBe(7)
    expect(calibration.coverage).toBeCloseTo(5 / 7, 10)
    expect(dimension('Confidence label')).toEqual([
      { label: 'High confidence', sales: 5, coverage: 0.8, medianError: 0.375 },
      { label: 'Medium confidence', sales: 2, coverage: 0.5, medianError: 0.3125 },
    ])
    expect(calibration.byState).toEqual([
      { label: 'State 1', sales: 5, coverage: 0.8, medianError: 0.375 },
      { label: 'State 2', sales: 2, coverage: 0.5, medianError: 0.3125 },
    ])
    expect(dimension('Use')).toEqual([{ label: 'Farms', sales: 7, coverage: 5 / 7, medianError: 0.375 }])
    expect(dimension('Size').map((group) => group.label)).toEqual(['5 to 20 acres', '80 to 320 acres'])
    expect(dimension('House').map((group) => [group.label, group.sales])).toEqual([
      ['Land only', 5],
      ['With a house', 2],
    ])
    expect(dimension('Median distance of the comparables').map((group) => group.label)).toEqual(['Up to 15 km', '40 to 80 km'])
    expect(dimension('Time since the cut-off').map((group) => [group.label, group.sales])).toEqual([
      ['First 3 months', 5],
      ['3 to 6 months', 2],
    ])
    expect(calibration.probabilityDeciles).toEqual([0, 0, 0, 0, 0, 5 / 7, 0, 0, 0, 2 / 7])
  })

  test('a county-level range, which rests on no comparable and shows no label, is a group of its own, outside the label target', () => {
    const countyLevel = outcome(false, { basis: 'county', confidence: 'low', medianDistanceKm: null })
    const withCountyLevel = calibrationOf(
      [...[true, true, true, true, false].map((isCovered) => row({}, outcome(isCovered))), row({}, countyLevel), row({}, countyLevel)],
      start,
      (stateId) => `State ${stateId}`,
    )!
    const groupsOf = (name: string) => withCountyLevel.dimensions.find((item) => item.name === name)!.groups
    expect(groupsOf('Confidence label')).toEqual([
      { label: 'High confidence', sales: 5, coverage: 0.8, medianError: 0 },
      { label: 'County-level range', sales: 2, coverage: 0, medianError: 0 },
    ])
    expect(groupsOf('Median distance of the comparables').map((group) => [group.label, group.sales])).toEqual([
      ['Up to 15 km', 5],
      ['County-level range', 2],
    ])
    expect(withCountyLevel.coverage).toBeCloseTo(4 / 7, 10)
    expect(withCountyLevel.targets.labels.isMet).toBe(true)
  })

  test('the targets: every label within 80 ± 4 %, and nine states in ten of those with 30 sales within 80 ± 8 %', () => {
    const group = (label: string, sales: number, coverage: number) => ({ label, sales, coverage, medianError: 0.3 })
    const labels = (...coverages: number[]) => ({ name: 'Confidence label', groups: coverages.map((coverage, index) => group(`label ${index}`, 100, coverage)) })
    const states = (...coverages: number[]) => ({
      name: 'State',
      groups: [...coverages.map((coverage, index) => group(`state ${index}`, 30, coverage)), group('small', 29, 0)],
    })
    const nineOfTen = states(0.72, 0.88, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.6)
    expect(calibrationTargets(labels(0.76, 0.84, 0.8), nineOfTen)).toMatchObject({
      labels: { isMet: true },
      states: { isMet: true, counted: 10, within: 9 },
    })
    expect(calibrationTargets(labels(0.75, 0.8), states(0.8, 0.6))).toMatchObject({ labels: { isMet: false }, states: { isMet: false, counted: 2, within: 1 } })
  })
})

describe('the confidence labels and the range widths, from measured error (issue 36 item 5)', () => {
  // Ninety checks whose error is half their comparables' spread, at distances, counts, adjustments, gaps and house shares that vary.
  const others = (index: number) => ({
    medianDistanceKm: 5 + ((index * 7) % 50),
    comparableCount: 2 + (index % 11),
    grossAdjustment: 0.1 + ((index * 13) % 40) / 100,
    countyGap: ((index * 17) % 30) / 100,
    houseShare: (index % 4) / 10,
  })
  const checks = Array.from({ length: 90 }, (_, index) => {
    const spread = 0.1 + index / 100
    return { spread, ...others(index), logError: spread / 2 }
  })
  const calibration = fitIntervalCalibration(checks)

  test('the fitted error is half the spread, the labels are the thirds of the checks by it, and past the measured distances an estimate is low', () => {
    // The thresholds are the checks' terciles (nearest rank), each counted in the label below it.
    expect(calibration.checks).toEqual({ high: 31, medium: 30, low: 29 })
    const near = { medianDistanceKm: 20, comparableCount: 8, grossAdjustment: 0.3, countyGap: 0.1, houseShare: 0 }
    expect(rangeOf(calibration, { spread: 0.2, ...near })).toEqual({ confidence: 'high', halfWidth: expect.closeTo(0.1, 6) })
    expect(rangeOf(calibration, { spread: 0.5, ...near }).confidence).toBe('medium')
    expect(rangeOf(calibration, { spread: 0.9, ...near })).toEqual({ confidence: 'low', halfWidth: expect.closeTo(0.45, 6) })
    expect(rangeOf(calibration, { ...near, spread: 0.2, medianDistanceKm: 60 }).confidence).toBe('low')
  })

  test('comparables that disagree with the county-level estimate, or had to be adjusted much, make a lower label and a wider range', () => {
    // The same ninety checks, now missing by as much as their comparables disagreed with the county-level estimate (plus a little).
    const byGap = checks.map((check, index) => ({ ...check, logError: 0.02 + check.countyGap * (1 + (index % 3) / 10) }))
    const fitted = fitIntervalCalibration(byGap)
    const parcel = { spread: 0.4, medianDistanceKm: 20, comparableCount: 8, grossAdjustment: 0.3, houseShare: 0 }
    const agreeing = rangeOf(fitted, { ...parcel, countyGap: 0.01 })
    const disagreeing = rangeOf(fitted, { ...parcel, countyGap: 0.28 })
    expect([agreeing.confidence, disagreeing.confidence]).toEqual(['high', 'low'])
    expect(disagreeing.halfWidth).toBeGreaterThan(3 * agreeing.halfWidth)
  })

  test("each label's range holds 80 % of its own checks, whatever the spread says", () => {
    const noisy = checks.map((check, index) => ({ ...check, logError: (check.spread * ((index * 37) % 90)) / 60 }))
    const fitted = fitIntervalCalibration(noisy)
    for (const label of ['high', 'medium', 'low'] as const) {
      const own = noisy.filter((check) => rangeOf(fitted, check).confidence === label)
      const held = own.filter((check) => check.logError <= rangeOf(fitted, check).halfWidth).length
      expect(held / own.length, label).toBeGreaterThanOrEqual(0.8)
      expect(held / own.length, label).toBeLessThan(0.87)
    }
  })

  test('with too few checks nothing is measured: the range is the spread as a normal sigma, and every estimate is low', () => {
    expect(fitIntervalCalibration(checks.slice(0, 59))).toBe(uncalibratedInterval)
    expect(rangeOf(uncalibratedInterval, { ...others(1), spread: 0.2 })).toEqual({ confidence: 'low', halfWidth: z80 * 0.2 })
  })
})

describe('the rolling origins (issue 36 item 4)', () => {
  test('are the starts of the last eight quarters, the last being the quarter of the latest sale', () => {
    const sales = [Date.UTC(2020, 5, 1), Date.UTC(2026, 9, 27)].map((soldAt) => ({ soldAt }) as Sale)
    expect(rollingOrigins(sales).map((origin) => new Date(origin).toISOString().slice(0, 10))).toEqual([
      '2025-01-01',
      '2025-04-01',
      '2025-07-01',
      '2025-10-01',
      '2026-01-01',
      '2026-04-01',
      '2026-07-01',
      '2026-10-01',
    ])
    expect(quarterStart(2026 * 4 + 3)).toBe(Date.UTC(2026, 9, 1))
    expect(rollingOrigins([])).toEqual([])
  })
})
