import type { PropertyTypeKey } from '~/models/search/search-options'
import { draftPropertyTypeOptions } from '~/models/sellers/listing-draft-fields'
import { groupBy } from '~/utils/group-by'
import { median } from '~/utils/statistics'
import { type Sale, quarterOf } from './valuation-model'

/**
 * What land sold for in a place (issue 16 §5, the land value pages): the median price per acre by
 * quarter and by year, overall and over the last twelve months, and the kinds of land that sold.
 * Pure: the sales are read elsewhere, and a place's trend is computed from its own sales alone.
 */
export type TrendSale = Pick<Sale, 'price' | 'acres' | 'soldAt' | 'propertyTypes'>

/** A median of fewer sales than this is one or two parcels' prices, not a market's: it is left out (a gap in the chart). */
export const minimumSalesPerMedian = 3

/**
 * A county or region with fewer sales than this has too few to say what its land is worth: its
 * page says so and asks not to be indexed, and the sitemap leaves it out. Below ten, one sale more
 * or less moves the median a long way (the middle of five sales is whichever parcel happened to
 * sell), so a page of figures would mislead its readers and search engines alike.
 */
export const minimumSalesToIndex = 10

export const hasTooFewSalesToIndex = (trend: Pick<PriceTrend, 'sales'>) => trend.sales < minimumSalesToIndex

const yearMilliseconds = 365.25 * 86_400_000
const topTypeCount = 5

/** The quarters the sales cover, as `quarterOf` numbers: every place's trend runs over the same span, so charts line up. */
export interface TrendSpan {
  firstQuarter: number
  lastQuarter: number
}

export interface QuarterFigure {
  /** '2024 Q3'. */
  quarter: string
  /** Whole dollars; null when the quarter had fewer than `minimumSalesPerMedian` sales. */
  perAcre: number | null
}

export interface YearFigure {
  year: number
  sales: number
  perAcre: number | null
}

export interface TypeFigure {
  key: PropertyTypeKey
  label: string
  sales: number
  perAcre: number | null
}

export interface PriceTrend {
  sales: number
  /** Median over every sale, whole dollars per acre. */
  perAcre: number | null
  /** Sales of the twelve months before the trend was computed, and their median. */
  recentSales: number
  recentPerAcre: number | null
  quarters: QuarterFigure[]
  years: YearFigure[]
  /** The kinds of land sold most often (single property types, so none counts another's sales twice), most first. */
  topTypes: TypeFigure[]
}

export const quarterLabel = (quarter: number) => `${Math.floor(quarter / 4)} Q${(quarter % 4) + 1}`

/** The span of the quarters `sales` fall in; undefined without sales. */
export function trendSpanOf(sales: readonly Pick<TrendSale, 'soldAt'>[]): TrendSpan | undefined {
  if (sales.length === 0) return undefined
  let first = Infinity
  let last = -Infinity
  for (const sale of sales) {
    const quarter = quarterOf(sale.soldAt)
    first = Math.min(first, quarter)
    last = Math.max(last, quarter)
  }
  return { firstQuarter: first, lastQuarter: last }
}

/** Whole dollars per acre of some sales, or null when they are too few to say. */
function medianPerAcre(sales: readonly TrendSale[]) {
  return sales.length < minimumSalesPerMedian ? null : Math.round(median(sales.map((sale) => sale.price / sale.acres)))
}

/** A place's trend from its sales, over `span` (the whole data's); `now` starts the last twelve months. */
export function priceTrendOf(sales: readonly TrendSale[], span: TrendSpan | undefined, now: number): PriceTrend {
  const byQuarter = groupBy(sales, (sale) => quarterOf(sale.soldAt))
  const quarters: QuarterFigure[] = []
  const years: YearFigure[] = []
  if (span) {
    for (let quarter = span.firstQuarter; quarter <= span.lastQuarter; quarter++) {
      quarters.push({ quarter: quarterLabel(quarter), perAcre: medianPerAcre(byQuarter.get(quarter) ?? []) })
    }
    const byYear = groupBy(sales, (sale) => new Date(sale.soldAt).getUTCFullYear())
    for (let year = Math.floor(span.firstQuarter / 4); year <= Math.floor(span.lastQuarter / 4); year++) {
      const yearSales = byYear.get(year) ?? []
      years.push({ year, sales: yearSales.length, perAcre: medianPerAcre(yearSales) })
    }
  }
  const recent = sales.filter((sale) => sale.soldAt > now - yearMilliseconds)
  const topTypes = draftPropertyTypeOptions
    .map((option) => {
      const typeSales = sales.filter((sale) => (sale.propertyTypes & option.bits) !== 0)
      return { key: option.key, label: option.label, sales: typeSales.length, perAcre: medianPerAcre(typeSales) }
    })
    .filter((type) => type.sales > 0)
    .sort((a, b) => b.sales - a.sales)
    .slice(0, topTypeCount)
  return { sales: sales.length, perAcre: medianPerAcre(sales), recentSales: recent.length, recentPerAcre: medianPerAcre(recent), quarters, years, topTypes }
}
