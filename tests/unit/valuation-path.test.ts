import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { draftPropertyTypeOptions } from '~/models/sellers/listing-draft-fields'
import { type ValuationInputs, normalValuationInputs, parseValuationPath, valuationFeatures, valuationPath } from '~/models/valuation/valuation-path'

/** The valuation address (issue 16 §2): every input survives the round trip, and each valuation has one spelling. */
const token = fc.stringMatching(/^[a-z0-9]{1,8}(?:-[a-z0-9]{1,8}){0,2}$/)
const inputs: fc.Arbitrary<ValuationInputs> = fc.record({
  state: token,
  county: token,
  acres: fc.integer({ min: 1, max: 100_000_000 }).map((hundredths) => hundredths / 100),
  propertyTypes: fc.subarray(draftPropertyTypeOptions.map((option) => option.key)),
  house: fc.option(
    fc.record({
      beds: fc.integer({ min: 0, max: 20 }),
      baths: fc.integer({ min: 0, max: 40 }).map((halves) => halves / 2),
      squareFeet: fc.option(fc.integer({ min: 100, max: 99_999 })),
    }),
  ),
  features: fc.subarray([...valuationFeatures]),
  point: fc.option(fc.record({ latitude: fc.double({ min: -90, max: 90, noNaN: true }), longitude: fc.double({ min: -180, max: 180, noNaN: true }) })),
})

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
