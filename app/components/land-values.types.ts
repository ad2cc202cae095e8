import type { Breadcrumb } from '~/components/breadcrumbs'
import type { TrendChartSeries } from '~/components/price-trend-chart'
import type { TypeFigure, YearFigure } from '~/models/valuation/price-trends'
import type { SalesProvenance } from '~/models/listings/sale-price-source'
import type { UsdaStateLandValues } from '~/models/places/usda-land-values'

/** A place's headline figures: what its land sold for, and what the land for sale there asks. */
export interface LandValueFigures {
  sales: number
  /** Median sold price per acre over every sale; null when the place has too few sales to say. */
  soldPerAcre: number | null
  recentSales: number
  /** The same over the last twelve months, when they have enough sales. */
  recentSoldPerAcre: number | null
  /** Active listings, and their median asking price per acre (null without a priced one). */
  listings: number
  askingPerAcre: number | null
}

/** A place one step down (a state, region or county), linked to its own land value page. */
export interface LandValuePlaceRow extends LandValueFigures {
  name: string
  href: string
}

export interface LinkOut {
  label: string
  href: string
}

/** A land value page of AcreWorth (issue 16 §5): the country, a state, a region or a county. */
export interface LandValuesPageData {
  /** 'Travis County, TX Land Values 2026': the title and the heading. */
  title: string
  description: string
  canonicalPath: string
  /** A county or region with too few sales to say what its land is worth. */
  noindex: boolean
  hasTooFewSales: boolean
  breadcrumbs: Breadcrumb[]
  /** 'Travis County, TX', 'the United States'. */
  placeName: string
  /** The first year the sales cover (null without any sales): 'since 2019'. */
  firstYear: number | null
  figures: LandValueFigures
  /** On which kind of sales the figures rest (issue 36 item 1): the whole site's sales, as the trends are read. */
  salesProvenance: SalesProvenance
  /** USDA NASS's figures for the place's state (dollars an acre); null on the national page and for the states NASS does not survey. */
  usda: ({ stateName: string; survey: string; year: number } & UsdaStateLandValues) | null
  chart: { title: string; series: TrendChartSeries[] }
  years: YearFigure[]
  /** The kinds of land sold most, each with its search on the land site. */
  topTypes: (TypeFigure & { searchHref: string })[]
  /** The land site's name and its searches of this place: for sale, sold. */
  landSiteName: string
  searches: LinkOut[]
  childGroups: { heading: string; places: LandValuePlaceRow[] }[]
}
