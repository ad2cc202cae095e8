import { describe, expect, test } from 'vitest'
import { countActiveFilters, criteriaFromFilterForm, emptyCriteria, normalizeCriteria } from '~/models/search/search-criteria'

const count = (input: Parameters<typeof normalizeCriteria>[0]) => countActiveFilters(normalizeCriteria(input))
/** What a sold bound adds to the count beyond the Sold status it implies. */
const beyondSoldStatus = (input: Parameters<typeof normalizeCriteria>[0]) => count(input) - count({ marketStatuses: ['sold'] })

describe('the active-filter count (spec §5)', () => {
  test('a search without filters counts nothing, and the default statuses count nothing', () => {
    expect(count({})).toBe(0)
    expect(count({ marketStatuses: ['under-contract', 'available'] })).toBe(0)
    expect(count({ state: 'texas', places: ['travis-county'], sortOrder: 'price-asc', page: 3, keywordQuery: 'creek' })).toBe(0)
  })

  test('acre, price and sales price ranges count one each, whether one bound or both', () => {
    expect(count({ acresMin: 5 })).toBe(1)
    expect(count({ acresMin: 5, acresMax: 50 })).toBe(1)
    expect(count({ priceMax: 250_000 })).toBe(1)
    expect(count({ priceMin: 1_000, priceMax: 250_000 })).toBe(1)
    expect(beyondSoldStatus({ salesPriceMin: 100_000 })).toBe(1)
    expect(beyondSoldStatus({ salesPriceMin: 100_000, salesPriceMax: 500_000 })).toBe(1)
  })

  test('each sold date bound counts one', () => {
    expect(beyondSoldStatus({ soldDateMin: '2024-01-01' })).toBe(1)
    expect(beyondSoldStatus({ soldDateMax: '2024-12-31' })).toBe(1)
    expect(beyondSoldStatus({ soldDateMin: '2024-01-01', soldDateMax: '2024-12-31' })).toBe(2)
    expect(beyondSoldStatus({ salesPriceMax: 500_000, soldDateMin: '2024-01-01', soldDateMax: '2024-12-31' })).toBe(3)
  })

  test('the Sold status a sold bound implies counts as the status list always does', () => {
    expect(count({ marketStatuses: ['sold'] })).toBe(1)
    expect(count({ salesPriceMin: 100_000 })).toBe(2)
  })

  test('each selected type and each listed status beyond the default pair counts one', () => {
    expect(count({ propertyTypes: ['farms', 'ranches'], activityTypes: ['hunting'], amenityTypes: ['pasture', 'cabin'], transactionTypes: ['auction'] })).toBe(6)
    expect(count({ marketStatuses: ['available', 'under-contract', 'sold'] })).toBe(3)
    expect(count({ marketStatuses: ['available'] })).toBe(1)
  })

  test('flags, minimums, date listed, price change, house and radius count one each', () => {
    expect(
      count({
        ownerFinancing: true,
        mineralRights: true,
        hasVideo: true,
        hasVirtualTour: true,
        hasCustomMap: true,
        sqftMin: 1_000,
        bathMin: 2,
        bedMin: 3,
        dateListed: '7-days',
        priceChangeLookback: 30,
        priceChangeType: 'reduction',
        hasHouse: false,
        latitude: 30,
        longitude: -97,
        radius: 10,
      }),
    ).toBe(12)
  })
})

describe('sold criteria in normal form', () => {
  test('a sale price or sold date means sold listings only, whatever statuses were asked for', () => {
    for (const bound of [{ salesPriceMin: 1 }, { salesPriceMax: 9 }, { soldDateMin: '2024-01-01' }, { soldDateMax: '2024-01-01' }]) {
      expect(normalizeCriteria({ ...bound, marketStatuses: ['available', 'under-contract'] }).marketStatuses).toEqual(['sold'])
    }
    expect(normalizeCriteria({ marketStatuses: ['available'] }).marketStatuses).toEqual(['available'])
  })

  test('bounds are rounded, reversed bounds swapped, and zero or negative ones dropped', () => {
    expect(normalizeCriteria({ salesPriceMin: 500_000.4, salesPriceMax: 100_000 })).toMatchObject({ salesPriceMin: 100_000, salesPriceMax: 500_000 })
    expect(normalizeCriteria({ soldDateMin: '2025-06-30', soldDateMax: '2024-01-01' })).toMatchObject({ soldDateMin: '2024-01-01', soldDateMax: '2025-06-30' })
    const dropped = normalizeCriteria({ salesPriceMin: -5, salesPriceMax: 0 })
    expect(dropped).toEqual(emptyCriteria)
  })

  test('sold dates must be real days, and are held within 1900 to 2099', () => {
    for (const date of ['2024-02-30', '2024-13-01', '24-01-01', 'yesterday', '', '2024-1-1']) {
      expect(normalizeCriteria({ soldDateMin: date })).toEqual(emptyCriteria)
    }
    expect(normalizeCriteria({ soldDateMin: '2024-02-29' }).soldDateMin).toBe('2024-02-29')
    expect(normalizeCriteria({ soldDateMin: '1066-10-14', soldDateMax: '3000-01-01' })).toMatchObject({ soldDateMin: '1900-01-01', soldDateMax: '2099-12-31' })
  })

  test('a sales price above the limit is held at it', () => {
    expect(normalizeCriteria({ salesPriceMax: 1e20 }).salesPriceMax).toBe(10_000_000_000)
  })
})

describe('the filter form', () => {
  const fromForm = (fields: Record<string, string>) =>
    criteriaFromFilterForm(normalizeCriteria({ state: 'texas' }), new URLSearchParams({ filters: '1', ...fields }))

  test('reads sale prices as written, with dollar signs and commas', () => {
    expect(fromForm({ salesPriceMin: '$100,000', salesPriceMax: '500000' })).toMatchObject({
      salesPriceMin: 100_000,
      salesPriceMax: 500_000,
      marketStatuses: ['sold'],
    })
  })

  test('reads a date picker day, or a typed month/day/year where the browser has no picker', () => {
    expect(fromForm({ soldDateMin: '2024-03-05', soldDateMax: '12/31/2024' })).toMatchObject({ soldDateMin: '2024-03-05', soldDateMax: '2024-12-31' })
    expect(fromForm({ soldDateMin: '3/5/2024' }).soldDateMin).toBe('2024-03-05')
  })

  test('drops what it cannot read instead of failing', () => {
    const criteria = fromForm({ salesPriceMin: 'lots', salesPriceMax: '', soldDateMin: '31/31/2024', soldDateMax: '<script>' })
    expect(criteria).toEqual(normalizeCriteria({ state: 'texas' }))
  })
})

describe('price per acre below the county median (issue 19)', () => {
  test('the filter counts one, from the filter form with or without scripts', () => {
    expect(count({ belowMedianPricePerAcre: true })).toBe(1)
    const fromForm = criteriaFromFilterForm(emptyCriteria, new URLSearchParams('filters=1&belowMedianPricePerAcre=on'))
    expect(fromForm.belowMedianPricePerAcre).toBe(true)
    expect(countActiveFilters(fromForm)).toBe(1)
  })
})

describe('a price per acre range (issue 40, beyond the spec)', () => {
  test('counts one, whether one bound or both, and apart from the price range', () => {
    expect(count({ pricePerAcreMax: 5_000 })).toBe(1)
    expect(count({ pricePerAcreMin: 1_000, pricePerAcreMax: 5_000 })).toBe(1)
    expect(count({ priceMax: 250_000, pricePerAcreMax: 5_000 })).toBe(2)
  })

  test('bounds are rounded to whole dollars, reversed bounds swapped, zero or negative ones dropped, and huge ones held at the limit', () => {
    expect(normalizeCriteria({ pricePerAcreMin: 5_000.4, pricePerAcreMax: 999.6 })).toMatchObject({ pricePerAcreMin: 1_000, pricePerAcreMax: 5_000 })
    expect(normalizeCriteria({ pricePerAcreMin: -5, pricePerAcreMax: 0 })).toEqual(emptyCriteria)
    expect(normalizeCriteria({ pricePerAcreMin: Number.NaN })).toEqual(emptyCriteria)
    expect(normalizeCriteria({ pricePerAcreMax: 1e20 }).pricePerAcreMax).toBe(10_000_000_000)
  })

  test('reads from the filter form as written, with dollar signs and commas, and drops what it cannot read', () => {
    const fromForm = (fields: Record<string, string>) => criteriaFromFilterForm(emptyCriteria, new URLSearchParams({ filters: '1', ...fields }))
    expect(fromForm({ pricePerAcreMin: '$1,000', pricePerAcreMax: '5000' })).toMatchObject({ pricePerAcreMin: 1_000, pricePerAcreMax: 5_000 })
    expect(fromForm({ pricePerAcreMin: 'cheap', pricePerAcreMax: '' })).toEqual(emptyCriteria)
  })
})
