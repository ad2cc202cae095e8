import { type SearchCriteria, defaultMarketStatuses, hasSoldFilters } from './search-criteria'
import { activityOptions, amenityOptions, propertyTypeOptions } from './search-options'
import { searchTypeWords } from './search-seo'
import { formatDollars } from '~/utils/format'

/**
 * A search's filters as removable chips and as one sentence (issue 40, decision 0072): the chips
 * beside the location tags on the results page, each with the search without it; the sentence the
 * location box suggests for what was typed ('Hunting Land in Brewster County, TX under $250,000'),
 * which the sentence parser reads back to the same search.
 */
export interface SearchFilterTag {
  /** 'Hunting Land', 'Under $250,000', 'Under $5,000 an acre', '40+ acres', '“water”'. */
  label: string
  /** How a sentence says it: 'under $250,000', 'over 40 acres', 'with owner financing'. */
  phrase: string
  /** The search without this filter, from its first page. */
  without: SearchCriteria
}

const acresWords = (value: number) => `${value.toLocaleString('en-US')} acres`

function rangeTag(min: number | undefined, max: number | undefined, format: (value: number) => string) {
  if (min !== undefined && max !== undefined) return { label: `${format(min)} to ${format(max)}`, phrase: `${format(min)} to ${format(max)}` }
  if (max !== undefined) return { label: `Under ${format(max)}`, phrase: `under ${format(max)}` }
  if (min !== undefined) return { label: `Over ${format(min)}`, phrase: `over ${format(min)}` }
  return undefined
}

const flagWords = {
  ownerFinancing: ['Owner financing', 'with owner financing'],
  mineralRights: ['Mineral rights', 'with mineral rights'],
  hasVideo: ['Video', 'with video'],
  hasVirtualTour: ['Virtual tour', 'with a virtual tour'],
  belowMedianPricePerAcre: ['Below county median', 'below county median'],
} as const

const dateListedWords = {
  '24-hours': 'listed today',
  '7-days': 'listed in the past week',
  '30-days': 'listed in the past month',
  '60-days': 'listed in the past 60 days',
} as const

const sortWords: Partial<Record<SearchCriteria['sortOrder'], string>> = {
  'price-asc': 'cheapest first',
  'price-desc': 'most expensive first',
  'acres-desc': 'largest first',
  'acres-asc': 'smallest first',
  newest: 'newest first',
  'price-per-acre-asc': 'cheapest per acre first',
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** A sale date bound in words: a whole year as the year ('2024'), another day as 'Mar 5, 2024'. */
function soldDatesPhrase(min: string | undefined, max: string | undefined) {
  const day = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`))
  const yearOf = (date: string | undefined, monthDay: string) => (date?.endsWith(monthDay) ? Number(date.slice(0, 4)) : undefined)
  const [fromYear, untilYear] = [yearOf(min, '-01-01'), yearOf(max, '-12-31')]
  if (min !== undefined && max !== undefined) {
    if (fromYear !== undefined && fromYear === untilYear) return `sold in ${fromYear}`
    return fromYear !== undefined && untilYear !== undefined ? `sold ${fromYear} to ${untilYear}` : `sold ${day(min)} to ${day(max)}`
  }
  if (min !== undefined) return `sold since ${fromYear ?? day(min)}`
  if (max !== undefined) return untilYear !== undefined ? `sold before ${untilYear + 1}` : `sold by ${day(max)}`
  return undefined
}

const capitalized = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`

/** The filters a search sentence can say, in the order a sentence says them; the place is the location tags'. */
export function searchFilterTags(criteria: SearchCriteria): SearchFilterTag[] {
  const tags: SearchFilterTag[] = []
  const add = (label: string, phrase: string, without: Partial<SearchCriteria>) => tags.push({ label, phrase, without: { ...criteria, ...without, page: 1 } })
  for (const key of criteria.propertyTypes) {
    const label = propertyTypeOptions.find((option) => option.key === key)!.label
    add(label, label, { propertyTypes: criteria.propertyTypes.filter((other) => other !== key) })
  }
  if (criteria.customSegment) add(searchTypeWords(criteria.customSegment), searchTypeWords(criteria.customSegment), { customSegment: undefined })
  for (const key of criteria.amenityTypes) {
    const label = amenityOptions.find((option) => option.key === key)!.label
    add(label, label, { amenityTypes: criteria.amenityTypes.filter((other) => other !== key) })
  }
  const isSold = criteria.marketStatuses.length === 1 && criteria.marketStatuses[0] === 'sold'
  if (isSold && !hasSoldFilters(criteria)) add('Sold', 'sold', { marketStatuses: defaultMarketStatuses })
  const price = rangeTag(criteria.priceMin, criteria.priceMax, formatDollars)
  if (price) add(price.label, price.phrase, { priceMin: undefined, priceMax: undefined })
  const pricePerAcre = rangeTag(criteria.pricePerAcreMin, criteria.pricePerAcreMax, formatDollars)
  if (pricePerAcre) {
    // A sentence says a range of rates with 'at' ('Ranches in Texas at $1,000 to $5,000 an acre'), a bound as 'under $5,000 an acre'.
    const at = criteria.pricePerAcreMin !== undefined && criteria.pricePerAcreMax !== undefined ? 'at ' : ''
    add(`${pricePerAcre.label} an acre`, `${at}${pricePerAcre.phrase} an acre`, { pricePerAcreMin: undefined, pricePerAcreMax: undefined })
  }
  const soldPrice = rangeTag(criteria.salesPriceMin, criteria.salesPriceMax, formatDollars)
  if (soldPrice)
    add(`Sold ${soldPrice.phrase}`, `sold ${soldPrice.phrase}`, { salesPriceMin: undefined, salesPriceMax: undefined, marketStatuses: defaultMarketStatuses })
  const soldDates = soldDatesPhrase(criteria.soldDateMin, criteria.soldDateMax)
  // Without its dates the search is still of sold land, as the buyer asked.
  if (soldDates) add(capitalized(soldDates), soldDates, { soldDateMin: undefined, soldDateMax: undefined, marketStatuses: ['sold'] })
  const acres = rangeTag(criteria.acresMin, criteria.acresMax, acresWords)
  if (acres)
    add(criteria.acresMax === undefined ? `${criteria.acresMin!.toLocaleString('en-US')}+ acres` : acres.label, acres.phrase, {
      acresMin: undefined,
      acresMax: undefined,
    })
  if (criteria.hasHouse !== null)
    add(criteria.hasHouse ? 'With a house' : 'Without a house', criteria.hasHouse ? 'with a house' : 'without a house', { hasHouse: null })
  for (const [field, [label, phrase]] of Object.entries(flagWords)) {
    if (criteria[field as keyof typeof flagWords]) add(label, phrase, { [field]: false })
  }
  if (criteria.transactionTypes.includes('auction'))
    add('Auctions', 'at auction', { transactionTypes: criteria.transactionTypes.filter((type) => type !== 'auction') })
  for (const key of criteria.activityTypes) {
    const label = activityOptions.find((option) => option.key === key)!.label
    add(`For ${label.toLowerCase()}`, `for ${label.toLowerCase()}`, { activityTypes: criteria.activityTypes.filter((other) => other !== key) })
  }
  if (criteria.dateListed !== 'any') add(capitalized(dateListedWords[criteria.dateListed]), dateListedWords[criteria.dateListed], { dateListed: 'any' })
  if (criteria.priceChangeType === 'reduction' && criteria.priceChangeLookback === 30)
    add('Price reduced', 'price reduced', { priceChangeType: 'none', priceChangeLookback: 0 })
  const sort = sortWords[criteria.sortOrder]
  if (sort) add(capitalized(sort), sort, { sortOrder: 'default' })
  if (criteria.keywordQuery) add(`“${criteria.keywordQuery}”`, `"${criteria.keywordQuery}"`, { keywordQuery: undefined })
  return tags
}

/**
 * The search as one sentence, its place given by the caller ('Brewster County, TX', 'near Austin, TX'):
 * 'Hunting Land in Brewster County, TX under $250,000 with owner financing "water"'.
 */
export function searchSentence(criteria: SearchCriteria, place: string | undefined): string {
  const tags = searchFilterTags(criteria)
  const isKind = (tag: SearchFilterTag) => tag.phrase === tag.label && /^[A-Z]/.test(tag.phrase)
  const kinds = tags.filter(isKind).map((tag) => tag.phrase)
  const rest = tags.filter((tag) => !isKind(tag)).map((tag) => tag.phrase)
  const where = place ? (/^(near|within) /.test(place) ? place : `in ${place}`) : ''
  return [kinds.length > 0 ? kinds.join(', ') : 'Land', where, ...rest].filter(Boolean).join(' ')
}
