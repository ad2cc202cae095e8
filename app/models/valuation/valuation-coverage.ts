import { propertyTypeOptions } from '~/models/search/search-options'
import type { BacktestRow, ModelOutcome } from './valuation-backtest'
import { confidenceLabels } from './valuation-calibration'
import { landUseOf } from './valuation-model'
import { median } from '~/utils/statistics'

/**
 * Whether AcreWorth's 80 % ranges mean what they say (issue 36 item 5): the share of held-out
 * sales whose price fell inside the range, by confidence label, state, use, size, house, the
 * distance of the comparables and the time since the cut-off (a county-level range, which rests
 * on no comparable and shows no label, is a group of its own in the label and distance tables); where the prices fell in the
 * predicted distributions (a PIT histogram); and whether the published targets are met.
 */

export interface CoverageGroup {
  label: string
  sales: number
  /** The share of those sales whose price the 80 % range held. */
  coverage: number
  /** The median absolute error as a share of the price: a label means something when 'High' misses by less than 'Low'. */
  medianError: number
}

export interface CoverageDimension {
  name: string
  groups: CoverageGroup[]
}

export interface CalibrationTargets {
  /** Each label's coverage within 80 ± 4 %. */
  labels: { isMet: boolean; tolerance: number }
  /** At least 90 % of the states with `minimumStateSales` or more held-out sales within 80 ± 8 %. */
  states: { isMet: boolean; tolerance: number; minimumStateSales: number; counted: number; within: number }
}

export interface Calibration {
  sales: number
  coverage: number
  /** By label, use, size, house, distance and horizon. */
  dimensions: CoverageDimension[]
  /** By state, in the states' alphabetical order. */
  byState: CoverageGroup[]
  /** The share of sales whose price fell in each tenth of its predicted distribution: a tenth each when the ranges are right. */
  probabilityDeciles: number[]
  targets: CalibrationTargets
}

/** The bands a figure falls in: each band is named by its upper bound's label, the last one open. */
const bandOf = (value: number, bands: readonly (readonly [upTo: number, label: string])[], beyond: string) => bands.find(([upTo]) => value <= upTo)?.[1] ?? beyond

const sizeBands = [
  [5, 'Up to 5 acres'],
  [20, '5 to 20 acres'],
  [80, '20 to 80 acres'],
  [320, '80 to 320 acres'],
] as const
const distanceBands = [
  [15, 'Up to 15 km'],
  [40, '15 to 40 km'],
  [80, '40 to 80 km'],
  [160, '80 to 160 km'],
] as const
const monthMs = (365.25 / 12) * 86_400_000
const horizonBands = [
  [3, 'First 3 months'],
  [6, '3 to 6 months'],
  [12, '6 to 12 months'],
] as const
const confidenceNames = { high: 'High confidence', medium: 'Medium confidence', low: 'Low confidence' } as const
const countyLevelName = 'County-level range'

const labelTolerance = 0.04
const stateTolerance = 0.08
const minimumStateSales = 30
const nominalCoverage = 0.8

type Valued = { row: BacktestRow; outcome: ModelOutcome }

/** Groups in the order `order` gives (else by their first appearance). */
function coverageBy(valued: readonly Valued[], name: string, labelOf: (item: Valued) => string, order: readonly string[] = []): CoverageDimension {
  const groups = new Map<string, { covered: number; errors: number[] }>(order.map((label) => [label, { covered: 0, errors: [] }]))
  for (const item of valued) {
    const label = labelOf(item)
    const group = groups.get(label) ?? { covered: 0, errors: [] }
    group.errors.push(item.outcome.error)
    if (item.outcome.isCovered) group.covered += 1
    groups.set(label, group)
  }
  return {
    name,
    groups: [...groups]
      .filter(([, group]) => group.errors.length > 0)
      .map(([label, group]) => ({ label, sales: group.errors.length, coverage: group.covered / group.errors.length, medianError: median(group.errors) })),
  }
}

/** The share of `probabilities` (each 0 to 1) in each tenth. */
export function decileShares(probabilities: readonly number[]) {
  const counts = Array.from({ length: 10 }, () => 0)
  for (const probability of probabilities) counts[Math.min(9, Math.floor(probability * 10))]! += 1
  return counts.map((count) => (probabilities.length === 0 ? 0 : count / probabilities.length))
}

/** Whether the coverage by label and by state meets the targets of issue 36 item 5 (the county-level range carries no label, so no label target). */
export function calibrationTargets(byLabel: CoverageDimension, byState: CoverageDimension): CalibrationTargets {
  const isWithin = (group: CoverageGroup, tolerance: number) => Math.abs(group.coverage - nominalCoverage) <= tolerance + 1e-9
  const counted = byState.groups.filter((group) => group.sales >= minimumStateSales)
  const within = counted.filter((group) => isWithin(group, stateTolerance)).length
  const labelled = byLabel.groups.filter((group) => group.label !== countyLevelName)
  return {
    labels: { isMet: labelled.length > 0 && labelled.every((group) => isWithin(group, labelTolerance)), tolerance: labelTolerance },
    states: { isMet: counted.length > 0 && within >= 0.9 * counted.length, tolerance: stateTolerance, minimumStateSales, counted: counted.length, within },
  }
}

/** The model's ranges over the backtest's held-out `rows` (`cutoff` the start of the held-out sales); null when it valued none. */
export function calibrationOf(rows: readonly BacktestRow[], cutoff: number, stateName: (stateId: number) => string): Calibration | null {
  const valued = rows.flatMap((row) => (row.model ? [{ row, outcome: row.model }] : []))
  if (valued.length === 0) return null
  const useName = (propertyTypes: number) => propertyTypeOptions.find((option) => option.bits === landUseOf(propertyTypes))?.label ?? 'No use given'
  const byLabel = coverageBy(valued, 'Confidence label', (item) => (item.outcome.basis === 'county' ? countyLevelName : confidenceNames[item.outcome.confidence]), [
    ...confidenceLabels.map((label) => confidenceNames[label]),
    countyLevelName,
  ])
  const byState = coverageBy(valued, 'State', (item) => stateName(item.row.sale.stateId))
  byState.groups.sort((a, b) => a.label.localeCompare(b.label))
  return {
    sales: valued.length,
    coverage: valued.filter((item) => item.outcome.isCovered).length / valued.length,
    dimensions: [
      byLabel,
      coverageBy(valued, 'Use', (item) => useName(item.row.sale.propertyTypes)),
      coverageBy(valued, 'Size', (item) => bandOf(item.row.sale.acres, sizeBands, 'Over 320 acres'), [...sizeBands.map(([, label]) => label), 'Over 320 acres']),
      coverageBy(valued, 'House', (item) => (item.row.sale.hasHouse ? 'With a house' : 'Land only'), ['Land only', 'With a house']),
      coverageBy(
        valued,
        'Median distance of the comparables',
        (item) => (item.outcome.medianDistanceKm === null ? countyLevelName : bandOf(item.outcome.medianDistanceKm, distanceBands, 'Over 160 km')),
        [...distanceBands.map(([, label]) => label), 'Over 160 km', countyLevelName],
      ),
      coverageBy(valued, 'Time since the cut-off', (item) => bandOf((item.row.sale.soldAt - cutoff) / monthMs, horizonBands, 'Over 12 months'), [
        ...horizonBands.map(([, label]) => label),
        'Over 12 months',
      ]),
    ],
    byState: byState.groups,
    probabilityDeciles: decileShares(valued.map((item) => item.outcome.probabilityBelowPrice)),
    targets: calibrationTargets(byLabel, byState),
  }
}
