import type { Kysely } from 'kysely'
import type { Database } from '~/models/db/db-schema'
import { loadGazetteer } from '~/models/places/gazetteer.server'
import { sentencePlaceLookup } from '~/models/places/sentence-places.server'
import { type PlaceChoice, readSentence } from '~/models/search/sentence-search'

/** What a sentence in the valuation form's place field says: the state, the place as the field takes it, the acres. */
export interface ValuationSentence {
  state?: string
  place?: string
  acres?: number
}

/** The place of a choice as the field takes it: 'Travis County', 'Austin', a zip. */
function typedPlace(choice: PlaceChoice) {
  const place = choice.around?.place
  if (place) return place.kind === 'zip' ? place.zip : place.label.replace(/, [A-Z]{2}$/, '')
  if (choice.zip) return choice.zip
  return choice.places.length === 1 ? choice.label.replace(/, [A-Z]{2}$/, '') : undefined
}

/**
 * AcreWorth's place field read as a sentence (issue 40): '40 acres in Travis County' is Travis
 * County, Texas, and 40 acres. A name several states share is read in the state chosen, if any.
 */
export async function readValuationSentence(db: Kysely<Database>, typed: string, chosenState: string): Promise<ValuationSentence> {
  const reading = readSentence(typed, sentencePlaceLookup(await loadGazetteer(db)))
  const acres = reading.criteria.acresMin ?? reading.criteria.acresMax
  const place = reading.place
  const choices = place.kind === 'place' ? [place.choice] : place.kind === 'ambiguous' ? place.choices : []
  const inState = choices.filter((choice) => !chosenState || (choice.state ?? choice.around?.place.stateToken) === chosenState)
  const choice = inState.length === 1 ? inState[0]! : undefined
  return { acres, state: choice && (choice.state ?? choice.around?.place.stateToken), place: choice && typedPlace(choice) }
}
