import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/models/db/db-schema'
import { popularStates } from '~/models/places/popular.server'
import { propertyType } from '~/models/listings/enumerations'
import { brokerDirectoryPath, brokerPagePath, parseBrokerNameWithoutId, parseBrokerPath } from '~/models/brokers/broker-path'
import { sites } from '~/sites/index'
import { landingPath, parseLandingPath } from '~/models/places/landing-path'
import { freshSqliteDatabase, migrateAndSeed } from '../support/fresh-database'

const { land, farm, hunting, value } = sites

describe('landing paths on the land site', () => {
  test.each([
    ['/market-insights/', { kind: 'national' }],
    ['/United-States/', { kind: 'national' }],
    ['/Texas', { kind: 'state', slug: 'Texas' }],
    ['/new-mexico/', { kind: 'state', slug: 'new-mexico' }],
    ['/North-Alabama-Region', { kind: 'region', slug: 'North-Alabama' }],
    ['/Travis-County-TX', { kind: 'county', slug: 'Travis-County-TX' }],
    ['/Orleans-Parish-LA', { kind: 'county', slug: 'Orleans-Parish-LA' }],
    ['/Juneau-Borough-AK', { kind: 'county', slug: 'Juneau-Borough-AK' }],
    // Spec §2 /{city-or-county}-{ST}/: without the county word, a name before the state is a city.
    ['/Austin-TX', { kind: 'city', slug: 'Austin-TX' }],
    ['/san-antonio-tx/', { kind: 'city', slug: 'san-antonio-tx' }],
    ['/Franklin-TX', { kind: 'city', slug: 'Franklin-TX' }],
    ['/Franklin-County-TX', { kind: 'county', slug: 'Franklin-County-TX' }],
    ['/Countyline-OK', { kind: 'city', slug: 'Countyline-OK' }],
  ] as const)('%s names %o', (path, place) => {
    expect(parseLandingPath(land, path)).toEqual(place)
  })

  test.each(['/', '/Texas/Travis', '/search/all-land/', '/Texas-2', '/-Region', '/-TX', '/Austin-TX/Travis'])('%s is not a landing path', (path) => {
    expect(parseLandingPath(land, path)).toBeUndefined()
  })

  test('the rural and valuation sites have no landing paths of their own', () => {
    for (const site of [farm, hunting, value]) for (const path of ['/Texas', '/Austin-TX']) expect(parseLandingPath(site, path)).toBeUndefined()
  })

  test('building and reading a landing path agree', () => {
    for (const place of [
      { kind: 'national' },
      { kind: 'state', slug: 'New-Mexico' },
      { kind: 'region', slug: 'North-Alabama' },
      { kind: 'county', slug: 'Travis-County-TX' },
      { kind: 'city', slug: 'Austin-TX' },
      { kind: 'city', slug: 'Winston-Salem-NC' },
      { kind: 'city', slug: 'Franklin-TX' },
    ] as const) {
      expect(parseLandingPath(land, landingPath(place))).toEqual(place)
    }
  })
})

describe('broker paths', () => {
  const broker = { id: 321, contactName: "Jane O'Neil", companyName: 'High Plains Land Co.' }

  test.each([
    [land, '/member/jane-oneil/321', '/member/jane-oneil/321/listings/', '/broker/'],
    [farm, '/broker/jane-oneil-321/', '/broker/jane-oneil-321/land/', '/real-estate-agents/'],
    [hunting, '/profile/jane-oneil/321', '/profile/jane-oneil/321/properties', '/find-agent/'],
  ])('%s.key: profile, listings and directory paths read back to the broker', (site, profile, listings, directory) => {
    expect(brokerPagePath(site, broker)).toBe(profile)
    expect(brokerPagePath(site, broker, 'listings')).toBe(listings)
    expect(brokerDirectoryPath(site)).toBe(directory)
    expect(parseBrokerPath(site, profile)).toEqual({ brokerId: 321, kind: 'profile', page: 1 })
    expect(parseBrokerPath(site, listings)).toEqual({ brokerId: 321, kind: 'listings', page: 1 })
  })

  test('the slug falls back to the company, then to "seller" (spec §5)', () => {
    expect(brokerPagePath(land, { id: 5, contactName: ' ', companyName: 'Acme Land' })).toBe('/member/acme-land/5')
    expect(brokerPagePath(land, { id: 5, contactName: null, companyName: '—' })).toBe('/member/seller/5')
  })

  test('only the id counts, and other shapes are not broker pages', () => {
    expect(parseBrokerPath(land, '/member/old-name/321/')).toEqual({ brokerId: 321, kind: 'profile', page: 1 })
    expect(parseBrokerPath(farm, '/broker/some-other-name-321')).toEqual({ brokerId: 321, kind: 'profile', page: 1 })
    for (const path of ['/member/321/', '/member/jane/abc', '/member/jane/321/other/', '/member/jane/0']) {
      expect(parseBrokerPath(land, path)).toBeUndefined()
    }
    expect(parseBrokerPath(farm, '/broker/jane-oneil/')).toBeUndefined()
    expect(parseBrokerPath(hunting, '/profile/jane/321/listings')).toBeUndefined()
    expect(parseBrokerPath(value, '/member/jane/321')).toBeUndefined()
    expect(brokerPagePath(value, broker)).toBeUndefined()
  })

  test('a land-site broker address whose id is not numeric gives the name to search for, and nothing else does (spec §2)', () => {
    expect(parseBrokerNameWithoutId(land, '/member/jane-o-neil/abc')).toBe('jane o neil')
    expect(parseBrokerNameWithoutId(land, '/member/Jane-Doe/not-a-number/')).toBe('jane doe')
    for (const path of ['/member/jane/321', '/member/321/sort-newest/', '/member/jane/abc/listings/', '/member/jane', '/broker/jane/abc']) {
      expect(parseBrokerNameWithoutId(land, path), path).toBeUndefined()
    }
    expect(parseBrokerNameWithoutId(hunting, '/member/jane/abc')).toBeUndefined()
  })
})

describe('popular states', () => {
  let db: Kysely<Database>
  beforeAll(async () => {
    db = await migrateAndSeed(freshSqliteDatabase('popular-states'), { listings: 800, seed: 7 })
  })
  afterAll(() => db.destroy())

  async function activeCount(scopeBits: number) {
    const rows = await db.selectFrom('listings').where('status', 'in', [1, 2]).select(['property_types']).execute()
    return rows.filter((row) => scopeBits === 0 || (row.property_types & scopeBits) !== 0).length
  }

  test('every state is listed once, most listings first, and the counts add up to the active listings', async () => {
    for (const scopeBits of [0, farm.listingScopeBits, propertyType.hunting]) {
      const states = await popularStates(db, scopeBits)
      expect(states).toHaveLength(51)
      expect(states.map((state) => state.listings)).toEqual(states.map((state) => state.listings).sort((a, b) => b - a))
      expect(states.reduce((sum, state) => sum + state.listings, 0)).toBe(await activeCount(scopeBits))
    }
  })
})
