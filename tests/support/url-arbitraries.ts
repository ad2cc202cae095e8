import fc from 'fast-check'
import { type SearchCriteria, customSegmentKeys, normalizeCriteria } from '~/models/search/search-criteria'
import {
  activityOptions,
  amenityOptions,
  dateListedOptions,
  keysOf,
  marketStatusOptions,
  priceChangeLookbackDays,
  priceChangeTypeOptions,
  propertyTypeOptions,
  allSortOptions,
  transactionTypeOptions,
} from '~/models/search/search-options'
import { draftPropertyTypeOptions } from '~/models/sellers/listing-draft-fields'
import { type ValuationInputs, valuationFeatures } from '~/models/valuation/valuation-path'

/**
 * fast-check arbitraries of what the URL grammars write: the unit tests' round trips and the
 * fuzz script's seed URLs (scripts/fuzz.ts) draw from the same ones.
 */
const token = fc.stringMatching(/^[a-z][a-z0-9]{0,8}(-[a-z0-9]{1,6}){0,2}$/)
const maybe = <Value>(arbitrary: fc.Arbitrary<Value>) => fc.option(arbitrary, { nil: undefined })
const subset = <Key extends string>(keys: readonly Key[]) => fc.subarray([...keys])
const coordinate = (max: number) => fc.double({ min: -max, max, noNaN: true })
// Days from 1890 to 2110, past both ends of the sold-date limits, as ISO dates.
const isoDay = fc
  .integer({ min: Date.UTC(1890, 0, 1) / 86_400_000, max: Date.UTC(2110, 11, 31) / 86_400_000 })
  .map((days) => new Date(days * 86_400_000).toISOString().slice(0, 10))

/**
 * Any criteria the UI can make, in normal form. Place tokens are made up unless `places` gives
 * real ones (county, region and city tokens, and lakes' 'near-lake-okeechobee', decision 0018).
 */
export function searchCriteriaArbitrary({
  withBroker,
  states = token.filter((value) => !value.endsWith('-land-for-sale')),
  places = fc.oneof(
    token,
    token.map((name) => `near-${name}`),
  ),
}: {
  withBroker: boolean
  states?: fc.Arbitrary<string>
  places?: fc.Arbitrary<string>
}): fc.Arbitrary<SearchCriteria> {
  return fc
    .record({
      state: maybe(states),
      places: fc.array(places, { maxLength: 3 }),
      zip: maybe(fc.stringMatching(/^\d{5}$/)),
      brokerId: withBroker ? maybe(fc.integer({ min: 1, max: 99_999_999 })) : fc.constant(undefined),
      latitude: maybe(coordinate(90)),
      longitude: maybe(coordinate(180)),
      radius: fc.integer({ min: 0, max: 500 }),
      mapBounds: maybe(fc.record({ south: coordinate(80), west: coordinate(180), north: coordinate(80), east: coordinate(180) })),
      mapPolygon: maybe(fc.array(fc.tuple(coordinate(90), coordinate(180)), { minLength: 3, maxLength: 30 })),
      propertyTypes: subset(keysOf(propertyTypeOptions)),
      customSegment: maybe(fc.constantFrom(...customSegmentKeys)),
      transactionTypes: subset(keysOf(transactionTypeOptions)),
      marketStatuses: subset(keysOf(marketStatusOptions)),
      priceMin: maybe(fc.integer({ min: 0, max: 20_000_000 })),
      priceMax: maybe(fc.integer({ min: 0, max: 20_000_000 })),
      pricePerAcreMin: maybe(fc.integer({ min: 0, max: 1_000_000 })),
      pricePerAcreMax: maybe(fc.integer({ min: 0, max: 1_000_000 })),
      salesPriceMin: maybe(fc.integer({ min: 0, max: 20_000_000 })),
      salesPriceMax: maybe(fc.integer({ min: 0, max: 20_000_000 })),
      soldDateMin: maybe(isoDay),
      soldDateMax: maybe(isoDay),
      acresMin: maybe(fc.double({ min: 0, max: 50_000, noNaN: true })),
      acresMax: maybe(fc.double({ min: 0, max: 50_000, noNaN: true })),
      bedMin: maybe(fc.integer({ min: 0, max: 12 })),
      bathMin: maybe(fc.integer({ min: 0, max: 12 })),
      sqftMin: maybe(fc.integer({ min: 0, max: 20_000 })),
      sqftMax: maybe(fc.integer({ min: 0, max: 20_000 })),
      activityTypes: subset(keysOf(activityOptions)),
      amenityTypes: subset(keysOf(amenityOptions)),
      dateListed: fc.constantFrom(...keysOf(dateListedOptions)),
      priceChangeLookback: fc.constantFrom(...priceChangeLookbackDays),
      priceChangeType: fc.constantFrom(...keysOf(priceChangeTypeOptions)),
      hasHouse: fc.constantFrom(true, false, null),
      hasVideo: fc.boolean(),
      hasVirtualTour: fc.boolean(),
      hasCustomMap: fc.boolean(),
      mineralRights: fc.boolean(),
      ownerFinancing: fc.boolean(),
      belowMedianPricePerAcre: fc.boolean(),
      keywordQuery: maybe(fc.string({ maxLength: 30 })),
      sortOrder: fc.constantFrom(...keysOf(allSortOptions)),
      page: fc.integer({ min: 1, max: 1_000 }),
    })
    .map((input) => normalizeCriteria(input))
}

const valuationToken = fc.stringMatching(/^[a-z0-9]{1,8}(?:-[a-z0-9]{1,8}){0,2}$/)

/** Any valuation's inputs; `states` and `counties` default to made-up tokens. */
export function valuationInputsArbitrary({ states = valuationToken, counties = valuationToken } = {}): fc.Arbitrary<ValuationInputs> {
  return fc.record({
    state: states,
    county: counties,
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
}
