import { formatCount, formatDollars } from '~/utils/format'
import {
  type ListingPriceContext,
  type PriceContextAreaKind,
  type PriceContextGroup,
  landUseNoun,
  minimumComparables,
  recentSaleYears,
  sizeBandAcres,
} from './price-context'

/**
 * The words and the scale of a listing's price context (issue 19 item 1), from its stored context
 * and its group. Facts and the distribution: where the price per acre sits and by how much, never
 * whether it is too much. Pure module, so every rule is tested without a database.
 */

/** A listing's stored context with its group's counts and samples (price-context.server.ts). */
export type StoredPriceContext = Pick<
  ListingPriceContext,
  'areaKind' | 'landUse' | 'sizeBand' | 'comparables' | 'medianPricePerAcre' | 'pricePerAcre' | 'cheaperComparables'
> &
  Pick<PriceContextGroup, 'forSale' | 'sold' | 'forSaleSample' | 'soldSample'>

/** The places a context may name: the listing's county, region (if any) and state, as the page writes them. */
interface ContextAreaNames {
  county: string
  region: string | null
  state: string
}

/** Why a listing is shown without a comparison. */
export type NoVerdictReason = 'auction' | 'no-price'

export interface PriceScale {
  /** Positions from 0 to 1 along the scale (log of the price per acre). */
  forSale: number[]
  sold: number[]
  median: number
  listing: number | null
  /** The scale's ends and middle, in dollars an acre. */
  lowLabel: string
  medianLabel: string
  highLabel: string
}

export interface PriceContextView {
  /** The main sentence: the listing against the median, or the median alone without a verdict. */
  sentence: string
  /** Which comparables: how many for sale, how many sold, and what makes them comparable. */
  comparablesNote: string
  /** Said when thin data made the context fall back to the region or the state. */
  fallbackNote: string | null
  scale: PriceScale
  /** The scale in words, for screen readers and crawlers. */
  scaleText: string
}

/** Within this share of the median, a price is said to be about the median. */
const aboutTheMedianShare = 0.03

// One formatter: toLocaleString with options builds a new one per call (about 20 µs each, on every listing page).
const bandAcres = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 })

const sizeWords = (band: number) => {
  const [from, to] = sizeBandAcres(band)
  return `${bandAcres.format(from)} to ${bandAcres.format(to)} acres`
}

function areaName(names: ContextAreaNames, kind: PriceContextAreaKind) {
  if (kind === 'county') return names.county
  if (kind === 'region') return names.region ?? names.state
  return names.state
}

function fallbackNoteOf(names: ContextAreaNames, kind: PriceContextAreaKind, what: string) {
  if (kind === 'county') return null
  const thin = kind === 'region' || names.region === null ? names.county : `${names.county} and ${names.region}`
  const has = kind === 'region' || names.region === null ? 'has' : 'have'
  return `${thin} ${has} fewer than ${minimumComparables} other comparable ${what}, so this compares with ${kind === 'state' ? `all of ${names.state}` : names.region}.`
}

function verdictSentence(pricePerAcre: number, median: number, isSold: boolean, what: string, where: string) {
  const share = pricePerAcre / median - 1
  const price = `${isSold ? 'Sold at' : 'Asking'} ${formatDollars(pricePerAcre)} an acre`
  const against = `the median of ${formatDollars(median)} an acre for ${what} in ${where}`
  if (Math.abs(share) < aboutTheMedianShare) return `${price}: about ${against}.`
  return `${price}: ${Math.round(Math.abs(share) * 100)} % ${share < 0 ? 'below' : 'above'} ${against}.`
}

const noVerdictWords: Record<NoVerdictReason, string> = {
  auction: 'This is an auction: its price is set by the bidding, so it is not compared.',
  'no-price': 'The seller gives no price, so it is not compared.',
}

function scaleOf(context: StoredPriceContext): PriceScale {
  const everything = [...context.forSaleSample, ...context.soldSample, context.medianPricePerAcre, ...(context.pricePerAcre === null ? [] : [context.pricePerAcre])]
  const low = Math.min(...everything)
  const high = Math.max(...everything)
  const span = Math.log(high) - Math.log(low)
  const position = (value: number) => (span > 0 ? (Math.log(value) - Math.log(low)) / span : 0.5)
  return {
    forSale: context.forSaleSample.map(position),
    sold: context.soldSample.map(position),
    median: position(context.medianPricePerAcre),
    listing: context.pricePerAcre === null ? null : position(context.pricePerAcre),
    lowLabel: formatDollars(low),
    medianLabel: formatDollars(context.medianPricePerAcre),
    highLabel: formatDollars(high),
  }
}

/**
 * The context's words and scale. `noVerdict` says why a listing is not compared (an auction, no
 * price); `isSold` that its figure is what it sold for.
 */
export function priceContextView(
  context: StoredPriceContext,
  names: ContextAreaNames,
  { noVerdict, isSold }: { noVerdict: NoVerdictReason | null; isSold: boolean },
): PriceContextView {
  const what = `${landUseNoun(context.landUse)} of ${sizeWords(context.sizeBand)}`
  const where = areaName(names, context.areaKind)
  const median = context.medianPricePerAcre
  const compared = noVerdict === null ? context.pricePerAcre : null
  const sentence =
    compared === null
      ? `${noVerdict ? `${noVerdictWords[noVerdict]} ` : ''}Comparable ${what} in ${where} have a median of ${formatDollars(median)} an acre.`
      : verdictSentence(compared, median, isSold, what, where)
  const comparablesNote = `Comparable land there (the same use and size): ${formatCount(context.forSale, 'listing')} for sale and ${formatCount(context.sold, 'sale')} in the last ${recentSaleYears} years.`
  const scale = scaleOf({ ...context, pricePerAcre: compared })
  const range = `from ${scale.lowLabel} to ${scale.highLabel} an acre, median ${scale.medianLabel}`
  const place =
    compared === null || context.cheaperComparables === null
      ? ''
      : ` This listing, at ${formatDollars(compared)} an acre, costs more per acre than ${context.cheaperComparables} of the ${context.comparables} others.`
  return {
    sentence,
    comparablesNote,
    fallbackNote: fallbackNoteOf(names, context.areaKind, landUseNoun(context.landUse)),
    scale,
    scaleText: `Price per acre of comparable ${what} in ${where}, ${range}.${place}`,
  }
}
