import { type SearchCriteria, normalizeCriteria } from './search-criteria'
import type { ActivityKey, AmenityKey, PropertyTypeKey } from './search-options'
import { readNumberWords } from './number-words'
import { type SentenceMeaning, landFeatureWords, sentenceVocabulary } from './sentence-vocabulary'

/**
 * A search box sentence read as search criteria (issue 40, decision 0072): 'hunting land in
 * Brewster County TX under $250k with water' → Texas, Brewster County, Hunting Land, price under
 * 250,000, keyword 'water'. Pure: places come from a `PlaceLookup` (the gazetteer on the server,
 * a handful of places in tests), so the reading is the same on every call.
 */

/** A place a sentence can name, as the URL grammar speaks of it. */
export interface SentencePlace {
  kind: 'state' | 'county' | 'region' | 'city' | 'lake' | 'zip'
  stateToken: string
  /** The place's token within its state ('brewster-county', 'near-lake-travis'); none for a state or zip. */
  token?: string
  zip?: string
  /** 'Brewster County, TX', 'Texas', '79830 – Alpine, TX'. */
  label: string
}

/** Where the parser looks places up; names are lowercase words without punctuation ('st louis county'). */
export interface PlaceLookup {
  /** A state by its whole name or two-letter abbreviation. */
  state(words: string): SentencePlace | undefined
  /** Counties, regions, lakes and cities whose whole name is `words`, counties first, cities last. */
  named(words: string): SentencePlace[]
  /** Counties whose name without 'County' (or 'Parish', 'Borough') is `words`. */
  counties(words: string): SentencePlace[]
  zip(zip: string): SentencePlace | undefined
  /** Places (of a state, or of any) whose whole name (a county's without its suffix, when `isCounty`) is one typo from `words` ('brewser county'). */
  similar(words: string, stateToken: string | undefined, isCounty: boolean): SentencePlace[]
  /** The most words a name has: the parser tries no longer run. */
  longestName: number
}

/** One way to read where the land is: a state and its places or zip, or an area around a place. */
export interface PlaceChoice {
  label: string
  state?: string
  places: string[]
  zip?: string
  /** 'near Austin', 'within 30 miles of Lake Travis': the area around the place (its point is looked up by the caller). */
  around?: { place: SentencePlace; miles: number }
}

export type PlaceReading =
  | { kind: 'nationwide' }
  | { kind: 'place'; choice: PlaceChoice }
  /** A name several places share ('Springfield'): the visitor chooses; each choice keeps the rest of the sentence. */
  | { kind: 'ambiguous'; name: string; choices: PlaceChoice[] }
  | { kind: 'listing'; id: number }

export type SentencePieceSlot = 'place' | 'type' | 'price' | 'acres' | 'feature' | 'keywords'

export interface SentenceReading {
  /** The criteria without the place (see `withPlace`), in normal form. */
  criteria: SearchCriteria
  place: PlaceReading
  /** What was understood, slot by slot, in the sentence's words. */
  pieces: { slot: SentencePieceSlot; words: string }[]
  /** The words left over, searched as keywords. */
  keywords: string[]
}

/** The search box's limit (the `/find` route trims to it too): nothing longer is read. Buyers' long wishes fit in 200. */
export const sentenceMaxLength = 200

interface Token {
  /** Lowercase, without accents or punctuation ('co.' → 'co'), digits as typed ('$250k', '40+'). */
  text: string
  /** As typed, for telling 'IN' (Indiana) from 'in'. */
  raw: string
  /** Quoted words ('"farm"'): always keywords. */
  quoted?: boolean
  /** Followed by a comma: 'shannon, carter or oregon county' lists names. */
  comma?: boolean
}

function tokenize(sentence: string): Token[] {
  const tokens: Token[] = []
  const text = sentence
    .slice(0, sentenceMaxLength)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘]/g, "'")
    .replace(/[“”]/g, '"')
    // 'off-grid', 'owner-financed': one phrase either way; '10-20' stays a range.
    .replace(/([a-z])-(?=[a-z])/gi, '$1 ')
    .replace(/\bw\/o\b/gi, 'without ')
    .replace(/\bw\//gi, 'with ')
  const pattern = /"([^"]*)"|'([^']+)'(?![a-z])|(\$?\d[\d,]*(?:\.\d+)?(?:[a-z]+)?\+?)|([a-z]+(?:'[a-z]+)?)|([#<>&/+-])/gi
  for (const match of text.matchAll(pattern)) {
    const quoted = match[1] ?? match[2]
    if (quoted !== undefined) {
      for (const word of quoted.split(/\s+/).filter(Boolean)) tokens.push({ text: word.toLowerCase(), raw: word, quoted: true })
      continue
    }
    const raw = match[0]
    tokens.push({ text: raw.toLowerCase().replace(/'/g, ''), raw, ...(text[match.index + raw.length] === ',' && { comma: true }) })
  }
  return tokens
}

/** Number words become digits: 'two hundred thousand' → '200000'. */
function withDigits(tokens: Token[]): Token[] {
  const words = tokens.map((token) => token.text)
  const result: Token[] = []
  for (let index = 0; index < tokens.length;) {
    // '2 million' is a number already (readQuantity takes its scale word).
    const isScaleOfDigits = /^(hundred|thousand|million)$/.test(words[index]!) && /\d$/.test(words[index - 1] ?? '')
    const number = tokens[index]!.quoted || isScaleOfDigits ? undefined : readNumberWords(words, index)
    // A lone 'a' or 'one' is rarely a number in a search ('a cabin', 'one acre' is): keep those words but 'one acre'.
    const isLoneArticle = number && number.length === 1 && (words[index] === 'a' || (words[index] === 'one' && !/^(acre|acres|ac)$/.test(words[index + 1] ?? '')))
    if (number && !isLoneArticle) {
      result.push({
        text: String(number.value),
        raw: tokens
          .slice(index, index + number.length)
          .map((token) => token.raw)
          .join(' '),
      })
      index += number.length
    } else {
      result.push(tokens[index]!)
      index += 1
    }
  }
  return result
}

/** 'travis or hays county' names two counties: the suffix is said once for both. */
function spreadCountySuffix(tokens: Token[]): Token[] {
  const result = [...tokens]
  for (let index = 0; index < result.length; index += 1) {
    const suffix = result[index]!.text
    if (!/^(county|counties|parish|parishes)$/.test(suffix) || result[index - 2]?.text === undefined) continue
    // Walk back over 'x or y', 'x, y and z', 'lampasas or san saba': each name (of up to three words) before
    // a joining word, or before a comma earlier in such a list, gets the suffix too ('just land, yavapai county' is no list).
    const suffixWord = suffix.startsWith('parish') ? 'parish' : 'county'
    for (let nameEnd = index, isList = false; ; isList = true) {
      const at = listSuffixPlace(result, nameEnd, isList)
      if (at === undefined) break
      result.splice(at, 0, { text: suffixWord, raw: suffixWord })
      index += 1
      nameEnd = at
    }
  }
  return result
}

const isNameWord = (token: Token | undefined) =>
  token !== undefined && !token.quoted && /^[a-z]+$/.test(token.text) && !countySuffixes.has(token.text) && !sentenceVocabulary.meanings.has(token.text)

/**
 * Where the suffix goes for the name listed before the one ending at `nameEnd` (1 to 3 name words):
 * before the joining word that precedes it ('travis| or hays'), or after the comma-ended word of a list
 * ('shannon,| carter or oregon'); undefined when no name is listed before it.
 */
function listSuffixPlace(tokens: Token[], nameEnd: number, isList: boolean): number | undefined {
  for (let start = nameEnd - 1; start >= nameEnd - 3 && isNameWord(tokens[start]); start -= 1) {
    const before = tokens[start - 1]
    if (before && /^(or|and|&)$/.test(before.text) && isNameWord(tokens[start - 2])) return start - 1
    if (isList && before?.comma && isNameWord(before)) return start
  }
  return undefined
}

interface Quantity {
  value: number
  unit?: 'price' | 'acres' | 'per-acre'
  /** Set by a 'k', 'thousand', 'm' or 'million' after the digits. */
  multiplier?: number
  /** '40+', '40 or more'. */
  atLeast?: boolean
  /** '200k or less'. */
  atMost?: boolean
  length: number
}

const multipliers: Record<string, number> = { k: 1_000, thousand: 1_000, grand: 1_000, m: 1_000_000, mm: 1_000_000, mil: 1_000_000, million: 1_000_000 }
// Not 'acreage': '82520 acreage' is land in a zip, not 82,520 acres.
const acreWords = new Set(['acre', 'acres', 'ac', 'acs', 'acer', 'acers', 'acrs'])
const priceWords = new Set(['dollars', 'dollar', 'bucks', 'usd'])

/** A number at `index` with what follows it: '$250k', '1.2 million', '40+ acres', '5,000 an acre'. */
function readQuantity(tokens: Token[], index: number): Quantity | undefined {
  const token = tokens[index]
  const match = token && !token.quoted ? token.text.match(/^(\$)?(\d[\d,]*(?:\.\d+)?)([a-z]*)(\+?)$/) : undefined
  if (!match) return undefined
  const quantity: Quantity = { value: Number(match[2]!.replace(/,/g, '')), length: 1 }
  if (!Number.isFinite(quantity.value)) return undefined
  if (match[1]) quantity.unit = 'price'
  if (match[4]) quantity.atLeast = true
  const suffix = match[3]!
  if (suffix in multipliers) quantity.multiplier = multipliers[suffix]
  else if (acreWords.has(suffix)) quantity.unit = 'acres'
  else if (suffix) return undefined
  const at = (offset: number) => tokens[index + quantity.length + offset]?.text
  if (quantity.multiplier === undefined && at(0) !== undefined && at(0)! in multipliers) {
    quantity.multiplier = multipliers[at(0)!]
    quantity.length += 1
  }
  if (priceWords.has(at(0) ?? '')) {
    quantity.unit = 'price'
    quantity.length += 1
  }
  if (at(0) === '+') {
    quantity.atLeast = true
    quantity.length += 1
  }
  if (acreWords.has(at(0) ?? '')) {
    quantity.unit = 'acres'
    quantity.length += 1
  } else if ((at(0) === 'an' || at(0) === 'a' || at(0) === 'per' || at(0) === '/') && acreWords.has(at(1) ?? '')) {
    quantity.unit = 'per-acre'
    quantity.length += 2
  }
  if (at(0) === '+' || at(0) === 'plus' || (at(0) === 'or' && /^(more|over|larger|bigger|up)$/.test(at(1) ?? ''))) {
    quantity.atLeast = true
    quantity.length += at(0) === 'or' ? 2 : 1
  } else if (at(0) === 'or' && /^(less|under|below)$/.test(at(1) ?? '')) {
    quantity.atMost = true
    quantity.length += 2
  }
  if (acreWords.has(at(0) ?? '') && quantity.unit === undefined) {
    quantity.unit = 'acres'
    quantity.length += 1
  }
  // '40 acres min', '200k max': the bound said after its amount (not 'max price 200k', which says the next one).
  const after = at(0) ?? ''
  if (unitOf(quantity) && /^(min|minimum|max|maximum)$/.test(after) && !/^(\$?\d|price)/.test(at(1) ?? '')) {
    if (after.startsWith('min')) quantity.atLeast = true
    else quantity.atMost = true
    quantity.length += 1
  }
  return quantity
}

const atMostWords = [
  ['under'],
  ['below'],
  ['less', 'than'],
  ['max'],
  ['maximum'],
  ['up', 'to'],
  ['no', 'more', 'than'],
  ['at', 'most'],
  ['<'],
  ['cheaper', 'than'],
  ['within'],
]
const atLeastWords = [
  ['over'],
  ['above'],
  ['more', 'than'],
  ['at', 'least'],
  ['min'],
  ['minimum'],
  ['>'],
  ['bigger', 'than'],
  ['larger', 'than'],
  ['starting', 'at'],
]

function wordsAt(tokens: Token[], index: number, words: string[]) {
  return words.every((word, offset) => tokens[index + offset]?.text === word && !tokens[index + offset]!.quoted)
}

function comparatorAt(tokens: Token[], index: number): { bound: 'min' | 'max'; length: number } | undefined {
  for (const [bound, list] of [
    ['max', atMostWords],
    ['min', atLeastWords],
  ] as const) {
    const words = list.find((candidate) => wordsAt(tokens, index, candidate))
    if (words) return { bound, length: words.length }
  }
  return undefined
}

type Bounds = { min?: number; max?: number }

interface Draft {
  criteria: Partial<SearchCriteria> & {
    propertyTypes: PropertyTypeKey[]
    amenityTypes: AmenityKey[]
    activityTypes: ActivityKey[]
  }
  price: Bounds
  acres: Bounds
  perAcre: Bounds
  keywords: string[]
  pieces: SentenceReading['pieces']
  mentions: PlaceMention[]
  listingId?: number
}

interface PlaceMention {
  candidates: SentencePlace[]
  words: string
  /** 'near Austin' (miles 0) or 'within 30 miles of Austin'. */
  around?: number
  isState: boolean
}

/** The value of a quantity in its unit: a price's multiplier applies; acres are as written. */
function valueOf(quantity: Quantity) {
  return quantity.value * (quantity.multiplier ?? 1)
}

/** A quantity's unit when the sentence does not say it: money when it has '$' or 'k', or is too large for acres. */
function unitOf(quantity: Quantity): Quantity['unit'] {
  if (quantity.unit) return quantity.unit
  if (quantity.multiplier !== undefined || quantity.value >= 1000) return 'price'
  return undefined
}

function boundsOf(draft: Draft, unit: NonNullable<Quantity['unit']>) {
  return unit === 'price' ? draft.price : unit === 'acres' ? draft.acres : draft.perAcre
}

const pieceSlot = { price: 'price', acres: 'acres', 'per-acre': 'price' } as const

/** Reads a price, acreage or price per acre at `index` ('under $250k', '10 to 20 acres', '40+ ac'); returns the tokens used. */
function readAmount(tokens: Token[], index: number, draft: Draft): number {
  let start = index
  const comparator = comparatorAt(tokens, index)
  const isBetween = wordsAt(tokens, index, ['between']) || wordsAt(tokens, index, ['from'])
  if (comparator) start += comparator.length
  else if (isBetween) start += 1
  const first = readQuantity(tokens, start)
  if (!first) return 0
  let end = start + first.length
  // A range: '10 to 20 acres', '$100k-$200k', 'between 100 and 200 thousand'.
  const joiner = tokens[end]?.text
  const second = joiner === 'to' || joiner === '-' || (joiner === 'and' && isBetween) ? readQuantity(tokens, end + 1) : undefined
  if (second && !comparator) {
    // '$1,000 to $3,000 an acre': the per acre said last is the whole range's.
    const unit = second.unit === 'per-acre' ? second.unit : (first.unit ?? second.unit)
    if (first.multiplier === undefined && second.multiplier !== undefined && first.value < second.value) first.multiplier = second.multiplier
    const low = { ...first, unit: unit ?? first.unit }
    const high = { ...second, unit: unit ?? second.unit }
    const resolved = unitOf(high) ?? unitOf(low)
    if (!resolved) return 0
    const bounds = boundsOf(draft, resolved)
    bounds.min = valueOf(low)
    bounds.max = valueOf(high)
    end += 1 + second.length
    draft.pieces.push({ slot: pieceSlot[resolved], words: rawOf(tokens, index, end) })
    return end - index
  }
  if (isBetween) return 0
  const unit = unitOf(first)
  // A bare 5-digit number is a zip when one exists ('land 79830'); a small bare number means nothing alone.
  if (!unit) return 0
  if (!comparator && unit === 'price' && /^\d{5}$/.test(tokens[start]!.text) && first.length === 1) return 0
  const bounds = boundsOf(draft, unit)
  const bound = comparator?.bound ?? (first.atLeast ? 'min' : first.atMost ? 'max' : unit === 'acres' ? 'min' : 'max')
  bounds[bound] = valueOf(first)
  draft.pieces.push({ slot: pieceSlot[unit], words: rawOf(tokens, index, end) })
  return end - index
}

function rawOf(tokens: Token[], start: number, end: number) {
  return tokens
    .slice(start, end)
    .map((token) => token.raw)
    .join(' ')
}

function applyMeaning(draft: Draft, meaning: SentenceMeaning) {
  const { criteria } = draft
  if (meaning.propertyType) criteria.propertyTypes.push(meaning.propertyType)
  if (meaning.customSegment) criteria.customSegment = meaning.customSegment
  if (meaning.amenity) criteria.amenityTypes.push(meaning.amenity)
  if (meaning.activity) criteria.activityTypes.push(meaning.activity)
  if (meaning.set) Object.assign(criteria, meaning.set)
  if (meaning.auction) criteria.transactionTypes = ['auction']
  if (meaning.sold) criteria.marketStatuses = ['sold']
  if (meaning.dateListed) criteria.dateListed = meaning.dateListed
  if (meaning.priceReduced) Object.assign(criteria, { priceChangeType: 'reduction', priceChangeLookback: 30 })
  if (meaning.sortOrder) criteria.sortOrder = meaning.sortOrder
}

/** The longest vocabulary phrase at `index`: its meaning and length. */
function phraseAt(tokens: Token[], index: number): { meaning: SentenceMeaning; length: number } | undefined {
  const { meanings, longest } = sentenceVocabulary
  for (let length = Math.min(longest, tokens.length - index); length >= 1; length -= 1) {
    const slice = tokens.slice(index, index + length)
    if (slice.some((token) => token.quoted)) continue
    const meaning = meanings.get(slice.map((token) => token.text).join(' '))
    if (meaning) return { meaning, length }
  }
  return undefined
}

/** Letters added, dropped, changed or two swapped between `a` and `b`, counted up to `limit` (then `limit + 1`). */
function editsBetween(a: string, b: string, limit: number) {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  // Optimal string alignment: three rows of the edit-distance table.
  let older: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, column) => column)
  for (let row = 1; row <= a.length; row += 1) {
    const current = [row]
    let rowBest = row
    for (let column = 1; column <= b.length; column += 1) {
      const cost = a[row - 1] === b[column - 1] ? 0 : 1
      let value = Math.min(previous[column]! + 1, current[column - 1]! + 1, previous[column - 1]! + cost)
      if (row > 1 && column > 1 && a[row - 1] === b[column - 2] && a[row - 2] === b[column - 1]) value = Math.min(value, older[column - 2]! + 1)
      current.push(value)
      rowBest = Math.min(rowBest, value)
    }
    if (rowBest > limit) return limit + 1
    older = previous
    previous = current
  }
  return previous[b.length]!
}

/** Whether two words differ by one letter added, dropped, changed or two swapped ('huntng', 'montanna'). */
const isOneEditApart = (a: string, b: string) => a !== b && editsBetween(a, b, 1) === 1

/**
 * Whether `typed` is a place's `name` mistyped, word by word: a word one letter wrong, or two in a
 * word of eight letters or more ('nacadoches'); a short word ('mo', 'tn') must be right.
 */
export function isMisspeltName(typed: string, name: string) {
  if (typed === name || Math.abs(typed.length - name.length) > 2) return false
  const typedWords = typed.split(' ')
  const nameWords = name.split(' ')
  if (typedWords.length !== nameWords.length) return false
  let edits = 0
  for (const [index, word] of typedWords.entries()) {
    const named = nameWords[index]!
    if (word === named) continue
    const shorter = Math.min(word.length, named.length)
    const limit = shorter >= 8 ? 2 : 1
    if (shorter <= 3) return false
    edits += editsBetween(word, named, limit)
    if (edits > limit) return false
  }
  return true
}

// Two-letter abbreviations that are also English words count as a state only in capitals or after a place ('Portland OR').
const wordlikeAbbreviations = new Set(['in', 'or', 'me', 'hi', 'oh', 'co', 'de', 'id', 'la', 'al', 'ma'])
const placePrepositions = new Set(['in', 'near', 'around', 'of', 'outside', 'by', 'from', 'at'])
const countySuffixes = new Set(['county', 'counties', 'co', 'cnty', 'cty', 'parish', 'parishes', 'borough'])

function stateAt(lookup: PlaceLookup, tokens: Token[], index: number, { afterPlace }: { afterPlace: boolean }) {
  for (let length = 3; length >= 1; length -= 1) {
    const slice = tokens.slice(index, index + length)
    if (slice.length < length || slice.some((token) => token.quoted || !/^[a-z]+$/.test(token.text))) continue
    const words = slice.map((token) => token.text).join(' ')
    const state = lookup.state(words)
    if (!state) continue
    const isLowerCase = slice[0]!.raw !== slice[0]!.raw.toUpperCase()
    const isWordlike = length === 1 && words.length === 2 && wordlikeAbbreviations.has(words)
    // 'la timberland', 'co land': first in the sentence and before the land, the word is the state.
    const startsWithState = index === 0 && words !== 'in' && words !== 'or' && startsLandWords(tokens, 1)
    if (isWordlike && !afterPlace && isLowerCase && !startsWithState) continue
    // 'washington or benton county': 'or' between names is a joining word, not Oregon.
    if (words === 'or' && isLowerCase && countySuffixes.has(tokens[index + 2]?.text ?? '')) continue
    return { state, length }
  }
  return undefined
}

const landWords = new Set(['land', 'lands', 'property', 'properties', 'acreage', 'lot', 'lots', 'tract', 'tracts', 'parcel'])

/** Whether the words at `index` say what land it is: 'land', 'acreage', 'hunting land', 'ranch'. */
function startsLandWords(tokens: Token[], index: number) {
  const token = tokens[index]
  return token !== undefined && !token.quoted && (landWords.has(token.text) || phraseAt(tokens, index)?.meaning.slot === 'type')
}

/** A place name at `index` (with its county suffix and a state after it): the places it may be, and the tokens used. */
function placeAt(lookup: PlaceLookup, tokens: Token[], index: number, draft: Draft, isAfterNear: boolean): { mention: PlaceMention; length: number } | undefined {
  const region = regionAt(lookup, tokens, index)
  if (region) return region
  const previous = tokens[index - 1]?.text
  for (let length = Math.min(lookup.longestName, tokens.length - index); length >= 1; length -= 1) {
    const slice = tokens.slice(index, index + length)
    if (slice.some((token) => token.quoted || !/^[a-z]+$/.test(token.text))) continue
    // 'minnesota lake lot' is Minnesota and a lake lot, not the town of Minnesota Lake and a lot.
    const lastPhrase = length > 1 ? phraseAt(tokens, index + length - 1) : undefined
    if (lastPhrase && lastPhrase.length > 1 && stateAt(lookup, tokens, index, { afterPlace: false })?.length === length - 1) continue
    const words = slice.map((token) => token.text).join(' ')
    const suffix = tokens[index + length]?.text ?? ''
    // 'pagosa springs co', 'denver co': 'co' after a Colorado town's name is Colorado, not 'county'.
    const coloradoTowns = suffix === 'co' ? lookup.named(words).filter((place) => place.kind === 'city' && place.stateToken === 'colorado') : []
    const isCounty = countySuffixes.has(suffix) && coloradoTowns.length === 0
    const used = isCounty ? length + 1 : length
    let candidates = isCounty ? lookup.counties(words) : coloradoTowns.length > 0 ? coloradoTowns : lookup.named(words)
    const qualifier = stateAt(lookup, tokens, index + used + (tokens[index + used]?.text === 'in' ? 1 : 0), { afterPlace: true })
    const isVocabulary = slice.some((token) => sentenceVocabulary.meanings.has(token.text))
    // 'harney oregon', 'sublette wy': a county named without its suffix, before its state (Sublette, KS is a town).
    if (qualifier && !isVocabulary && !candidates.some((place) => place.stateToken === qualifier.state.stateToken)) {
      const counties = lookup.counties(words).filter((place) => place.stateToken === qualifier.state.stateToken)
      if (counties.length > 0) candidates = counties
    }
    // A misspelt name is looked for where a place is certain, in the state named after it or among counties
    // ('brewser county'), or where one is expected ('near bozemen'), and never in the vocabulary's words ('farms tx').
    // After 'in', one word of six letters or more that is no state's name, right or mistyped ('in colorado', 'in tenesee').
    const isTownAfterPreposition = length === 1 && placePrepositions.has(previous ?? '') && words.length >= 6 && !lookup.state(words) && !isStateTypo(lookup, words)
    const isPlaceExpected = qualifier !== undefined || isCounty || isAfterNear || isTownAfterPreposition
    const mayBeMisspelt = candidates.length === 0 && isPlaceExpected && words.length >= 5 && !isVocabulary
    if (mayBeMisspelt) candidates = lookup.similar(words, qualifier?.state.stateToken, isCounty)
    if (candidates.length > 0 && qualifier) {
      const inState = candidates.filter((place) => place.stateToken === qualifier.state.stateToken)
      if (inState.length > 0) {
        const skip = tokens[index + used]?.text === 'in' ? 1 : 0
        return {
          mention: { candidates: inState, words: rawOf(tokens, index, index + used + skip + qualifier.length), isState: false },
          length: used + skip + qualifier.length,
        }
      }
    }
    const state = used === length ? stateAt(lookup, tokens, index, { afterPlace: false }) : undefined
    if (state && state.length === length) return { mention: { candidates: [state.state], words: rawOf(tokens, index, index + length), isState: true }, length }
    if (candidates.length === 0) continue
    candidates = inStateOfName(lookup, slice, candidates)
    // A single word names a place only where a place is expected: a lone word such as 'spring' or 'creek' is a keyword.
    // 'kerrville land', 'moab acreage': a town's name of one state, first and before the land, in a
    // sentence naming no state (a town elsewhere than the state it names is no town of the sentence's).
    const isTownBeforeLand =
      index === 0 &&
      words.length >= 4 &&
      !landFeatureWords.has(words) &&
      new Set(candidates.map((place) => place.stateToken)).size === 1 &&
      startsLandWords(tokens, used) &&
      !isStateTypo(lookup, words) &&
      !tokens.some((token, at) => at > index && stateAt(lookup, tokens, at, { afterPlace: false }))
    const isExpected =
      used > 1 ||
      isAfterNear ||
      isTownBeforeLand ||
      placePrepositions.has(previous ?? '') ||
      /^[A-Z]/.test(slice[0]!.raw) ||
      (tokens.length === used && draft.mentions.length === 0)
    if (!isExpected) continue
    return { mention: { candidates, words: rawOf(tokens, index, index + used), isState: false }, length: used }
  }
  return undefined
}

const directions: Record<string, string> = {
  north: 'north',
  northern: 'north',
  south: 'south',
  southern: 'south',
  east: 'east',
  eastern: 'east',
  west: 'west',
  western: 'west',
  central: 'central',
  northeast: 'northeast',
  northeastern: 'northeast',
  northwest: 'northwest',
  northwestern: 'northwest',
  southeast: 'southeast',
  southeastern: 'southeast',
  southwest: 'southwest',
  southwestern: 'southwest',
}

/** 'south tx', 'eastern washington', 'east ky': a part of a state, by its direction, is the state's region of that name. */
function regionAt(lookup: PlaceLookup, tokens: Token[], index: number): { mention: PlaceMention; length: number } | undefined {
  const direction = tokens[index]!.quoted ? undefined : directions[tokens[index]!.text]
  const state = direction && stateAt(lookup, tokens, index + 1, { afterPlace: true })
  // 'east texas pa' names a town of Pennsylvania.
  if (!state || stateAt(lookup, tokens, index + 1 + state.length, { afterPlace: true })) return undefined
  const stateName = state.state.label.toLowerCase()
  const regions = [`${tokens[index]!.text} ${stateName}`, `${direction} ${stateName}`]
    .flatMap((name) => lookup.named(name))
    .filter((place) => place.kind === 'region' && place.stateToken === state.state.stateToken)
  if (regions.length === 0) return undefined
  const length = 1 + state.length
  return { mention: { candidates: [regions[0]!], words: rawOf(tokens, index, index + length), isState: false }, length }
}

/** 'east texas', 'western north carolina': a name ending in a state's name is that state's place (East Texas, PA is a village). */
function inStateOfName(lookup: PlaceLookup, words: Token[], candidates: SentencePlace[]) {
  for (const length of [2, 1]) {
    if (words.length <= length) continue
    const state = lookup.state(
      words
        .slice(-length)
        .map((token) => token.text)
        .join(' '),
    )
    const inState = state && state.label.length > 2 ? candidates.filter((place) => place.stateToken === state.stateToken) : []
    if (inState.length > 0) return inState
  }
  return candidates
}

/** 'near X' (a point's surroundings) or 'within 30 miles of X': the place's tokens follow. */
function aroundAt(tokens: Token[], index: number): { miles: number; length: number } | undefined {
  if (wordsAt(tokens, index, ['near']) || wordsAt(tokens, index, ['close', 'to']) || wordsAt(tokens, index, ['around'])) {
    return { miles: 0, length: tokens[index]!.text === 'close' ? 2 : 1 }
  }
  const start = wordsAt(tokens, index, ['within']) ? index + 1 : index
  const miles = tokens[start]?.text.match(/^(\d{1,3})(mi|miles)?$/)
  if (!miles) return undefined
  let at = start + 1
  if (!miles[2]) {
    if (!/^(mi|miles|mile)$/.test(tokens[at]?.text ?? '')) return undefined
    at += 1
  }
  if (!/^(of|from|around)$/.test(tokens[at]?.text ?? '')) return undefined
  return { miles: Number(miles[1]), length: at + 1 - index }
}

/** Reads the tokens left to right: places, amounts, phrases; what none of them takes is a keyword. */
function readTokens(lookup: PlaceLookup, tokens: Token[], draft: Draft) {
  let around: number | undefined
  for (let index = 0; index < tokens.length;) {
    const token = tokens[index]!
    if (token.quoted) {
      draft.keywords.push(token.text)
      index += 1
      continue
    }
    const listing = token.text === '#' || /^(property|listing|id)$/.test(token.text) ? readListingId(tokens, index) : undefined
    if (listing) {
      draft.listingId = listing.id
      draft.pieces.push({ slot: 'place', words: rawOf(tokens, index, index + listing.length) })
      index += listing.length
      continue
    }
    const radius = aroundAt(tokens, index)
    if (radius) {
      around = radius.miles
      index += radius.length
      continue
    }
    // Several words of a place name before any phrase: 'big timber', 'lake travis', 'central texas'.
    const place = placeAt(lookup, tokens, index, draft, around !== undefined)
    const phrase = phraseAt(tokens, index)
    if (place && (!phrase || place.length > phrase.length || (place.mention.isState && place.length >= phrase.length))) {
      draft.mentions.push({ ...place.mention, around })
      draft.pieces.push({ slot: 'place', words: place.mention.words })
      around = undefined
      index += place.length
      continue
    }
    const soldYears = readSoldYears(tokens, index, draft)
    if (soldYears > 0) {
      index += soldYears
      continue
    }
    const amount = readAmount(tokens, index, draft)
    if (amount > 0) {
      index += amount
      continue
    }
    const zip = /^\d{5}$/.test(token.text) ? lookup.zip(token.text) : undefined
    if (zip) {
      draft.mentions.push({ candidates: [zip], words: token.raw, isState: false, around })
      draft.pieces.push({ slot: 'place', words: token.raw })
      around = undefined
      index += 1
      continue
    }
    if (phrase) {
      applyMeaning(draft, phrase.meaning)
      if (phrase.meaning.slot !== 'filler') draft.pieces.push({ slot: phrase.meaning.slot, words: rawOf(tokens, index, index + phrase.length) })
      index += phrase.length
      continue
    }
    const typo = readTypo(lookup, token)
    if (typo?.meaning) {
      applyMeaning(draft, typo.meaning)
      if (typo.meaning.slot !== 'filler') draft.pieces.push({ slot: typo.meaning.slot, words: token.raw })
    } else if (typo?.state) {
      draft.mentions.push({ candidates: [typo.state], words: token.raw, isState: true, around })
      draft.pieces.push({ slot: 'place', words: token.raw })
    } else if (/[a-z0-9]/.test(token.text)) {
      draft.keywords.push(token.text)
    }
    index += 1
  }
}

const yearPattern = /^(19|20)\d\d$/

/**
 * When sold land sold: 'sold in 2024', 'sold since 2022', 'sold before 2020', 'sold 2020 to 2022'
 * (whole years, as buyers say them). A year is read only after a word for sold land: elsewhere
 * '2024' is a price or a keyword. Returns the tokens used.
 */
function readSoldYears(tokens: Token[], index: number, draft: Draft): number {
  const lead = /^(in|during|since|after|before|from|between)$/.test(tokens[index]!.text) ? tokens[index]!.text : undefined
  const start = lead ? index + 1 : index
  const first = tokens[start]?.text ?? ''
  const isSold = draft.criteria.marketStatuses?.[0] === 'sold' || tokens[index - 1]?.text === 'sold'
  const joiner = tokens[start + 1]?.text ?? ''
  // '2000 acres', '2000 dollars' are amounts even in a search of sold land.
  const isAmount = acreWords.has(joiner) || priceWords.has(joiner) || joiner in multipliers
  if (!yearPattern.test(first) || !isSold || isAmount) return 0
  const last = /^(to|-|and|through|thru)$/.test(joiner) && yearPattern.test(tokens[start + 2]?.text ?? '') ? tokens[start + 2]!.text : undefined
  const from = Number(first)
  const until = last === undefined ? from : Number(last)
  const criteria = draft.criteria
  criteria.marketStatuses = ['sold']
  if (lead === 'since' || lead === 'after') criteria.soldDateMin = `${lead === 'after' ? from + 1 : from}-01-01`
  else if (lead === 'before') criteria.soldDateMax = `${from - 1}-12-31`
  else Object.assign(criteria, { soldDateMin: `${Math.min(from, until)}-01-01`, soldDateMax: `${Math.max(from, until)}-12-31` })
  const end = last === undefined || lead === 'since' || lead === 'after' || lead === 'before' ? start + 1 : start + 3
  draft.pieces.push({ slot: 'feature', words: rawOf(tokens, index, end) })
  return end - index
}

function readListingId(tokens: Token[], index: number): { id: number; length: number } | undefined {
  let at = index
  if (/^(property|listing|id)$/.test(tokens[at]!.text)) at += 1
  if (at > index && /^(number|no|num|id)$/.test(tokens[at]?.text ?? '')) at += 1
  if (tokens[at]?.text === '#') at += 1
  const id = tokens[at]?.text.match(/^\d{1,9}$/) ? Number(tokens[at]!.text) : undefined
  // 'property 4821' and '#4821' are ids; '4821' alone is not (it may be a price or a zip).
  if (id === undefined || id <= 0 || at === index) return undefined
  return { id, length: at + 1 - index }
}

/** A word one typo away from a phrase word or a state's name ('huntng', 'montanna'), for words of five letters or more. */
function readTypo(lookup: PlaceLookup, token: Token): { meaning?: SentenceMeaning; state?: SentencePlace } | undefined {
  if (token.text.length < 5 || !/^[a-z]+$/.test(token.text)) return undefined
  const word = sentenceVocabulary.longWords.find((candidate) => isOneEditApart(token.text, candidate))
  if (word) return { meaning: sentenceVocabulary.meanings.get(word) }
  const state = stateNames(lookup).find((name) => isOneEditApart(token.text, name))
  return state ? { state: lookup.state(state) } : undefined
}

/** 'tennesee', 'montanna': a state's name mistyped, read as the state (readTypo), never as a town's. */
function isStateTypo(lookup: PlaceLookup, words: string) {
  return stateNames(lookup).some((name) => isOneEditApart(words, name))
}

const singleWordStates = [
  'alabama',
  'alaska',
  'arizona',
  'arkansas',
  'california',
  'colorado',
  'connecticut',
  'delaware',
  'florida',
  'georgia',
  'hawaii',
  'idaho',
  'illinois',
  'indiana',
  'iowa',
  'kansas',
  'kentucky',
  'louisiana',
  'maine',
  'maryland',
  'massachusetts',
  'michigan',
  'minnesota',
  'mississippi',
  'missouri',
  'montana',
  'nebraska',
  'nevada',
  'ohio',
  'oklahoma',
  'oregon',
  'pennsylvania',
  'tennessee',
  'texas',
  'utah',
  'vermont',
  'virginia',
  'washington',
  'wisconsin',
  'wyoming',
]

function stateNames(lookup: PlaceLookup) {
  return singleWordStates.filter((name) => lookup.state(name) !== undefined)
}

function choiceOf(places: SentencePlace[], around: number | undefined): PlaceChoice {
  const [first] = places
  const label = places.length === 1 ? first!.label : `${places.map((place) => place.label.replace(/, [A-Z]{2}$/, '')).join(' or ')}, ${first!.label.slice(-2)}`
  // 'near' a lake is its shore search; 'near' a city, or 'within N miles' of a city or lake, is the area around it.
  if (around !== undefined && first && (first.kind === 'city' || (first.kind === 'lake' && around > 0))) {
    return { label: `${around > 0 ? `within ${around} miles of` : 'near'} ${first.label}`, places: [], around: { place: first, miles: around } }
  }
  if (first?.kind === 'zip') return { label, state: first.stateToken, places: [], zip: first.zip }
  if (first?.kind === 'state') return { label, state: first.stateToken, places: [] }
  return { label, state: first?.stateToken, places: places.map((place) => place.token!) }
}

/**
 * Where the sentence's places are. A state named beside a place narrows it ('Alpine TX'); the
 * places of a sentence must share a state; a name left in several states is a choice.
 */
function readPlace(draft: Draft): PlaceReading {
  if (draft.listingId !== undefined) return { kind: 'listing', id: draft.listingId }
  const states = draft.mentions.filter((mention) => mention.isState).map((mention) => mention.candidates[0]!.stateToken)
  const places = draft.mentions.filter((mention) => !mention.isState)
  const zipMention = places.find((mention) => mention.candidates[0]!.kind === 'zip')
  if (zipMention && places.length > 1) {
    // 'alpine tx 79830': the zip says where; its own town is said with it, any other place is a word to search for.
    const zip = zipMention.candidates[0]!
    const isZipTown = (mention: PlaceMention) =>
      mention.candidates.some((place) => place.kind === 'city' && place.stateToken === zip.stateToken && zip.label.endsWith(`– ${place.label}`))
    draft.keywords.push(...places.filter((mention) => mention !== zipMention && !isZipTown(mention)).map((mention) => mention.words.toLowerCase()))
    return { kind: 'place', choice: choiceOf([zip], zipMention.around) }
  }
  if (places.length === 0) {
    const state = draft.mentions.find((mention) => mention.isState)
    return state ? { kind: 'place', choice: choiceOf(state.candidates, undefined) } : { kind: 'nationwide' }
  }
  const narrowed = places.map((mention) => {
    const inStates = mention.candidates.filter((place) => states.includes(place.stateToken))
    return { ...mention, candidates: inStates.length > 0 ? inStates : mention.candidates }
  })
  const shared = [...new Set(narrowed[0]!.candidates.map((place) => place.stateToken))].filter((state) =>
    narrowed.every((mention) => mention.candidates.some((place) => place.stateToken === state)),
  )
  const inState = (state: string, mentions: PlaceMention[]) =>
    choiceOf(
      mentions.map((mention) => mention.candidates.find((place) => place.stateToken === state)!),
      mentions[0]!.around,
    )
  if (shared.length === 1) return { kind: 'place', choice: inState(shared[0]!, narrowed) }
  if (shared.length > 1)
    return { kind: 'ambiguous', name: narrowed.map((mention) => mention.words).join(' or '), choices: shared.map((state) => inState(state, narrowed)) }
  // Places of different states: the first one decides, the others are keywords (never dropped).
  draft.keywords.push(...narrowed.slice(1).map((mention) => mention.words.toLowerCase()))
  return readPlace({ ...draft, mentions: [narrowed[0]!] })
}

/** Reads a search box sentence on a site's search (see the module comment). */
export function readSentence(sentence: string, lookup: PlaceLookup): SentenceReading {
  const tokens = spreadCountySuffix(withDigits(tokenize(sentence)))
  const draft: Draft = {
    criteria: { propertyTypes: [], amenityTypes: [], activityTypes: [] },
    price: {},
    acres: {},
    perAcre: {},
    keywords: [],
    pieces: [],
    mentions: [],
  }
  readTokens(lookup, tokens, draft)
  const place = readPlace(draft)
  const isSold = draft.criteria.marketStatuses?.[0] === 'sold'
  const criteria = normalizeCriteria({
    ...draft.criteria,
    // Sold land's price is what it sold for (spec §3 sold filters).
    ...(isSold ? { salesPriceMin: draft.price.min, salesPriceMax: draft.price.max } : { priceMin: draft.price.min, priceMax: draft.price.max }),
    pricePerAcreMin: draft.perAcre.min,
    pricePerAcreMax: draft.perAcre.max,
    acresMin: draft.acres.min,
    acresMax: draft.acres.max,
    keywordQuery: draft.keywords.join(' ') || undefined,
  })
  if (criteria.keywordQuery) draft.pieces.push({ slot: 'keywords', words: criteria.keywordQuery })
  return { criteria, place, pieces: draft.pieces, keywords: draft.keywords }
}

/** The criteria with a reading's place: its state and places or zip (an area around a place needs its point, see the caller). */
export function withPlace(criteria: SearchCriteria, choice: PlaceChoice | undefined): SearchCriteria {
  if (!choice) return criteria
  return normalizeCriteria({ ...criteria, state: choice.state, places: choice.places, zip: choice.zip, page: 1 })
}
