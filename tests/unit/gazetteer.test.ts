import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { resolveFreeText, suggestLocations } from '~/models/places/autocomplete.server'
import type { Database } from '~/models/db/db-schema'
import {
  type Gazetteer,
  findPlaceById,
  findState,
  findStateById,
  findZip,
  loadGazetteer,
  resolveLocation,
  resolvePlaceToken,
} from '~/models/places/gazetteer.server'
import { emptyCriteria, normalizeCriteria, type SearchCriteria } from '~/models/search/search-criteria'
import { freshSqliteDatabase, migrateAndSeed } from '../support/fresh-database'

let db: Kysely<Database>
let gazetteer: Gazetteer

beforeAll(async () => {
  db = await migrateAndSeed(freshSqliteDatabase('gazetteer'), { listings: 3000, seed: 3 })
  gazetteer = await loadGazetteer(db)
})

afterAll(async () => {
  await db?.destroy()
})

const texas = () => findState(gazetteer, 'texas')!
const locate = (criteria: Partial<SearchCriteria>) => resolveLocation(gazetteer, { ...emptyCriteria, ...criteria })

describe('the gazetteer', () => {
  test('is read once per database and shared', async () => {
    expect(await loadGazetteer(db)).toBe(gazetteer)
    expect(gazetteer.states).toHaveLength(51)
    expect(gazetteer.places.filter((place) => place.kind === 'city').length).toBeGreaterThan(25_000)
  })

  test('state tokens are lowercased slugs', () => {
    expect(findState(gazetteer, 'new-mexico')?.name).toBe('New Mexico')
    expect(findState(gazetteer, 'district-of-columbia')?.abbreviation).toBe('DC')
    expect(findState(gazetteer, 'New-Mexico')).toBeUndefined()
    expect(findStateById(gazetteer, 48)?.token).toBe('texas')
  })

  test('county, region and city tokens resolve within their state, with display names', () => {
    expect(resolvePlaceToken(gazetteer, texas().id, 'travis-county')).toEqual({ kind: 'county', id: 48453, name: 'Travis County', token: 'travis-county' })
    expect(resolvePlaceToken(gazetteer, texas().id, 'central-texas-region')).toMatchObject({ kind: 'region', name: 'Central Texas' })
    expect(resolvePlaceToken(gazetteer, texas().id, 'austin')).toMatchObject({ kind: 'city', name: 'Austin', token: 'austin' })
    const louisiana = findState(gazetteer, 'louisiana')!
    expect(resolvePlaceToken(gazetteer, louisiana.id, 'acadia-parish')).toMatchObject({ kind: 'county', name: 'Acadia Parish' })
  })

  test('a place token of another state does not resolve', () => {
    const ohio = findState(gazetteer, 'ohio')!
    expect(resolvePlaceToken(gazetteer, ohio.id, 'travis-county')).toBeUndefined()
    expect(resolvePlaceToken(gazetteer, texas().id, 'central-texas')).toBeUndefined()
  })

  test('a second city of the same name in a state has its own token', () => {
    const arizona = findState(gazetteer, 'arizona')!
    const prescotts = gazetteer.places.filter((place) => place.kind === 'city' && place.stateId === arizona.id && place.name === 'Prescott')
    expect(prescotts.length).toBeGreaterThan(1)
    for (const prescott of prescotts) expect(resolvePlaceToken(gazetteer, arizona.id, prescott.token)?.id).toBe(prescott.id)
  })

  test('zips and places by id', () => {
    expect(findZip(gazetteer, '78701')).toMatchObject({ stateId: 48 })
    expect(findZip(gazetteer, '00000')).toBeUndefined()
    expect(findPlaceById(gazetteer, 'county', 48453)?.token).toBe('travis-county')
  })
})

describe('resolving a location', () => {
  test('display names for a county, a city, several places, a state, a zip and the country', () => {
    const names = [
      locate({ state: 'texas', places: ['travis-county'] }),
      locate({ state: 'texas', places: ['austin'] }),
      locate({ state: 'texas', places: ['hays-county', 'travis-county'] }),
      locate({ state: 'texas', places: ['central-texas-region'] }),
      locate({ state: 'texas' }),
      locate({ state: 'texas', zip: '78701' }),
      locate({}),
    ].map((result) => (result.ok ? result.location.displayName : 'not ok'))
    expect(names).toEqual([
      'Travis County, TX',
      'Austin, TX',
      'Hays County and Travis County, TX',
      'Central Texas, TX',
      'Texas',
      'Austin, TX 78701',
      'United States',
    ])
  })

  test('places are sorted into counties, regions and cities with their ids', () => {
    const result = locate({ state: 'texas', places: ['austin', 'central-texas-region', 'travis-county'] })
    expect(result.ok && result.location).toMatchObject({
      state: { id: 48, abbreviation: 'TX', token: 'texas' },
      counties: [{ id: 48453, name: 'Travis County' }],
      regions: [{ name: 'Central Texas', token: 'central-texas-region' }],
      cities: [{ name: 'Austin' }],
      displayName: 'Travis County, Central Texas and Austin, TX',
    })
  })

  test('unknown tokens, places without a state and a zip outside the state are not found', () => {
    expect(locate({ state: 'texas', places: ['nowhere-county'] })).toEqual({ ok: false })
    expect(locate({ state: 'atlantis' })).toEqual({ ok: false })
    expect(locate({ places: ['austin'] })).toEqual({ ok: false })
    expect(locate({ state: 'ohio', zip: '78701' })).toEqual({ ok: false })
    expect(locate({ state: 'texas', zip: '00000' })).toEqual({ ok: false })
  })

  test('normalized criteria from a URL resolve like the raw ones', () => {
    const result = resolveLocation(gazetteer, normalizeCriteria({ state: 'louisiana', places: ['acadia-parish'] }))
    expect(result.ok && result.location.displayName).toBe('Acadia Parish, LA')
  })
})

describe('location suggestions', () => {
  const labels = async (query: string, limit?: number) => (await suggestLocations(db, gazetteer, query, { limit })).map((suggestion) => suggestion.label)

  test('states come first, then places whose name begins with the text', async () => {
    const suggestions = await labels('new')
    expect(suggestions.slice(0, 4)).toEqual(['New Hampshire', 'New Jersey', 'New Mexico', 'New York'])
    expect(suggestions).toHaveLength(8)
  })

  test('a county suggestion carries its state and place tokens', async () => {
    const [first] = await suggestLocations(db, gazetteer, 'travis co')
    expect(first).toEqual({ kind: 'county', label: 'Travis County, TX', stateToken: 'texas', placeToken: 'travis-county' })
  })

  test('an exact name comes before names it begins, and bigger cities before smaller ones', async () => {
    const suggestions = await suggestLocations(db, gazetteer, 'austin', { limit: 20 })
    expect(suggestions[0]).toMatchObject({ kind: 'city', label: 'Austin, TX', placeToken: 'austin' })
    expect(suggestions.findIndex((suggestion) => suggestion.label === 'Austin County, TX')).toBeGreaterThan(0)
    const springfields = await labels('springfield', 30)
    expect(springfields.indexOf('Springfield, MO')).toBeLessThan(springfields.indexOf('Springfield, SD'))
  })

  test('a trailing state narrows the places', async () => {
    expect(await labels('austin tx')).toEqual(['Austin, TX', 'Austin County, TX'])
    expect(await labels('travis county, texas')).toEqual(['Travis County, TX'])
  })

  test('digits suggest zips and an existing property id', async () => {
    const suggestions = await suggestLocations(db, gazetteer, '787')
    expect(suggestions[0]).toEqual({ kind: 'zip', label: '78701 – Austin, TX', stateToken: 'texas', zip: '78701' })
    expect(suggestions.at(-1)).toMatchObject({ kind: 'listing', label: 'Property #787', listingId: 787 })
    expect(await labels('999999')).toEqual([])
  })

  test('text that names nothing suggests nothing', async () => {
    expect(await labels('zzqx')).toEqual([])
    expect(await labels('  ')).toEqual([])
  })
})

describe('free text from the location box', () => {
  const resolve = (text: string) => resolveFreeText(db, gazetteer, text)
  const matchOf = async (text: string) => {
    const resolution = await resolve(text)
    return resolution.kind === 'match' ? resolution.suggestion : resolution.kind
  }

  test.each([
    ['Travis County, TX', { kind: 'county', placeToken: 'travis-county', stateToken: 'texas' }],
    ['travis county texas', { kind: 'county', placeToken: 'travis-county' }],
    ['Travis', { kind: 'county', placeToken: 'travis-county' }],
    ['Austin TX', { kind: 'city', placeToken: 'austin', stateToken: 'texas' }],
    ['Texas', { kind: 'state', stateToken: 'texas' }],
    ['TX', { kind: 'state', stateToken: 'texas' }],
    ['new mexico', { kind: 'state', stateToken: 'new-mexico' }],
    ['Central Texas', { kind: 'region', placeToken: 'central-texas-region' }],
    ['Acadia Parish', { kind: 'county', stateToken: 'louisiana' }],
    ['78701', { kind: 'zip', zip: '78701', stateToken: 'texas' }],
    ['Springfield MO', { kind: 'city', stateToken: 'missouri', placeToken: 'springfield' }],
  ])('%s is an exact match', async (text, expected) => {
    expect(await matchOf(text)).toMatchObject(expected)
  })

  test('a property id matches the listing, in any of its spellings', async () => {
    for (const text of ['1234', '#1234', 'Property #1234']) {
      expect(await matchOf(text)).toMatchObject({ kind: 'listing', listingId: 1234, label: 'Property #1234' })
    }
    expect(await matchOf('4321')).toBe('none')
  })

  test('a name many states share is ambiguous, biggest first', async () => {
    const resolution = await resolve('Springfield')
    expect(resolution.kind).toBe('ambiguous')
    const suggestions = resolution.kind === 'ambiguous' ? resolution.suggestions : []
    expect(suggestions.length).toBeGreaterThan(10)
    expect(suggestions.every((suggestion) => suggestion.kind === 'city' && suggestion.label.startsWith('Springfield, '))).toBe(true)
    expect(suggestions[0]!.label).toBe('Springfield, IL')
  })

  test('a five-digit number that is both a zip and a property id lets the visitor choose', async () => {
    expect(await matchOf('12345')).toMatchObject({ kind: 'zip', zip: '12345' })
    const { id: _, ...listing } = await db.selectFrom('listings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow()
    await db
      .insertInto('listings')
      .values({ ...listing, id: 12345 })
      .execute()
    try {
      const resolution = await resolve('12345')
      expect(resolution.kind === 'ambiguous' && resolution.suggestions.map((suggestion) => suggestion.kind)).toEqual(['zip', 'listing'])
    } finally {
      await db.deleteFrom('listings').where('id', '=', 12345).execute()
    }
  })

  test('unknown text is none', async () => {
    expect(await matchOf('zzqx')).toBe('none')
    expect(await matchOf('')).toBe('none')
  })
})
