import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { listingPath } from '~/models/listings/listing-path'
import { findListingPathFields } from '~/models/listings/listing.server'
import { type SearchCriteria, emptyCriteria, normalizeCriteria } from '~/models/search/search-criteria'
import { searchSentence } from '~/models/search/search-filter-tags'
import { buildSearchPath } from '~/models/search/search-path'
import { type PlaceChoice, type SentenceReading, readSentence, withPlace } from '~/models/search/sentence-search'
import type { SiteProfile } from '~/models/sites/site-profile'
import { resolveFreeText } from './autocomplete.server'
import type { Gazetteer } from './gazetteer.server'
import { suggestionHref } from './location-search.server'
import { placePoint, sentencePlaceLookup } from './sentence-places.server'

/**
 * The location box's sentence (issue 40, decision 0072) as an answer of `/find`: the search it
 * means, the places to choose among when a name is shared (each keeping the rest of the
 * sentence), or, when nothing in it was understood, a keyword search to offer.
 */
export type SentenceAnswer =
  | { kind: 'search'; href: string }
  | { kind: 'choices'; candidates: { label: string; href: string }[] }
  /** Nothing but unknown words: the keyword search of them to offer, if there are any. */
  | { kind: 'not-understood'; keywordSearchHref?: string }

/** Whether the sentence says more than where and what: a type, price, acreage or feature. */
function saysMoreThanPlace(reading: SentenceReading) {
  return reading.pieces.some((piece) => piece.slot !== 'place' && piece.slot !== 'keywords')
}

/** The criteria with the chosen place; an area around a place gets the place's point, or the place itself when it has none. */
async function criteriaAt(db: Kysely<Database>, gazetteer: Gazetteer, criteria: SearchCriteria, choice: PlaceChoice): Promise<SearchCriteria> {
  const around = choice.around
  if (!around) return withPlace(criteria, choice)
  const point = await placePoint(db, gazetteer, around.place)
  if (!point) return withPlace(criteria, { ...choice, state: around.place.stateToken, places: around.place.token ? [around.place.token] : [] })
  return normalizeCriteria({ ...criteria, state: undefined, places: [], zip: undefined, ...point, radius: around.miles, page: 1 })
}

/**
 * Answers a sentence on a site with a search grammar. `base` is the search the box was used on:
 * a sentence naming only places keeps its filters, as choosing a suggestion does; a sentence
 * saying more is a search of its own.
 */
async function answerSentence(
  db: Kysely<Database>,
  site: SiteProfile,
  gazetteer: Gazetteer,
  query: string,
  reading: SentenceReading,
  base: SearchCriteria,
): Promise<SentenceAnswer> {
  const place = reading.place
  if (place.kind === 'listing') {
    const listing = await findListingPathFields(db, place.id)
    if (listing) return { kind: 'search', href: listingPath(site, listing) }
  }
  const criteria = saysMoreThanPlace(reading) || reading.keywords.length > 0 ? reading.criteria : normalizeCriteria({ ...base, brokerId: undefined, page: 1 })
  const hrefAt = async (choice: PlaceChoice) => buildSearchPath(site, await criteriaAt(db, gazetteer, criteria, choice))
  if (place.kind === 'place') return { kind: 'search', href: await hrefAt(place.choice) }
  if (place.kind === 'ambiguous') {
    return { kind: 'choices', candidates: await Promise.all(place.choices.map(async (choice) => ({ label: choice.label, href: await hrefAt(choice) }))) }
  }
  const nationwide = buildSearchPath(site, normalizeCriteria({ ...criteria, state: undefined, places: [], zip: undefined }))
  // 'land with a creek' is a keyword search; one unknown word ('Bozman') is more likely a place we do not know.
  const isKeywordSentence = /\s/.test(query.trim())
  if (saysMoreThanPlace(reading) || (criteria.keywordQuery && isKeywordSentence)) return { kind: 'search', href: nationwide }
  return { kind: 'not-understood', keywordSearchHref: criteria.keywordQuery ? nationwide : undefined }
}

/**
 * What the location box's text means (`/find`): a sentence saying more than where is read as a
 * sentence; a place's name alone is read as the box always read it (a whole name, a zip or a
 * property id, else the names it begins: 'Austin' offers every Austin), then as a sentence
 * ('land in Travis or Hays County', 'near Austin TX').
 */
export async function answerBoxText(db: Kysely<Database>, site: SiteProfile, gazetteer: Gazetteer, query: string, from: SearchCriteria): Promise<SentenceAnswer> {
  const reading = readSentence(query, sentencePlaceLookup(gazetteer))
  const resolution = saysMoreThanPlace(reading) ? { kind: 'none' as const } : await resolveFreeText(db, gazetteer, query)
  if (resolution.kind === 'none') return answerSentence(db, site, gazetteer, query, reading, from)
  const suggestions = resolution.kind === 'match' ? [resolution.suggestion] : resolution.suggestions
  const candidates = await Promise.all(
    suggestions.map(async (suggestion) => ({ label: suggestion.label, href: await suggestionHref(db, site, gazetteer, from, suggestion) })),
  )
  const found = candidates.filter((candidate): candidate is { label: string; href: string } => candidate.href !== undefined)
  if (resolution.kind === 'match' && found[0]) return { kind: 'search', href: found[0].href }
  return resolution.kind === 'match' ? { kind: 'not-understood' } : { kind: 'choices', candidates: found }
}

/**
 * The location box's first suggestion while typing (issue 40): what the text so far means, as a
 * sentence ('Hunting Land in Brewster County, TX under $250,000'), leading to its search (or to the
 * choice of places, for a shared name). None when the text names a place only: the place suggestions say it.
 */
export async function sentenceSuggestion(db: Kysely<Database>, site: SiteProfile, gazetteer: Gazetteer, query: string) {
  const reading = readSentence(query, sentencePlaceLookup(gazetteer))
  if (!saysMoreThanPlace(reading)) return undefined
  const answer = await answerSentence(db, site, gazetteer, query, reading, emptyCriteria)
  const place = reading.place
  const placeLabel = place.kind === 'place' ? place.choice.label : place.kind === 'ambiguous' ? place.name : undefined
  const href = answer.kind === 'search' ? answer.href : `/find?${new URLSearchParams({ q: query })}`
  return { kind: 'sentence', label: searchSentence(reading.criteria, placeLabel), href }
}
