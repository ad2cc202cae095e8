/**
 * `npm run check:sentence-corpus` (issue 40): checks every part of the sentence corpus
 * (scripts/data/sentence-corpus-*.json) against the seeded gazetteer and the land site's URL grammar,
 * without the sentence parser: each place token names a place that exists (an ambiguous name one in
 * several states), a place a sentence names without its state is that state's alone, the type and
 * feature tokens are the search URL's own in its normal form, and prices and acres are ranges it keeps.
 * Prints each mistake and exits non-zero when there is one.
 */
import fs from 'node:fs'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { type Gazetteer, resolveSearchPlaceToken } from '../app/models/places/gazetteer.server'
import { buildSearchPath, parseSearchPath } from '../app/models/search/search-path'
import { type SearchCriteria, customSegmentKeys, normalizeCriteria } from '../app/models/search/search-criteria'
import { type AmenityKey, type PropertyTypeKey, amenityOptions, keysOf, propertyTypeOptions } from '../app/models/search/search-options'
import { landSite } from '../app/sites/land'
import { type CorpusSentence, corpusSlots, featureTokens, seededGazetteer } from './sentence-corpus'

const gazetteer = await seededGazetteer()

/** How the benchmark spells an ambiguous place ('ambiguous/polk-county'), see corpusSlots. */
const nameToken = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-')

/** The states each place or lake name is found in. */
function statesByName({ places, lakes }: Gazetteer) {
  const states = new Map<string, Set<number>>()
  for (const { name, stateId } of [...places, ...lakes]) {
    const token = nameToken(name)
    states.set(token, (states.get(token) ?? new Set()).add(stateId))
  }
  return states
}
const statesOfName = statesByName(gazetteer)

/** Whether a sentence names the state, by name or abbreviation ('tx'): a place in several states then means that state's. */
function namesState(text: string, stateToken: string) {
  const state = gazetteer.statesByToken.get(stateToken)!
  const lower = ` ${text.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `
  return lower.includes(` ${state.name.toLowerCase()} `) || lower.includes(` ${state.abbreviation.toLowerCase()} `)
}

/** Mistakes in a place expectation ('' the whole country, see the held-out part's `about`). */
function placeErrors(text: string, place: string): string[] {
  if (place === '' || /^listing\/[1-9]\d*$/.test(place)) return []
  const [kind, ...rest] = place.split('/')
  if (kind === 'zip') return gazetteer.zips.has(rest.join('/')) ? [] : [`no zip ${rest.join('/')}`]
  if (kind === 'ambiguous') {
    const states = statesOfName.get(rest.join('/'))?.size ?? 0
    return states >= 2 ? [] : [`'${rest.join('/')}' is a place in ${states} state(s), so not ambiguous`]
  }
  const [stateToken, placeList, miles] = kind === 'around' ? rest : [kind, ...rest]
  const state = gazetteer.statesByToken.get(stateToken ?? '')
  if (!state) return [`no state '${stateToken}' in ${place}`]
  if (kind === 'around' && (rest.length !== 3 || !/^\d+$/.test(miles ?? '') || Number(miles) > 500))
    return [`an around place is around/state/place/miles (0 to 500): ${place}`]
  if (kind !== 'around' && rest.length > 1) return [`a place is 'state' or 'state/place+place': ${place}`]
  if (placeList === undefined) return []
  const tokens = placeList.split('+')
  if (tokens.join('+') !== [...new Set(tokens)].sort().join('+')) return [`place tokens are sorted and each once: ${place}`]
  const found = tokens.map((token) => resolveSearchPlaceToken(gazetteer, state.id, token))
  const errors = tokens.filter((_, index) => !found[index]).map((token) => `no place '${token}' in ${state.name}`)
  if (kind === 'around')
    errors.push(
      ...found.filter((entry) => entry && entry.kind !== 'city' && entry.kind !== 'lake').map((entry) => `${entry!.name} is no city or lake to search around`),
    )
  // A name several states have ('Mason County') is that state's only when the sentence says so or another place pins it.
  const places = found.filter((entry) => entry !== undefined)
  if (errors.length === 0 && !namesState(text, state.token) && places.every((entry) => (statesOfName.get(nameToken(entry.name))?.size ?? 0) > 1))
    errors.push(`the sentence names no state and ${places.map((entry) => entry.name).join(', ')} is in several: ambiguous`)
  return errors
}

const propertyTypeKeys: string[] = keysOf(propertyTypeOptions)
const customKeys: readonly string[] = customSegmentKeys
const amenityKeys: string[] = keysOf(amenityOptions)
/** The criteria a sentence's types, features, price, acres and keywords mean, or the mistakes that keep them from any. */
function expectedCriteria(sentence: CorpusSentence): { criteria: SearchCriteria; errors: string[] } | { errors: string[] } {
  const errors: string[] = []
  const types = sentence.types ?? []
  const unknownTypes = types.filter(
    (token) =>
      !propertyTypeKeys.includes(token) && !customKeys.includes(token) && !(token.startsWith('feature-') && amenityKeys.includes(token.slice('feature-'.length))),
  )
  if (unknownTypes.length > 0) errors.push(`unknown type token(s) ${unknownTypes.join(', ')}`)
  const custom = types.filter((token) => customKeys.includes(token))
  if (custom.length > 1) errors.push(`one landing segment at most: ${custom.join(', ')}`)
  const features = sentence.features ?? []
  const parsed = parseSearchPath(landSite, `/search/all-land/${features.map((token) => `${token}/`).join('')}`)
  if (!parsed) {
    const unknown = features.filter((token) => !parseSearchPath(landSite, `/search/all-land/${token}/`))
    errors.push(unknown.length > 0 ? `not a search URL token: ${unknown.join(', ')}` : `features that make no search together: ${features.join(', ')}`)
  }
  if (errors.length > 0 || !parsed) return { errors }
  const [priceMin, priceMax] = sentence.price ?? [null, null]
  const [acresMin, acresMax] = sentence.acres ?? [null, null]
  const criteria = normalizeCriteria({
    ...parsed.criteria,
    propertyTypes: types.filter((token) => propertyTypeKeys.includes(token)) as PropertyTypeKey[],
    customSegment: customSegmentKeys.find((key) => custom.includes(key)),
    amenityTypes: types.filter((token) => token.startsWith('feature-')).map((token) => token.slice('feature-'.length)) as AmenityKey[],
    priceMin: priceMin ?? undefined,
    priceMax: priceMax ?? undefined,
    acresMin: acresMin ?? undefined,
    acresMax: acresMax ?? undefined,
    keywordQuery: sentence.keywords,
  })
  return { criteria, errors }
}

/** Mistakes in everything but the place: tokens the URL grammar does not know, or slots it would write otherwise. */
function searchErrors(sentence: CorpusSentence): string[] {
  const expected = expectedCriteria(sentence)
  if (!('criteria' in expected)) return expected.errors
  const { criteria, errors } = expected
  const slots = corpusSlots(sentence)
  const optional = (value: number | undefined) => value ?? null
  const written = {
    types: [...criteria.propertyTypes, ...(criteria.customSegment ? [criteria.customSegment] : []), ...criteria.amenityTypes.map((key) => `feature-${key}`)].sort(),
    price: [optional(criteria.priceMin), optional(criteria.priceMax)],
    acres: [optional(criteria.acresMin), optional(criteria.acresMax)],
    features: featureTokens(criteria),
    keywords: criteria.keywordQuery ?? '',
  }
  for (const [slot, value] of Object.entries(written)) {
    const given = slots[slot as keyof typeof written]
    if (!isDeepStrictEqual(value, given)) errors.push(`${slot}: the search URL says ${JSON.stringify(value)}, not ${JSON.stringify(given)}`)
  }
  const url = buildSearchPath(landSite, criteria)
  const [pathname, query] = url.split('?')
  const reread = parseSearchPath(landSite, pathname!, new URLSearchParams(query))
  if (reread?.normalPath !== url) errors.push(`${url} does not read back as itself`)
  return errors
}

const slotKeys = new Set(['text', 'place', 'types', 'price', 'acres', 'features', 'keywords'])
const dataFolder = path.join(import.meta.dirname, 'data')
const files = fs
  .readdirSync(dataFolder)
  .filter((name) => /^sentence-corpus-.+\.json$/.test(name))
  .sort()
const parts = files.map((file) => ({
  file,
  sentences: (JSON.parse(fs.readFileSync(path.join(dataFolder, file), 'utf8')) as { sentences: CorpusSentence[] }).sentences,
}))
const sameText = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim()
/** The parts each sentence is in, once per time: a sentence in two parts (or twice in one) is a mistake. */
const partsOfText = new Map<string, string[]>()
for (const { file, sentences } of parts) for (const { text } of sentences) partsOfText.set(sameText(text), [...(partsOfText.get(sameText(text)) ?? []), file])
let errorCount = 0
for (const { file, sentences } of parts) {
  let fileErrors = 0
  for (const sentence of sentences) {
    const others = [...partsOfText.get(sameText(sentence.text))!]
    others.splice(others.indexOf(file), 1)
    const errors = [
      ...Object.keys(sentence)
        .filter((key) => !slotKeys.has(key))
        .map((key) => `unknown slot '${key}'`),
      ...(others.length > 0 ? [`also in ${others.join(', ')}`] : []),
      ...placeErrors(sentence.text, sentence.place ?? ''),
      ...searchErrors(sentence),
    ]
    for (const error of errors) console.log(`✗ ${file}: "${sentence.text}": ${error}`)
    fileErrors += errors.length
  }
  console.log(`${file}: ${sentences.length} sentences, ${fileErrors === 0 ? 'no mistakes' : `${fileErrors} mistake(s)`}`)
  errorCount += fileErrors
}
process.exitCode = errorCount === 0 ? 0 : 1
