import type { Kysely } from 'kysely'
import { redirect } from 'react-router'
import type { Database } from '~/models/db/db-schema'
import { type Gazetteer, findPlaceById, findState, loadGazetteer, resolvePlaceToken } from '~/models/places/gazetteer.server'
import { usdaLandValues2025, usdaLandValuesSurvey } from '~/models/places/usda-land-values'
import { type HierarchyPlace, marketPlaceOf, placeGroupsWithin, placeNameOf, placeTrailTo, searchCriteriaOf } from '~/models/places/landing-places.server'
import { type MarketSnapshot, marketSnapshot, marketStatsOf } from '~/models/places/market-stats.server'
import type { SearchCriteria } from '~/models/search/search-criteria'
import { type PriceTrend, hasTooFewSalesToIndex } from '~/models/valuation/price-trends'
import { salesProvenance } from '~/models/valuation/valuation-sales.server'
import { type PriceTrends, priceTrends, trendOf } from '~/models/valuation/price-trends.server'
import { siteOrigin } from '~/sites/site-origin.server'
import { landSite } from '~/sites/land'
import { landValuesPath } from '~/models/valuation/land-values-path'
import { buildSearchPath } from '~/models/search/search-path'
import type { SiteProfile } from '~/models/sites/site-profile'
import { formatCount, formatDollars } from '~/utils/format'
import { requestIsForPath } from '~/http/requested-path.server'

/**
 * AcreWorth's land value pages (issue 16 §5), for crawlers and for anyone asking what land goes
 * for in a place: what it sold for by quarter and year, what land for sale asks, the kinds of
 * land sold, the places within, and the matching searches on the land site. Only the valuation
 * site has them; a token that names no state, county or region is the site's 404.
 */
const notFound = () => new Response('Not Found', { status: 404 })

/** The place the path's tokens name, whatever their case: the country, a state, or a county or region within it. */
function resolveLandValuesPlace(gazetteer: Gazetteer, stateToken: string | undefined, placeToken: string | undefined): HierarchyPlace | undefined {
  if (stateToken === undefined) return { kind: 'national' }
  const state = findState(gazetteer, stateToken.toLowerCase())
  if (!state) return undefined
  if (placeToken === undefined) return { kind: 'state', state }
  const found = resolvePlaceToken(gazetteer, state.id, placeToken.toLowerCase())
  if (found?.kind !== 'county' && found?.kind !== 'region') return undefined
  const place = findPlaceById(gazetteer, found.kind, found.id)
  return place && { kind: found.kind, place, state }
}

function landValuesPathOf(place: HierarchyPlace) {
  if (place.kind === 'national') return landValuesPath()
  return place.kind === 'state' ? landValuesPath(place.state.token) : landValuesPath(place.state.token, place.place.token)
}

/** The place a county or region is charted beside: its state; a state's is the country. */
function parentOf(place: Exclude<HierarchyPlace, { kind: 'national' }>): HierarchyPlace {
  return place.kind === 'state' ? { kind: 'national' } : { kind: 'state', state: place.state }
}

/** USDA's own figures for the place's state: the one real measure of its land's worth the site holds (issue 36 item 2). */
function usdaFiguresOf(place: HierarchyPlace) {
  if (place.kind === 'national') return null
  const figures = usdaLandValues2025.get(place.state.abbreviation)
  return figures ? { stateName: place.state.name, survey: usdaLandValuesSurvey.name, year: usdaLandValuesSurvey.year, ...figures } : null
}

/** 'the United States' reads in a sentence; 'United States' heads a chart's legend. */
const placeInSentence = (place: HierarchyPlace) => (place.kind === 'national' ? 'the United States' : placeNameOf(place))

/** A place's headline figures: what its land sold for, and what the land for sale there asks. */
export type LandValueFigures = ReturnType<typeof figuresOf>

/** A place's figures; its sold medians are left out when it has too few sales to say anything. */
function figuresOf(trend: PriceTrend, snapshot: MarketSnapshot, place: HierarchyPlace) {
  const isThin = hasTooFewSalesToIndex(trend)
  const asking = marketStatsOf(snapshot, marketPlaceOf(place))
  return {
    sales: trend.sales,
    /** Median sold price per acre over every sale; null when the place has too few sales to say. */
    soldPerAcre: isThin ? null : trend.perAcre,
    recentSales: trend.recentSales,
    /** The same over the last twelve months, when they have enough sales. */
    recentSoldPerAcre: isThin ? null : trend.recentPerAcre,
    /** Active listings, and their median asking price per acre (null without a priced one). */
    listings: asking.listings,
    askingPerAcre: asking.medianPricePerAcre,
  }
}

/** Whether a place's land value page is indexed: a county or region needs enough sales to say something (decision 0062). */
const isIndexedPlace = (place: HierarchyPlace, trend: PriceTrend) => (place.kind !== 'county' && place.kind !== 'region') || !hasTooFewSalesToIndex(trend)

/**
 * The places one step down, each with its figures, and its page when that is indexed: the
 * states; a state's regions and counties; a region's counties. A thin county's page is noindex,
 * so its row names it without a link (decision 0062).
 */
function childGroups(gazetteer: Gazetteer, trends: PriceTrends, snapshot: MarketSnapshot, place: HierarchyPlace) {
  const row = (name: string, child: HierarchyPlace) => {
    const trend = trendOf(trends, marketPlaceOf(child))
    return { name, href: isIndexedPlace(child, trend) ? landValuesPathOf(child) : null, ...figuresOf(trend, snapshot, child) }
  }
  if (place.kind === 'national') return [{ heading: 'Land values by state', places: gazetteer.states.map((state) => row(state.name, { kind: 'state', state })) }]
  return placeGroupsWithin(gazetteer, place).map((group) => ({ heading: group.heading, places: group.places.map((child) => row(child.place.name, child)) }))
}

/** 'Land in Texas sold for a median $3,150 an acre over 87 sales since 2019. Land for sale there asks …' */
function pageDescription(placeName: string, figures: LandValueFigures, firstYear: number | null) {
  const asking = figures.askingPerAcre === null ? '' : ` Land for sale there asks a median ${formatDollars(figures.askingPerAcre)} an acre.`
  const sold =
    figures.soldPerAcre === null
      ? `Too few sales of land in ${placeName} to say what it is worth (${formatCount(figures.sales, 'sale')} on record).`
      : `Land in ${placeName} sold for a median ${formatDollars(figures.soldPerAcre)} an acre over ${formatCount(figures.sales, 'sale')} since ${firstYear}.`
  return `${sold}${asking} Prices by quarter and year, and the kinds of land sold.`
}

/** A search of the land site for the place, at the land site's own origin. */
function landSearchHref(request: Request, criteria: SearchCriteria) {
  return `${siteOrigin(landSite)}${buildSearchPath(landSite, criteria)}`
}

/** A land value page of AcreWorth (issue 16 §5): the country, a state, a region or a county. */
export type LandValuesPageData = Awaited<ReturnType<typeof loadLandValuesPage>>

export async function loadLandValuesPage(db: Kysely<Database>, site: SiteProfile, request: Request, tokens: { state?: string; place?: string }) {
  if (!site.features.valuation) throw notFound()
  const gazetteer = await loadGazetteer(db)
  const place = resolveLandValuesPlace(gazetteer, tokens.state, tokens.place)
  if (!place) throw notFound()
  const canonicalPath = landValuesPathOf(place)
  if (!requestIsForPath(request, canonicalPath)) throw redirect(canonicalPath, 301)
  const [trends, snapshot, provenance] = await Promise.all([priceTrends(db), marketSnapshot(db, site.listingScopeBits), salesProvenance(db)])
  const trend = trendOf(trends, marketPlaceOf(place))
  const figures = figuresOf(trend, snapshot, place)
  const placeName = placeInSentence(place)
  const year = new Date().getUTCFullYear()
  const firstYear = trend.years[0]?.year ?? null
  const title = `${place.kind === 'national' ? 'US' : placeNameOf(place)} Land Values ${year}`
  const chartPlaces = place.kind === 'national' ? [place] : [place, parentOf(place)]
  const criteria = searchCriteriaOf(place)
  return {
    /** 'Travis County, TX Land Values 2026': the title and the heading. */
    title,
    description: pageDescription(placeName, figures, firstYear),
    canonicalPath,
    // A thin state's page stays indexed: its table of counties still leads somewhere.
    noindex: !isIndexedPlace(place, trend),
    /** A county or region with too few sales to say what its land is worth. */
    hasTooFewSales: hasTooFewSalesToIndex(trend),
    breadcrumbs: placeTrailTo(gazetteer, place, landValuesPathOf),
    /** 'Travis County, TX', 'the United States'. */
    placeName,
    /** The first year the sales cover (null without any sales): 'since 2019'. */
    firstYear,
    figures,
    /** On which kind of sales the figures rest (issue 36 item 1): the whole site's sales, as the trends are read. */
    salesProvenance: provenance,
    /** USDA NASS's figures for the place's state (dollars an acre); null on the national page and for the states NASS does not survey. */
    usda: usdaFiguresOf(place),
    chart: {
      title: 'Median price per acre of land sold, by quarter',
      series: chartPlaces.map((chartPlace) => ({ label: placeNameOf(chartPlace), points: trendOf(trends, marketPlaceOf(chartPlace)).quarters })),
    },
    years: trend.years,
    /** The kinds of land sold most, each with its search on the land site. */
    topTypes: trend.topTypes.map((type) => ({ ...type, searchHref: landSearchHref(request, { ...criteria, propertyTypes: [type.key] }) })),
    /** The land site's name and its searches of this place: for sale, sold. */
    landSiteName: landSite.name,
    searches: [
      { label: `Land for sale in ${placeName}`, href: landSearchHref(request, criteria) },
      { label: `Land sold in ${placeName}`, href: landSearchHref(request, { ...criteria, marketStatuses: ['sold'] }) },
    ],
    childGroups: childGroups(gazetteer, trends, snapshot, place),
  }
}
