import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { seedDatabase } from '../app/dev-data/seed.server'
import { migrateToLatest } from '../app/models/db/db.server'
import { createKysely } from '../app/models/db/dialect.server'
import { loadGazetteer } from '../app/models/places/gazetteer.server'
import { buildSearchPath } from '../app/models/search/search-path'
import { type SearchCriteria, emptyCriteria } from '../app/models/search/search-criteria'
import type { SentenceReading } from '../app/models/search/sentence-search'
import { landSite } from '../app/sites/land'

/** A corpus sentence (scripts/data/sentence-corpus-*.json) and the search it means; a missing slot is empty. */
export interface CorpusSentence {
  text: string
  place?: string
  types?: string[]
  price?: [number | null, number | null]
  acres?: [number | null, number | null]
  features?: string[]
  keywords?: string
}

/** The slots the benchmark scores, each in one comparable form. */
export interface Slots {
  place: string
  types: string[]
  price: [number | null, number | null]
  acres: [number | null, number | null]
  features: string[]
  keywords: string
}

export const slotNames = ['place', 'types', 'price', 'acres', 'features', 'keywords'] as const

function placeOf({ place }: SentenceReading) {
  if (place.kind === 'nationwide') return ''
  if (place.kind === 'listing') return `listing/${place.id}`
  if (place.kind === 'ambiguous') return `ambiguous/${place.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
  const { choice } = place
  if (choice.around) return `around/${choice.around.place.stateToken}/${choice.around.place.token}/${choice.around.miles}`
  if (choice.zip) return `zip/${choice.zip}`
  return [choice.state, [...choice.places].sort().join('+')].filter(Boolean).join('/')
}

/** The URL tokens of everything but place, types, price, acres and keywords, sorted: the features slot. */
export function featureTokens(criteria: SearchCriteria) {
  const rest = {
    ...criteria,
    propertyTypes: [],
    customSegment: undefined,
    amenityTypes: [],
    priceMin: undefined,
    priceMax: undefined,
    salesPriceMin: undefined,
    salesPriceMax: undefined,
    acresMin: undefined,
    acresMax: undefined,
    keywordQuery: undefined,
  }
  const isSoldOnly = criteria.marketStatuses.length === 1 && criteria.marketStatuses[0] === 'sold'
  const tokens = buildSearchPath(landSite, { ...emptyCriteria, ...rest, marketStatuses: isSoldOnly ? ['sold'] : rest.marketStatuses })
    .split('?')[0]!
    .split('/')
    .filter((segment) => segment && segment !== 'search' && segment !== 'all-land')
  return tokens.sort()
}

const bound = (value: number | undefined) => value ?? null

export function corpusSlots(source: CorpusSentence | SentenceReading): Slots {
  if ('text' in source) {
    return {
      place: source.place ?? '',
      types: [...(source.types ?? [])].sort(),
      price: source.price ?? [null, null],
      acres: source.acres ?? [null, null],
      features: [...(source.features ?? [])].sort(),
      keywords: source.keywords ?? '',
    }
  }
  const { criteria } = source
  return {
    place: placeOf(source),
    types: [...criteria.propertyTypes, ...(criteria.customSegment ? [criteria.customSegment] : []), ...criteria.amenityTypes.map((key) => `feature-${key}`)].sort(),
    price: [bound(criteria.priceMin ?? criteria.salesPriceMin), bound(criteria.priceMax ?? criteria.salesPriceMax)],
    acres: [bound(criteria.acresMin), bound(criteria.acresMax)],
    features: featureTokens(source.criteria),
    keywords: criteria.keywordQuery ?? '',
  }
}

/** The gazetteer the corpus's places are read against: the seed's, in a database of its own, gone once read. */
export async function seededGazetteer() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sentence-corpus-'))
  const db = createKysely({ sqliteFile: path.join(folder, 'places.db') })
  try {
    await migrateToLatest(db)
    await seedDatabase(db, { listings: 0, seed: 1, demoUsers: false })
    return await loadGazetteer(db)
  } finally {
    await db.destroy()
    fs.rmSync(folder, { recursive: true, force: true })
  }
}
