import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { normalValuationInputs, parseValuationPath, valuationPath } from '~/models/valuation/valuation-path'
import { valuationInputsArbitrary } from '../support/url-arbitraries'

/** The valuation address (issue 16 §2): every input survives the round trip, and each valuation has one spelling. */
const inputs = valuationInputsArbitrary()

describe('valuation paths', () => {
  test('every valuation reads back from its path, rounded as the path writes it', () => {
    fc.assert(
      fc.property(inputs, (valuation) => {
        const path = valuationPath(valuation)
        expect(parseValuationPath(path)).toEqual(normalValuationInputs(valuation))
        expect(valuationPath(parseValuationPath(path)!)).toBe(path)
      }),
      { numRuns: 500 },
    )
  })

  test('reads a readable example, and refuses other spellings of it', () => {
    const path = '/value/texas/travis-county/40-acres/recreational-land+hunting-land/house-3-bed-2.5-bath-2000-sqft/waterfront/lat30.2672/long-97.7431/'
    expect(parseValuationPath(path)).toEqual({
      state: 'texas',
      county: 'travis-county',
      acres: 40,
      propertyTypes: ['recreational-land', 'hunting-land'],
      house: { beds: 3, baths: 2.5, squareFeet: 2000 },
      features: ['waterfront'],
      point: { latitude: 30.2672, longitude: -97.7431 },
    })
    for (const other of [
      '/value/texas/travis-county/40.00-acres/',
      '/value/texas/travis-county/0-acres/',
      '/value/texas/travis-county/40-acres/hunting-land+recreational-land/',
      '/value/texas/travis-county/40-acres/lat91/long-97/',
      '/value/texas/travis-county/40-acres',
      '/value/Texas/travis-county/40-acres/',
      '/value/texas/travis-county/40-acres/swamp/',
    ]) {
      expect(parseValuationPath(other), other).toBeUndefined()
    }
  })
})
