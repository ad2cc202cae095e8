import { distanceKilometres } from '~/models/geo/shapes'
import { groupBy } from '~/utils/group-by'
import { leastSquares } from '~/utils/least-squares'
import { median } from '~/utils/statistics'
import { type Parcel, type Sale, featureBits, landUseOf, quarterOf } from './valuation-model'

/**
 * Fair baselines for AcreWorth's backtest (issue 36 item 3): two ways of valuing land that a
 * competent analyst would try first, fitted on the same training sales as the model. Beating a
 * county median by 50 points says little; beating these says what the model's comparables and
 * adjustments add.
 */

/** A way of valuing a parcel fitted on training sales; undefined where it cannot value the parcel. */
export type BaselineValuer = (parcel: Parcel) => number | undefined

/**
 * (a) A log-linear hedonic regression: the log of the price on the log of the acres, the land's use,
 * its features, a house (and the log of its size), the state and the quarter of the sale, by least
 * squares; then each county's mean residual, shrunk toward nothing as the model's county levels
 * are (a county of five sales moves halfway). A parcel is valued at the last quarter of the
 * training sales: the regression does not extrapolate a trend.
 */
export function fitHedonicBaseline(training: readonly Sale[]): BaselineValuer {
  const states = [...new Set(training.map((sale) => sale.stateId))].sort((a, b) => a - b)
  const uses = [...new Set(training.map((sale) => landUseOf(sale.propertyTypes)))].sort((a, b) => a - b)
  const quarters = [...new Set(training.map((sale) => quarterOf(sale.soldAt)))].sort((a, b) => a - b)
  const lastQuarter = quarters.at(-1)!
  const stateColumn = new Map(states.map((state, index) => [state, index]))
  // One dummy fewer than there are uses and quarters: the first of each is the state's level.
  const useColumn = new Map(uses.slice(1).map((use, index) => [use, states.length + index]))
  const quarterColumn = new Map(quarters.slice(1).map((quarter, index) => [quarter, states.length + uses.length - 1 + index]))
  const otherColumns = states.length + uses.length - 1 + quarters.length - 1
  const columnCount = otherColumns + 6

  const row = (parcel: Parcel, quarter: number) => {
    const values = new Float64Array(columnCount)
    const state = stateColumn.get(parcel.stateId)
    if (state !== undefined) values[state] = 1
    const use = useColumn.get(landUseOf(parcel.propertyTypes))
    if (use !== undefined) values[use] = 1
    const time = quarterColumn.get(quarter)
    if (time !== undefined) values[time] = 1
    values[otherColumns] = Math.log(parcel.acres)
    values[otherColumns + 1] = parcel.features & featureBits.waterfront ? 1 : 0
    values[otherColumns + 2] = parcel.features & featureBits.mineralRights ? 1 : 0
    values[otherColumns + 3] = parcel.features & featureBits.ownerFinancing ? 1 : 0
    values[otherColumns + 4] = parcel.hasHouse ? 1 : 0
    values[otherColumns + 5] = parcel.hasHouse && parcel.squareFeet ? Math.log(parcel.squareFeet) : 0
    return values
  }

  // Each sale's row is made where it is needed rather than kept: rows of about 110 columns for every training sale would hold tens of MB.
  const saleRow = (sale: Sale) => row(sale, quarterOf(sale.soldAt))
  const coefficients = leastSquares(
    columnCount,
    (function* () {
      for (const sale of training) yield [saleRow(sale), Math.log(sale.price)] as const
    })(),
  )
  const predict = (values: Float64Array) => values.reduce((total, value, index) => total + value * coefficients[index]!, 0)
  const residualsByCounty = new Map<number, { sum: number; count: number }>()
  training.forEach((sale) => {
    const county = residualsByCounty.get(sale.countyId) ?? { sum: 0, count: 0 }
    county.sum += Math.log(sale.price) - predict(saleRow(sale))
    county.count += 1
    residualsByCounty.set(sale.countyId, county)
  })
  const countyLevels = new Map([...residualsByCounty].map(([countyId, { sum, count }]) => [countyId, sum / (count + countyPrior)]))
  return (parcel) => (stateColumn.has(parcel.stateId) ? Math.exp(predict(row(parcel, lastQuarter)) + (countyLevels.get(parcel.countyId) ?? 0)) : undefined)
}

/** A county's mean residual counts as this many more sales at zero, as the model's county levels do. */
const countyPrior = 5
/** How many of the nearest sales the comparables baseline takes. */
const nearestCount = 8
/** The grid the nearest sales are looked up in, in degrees: about 55 km a cell. */
const cellDegrees = 0.5
const cellKeyOf = (row: number, column: number) => row * 10_000 + column
const cellKey = (latitude: number, longitude: number) => cellKeyOf(Math.floor(latitude / cellDegrees), Math.floor(longitude / cellDegrees))

/**
 * (b) Unadjusted nearest comparables: the median price per acre of the 8 nearest training sales of
 * the same use, times the acres; nothing is adjusted for size, features, a house or time. Sales are
 * found on a grid, ring by ring, until 8 are in reach of the nearest ring's far edge.
 */
export function fitNearestComparablesBaseline(training: readonly Sale[]): BaselineValuer {
  const cellsByUse = new Map(
    [...groupBy(training, (sale) => landUseOf(sale.propertyTypes))].map(([use, sales]) => [use, groupBy(sales, (sale) => cellKey(sale.latitude, sale.longitude))]),
  )
  return (parcel) => {
    const cells = cellsByUse.get(landUseOf(parcel.propertyTypes))
    if (!cells) return undefined
    const row = Math.floor(parcel.latitude / cellDegrees)
    const column = Math.floor(parcel.longitude / cellDegrees)
    const found: { distance: number; perAcre: number }[] = []
    // A sale in ring r + 1 or beyond is at least r cells away: once 8 are nearer than that, no other is nearer.
    for (let ring = 0; ring <= 40; ring++) {
      for (let dRow = -ring; dRow <= ring; dRow++) {
        // The ring's cells: its top and bottom rows whole, its other rows at their two ends.
        const step = Math.abs(dRow) === ring ? 1 : Math.max(1, 2 * ring)
        for (let dColumn = -ring; dColumn <= ring; dColumn += step) {
          for (const sale of cells.get(cellKeyOf(row + dRow, column + dColumn)) ?? []) {
            found.push({ distance: distanceKilometres(parcel, sale), perAcre: sale.price / sale.acres })
          }
        }
      }
      const reach = ring * cellDegrees * kilometresPerDegreeNorth * Math.cos((Math.abs(parcel.latitude) + (ring + 1) * cellDegrees) * (Math.PI / 180))
      if (found.filter((sale) => sale.distance <= reach).length >= nearestCount) break
    }
    if (found.length === 0) return undefined
    const nearest = found.sort((a, b) => a.distance - b.distance).slice(0, nearestCount)
    return median(nearest.map((sale) => sale.perAcre)) * parcel.acres
  }
}

const kilometresPerDegreeNorth = 111.2
