import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { type PlaceLookup, type SentencePlace, isMisspeltName } from '~/models/search/sentence-search'
import { nameIndexOf, zipSuggestion } from './autocomplete.server'
import { type Gazetteer, findState, resolveSearchPlaceToken } from './gazetteer.server'

/**
 * The gazetteer as the sentence parser's place lookup (issue 40, decision 0072): the location
 * box's own name index (autocomplete.server.ts), so a sentence names places as the box does.
 */
const lookups = new WeakMap<Gazetteer, PlaceLookup>()

/**
 * The states' older abbreviations, as people still write them ('Okla.', 'Tenn.', 'Calif.'), by postal
 * code; those that are everyday words ('Ill.', 'Miss.', 'Wash.', 'Me.') are left out.
 */
const traditionalAbbreviations: Record<string, string[]> = {
  AL: ['ala'],
  AZ: ['ariz'],
  AR: ['ark'],
  CA: ['calif', 'cal'],
  CO: ['colo'],
  CT: ['conn'],
  FL: ['fla'],
  IN: ['ind'],
  KS: ['kan', 'kans'],
  MA: ['mass'],
  MI: ['mich'],
  MN: ['minn'],
  MT: ['mont'],
  NE: ['neb', 'nebr'],
  NV: ['nev'],
  NM: ['n mex'],
  ND: ['n dak'],
  OK: ['okla'],
  OR: ['ore', 'oreg'],
  PA: ['penn', 'penna'],
  SD: ['s dak'],
  TN: ['tenn'],
  TX: ['tex'],
  WV: ['w va'],
  WI: ['wis', 'wisc'],
  WY: ['wyo'],
}

export function sentencePlaceLookup(gazetteer: Gazetteer): PlaceLookup {
  const cached = lookups.get(gazetteer)
  if (cached) return cached
  const index = nameIndexOf(gazetteer)
  const states = new Map<string, SentencePlace>()
  for (const { state, name } of index.states) {
    const place: SentencePlace = { kind: 'state', stateToken: state.token, label: state.name }
    states.set(name, place)
    states.set(state.abbreviation.toLowerCase(), place)
    // 'n carolina', 's dakota', 'w virginia' ('N. Carolina' without its dot).
    const initialled = name.replace(/^(north|south|west) /, (direction) => `${direction[0]} `)
    if (initialled !== name) states.set(initialled, place)
    for (const abbreviation of traditionalAbbreviations[state.abbreviation] ?? []) states.set(abbreviation, place)
  }
  const asPlaces = (entries: ReturnType<typeof index.exact.get>): SentencePlace[] => {
    const seen = new Set<string>()
    return (entries ?? [])
      .filter((entry) => !seen.has(entry.label) && seen.add(entry.label))
      .map((entry) => ({ kind: entry.kind, stateToken: entry.state.token, token: entry.token, label: entry.label }))
  }
  // By state and first letter, and by first letter alone: a typo is looked for among a few dozen names of a
  // state, or a few thousand of the country (the first letter is rarely the one mistyped).
  const byFirstLetter = new Map<string, typeof index.places>()
  const file = (key: string, entry: (typeof index.places)[number]) => {
    const list = byFirstLetter.get(key)
    if (list) list.push(entry)
    else byFirstLetter.set(key, [entry])
  }
  for (const entry of index.places) {
    file(`${entry.state.token} ${entry.name[0]}`, entry)
    file(entry.name[0]!, entry)
  }
  const withoutSuffix = (name: string) => name.replace(/ (county|parish|borough)$/, '')
  // Lakes as people call them: 'lake lanier' for Lake Sidney Lanier, 'lake hartwell' for Hartwell Lake,
  // 'lake sam rayburn' for Sam Rayburn Reservoir,
  // unless another place has that name.
  const lakeNicknames = new Map<string, typeof index.places>()
  for (const entry of index.places) {
    if (entry.kind !== 'lake') continue
    const words = entry.name.split(' ')
    const nickname =
      words[0] === 'lake' && words.length > 2
        ? `lake ${words.at(-1)}`
        : /^(lake|reservoir)$/.test(words.at(-1)!) && words.length > 1
          ? `lake ${words.slice(0, -1).join(' ')}`
          : undefined
    if (nickname && !index.exact.has(nickname)) lakeNicknames.set(nickname, [...(lakeNicknames.get(nickname) ?? []), entry])
  }
  const lookup: PlaceLookup = {
    state: (words) => states.get(words),
    named: (words) => asPlaces(index.exact.get(words) ?? lakeNicknames.get(words)),
    counties: (words) => asPlaces(index.countyWithoutSuffix.get(words)),
    zip: (zip) => {
      const suggestion = zipSuggestion(gazetteer, zip)
      return suggestion && { kind: 'zip', stateToken: suggestion.stateToken, zip, label: suggestion.label }
    },
    similar: (words, stateToken, isCounty) =>
      asPlaces(
        (byFirstLetter.get(stateToken ? `${stateToken} ${words[0]}` : words[0]!) ?? []).filter((entry) =>
          isCounty ? entry.kind === 'county' && isMisspeltName(words, withoutSuffix(entry.name)) : isMisspeltName(words, entry.name),
        ),
      ),
    longestName: Math.max(...[...index.exact.keys()].map((name) => name.split(' ').length)),
  }
  lookups.set(gazetteer, lookup)
  return lookup
}

/** The point a radius is drawn around: a city's or county's centre, a zip's, or the middle of a lake's frame. */
export async function placePoint(db: Kysely<Database>, gazetteer: Gazetteer, place: SentencePlace): Promise<{ latitude: number; longitude: number } | undefined> {
  if (place.kind === 'zip') return db.selectFrom('zips').select(['latitude', 'longitude']).where('zip', '=', place.zip!).executeTakeFirst()
  const state = findState(gazetteer, place.stateToken)
  const located = state && place.token ? resolveSearchPlaceToken(gazetteer, state.id, place.token) : undefined
  if (!located) return undefined
  if (located.kind === 'city') return db.selectFrom('cities').select(['latitude', 'longitude']).where('id', '=', located.id).executeTakeFirst()
  if (located.kind === 'county') return db.selectFrom('counties').select(['latitude', 'longitude']).where('id', '=', located.id).executeTakeFirst()
  if (located.kind === 'lake') {
    const frame = await db.selectFrom('lakes').select(['south', 'north', 'west', 'east']).where('id', '=', located.id).executeTakeFirst()
    return frame && { latitude: (frame.south + frame.north) / 2, longitude: (frame.west + frame.east) / 2 }
  }
  return undefined
}
