import { describe, expect, it } from 'vitest'
import {
  abbreviateNumber,
  brokerNameSlug,
  formatAcres,
  formatAddress,
  formatCompactCurrency,
  formatCount,
  formatHomeFacts,
  formatPercent,
  formatPrice,
  formatPricePerAcre,
  formatRange,
  formatShortDate,
} from '~/utils/format'

describe('price display (spec §5: "values above 2 shown as whole US dollars; 2 shows Auction")', () => {
  it('a price above 2 reads as whole US dollars', () => {
    expect(formatPrice(1_250_000)).toBe('$1,250,000')
    expect(formatPrice(3)).toBe('$3')
    expect(formatPrice(189_999.6)).toBe('$190,000')
  })

  it('a price of exactly 2 reads Auction, even where Contact for Price is not allowed', () => {
    expect(formatPrice(2)).toBe('Auction')
    expect(formatPrice(2, { allowContactForPrice: false })).toBe('Auction')
  })

  it('a price below 2 reads Contact for Price when allowed, and blank otherwise', () => {
    expect(formatPrice(0)).toBe('Contact for Price')
    expect(formatPrice(1)).toBe('Contact for Price')
    expect(formatPrice(null)).toBe('Contact for Price')
    expect(formatPrice(0, { allowContactForPrice: false })).toBe('')
    expect(formatPrice(undefined, { allowContactForPrice: false })).toBe('')
  })
})

describe('range text (spec §5: "empty bounds become 0; upper bound 0 means open-ended")', () => {
  it('"with unit ac it reads min ac - max ac"', () => {
    expect(formatRange(10, 50, { unit: 'ac' })).toBe('10 ac - 50 ac')
  })

  it('"or min ac +" when the upper bound is 0', () => {
    expect(formatRange(10, 0, { unit: 'ac' })).toBe('10 ac +')
  })

  it('"otherwise a prefix precedes each value"', () => {
    expect(formatRange(10, 50, { prefix: '$' })).toBe('$10 - $50')
    expect(formatRange(10, 0, { prefix: '$' })).toBe('$10 +')
  })

  it('"empty bounds become 0": a missing upper bound is open-ended and a missing lower bound is 0', () => {
    expect(formatRange(100_000, undefined, { prefix: '$' })).toBe('$100,000 +')
    expect(formatRange(null, 50, { prefix: '$' })).toBe('$0 - $50')
    expect(formatRange(null, null, { unit: 'ac' })).toBe('0 ac +')
    expect(formatRange(Number.NaN, 20)).toBe('0 - 20')
  })

  it('groups thousands and keeps fractional acres', () => {
    expect(formatRange(250_000, 1_000_000, { prefix: '$' })).toBe('$250,000 - $1,000,000')
    expect(formatRange(0.5, 2.25, { unit: 'ac' })).toBe('0.5 ac - 2.25 ac')
  })
})

describe('number abbreviation (spec §5 and §9: K above 999, M above 999,999)', () => {
  it('numbers below 1,000 stay as they are', () => {
    expect(abbreviateNumber(999)).toBe('999')
    expect(abbreviateNumber(12)).toBe('12')
  })

  it('at least 1,000 becomes K with one decimal, trailing .0 removed', () => {
    expect(abbreviateNumber(1_000)).toBe('1K')
    expect(abbreviateNumber(1_500)).toBe('1.5K')
    expect(abbreviateNumber(12_345)).toBe('12.3K')
  })

  it('the decimal is truncated, never rounded up: 1,950 is 1.9K', () => {
    expect(abbreviateNumber(1_950)).toBe('1.9K')
    expect(abbreviateNumber(1_999)).toBe('1.9K')
  })

  it('999,999 stays in K as 999.9K instead of reading 1000K', () => {
    expect(abbreviateNumber(999_999)).toBe('999.9K')
  })

  it('at least 1,000,000 becomes M likewise', () => {
    expect(abbreviateNumber(1_000_000)).toBe('1M')
    expect(abbreviateNumber(2_999_999)).toBe('2.9M')
    expect(abbreviateNumber(1_250_000)).toBe('1.2M')
  })

  it('zero or empty gives 0', () => {
    expect(abbreviateNumber(0)).toBe('0')
    expect(abbreviateNumber(null)).toBe('0')
    expect(abbreviateNumber(undefined)).toBe('0')
  })

  it('negative numbers abbreviate by their size', () => {
    expect(abbreviateNumber(-1_500)).toBe('-1.5K')
  })
})

describe('compact currency (spec §5: "up to one decimal")', () => {
  it('reads $950, $25K and $1.2M', () => {
    expect(formatCompactCurrency(950)).toBe('$950')
    expect(formatCompactCurrency(25_000)).toBe('$25K')
    expect(formatCompactCurrency(1_234_567)).toBe('$1.2M')
  })

  it('rounds to the nearest tenth, as money is usually shown', () => {
    expect(formatCompactCurrency(24_990)).toBe('$25K')
    expect(formatCompactCurrency(1_250_000)).toBe('$1.3M')
  })
})

describe('percentages', () => {
  it('shows a share as a whole percentage', () => {
    expect(formatPercent(0.234)).toBe('23 %')
    expect(formatPercent(0.8)).toBe('80 %')
    expect(formatPercent(1)).toBe('100 %')
  })
})

describe('broker URL name slug (spec §5)', () => {
  it('comes from the contact name, lower-case, with hyphens between words', () => {
    expect(brokerNameSlug('Maria Gonzalez', 'Hill Country Land Co.')).toBe('maria-gonzalez')
  })

  it('falls back to the company when the contact name is blank', () => {
    expect(brokerNameSlug('  ', 'Smith & Sons Land Co.')).toBe('smith-sons-land-co')
    expect(brokerNameSlug(null, 'Acme Land')).toBe('acme-land')
  })

  it('keeps only letters, digits and hyphens', () => {
    expect(brokerNameSlug("Mary O'Brien", null)).toBe('mary-obrien')
    expect(brokerNameSlug('José Núñez', null)).toBe('jose-nunez')
    expect(brokerNameSlug('Team 42 -- Realty!', null)).toBe('team-42-realty')
  })

  it("is 'seller' when neither name gives any letters or digits", () => {
    expect(brokerNameSlug(null, null)).toBe('seller')
    expect(brokerNameSlug('', '')).toBe('seller')
    expect(brokerNameSlug('!!!', undefined)).toBe('seller')
  })
})

describe('acres and price per acre', () => {
  it('acres read with a singular for exactly one', () => {
    expect(formatAcres(42)).toBe('42 acres')
    expect(formatAcres(1)).toBe('1 acre')
    expect(formatAcres(0.5)).toBe('0.5 acres')
    expect(formatAcres(1_280)).toBe('1,280 acres')
  })

  it('price per acre is whole dollars per acre', () => {
    expect(formatPricePerAcre(189_000, 42)).toBe('$4,500/acre')
    expect(formatPricePerAcre(100_000, 3)).toBe('$33,333/acre')
  })

  it('price per acre is blank without a real price or without acres', () => {
    expect(formatPricePerAcre(2, 42)).toBe('')
    expect(formatPricePerAcre(0, 42)).toBe('')
    expect(formatPricePerAcre(189_000, 0)).toBe('')
  })
})

describe('short date', () => {
  it('reads M/D/YY without leading zeros', () => {
    expect(formatShortDate('2025-03-07')).toBe('3/7/25')
    expect(formatShortDate('2025-11-25')).toBe('11/25/25')
  })

  it('keeps the stored day whatever the time zone of a timestamp', () => {
    expect(formatShortDate('2024-12-31T23:30:00.000Z')).toBe('12/31/24')
  })

  it('is blank for missing or unreadable dates', () => {
    expect(formatShortDate(null)).toBe('')
    expect(formatShortDate('March 7')).toBe('')
  })
})

describe('home facts and address', () => {
  it('homes read beds, baths and square feet', () => {
    expect(formatHomeFacts({ beds: 3, baths: 2, homeSqft: 1_850 })).toBe('3 beds · 2 baths · 1,850 sq ft')
    expect(formatHomeFacts({ beds: 1, baths: 1.5, homeSqft: null })).toBe('1 bed · 1.5 baths')
  })

  it('land without a house has no facts line', () => {
    expect(formatHomeFacts({ beds: null, baths: null, homeSqft: null })).toBe('')
  })

  const place = { cityName: 'Austin', countyName: 'Travis County', stateAbbreviation: 'TX', zip: '78701' }

  it('a street address reads street, city, state and zip', () => {
    expect(formatAddress({ ...place, address1: '1234 County Road 210' })).toBe('1234 County Road 210, Austin, TX 78701')
  })

  it('without a street address the county and state are shown', () => {
    expect(formatAddress({ ...place, address1: null })).toBe('Travis County, TX')
  })
})

describe('counts', () => {
  it('a count carries its noun, singular for one and grouped past a thousand', () => {
    expect(formatCount(1, 'sale')).toBe('1 sale')
    expect(formatCount(0, 'sale')).toBe('0 sales')
    expect(formatCount(1204, 'property', 'properties')).toBe('1,204 properties')
  })
})
