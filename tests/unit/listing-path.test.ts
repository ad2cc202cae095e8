import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { sites } from '~/sites/index'
import { listingPath, parseListingPath } from '~/models/listings/listing-path'

const { land, farm, hunting, value } = sites
const travis = { id: 1234, acres: 42, countyName: 'Travis County', stateAbbreviation: 'TX' }

describe('parseListingPath on the land site', () => {
  test.each([
    ['/property/42-acres-in-travis-county-tx/1234/', 1234],
    ['/property/any-other-slug/1234', 1234],
    ['/property/1234', 1234],
    ['/property/1234/', 1234],
    ['/listing/texas/travis-county/1234', 1234],
    ['/listing/1234/old-style-slug', 1234],
    ['/listing/5/1234/', 1234],
  ])('%s names listing %i', (path, listingId) => {
    expect(parseListingPath(land, path)).toEqual({ listingId })
  })

  test.each([
    '/property/42-acres-in-travis-county-tx-1234/',
    '/property/',
    '/property/slug/1234/extra',
    '/property/slug/not-a-number/',
    '/listing/no-number-here',
    '/pid/1234/',
    '/travis/pid/1234/',
    '/property/0/',
    '/property/12345678901/',
  ])('%s is not a land detail path', (path) => {
    expect(parseListingPath(land, path)).toBeUndefined()
  })
})

describe('parseListingPath on the farm site', () => {
  test.each([
    ['/property/42-acres-in-travis-county-tx-1234/', 1234],
    ['/property/wrong-slug-1234', 1234],
    ['/property/1234/', 1234],
  ])('%s names listing %i', (path, listingId) => {
    expect(parseListingPath(farm, path)).toEqual({ listingId })
  })

  test.each(['/property/42-acres-in-travis-county-tx/1234/', '/property/slug-without-id/', '/listing/1234', '/pid/1234/'])(
    '%s is not a farm detail path',
    (path) => {
      expect(parseListingPath(farm, path)).toBeUndefined()
    },
  )
})

describe('parseListingPath on the hunting site', () => {
  test.each([
    ['/pid/1234/', 1234],
    ['/pid/1234/anything/after', 1234],
    ['/42-acres-in-travis-county-tx/pid/1234/', 1234],
    ['/elsewhere/pid/1234', 1234],
  ])('%s names listing %i', (path, listingId) => {
    expect(parseListingPath(hunting, path)).toEqual({ listingId })
  })

  test.each(['/pid/', '/pid/slug/', '/a/b/pid/1234/', '/property/slug/1234/', '/listing/1234', '/texas-land-for-sale/'])(
    '%s is not a hunting detail path',
    (path) => {
      expect(parseListingPath(hunting, path)).toBeUndefined()
    },
  )
})

test('the valuation site has no listing pages', () => {
  expect(parseListingPath(value, '/property/42-acres-in-travis-county-tx/1234/')).toBeUndefined()
  expect(parseListingPath(value, '/property/1234')).toBeUndefined()
})

describe('round trips', () => {
  test('the canonical path of each site is its own example', () => {
    expect(listingPath(land, travis)).toBe('/property/42-acres-in-travis-county-tx/1234/')
    expect(listingPath(farm, travis)).toBe('/property/42-acres-in-travis-county-tx-1234/')
    expect(listingPath(hunting, travis)).toBe('/42-acres-in-travis-county-tx/pid/1234/')
  })

  test('fractional acres keep their decimal point as a hyphen, and accents are dropped', () => {
    expect(listingPath(land, { id: 30, acres: 0.91, countyName: 'Polk County', stateAbbreviation: 'OR' })).toBe('/property/0-91-acres-in-polk-county-or/30/')
    expect(listingPath(land, { id: 31, acres: 12.5, countyName: 'Doña Ana County', stateAbbreviation: 'NM' })).toBe('/property/12-5-acres-in-dona-ana-county-nm/31/')
  })

  test.each([land, farm, hunting])('parsing the path $key builds gives back the listing id', (site) => {
    const listing = fc.record({
      id: fc.integer({ min: 1, max: 999_999_999 }),
      acres: fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.double({ min: 0.01, max: 100_000, noNaN: true })),
      countyName: fc.constantFrom('Travis County', "Prince George's County", 'St. Mary Parish', 'Juneau Borough', 'Doña Ana County'),
      stateAbbreviation: fc.constantFrom('TX', 'MD', 'LA', 'AK', 'NM'),
    })
    fc.assert(
      fc.property(listing, (candidate) => {
        expect(parseListingPath(site, listingPath(site, candidate))).toEqual({ listingId: candidate.id })
      }),
    )
  })
})
